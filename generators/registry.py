"""The task registry: each task module registers one :class:`Task` at import time."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .validation import Shape

Question = dict[str, Any]
Label = dict[str, Any]


@dataclass(frozen=True)
class Task:
    """Everything the engine knows about one task.

    ``solve`` receives a question whose fields have already been checked against
    ``fields``; it validates values (indices, alphabets) itself. ``parse`` is the inverse of
    ``render``: the question of a rendered ``[Question]`` block. ``sample`` draws a question
    that takes exactly ``steps`` steps; ``config`` is the default configuration passed to it.
    ``overlap_keys`` names what two examples of a set must not share (default: the whole
    question); the sentence tasks use it to keep every corpus sentence to one example.
    ``count_questions(steps, config)`` is how many distinct questions ``sample`` can draw
    (for the sentence tasks: how many examples sharing no corpus sentence can exist) with
    ``steps`` steps, for the tasks where that can be small; ``None`` means more than a
    million at every step count.
    """

    name: str
    number: int
    fields: dict[str, Shape]
    solve: Callable[[Question], Label]
    render: Callable[[Question], str]
    parse: Callable[[str], Question]
    sample: Callable[[random.Random, int, Any], Question]
    config: Any = None
    min_steps: int = 1
    max_steps: int = 100
    overlap_keys: Callable[[Question, Label], set[str]] | None = None
    count_questions: Callable[[int, Any], int] | None = None

    @property
    def task_id(self) -> str:
        """The original benchmark's id, ``task01`` … ``task23``."""
        return f"task{self.number:02d}"

    def check_step_count(self, steps: object) -> None:
        """``ValueError`` unless ``steps`` is a step count this task takes (an int, not a bool)."""
        if isinstance(steps, bool) or not isinstance(steps, int) or not self.min_steps <= steps <= self.max_steps:
            raise ValueError(f"{self.name} takes steps from {self.min_steps} to {self.max_steps}, got {steps!r}")


_REGISTRY: dict[str, Task] = {}


def register(task: Task) -> Task:
    if task.name in _REGISTRY:
        raise RuntimeError(f"task {task.name!r} is registered twice")
    _REGISTRY[task.name] = task
    return task


def registered_tasks() -> list[Task]:
    """All tasks in the original numbering order."""
    return sorted(_REGISTRY.values(), key=lambda t: t.number)


def get_task(name: str) -> Task:
    """Look a task up by name (``"Sort"``) or original id (``"task01"``)."""
    if isinstance(name, str):
        if name in _REGISTRY:
            return _REGISTRY[name]
        for task in _REGISTRY.values():
            if task.task_id == name:
                return task
    names = ", ".join(t.name for t in registered_tasks())
    raise ValueError(f"unknown task {name!r}; valid tasks are {names} (or task01..task23)")


def states_label(states: list[Any]) -> Label:
    """The label of a run whose states (init first) are ``states``."""
    return {"init": states[0], "intermediate": states[1:-1], "final": states[-1]}
