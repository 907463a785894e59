"""One example: its question drawn from ``(task, steps, seed)``, solved and rendered."""

from __future__ import annotations

from typing import Any

from .prompts import render_prompt
from .registry import Label, Question, Task, get_task
from .rng import example_rng


def draw_question(spec: Task, steps: int, seed: int, config: Any = None) -> Question:
    """The question of the example ``(task, steps, seed)``, drawn by the task's sampler with
    the example's own generator (``config``: the task's configuration, ``None`` for its
    defaults)."""
    return spec.sample(example_rng(spec.name, steps, seed), steps, config or spec.config)


def make_example(
    spec: Task, steps: int, question: Question, answer_format: bool = True, label: Label | None = None
) -> dict[str, Any]:
    """The example of ``question``: ``task``, ``steps``, ``question``, ``label`` (solved
    unless given) and ``prompt``."""
    return {
        "task": spec.name,
        "steps": steps,
        "question": question,
        "label": spec.solve(question) if label is None else label,
        "prompt": render_prompt(spec.name, spec.render(question), answer_format),
    }


# The columns of an example, in order: ``procbench generate``'s lines, the dataset's rows and
# the stream's examples (which have no ``problem_name``) share them (README, "Columns").
COLUMNS = ("id", "task", "task_name", "problem_name", "steps", "prompt", "question", "label")


def example_row(identifier: str, example: dict[str, Any], problem_number: int | None = None) -> dict[str, Any]:
    """An example as a line of ``procbench generate`` and a row of the dataset: the one
    schema, in its column order (the README's "Columns"). ``task_name`` (``task01``) and
    ``problem_name`` (``task01_0007``, the example's number within its task in a set) are
    the original benchmark's names; examples outside a set (the training stream) have no
    ``problem_name``."""
    task_name = get_task(example["task"]).task_id
    row: dict[str, Any] = {"id": identifier, "task": example["task"], "task_name": task_name}
    if problem_number is not None:
        row["problem_name"] = f"{task_name}_{problem_number:04d}"
    row.update(steps=example["steps"], prompt=example["prompt"], question=example["question"], label=example["label"])
    return row
