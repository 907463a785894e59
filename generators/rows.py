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
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .benchmark import (
    DEFAULT_MAX_STEPS,
    DEFAULT_MIN_STEPS,
    DEFAULT_PER_STEP,
    DEFAULT_SEED,
    iter_task_examples,
)
from .registry import get_task

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


@dataclass(frozen=True)
class SetSettings:
    """What a set is made of (the builder's parameters). ``typed_label`` keeps the label a
    dict (a task's own config); otherwise it is a JSON string (the ``all`` config)."""

    tasks: tuple[str, ...]
    seed: int = DEFAULT_SEED
    examples_per_step: int = DEFAULT_PER_STEP
    min_steps: int = DEFAULT_MIN_STEPS
    max_steps: int = DEFAULT_MAX_STEPS
    answer_format: bool = True
    unique: bool = True
    typed_label: bool = False

    @property
    def steps(self) -> tuple[int, ...]:
        return tuple(range(self.min_steps, self.max_steps + 1))

    def units(self, chunk: int = CHUNK) -> list[Unit]:
        """Every unit of the set, in row order (task, then step count, then index)."""
        per_step = self.examples_per_step
        found: list[Unit] = []
        for task in self.tasks:
            if self.unique and get_task(task).overlap_keys is not None:
                found.append((task, self.steps, 0, per_step))
                continue
            size = per_step if self.unique else chunk
            for steps in self.steps:
                found.extend((task, (steps,), start, min(start + size, per_step)) for start in range(0, per_step, size))
        return found

    def rows(self, unit: Unit) -> Iterator[dict[str, Any]]:
        """The rows of one unit: a pure function of the settings and the unit."""
        task, steps, start, stop = unit
        examples = iter_task_examples(
            task,
            steps,
            self.examples_per_step,
            self.seed,
            answer_format=self.answer_format,
            unique=self.unique,
            indices=None if self.unique else range(start, stop),
        )
        positions = ((count, index) for count in steps for index in range(start, stop))  # the examples' order
        for example, (count, index) in zip(examples, positions):
            number = (count - self.min_steps) * self.examples_per_step + index
            yield {
                "id": example["id"],
                "task": example["task"],
                "task_name": example["task_id"],
                "problem_name": f"{example['task_id']}_{number:04d}",
                "steps": count,
                "prompt": example["prompt"],
                "question": json.dumps(example["question"], ensure_ascii=False),
                "label": example["label"] if self.typed_label else json.dumps(example["label"], ensure_ascii=False),
            }


def unit_size(unit: Unit) -> int:
    """Rows in a unit."""
    return len(unit[1]) * (unit[3] - unit[2])


def unit_cost(unit: Unit) -> float:
    """The estimated microseconds of making a unit's rows (:data:`EXAMPLE_COST`)."""
    task, steps, start, stop = unit
    fixed, per_step = EXAMPLE_COST.get(task, (50.0, 3.0))
    return (stop - start) * (fixed * len(steps) + per_step * sum(steps))
