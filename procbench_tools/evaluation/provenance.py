"""Where a report's numbers come from: the ``provenance`` block of ``summary.json``."""

from __future__ import annotations

import datetime
import functools
import hashlib
import json
import platform
from pathlib import Path
from typing import TYPE_CHECKING, Any

import procbench_generators

from ..scoring.reader import READER_VERSION
from .intervals import METHODS

if TYPE_CHECKING:
    from .references import Dataset, DatasetFacts, Example


def procbench_version() -> str:
    """This procbench's version (its one home: ``procbench_tools.__version__``)."""
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


@functools.cache
def _procedure_heads(task: str) -> dict[bool, str]:
    return {
        answer_format: procbench_generators.procedure_text(task, answer_format) + "\n\n[Question]"
        for answer_format in (True, False)
    }


def answer_format(task: str, prompt: str) -> bool | None:
    """Whether ``prompt`` ends its procedure with the JSON answer-format paragraph (``None``
    when it matches neither form of the task's template)."""
    try:
        heads = _procedure_heads(task)
    except ValueError:  # not a task of ours
        return None
    for answer_format, head in heads.items():
        if prompt.startswith(head):
            return answer_format
    return None


def probes_default_seed(identifier: str, task: str) -> bool:
    """Whether the example ``identifier`` can tell the default seed: the first of its step
    count (index 0) of a task without corpus sentences (whose first draw never needs a
    re-draw)."""
    from procbench_generators.benchmark import parse_example_id

    parsed = parse_example_id(identifier)
    if parsed is None or parsed.index != 0:
        return False
    try:
        return procbench_generators.get_task(task).overlap_keys is None
    except ValueError:
        return False


def _default_seed_holds(probe: Example | None, answer_format: bool | None) -> bool:
    """Whether the probe example (see :func:`probes_default_seed`) is the one the default
    seed draws."""
    from procbench_generators.benchmark import example_seed
    from procbench_generators.settings import DEFAULT_SEED

    if probe is None:
        return False
    try:
        drawn = procbench_generators.generate(
            probe.task, probe.steps, example_seed(DEFAULT_SEED, 0), answer_format=answer_format is not False
        )
    except ValueError:
        return False
    return json.dumps(drawn["label"], sort_keys=True) == json.dumps(probe.label, sort_keys=True)


def data_parameters(facts: DatasetFacts) -> dict[str, Any]:
    """Generation parameters read off the examples themselves: tasks, step range, examples
    per step count, whether prompts carry the answer-format paragraph, and the seed when it
    is the default one (checked by re-drawing an example; otherwise ``None``)."""
    from procbench_generators.settings import DEFAULT_SEED

    steps = [steps for _, steps in facts.per_step]
    counts = sorted(set(facts.per_step.values()))
    formats = set(facts.answer_formats)
    chosen_format = formats.pop() if len(formats) == 1 else None
    present = {task for task, _ in facts.per_step}
    return {
        "examples": facts.examples,
        "tasks": [task for task in procbench_generators.TASKS if task in present]
        + sorted(present - set(procbench_generators.TASKS)),
        "min_steps": min(steps),
        "max_steps": max(steps),
        "examples_per_step": counts[0] if len(counts) == 1 else {"min": counts[0], "max": counts[-1]},
        "answer_format": chosen_format,
        "seed": DEFAULT_SEED if _default_seed_holds(facts.seed_probe, chosen_format) else None,
    }


def dataset_provenance(dataset: Dataset, facts: DatasetFacts) -> dict[str, Any]:
    """The dataset's source (a resolved folder or file, or a Hub repo id), its size, and its
    generation parameters: those its card records when it has them, else read off the data
    (``generation_from`` says which)."""
    path = Path(dataset.source)
    return {
        "source": str(path.resolve()) if dataset.kind != "hub" else dataset.source,
        "kind": dataset.kind,
        "examples": facts.examples,
        "generation_from": "card" if dataset.settings else "data",
        "generation": dict(dataset.settings) if dataset.settings else data_parameters(facts),
    }


def provenance(
    dataset: dict[str, Any], answers: dict[str, Path], *, command: list[str] | None = None
) -> dict[str, Any]:
    """The ``provenance`` block: procbench and Python versions, the time of the run (UTC),
    the dataset block, each model's answers file with its sha256, and how the intervals
    are computed."""
    return {
        "procbench_version": procbench_version(),
        "reader": READER_VERSION,
        "python": platform.python_version(),
        "time": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        **({"command": command} if command is not None else {}),
        "dataset": dataset,
        "answers": {name: answers_file(path) for name, path in answers.items()},
        "confidence_intervals": METHODS,
    }
