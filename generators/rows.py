"""Dataset rows of a set, cut into units of work that are pure functions of their range.

The ``datasets`` builder (``procbench.ProcBench``) and the Ray integration
(``procbench_tools.integrations.ray_dataset``) both make their rows here, so the two give
the same rows for the same settings. A unit is ``(task, steps, start, stop)``: the examples
``start..stop-1`` of each step count in ``steps``. Without ``unique`` any cut is allowed;
with it, a task without sentences is cut by step count (its examples depend on the earlier
ones of the same step count) and a sentence task is one unit with every step count (no two
of its examples share a sentence, across step counts).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

from .benchmark import iter_task_examples
from .registry import get_task
from .settings import Settings

Unit = tuple[str, tuple[int, ...], int, int]
CHUNK = 1_000  # examples per unit when examples are independent

# What a row of each task costs to make, measured by benchmarks/task_costs.py: only the
# ratios matter, to cut a large set into jobs of equal cost (tasks differ six-fold).
EXAMPLE_COST: dict[str, tuple[float, float]] = {  # (us at 0 steps, us per step)
    "Sort": (46, 3.3),
    "Gather": (52, 1.9),
    "Count": (18, 3.6),
    "Search": (63, 2.3),
    "Copy": (82, 0.3),
    "Substitute": (27, 1.1),
    "Encode": (21, 1.7),
    "Split1": (41, 1.7),
    "Split2": (25, 3.9),
    "Compose": (57, 8.5),
    "Decompose": (43, 3.6),
    "Rhythm": (37, 0.0),
    "Compare": (30, 6.1),
    "Count2": (30, 2.6),
    "Decode": (24, 1.1),
    "PushPop": (22, 0.9),
    "Rotate": (26, 1.5),
    "FillWord": (55, 3.1),
    "DeleteChar": (28, 0.7),
    "DeleteWord": (52, 2.6),
    "Cumulate": (23, 1.1),
    "MoveCyclic": (31, 1.1),
    "FindCyclic": (28, 0.6),
}


def units(settings: Settings, chunk: int = CHUNK) -> list[Unit]:
    """Every unit of the set, in row order (task, then step count, then index)."""
    per_step = settings.examples_per_step
    found: list[Unit] = []
    for task in settings.tasks:
        if settings.unique and get_task(task).overlap_keys is not None:
            found.append((task, tuple(settings.steps), 0, per_step))
            continue
        size = per_step if settings.unique else chunk
        for steps in settings.steps:
            found.extend((task, (steps,), start, min(start + size, per_step)) for start in range(0, per_step, size))
    return found


def unit_rows(
    settings: Settings,
    unit: Unit,
    *,
    typed_label: bool = False,
    avoid: Callable[[dict[str, Any]], bool] | None = None,
) -> Iterator[dict[str, Any]]:
    """The rows of one unit, a pure function of the settings, the unit and ``avoid``: the
    one schema with ``question`` as a JSON string, and ``label`` as one too unless
    ``typed_label`` (a task's own config keeps it a dict; the ``all`` config mixes tasks,
    whose labels differ in type). Examples ``avoid`` names are re-drawn
    (:func:`~procbench_generators.benchmark.iter_task_examples`)."""
    task, steps, start, stop = unit
    examples = iter_task_examples(
        task,
        steps,
        settings.examples_per_step,
        settings.seed,
        answer_format=settings.answer_format,
        unique=settings.unique,
        indices=None if settings.unique else range(start, stop),
        min_steps=settings.min_steps,
        avoid=avoid,
    )
    for example in examples:
        yield {
            **example,
            "question": json.dumps(example["question"], ensure_ascii=False),
            "label": example["label"] if typed_label else json.dumps(example["label"], ensure_ascii=False),
        }


def unit_size(unit: Unit) -> int:
    """Rows in a unit."""
    return len(unit[1]) * (unit[3] - unit[2])


def unit_cost(unit: Unit) -> float:
    """The estimated microseconds of making a unit's rows (:data:`EXAMPLE_COST`)."""
    task, steps, start, stop = unit
    fixed, per_step = EXAMPLE_COST.get(task, (50.0, 3.0))
    return (stop - start) * (fixed * len(steps) + per_step * sum(steps))
