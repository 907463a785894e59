"""The dataset answers are scored against (``--dataset``): read as a stream of rows, and
indexed by id in an SQLite file, so that a million examples cost disk, not memory.

``--dataset`` is a folder made by ``procbench export`` (its ``all`` config, or every config
of a partial export without ``all``), a JSON Lines file made by ``procbench generate``, or a
Hub dataset repo. :func:`open_dataset` checks which, and reads an export's dataset card
(its ``procbench:`` settings) once; :meth:`Dataset.rows` streams the rows;
:class:`ExampleIndex` holds them by id for ``procbench evaluate``.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import sqlite3
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from procbench_generators.benchmark import parse_example_id

from ..text import plural
from .lines import json_lines, parse_json

REQUIRED_COLUMNS = ("id", "task", "steps", "label")
PROBLEM_NAME = "problem_name"  # the original benchmark's name of an example (task01_0007), when rows carry it
BATCH = 10_000  # rows read from Parquet at once
PARQUET_MAGIC = b"PAR1"  # the first bytes of every Parquet file
_PATH_LIKE = re.compile(r"^(?:[.~/\\]|[A-Za-z]:)|\\|/.*/|\.(?:jsonl?|parquet|csv)$")
_HUB_ID = re.compile(r"^[A-Za-z0-9][\w.-]*/[\w.-]+$")
# The settings a card's ``procbench:`` block may hold, and what each must be.
WHOLE_SETTINGS = ("seed", "examples_per_step", "min_steps", "max_steps")
YES_NO_SETTINGS = ("answer_format", "unique")


@dataclass(frozen=True)
class Example:
    """One example of the dataset, as scoring needs it."""

    id: str
    task: str
    steps: int
    label: dict[str, Any]
    position: int = 0  # its place in the dataset (0, 1, ...)
    prompt: str = ""

    @classmethod
    def from_row(cls, row: dict[str, Any], position: int = 0) -> Example:
        label = json.loads(row["label"]) if isinstance(row["label"], str) else row["label"]
        return cls(row["id"], row["task"], int(row["steps"]), label, position, row.get("prompt") or "")

    def states(self) -> list[Any]:
        """The scored sequence: the intermediate states, then the final one."""
        return [*self.label["intermediate"], self.label["final"]]


@dataclass(frozen=True)
class Dataset:
    """Where the examples come from (``source`` as given; ``kind`` ``"folder"``, ``"file"``
    or ``"hub"``) and the generation settings its card records (``None`` when unknown)."""

    source: str
    kind: str
    settings: dict[str, Any] | None = None
    configs: tuple[str, ...] = ()
    card: dict[str, Any] | None = field(default=None, repr=False)

    def rows(self, columns: Iterable[str] = (*REQUIRED_COLUMNS, "prompt")) -> Iterator[dict[str, Any]]:
        """The rows, one dict each with (at most) ``columns``, streamed."""
        wanted = tuple(columns)
        if self.kind == "file":
            return _jsonl_rows(Path(self.source))
        if self.kind == "folder":
            return _folder_rows(Path(self.source), self.card or {}, self.configs, wanted)
        return _hub_rows(self.source, self.configs)

    def size(self) -> int | None:
        """How many rows there are, when known without reading them (an export's card)."""
        if self.kind != "folder" or not self.card:
            return None
        import pyarrow.parquet as pq

        from ..dataset.layout import config_files

        folder = Path(self.source)
        return sum(
            pq.ParquetFile(path).metadata.num_rows
            for config in self.configs
            for path in config_files(folder, self.card, config)
        )


def open_dataset(source: str) -> Dataset:
    """The dataset ``--dataset`` names; ``ValueError`` (or ``HubError``) with one line naming
    it when it is none of an export folder, a JSONL file or a Hub repo, or when its card is
    broken."""
    path = Path(source)
    if path.is_file():
        with path.open("rb") as stream:
            if stream.read(len(PARQUET_MAGIC)) == PARQUET_MAGIC:
                raise ValueError(_parquet_file(path, source))
        return Dataset(source, "file")
    if path.is_dir():
        return _open_folder(path, source)
    if not source or _PATH_LIKE.search(source):
        raise ValueError(f"--dataset {source!r}: no such file or folder")
    if not _HUB_ID.match(source):
        raise ValueError(
            f"--dataset {source!r} is neither a folder, a JSONL file nor a Hub repo id like 'name/procbench'"
        )
    from ..hub.upload import check_dataset_repo, dataset_card_metadata, dataset_config_names

    check_dataset_repo(source)
    configs = dataset_config_names(source, local=False)
    chosen = ("all",) if "all" in configs else tuple(configs)
    return Dataset(source, "hub", card_settings(source, dataset_card_metadata(source)), chosen)


def _open_folder(folder: Path, source: str) -> Dataset:
    card = folder / "README.md"
    metadata = read_card(card, source) if card.is_file() else None
    entries = (metadata or {}).get("configs") or []
    if not entries:
        raise ValueError(_not_an_export(folder, source))
    check_configs(entries, source)
    configs = [entry["config_name"] for entry in entries]
    chosen = ("all",) if "all" in configs else tuple(configs)
    return Dataset(source, "folder", card_settings(source, metadata), chosen, metadata)


def _export_holding(path: Path) -> str | None:
    """The export whose ``data`` folder holds ``path`` (``procbench`` for
    ``procbench/data/Sort``), spelled as the user's path is (relative or absolute), or
    ``None``."""
    absolute = path.absolute()
    for parent in absolute.parents:
        if parent / "data" in (absolute, *absolute.parents) and (parent / "README.md").is_file():
            return str(parent) if path.is_absolute() else os.path.relpath(parent)
    return None


def _not_an_export(folder: Path, source: str) -> str:
    """The message for a folder without an export's card: a folder inside an export's
    ``data`` is pointed to the export itself, any other is told how to make an export."""
    export = _export_holding(folder)
    if export is not None:
        return (
            f"--dataset {source} is a folder inside the export {export}, not an export itself; "
            f"give the export's folder: --dataset {export}"
        )
    return (
        f"--dataset {source} is a folder but not a procbench export (no README.md listing its configs); "
        f"make one with `procbench export {source}`"
    )


def _parquet_file(path: Path, source: str) -> str:
    """The message for a Parquet file given as ``--dataset``: the export holding it, if any."""
    export = _export_holding(path)
    if export is not None:
        return (
            f"--dataset {source} is one Parquet file of the export {export}; give the export's folder: "
            f"--dataset {export}"
        )
    return (
        f"--dataset {source} is a Parquet file; --dataset reads an export's folder (its README.md lists "
        "the Parquet files), a JSONL file of `procbench generate`, or a Hub dataset"
    )


def check_configs(entries: Any, source: str) -> None:
    """``ValueError`` in one line unless a card's ``configs`` is a list of configs shaped as
    ``procbench export`` writes them: a ``config_name`` and ``data_files``, a list of
    ``{split, path}`` entries."""
    repair = "export the dataset again or repair the card"
    if not isinstance(entries, list):
        raise ValueError(
            f"--dataset {source}: the card's configs is {entries!r:.80}; expected a list of configs, "
            f"each with config_name and data_files: {repair}"
        )
    for number, entry in enumerate(entries, start=1):
        name = entry.get("config_name") if isinstance(entry, dict) else None
        if not isinstance(name, str) or not name:
            raise ValueError(
                f"--dataset {source}: the card's config {number} is {entry!r:.80}; expected a mapping with a "
                f"config_name (text) and data_files: {repair}"
            )
        files = entry.get("data_files")
        if not isinstance(files, list) or not all(
            isinstance(item, dict) and isinstance(item.get("path"), str) for item in files
        ):
            raise ValueError(
                f"--dataset {source}: the card's config {name} has data_files {files!r:.80}; expected a list of "
                f"{{split, path}} entries: {repair}"
            )


def read_card(card: Path, source: str) -> dict[str, Any] | None:
    """The YAML front matter of an export's card; ``ValueError`` in one line when it is not
    valid YAML."""
    import yaml

    from ..dataset.layout import CardError, read_card_metadata

    try:
        return read_card_metadata(card)
    except CardError as error:
        raise ValueError(f"--dataset {source}: its dataset card {card.name} {error}") from None
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f" (line {mark.line + 1})" if mark is not None else ""
        problem = getattr(error, "problem", None) or str(error).splitlines()[0]
        raise ValueError(
            f"--dataset {source}: its dataset card {card.name} has broken YAML{where}: {problem}; "
            "export the dataset again or repair the card"
        ) from None
    except UnicodeDecodeError:
        raise ValueError(f"--dataset {source}: its dataset card {card.name} is not UTF-8 text") from None


def _shown(value: Any) -> str:
    """``repr(value)``, a set's items sorted (its own order changes with the hash seed)."""
    if isinstance(value, (set, frozenset)):
        return "{" + ", ".join(sorted(map(repr, value))) + "}"
    return repr(value)


def card_settings(source: str, metadata: dict[str, Any] | None) -> dict[str, Any] | None:
    """The card's ``procbench:`` settings, checked: ``ValueError`` in one line naming a
    setting of the wrong kind (``seed: [oops]``)."""
    settings = (metadata or {}).get("procbench")
    if settings is None:
        return None
    if not isinstance(settings, dict):
        raise ValueError(f"--dataset {source}: the card's procbench settings are not a mapping: {settings!r:.80}")
    for key, value in settings.items():
        odd = _not_json(value)
        if not isinstance(key, str) or odd is not None:
            shown = key if odd is None else odd
            raise ValueError(
                f"--dataset {source}: the card's procbench setting {key} holds {_shown(shown):.80} "
                f"({type(shown).__name__}); a setting is text, a number, true/false or a list of them: "
                "export the dataset again or repair the card"
            )
    for key in WHOLE_SETTINGS:
        value = settings.get(key)
        if key in settings and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
            raise ValueError(
                f"--dataset {source}: the card's procbench setting {key} is {value!r:.80}; expected a whole number"
            )
    for key in YES_NO_SETTINGS:
        if key in settings and not isinstance(settings[key], bool):
            raise ValueError(
                f"--dataset {source}: the card's procbench setting {key} is {settings[key]!r:.80}; "
                "expected true or false"
            )
    return settings


def _not_json(value: Any) -> Any:
    """The first part of ``value`` that JSON cannot hold as it is (a date, a set, bytes, a
    key that is not text), or ``None``."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            odd_key = next((key for key in item if not isinstance(key, str)), None)
            if odd_key is not None:
                return odd_key
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif item is not None and not isinstance(item, str | int | float | bool):
            return item
    return None


def describe_settings(settings: dict[str, Any] | None) -> str:
    """``seed 2024, 10 examples per step, steps 2..25`` from a card's ``procbench`` YAML."""
    if not settings:
        return "unknown settings"
    parts = []
    if "seed" in settings:
        parts.append(f"seed {settings['seed']}")
    if "examples_per_step" in settings:
        parts.append(plural(int(settings["examples_per_step"]), "example") + " per step")
    if "min_steps" in settings and "max_steps" in settings:
        parts.append(f"steps {settings['min_steps']}..{settings['max_steps']}")
    return ", ".join(parts) or "unknown settings"


EXPECTED_KINDS = {
    "id": "text (the example's id)",
    "task": "text (the task's name)",
    "steps": "a whole number, 1 or more",
    "label": "an object {init, intermediate, final}, or its JSON text",
}


def check_row(row: dict[str, Any], where: str) -> None:
    """``ValueError`` ``"<where>: ..."`` in one line when a dataset row's id, task, steps or
    label is not of its kind (an int or null id, a null or 1e400 step count, an int label):
    checked as the dataset is read, before any answer is scored (only the columns read: the
    report's drill-down reads a few)."""
    for column in REQUIRED_COLUMNS:
        if column not in row:
            continue
        value = row[column]
        if column in ("id", "task"):
            fits = isinstance(value, str) and bool(value)
        elif column == "steps":
            fits = isinstance(value, int) and not isinstance(value, bool) and value >= 1
        else:
            label = parse_json(value, f"{where}: label") if isinstance(value, str) else value
            fits = isinstance(label, dict) and isinstance(label.get("intermediate"), list) and "final" in label
        if not fits:
            raise ValueError(
                f"{where}: {column} is {value!r:.60} ({type(value).__name__}); expected {EXPECTED_KINDS[column]}: "
                "generate or export the dataset again"
            )


def _jsonl_rows(path: Path) -> Iterator[dict[str, Any]]:
    for number, row in json_lines(path, "--dataset", f"--dataset {path}"):
        if not isinstance(row, dict) or any(column not in row for column in REQUIRED_COLUMNS):
            raise ValueError(
                f"--dataset {path}:{number}: not an example of `procbench generate` "
                f"(a line needs {', '.join(REQUIRED_COLUMNS)})"
            )
        check_row(row, f"--dataset {path}:{number}")
        yield row


def _folder_rows(
    folder: Path, metadata: dict[str, Any], configs: tuple[str, ...], columns: tuple[str, ...]
) -> Iterator[dict[str, Any]]:
    """The rows of an export, read from its Parquet files as its card lists them
    (``pyarrow`` only: no ``datasets`` import, no cache), ``BATCH`` rows at a time."""
    import pyarrow.parquet as pq

    from ..dataset.layout import config_files

    for config in configs:
        files = config_files(folder, metadata, config)
        if not files:
            raise ValueError(f"--dataset {folder}: its config {config!r} has no data files")
        for path in files:
            try:
                # ParquetFile, not read_table: read_table imports pyarrow.dataset (half a second)
                parquet = pq.ParquetFile(path)
                names = parquet.schema_arrow.names
                missing = [column for column in REQUIRED_COLUMNS if column not in names]
                if missing:
                    raise ValueError(f"--dataset {folder} is not a procbench export: config {config!r} lacks {missing}")
                present = [name for name in columns if name in names]
                batches = parquet.iter_batches(batch_size=BATCH, columns=present)
                number = 0
                for batch in batches:
                    for row in batch.to_pylist():
                        number += 1
                        check_row(row, f"--dataset {folder}: {path.relative_to(folder)} row {number}")
                        yield row
            except ValueError:
                raise
            except Exception as error:  # pyarrow raises many kinds; say which file
                raise ValueError(f"--dataset {folder}: cannot read {path.relative_to(folder)} ({error})") from None


def _hub_rows(repo_id: str, configs: tuple[str, ...]) -> Iterator[dict[str, Any]]:
    from ..hub.upload import load_hub_dataset

    for config in configs:
        for name, split in load_hub_dataset(repo_id, config).items():
            for number, row in enumerate(split, start=1):
                check_row(row, f"--dataset {repo_id}: config {config} split {name} row {number}")
                yield row


@dataclass
class DatasetFacts:
    """What provenance reads off the examples themselves, gathered as they stream by: the
    examples per task and step count, the prompts' answer-format paragraph, and one example
    to check the default seed with."""

    per_step: Counter[tuple[str, int]] = field(default_factory=Counter)
    answer_formats: set[bool | None] = field(default_factory=set)
    seed_probe: Example | None = None
    ids_name_questions: bool = False  # some id ends with its question's digest

    def add(self, identifier: str, task: str, steps: int, label: str, prompt: str | None) -> None:
        """Count an example (``label`` as JSON text)."""
        from .provenance import answer_format, probes_default_seed

        self.per_step[task, steps] += 1
        if prompt:
            self.answer_formats.add(answer_format(task, prompt))
        if self.seed_probe is None and probes_default_seed(identifier, task):
            self.seed_probe = Example(identifier, task, steps, json.loads(label))
        if not self.ids_name_questions:
            parsed = parse_example_id(identifier)
            self.ids_name_questions = parsed is not None and bool(parsed.digest)

    @property
    def examples(self) -> int:
        return sum(self.per_step.values())


def _problem_name(value: Any) -> str | None:
    return value if isinstance(value, str) and value else None


SCHEMA = """
CREATE TABLE example (position INTEGER PRIMARY KEY, id TEXT NOT NULL, task TEXT NOT NULL,
                      steps INTEGER NOT NULL, label TEXT NOT NULL, task_rank INTEGER NOT NULL,
                      problem_name TEXT);
"""


class ExampleIndex:
    """The dataset's examples by id (or by ``problem_name``, the original benchmark's name,
    where the rows carry it), in an SQLite file (``path``): an example is looked up in
    microseconds and the memory used does not grow with the dataset."""

    def __init__(self, path: Path, source: str = "", settings: dict[str, Any] | None = None) -> None:
        self.path = path
        self.source = source  # the dataset, as the user named it
        self.settings = settings  # its card's generation settings (None when unknown)
        self.connection = sqlite3.connect(path, isolation_level=None)
        self.connection.executescript("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;")
        self.size = 0
        self.facts = DatasetFacts()

    @classmethod
    def build(cls, dataset: Dataset, path: Path, progress: Any = None) -> ExampleIndex:
        """Index every row of ``dataset``; ``progress`` (a tqdm bar or ``None``) counts rows.
        ``ValueError`` naming the dataset when an id appears twice."""
        from .summary import _TASK_RANK

        index = cls(path, dataset.source, dataset.settings)
        columns = (*REQUIRED_COLUMNS, PROBLEM_NAME, *(() if dataset.settings else ("prompt",)))

        def records() -> Iterator[tuple[Any, ...]]:
            for position, row in enumerate(dataset.rows(columns)):
                identifier, task, steps, label = row["id"], row["task"], int(row["steps"]), row["label"]
                if not isinstance(label, str):
                    label = json.dumps(label, ensure_ascii=False)
                index.facts.add(identifier, task, steps, label, row.get("prompt"))
                if progress is not None:
                    progress.update()
                rank = _TASK_RANK.get(task, len(_TASK_RANK))
                yield position, identifier, task, steps, label, rank, _problem_name(row.get(PROBLEM_NAME))

        with index.disk_errors():
            index.connection.executescript(SCHEMA)
            index.connection.execute("BEGIN")
            index.connection.executemany("INSERT INTO example VALUES (?, ?, ?, ?, ?, ?, ?)", records())
            try:
                index.connection.execute("CREATE UNIQUE INDEX example_id ON example (id)")
            except sqlite3.IntegrityError:
                (repeated,) = index.connection.execute(
                    "SELECT id FROM example GROUP BY id HAVING COUNT(*) > 1 LIMIT 1"
                ).fetchone()
                raise ValueError(f"--dataset {dataset.source}: id {repeated!r} appears more than once") from None
            index.connection.execute("CREATE INDEX example_problem_name ON example (problem_name)")
            index.connection.execute("COMMIT")
        index.size = index.facts.examples
        if index.size == 0:
            raise ValueError(f"--dataset {dataset.source} holds no examples")
        return index

    def __len__(self) -> int:
        return self.size

    @contextlib.contextmanager
    def disk_errors(self) -> Iterator[None]:
        """SQLite's errors (a full disk, a read-only or vanished folder) as one ``OSError``
        line naming the dataset; the caller's report folder is then removed whole."""
        try:
            yield
        except sqlite3.OperationalError as error:
            raise OSError(
                f"cannot index --dataset {self.source} beside the report: {error}; free disk space there "
                "or choose an --output on another disk"
            ) from None

    def _example(self, row: tuple[Any, ...]) -> Example:
        position, identifier, task, steps, label = row
        return Example(identifier, task, steps, json.loads(label), position)

    def get(self, identifier: str) -> Example | None:
        """The example whose id is ``identifier``, else the one whose ``problem_name`` it
        is (``ValueError`` when several are), else ``None``."""
        row = self.connection.execute(
            "SELECT position, id, task, steps, label FROM example WHERE id = ?", (identifier,)
        ).fetchone()
        if row is not None:
            return self._example(row)
        rows = self.connection.execute(
            "SELECT position, id, task, steps, label FROM example WHERE problem_name = ? LIMIT 2", (identifier,)
        ).fetchall()
        if len(rows) > 1:
            raise ValueError(
                f"--dataset {self.source}: the problem_name {identifier!r} names several examples "
                f"({rows[0][1]}, {rows[1][1]}); answer by the examples' ids instead"
            )
        return self._example(rows[0]) if rows else None

    def ids_starting(self, prefix: str, limit: int = 3) -> list[str]:
        """Up to ``limit`` ids that start with ``prefix``, in order."""
        end = prefix[:-1] + chr(ord(prefix[-1]) + 1)
        rows = self.connection.execute(
            "SELECT id FROM example WHERE id >= ? AND id < ? ORDER BY id LIMIT ?", (prefix, end, limit)
        )
        return [identifier for (identifier,) in rows]

    def id_with_stem(self, stem: str) -> str | None:
        """The id of the example at ``stem``'s place (``Sort-07-003``): the stem itself, or
        the stem and a question digest."""
        if self.get(stem) is not None:
            return stem
        found = self.ids_starting(stem + "-", limit=1)
        return found[0] if found else None

    def steps_histogram(self, positions: Iterable[int]) -> Counter[int]:
        """How many of the examples at ``positions`` have each step count."""
        self._choose(positions)
        rows = self.connection.execute(
            "SELECT steps, COUNT(*) FROM example JOIN chosen USING (position) GROUP BY steps"
        )
        return Counter(dict(rows.fetchall()))

    def _choose(self, positions: Iterable[int]) -> None:
        """Fill the temporary table ``chosen`` with ``positions``."""
        with self.disk_errors():
            self.connection.execute("CREATE TEMP TABLE IF NOT EXISTS chosen (position INTEGER PRIMARY KEY)")
            self.connection.execute("DELETE FROM chosen")
            self.connection.executemany("INSERT INTO chosen VALUES (?)", ((position,) for position in positions))

    def ids_at(self, positions: Iterable[int]) -> list[str]:
        """The ids of the examples at ``positions``, in that order."""
        found = {}
        for position in positions:
            (found[position],) = self.connection.execute(
                "SELECT id FROM example WHERE position = ?", (position,)
            ).fetchone()
        return list(found.values())

    def in_benchmark_order(self, positions: Iterable[int]) -> Iterator[Example]:
        """The examples at ``positions``, by task (in the benchmark's order), then id."""
        self._choose(positions)
        rows = self.connection.execute(
            "SELECT example.position, id, task, steps, label FROM example JOIN chosen USING (position) "
            "ORDER BY task_rank, task, id"
        )
        for row in rows:
            yield self._example(row)

    def close(self) -> None:
        self.connection.close()
