"""Names of the exported dataset's layout, importable without loading ``datasets``."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path, PurePosixPath
from typing import Any

import procbench_generators
from procbench_generators.settings import ALL

# ``load_dataset("procbench", "Sort")`` then works from the repository root as written. The
# folder holds no ``procbench.py`` (datasets refuses a folder X holding X.py), and ``import
# procbench`` still finds the module: a module beats a folder without ``__init__.py``.
# Elsewhere the bare name is a Hub id, and datasets falls back to its cache of any folder
# named ``procbench`` (it caches a local folder under its name alone): the README says so,
# and that ``./procbench`` is never taken for a Hub id.
DEFAULT_DIR = "procbench"
CONFIGS = [ALL, *procbench_generators.TASKS]


def config_names(configs: Iterable[str] | None) -> list[str]:
    """Canonical config names in the order given, each once (``Sort task01`` is one);
    every config when ``configs`` is empty. ``ValueError`` naming the valid configs."""
    if not configs:
        return list(CONFIGS)
    names = []
    for name in configs:
        try:
            names.append(ALL if name == ALL else procbench_generators.canonical_name(name))
        except ValueError:
            raise ValueError(
                f"unknown config {name!r}; valid configs are {', '.join(CONFIGS)} (or task01..task23)"
            ) from None
    return list(dict.fromkeys(names))


def default_config(names: list[str]) -> str:
    """The config ``load_dataset(folder)`` reads: ``all`` when exported, else the first."""
    return ALL if ALL in names else names[0]


def step_ranges(steps: Iterable[int]) -> str:
    """``2–6``, ``1, 26–40``: step counts as runs of consecutive numbers."""
    runs: list[list[int]] = []
    for count in sorted(steps):
        if runs and count == runs[-1][-1] + 1:
            runs[-1].append(count)
        else:
            runs.append([count])
    return ", ".join(str(run[0]) if len(run) == 1 else f"{run[0]}\u2013{run[-1]}" for run in runs)


SIZE_CATEGORIES = [(1_000, "n<1K"), (10_000, "1K<n<10K"), (100_000, "10K<n<100K"), (1_000_000, "100K<n<1M")]


def size_category(examples: int) -> str:
    """The Hub's ``size_categories`` value for a number of examples."""
    for bound, name in SIZE_CATEGORIES:
        if examples < bound:
            return name
    return "1M<n<10M" if examples < 10_000_000 else "10M<n<100M"


# The values a card's YAML may hold once its aliases are expanded (each use of an alias
# counts its whole value again): an export of every config holds about 2,600. A "billion
# laughs" card (aliases of aliases) is refused here, before anything expands it.
MAX_CARD_VALUES = 100_000


class CardError(ValueError):
    """A card's YAML that parses but is not taken: the message says why (it follows the
    card's name: ``README.md expands to ...``)."""


def read_card_metadata(card: Path) -> dict[str, Any] | None:
    """The YAML front matter of a dataset card (``README.md``), or ``None`` when there is
    none; parsed with libyaml when PyYAML has it (the pure-Python parser takes about half a
    second on an export's card). ``yaml.YAMLError`` when it is not YAML; :class:`CardError`
    when it expands to more than ``MAX_CARD_VALUES`` values or refers to itself."""
    import yaml

    text = card.read_text(encoding="utf-8")
    if not text.startswith("---\n") or "\n---" not in text[3:]:
        return None
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)(text[4 : text.index("\n---", 3)])
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        values = _expanded_values(node)
        if values > MAX_CARD_VALUES:
            raise CardError(
                f"expands to more than {MAX_CARD_VALUES:,} values (YAML aliases used over and over); "
                "export the dataset again or write the card without aliases"
            )
        loaded = loader.construct_document(node)
    finally:
        loader.dispose()
    return loaded if isinstance(loaded, dict) else None


def _expanded_values(root: Any) -> int:
    """How many values the YAML node ``root`` stands for once every alias is expanded,
    counted without expanding (each node's count once, then reused), and without recursion;
    ``MAX_CARD_VALUES + 1`` as soon as that is passed. :class:`CardError` for a node that
    holds itself."""
    import yaml

    counted: dict[int, int] = {}
    open_nodes: set[int] = set()
    stack: list[Any] = [root]
    while stack:
        node = stack[-1]
        if id(node) in counted:
            stack.pop()
            continue
        children: list[Any] = []
        if isinstance(node, yaml.MappingNode):
            children = [part for pair in node.value for part in pair]
        elif isinstance(node, yaml.SequenceNode):
            children = list(node.value)
        waiting = [child for child in children if id(child) not in counted]
        if waiting and id(node) not in open_nodes:
            open_nodes.add(id(node))
            if any(id(child) in open_nodes for child in waiting):
                raise CardError("refers to itself (a YAML alias inside its own anchor); repair the card")
            stack.extend(waiting)
            continue
        if waiting:
            raise CardError("refers to itself (a YAML alias inside its own anchor); repair the card")
        open_nodes.discard(id(node))
        counted[id(node)] = min(1 + sum(counted[id(child)] for child in children), MAX_CARD_VALUES + 1)
        stack.pop()
    return counted[id(root)]


def config_files(folder: Path, metadata: dict[str, Any], config: str) -> list[Path]:
    """The Parquet files of ``config`` in an export ``folder``, as its card lists them;
    ``ValueError`` (one line) when the card points outside the folder."""
    for entry in metadata.get("configs") or []:
        if entry.get("config_name") == config:
            files: list[Path] = []
            for data_file in entry.get("data_files") or []:
                files += data_files_inside(folder, config, data_file["path"])
            return files
    return []


def data_files_inside(folder: Path, config: str, pattern: str) -> list[Path]:
    """The files matching a card's ``data_files`` ``pattern`` in ``folder``, each checked
    to lie inside it: a card (perhaps downloaded) must not make ``evaluate`` read files
    elsewhere (``../../…``, an absolute path, or a link that leads out)."""
    outside = ValueError(
        f"{folder / 'README.md'}: config {config!r} lists data files at {pattern!r}, outside {folder}; "
        "a card may only name files inside its folder: export the dataset again"
    )
    parts = PurePosixPath(pattern.replace("\\", "/")).parts
    if PurePosixPath(pattern).is_absolute() or Path(pattern).is_absolute() or ".." in parts:
        raise outside
    root = folder.resolve()
    files = sorted(folder.glob(pattern))
    if any(not file.resolve().is_relative_to(root) for file in files):
        raise outside
    return files
