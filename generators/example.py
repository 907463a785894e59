"""One example: its question drawn from ``(task, steps, seed)``, solved and rendered."""

from __future__ import annotations

from typing import Any

from .prompts import render_prompt
from .registry import Label, Question, Task
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
