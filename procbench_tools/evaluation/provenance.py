"""Where a report's numbers come from: the ``provenance`` block of ``summary.json``."""

from __future__ import annotations

import datetime
import hashlib
import json
import platform
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any

import generators

from .intervals import METHODS

if TYPE_CHECKING:
    from .engine import Reference


def procbench_version() -> str:
    from .. import __version__

    return __version__


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def answers_file(path: Path) -> dict[str, Any]:
    """A model's answers file, its sha256 and size (``None`` for a stream such as stdin)."""
    if not path.is_file():
        return {"file": str(path), "sha256": None, "bytes": None}
    return {"file": str(path.resolve()), "sha256": sha256_of(path), "bytes": path.stat().st_size}


def _answer_format(reference: Reference) -> bool | None:
    """Whether the prompt ends its procedure with the JSON answer-format paragraph
    (``None`` when the prompt matches neither form of the task's template)."""
    for answer_format in (True, False):
        if reference.prompt.startswith(generators.procedure_text(reference.task, answer_format) + "\n\n[Question]"):
            return answer_format
    return None


def _default_seed_holds(references: dict[str, Reference], answer_format: bool | None) -> bool:
    """Whether some first example of a step count (index 0) of a task without corpus
    sentences is the one the default seed draws (its draw never needs a re-draw)."""
    from generators.benchmark import example_seed, parse_example_id
    from generators.settings import DEFAULT_SEED

    for reference in references.values():
        parsed = parse_example_id(reference.id)
        if parsed is None or parsed.index != 0 or generators.get_task(reference.task).overlap_keys is not None:
            continue
        try:
            drawn = generators.generate(
                reference.task, reference.steps, example_seed(DEFAULT_SEED, 0), answer_format=answer_format is not False
            )
        except ValueError:
            return False
        return json.dumps(drawn["label"], sort_keys=True) == json.dumps(reference.label, sort_keys=True)
    return False


def data_parameters(references: dict[str, Reference]) -> dict[str, Any]:
    """Generation parameters read off the examples themselves: tasks, step range, examples
    per step count, whether prompts carry the answer-format paragraph, and the seed when it
    is the default one (checked by re-drawing an example; otherwise ``None``)."""
    from generators.settings import DEFAULT_SEED

    per_step = Counter((reference.task, reference.steps) for reference in references.values())
    steps = [reference.steps for reference in references.values()]
    counts = sorted(set(per_step.values()))
    formats = {_answer_format(reference) for reference in references.values() if reference.prompt}
    answer_format = formats.pop() if len(formats) == 1 else None
    present = {reference.task for reference in references.values()}
    return {
        "examples": len(references),
        "tasks": [task for task in generators.TASKS if task in present] + sorted(present - set(generators.TASKS)),
        "min_steps": min(steps),
        "max_steps": max(steps),
        "examples_per_step": counts[0] if len(counts) == 1 else {"min": counts[0], "max": counts[-1]},
        "answer_format": answer_format,
        "seed": DEFAULT_SEED if _default_seed_holds(references, answer_format) else None,
    }


def dataset_provenance(source: str, references: dict[str, Reference]) -> dict[str, Any]:
    """The dataset's source (a resolved folder or file, or a Hub repo id), its size, and its
    generation parameters: those its card records (``references.settings``, see
    ``load_references``) when it has them, else read off the data (``generation_from``
    says which)."""
    path = Path(source)
    settings = getattr(references, "settings", None)
    kind = "folder" if path.is_dir() else "file" if path.is_file() else "hub"
    return {
        "source": str(path.resolve()) if kind != "hub" else source,
        "kind": kind,
        "examples": len(references),
        "generation_from": "card" if settings else "data",
        "generation": dict(settings) if settings else data_parameters(references),
    }


def provenance(
    dataset: dict[str, Any], answers: dict[str, Path], *, command: list[str] | None = None
) -> dict[str, Any]:
    """The ``provenance`` block: procbench and Python versions, the time of the run (UTC),
    the dataset block, each model's answers file with its sha256, and how the intervals
    are computed."""
    return {
        "procbench_version": procbench_version(),
        "python": platform.python_version(),
        "time": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        **({"command": command} if command is not None else {}),
        "dataset": dataset,
        "answers": {name: answers_file(path) for name, path in answers.items()},
        "confidence_intervals": METHODS,
    }
