"""ProcBench task engine: the 23 tasks' generators, solvers and prompts.

>>> import generators
>>> generators.TASKS[:3]
['Sort', 'Gather', 'Count']
>>> example = generators.generate("Sort", steps=3, seed=0)
>>> len(example["label"]["intermediate"]) + 1
3
>>> generators.solve("Cumulate", {"n": 7, "operations": [["add", 5], ["multiply", 2]]})
{'init': 7, 'intermediate': [12], 'final': 24}
"""

from __future__ import annotations

import random
from typing import Any

from . import tasks as _tasks  # noqa: F401  (registers the tasks)
from .prompts import load_template, procedure_text, render_prompt
from .registry import Label, Question, Task, get_task, registered_tasks
from .rng import derive_seed, example_seed_int, reseed
from .validation import check_fields

__all__ = [
    "LONG",
    "MEDIUM",
    "SHORT",
    "TASKS",
    "TASK_IDS",
    "canonical_name",
    "check_steps",
    "derive_seed",
    "generate",
    "get_task",
    "length_bucket",
    "load_template",
    "procedure_text",
    "prompt_for",
    "solve",
    "step_range",
]

TASKS: list[str] = [task.name for task in registered_tasks()]
TASK_IDS: dict[str, str] = {task.name: task.task_id for task in registered_tasks()}

SHORT, MEDIUM, LONG = range(2, 7), range(7, 17), range(17, 26)


def canonical_name(task: str) -> str:
    """``"Sort"`` for ``"Sort"`` or ``"task01"``; ``ValueError`` naming the valid tasks."""
    return get_task(task).name


def step_range(task: str) -> range:
    """The step counts ``generate`` accepts for ``task``."""
    spec = get_task(task)
    return range(spec.min_steps, spec.max_steps + 1)


def check_steps(task: str, low: int, high: int) -> None:
    """``ValueError`` unless every step count in ``low..high`` is allowed for ``task``."""
    allowed = step_range(task)
    if low < allowed.start or high > allowed.stop - 1:
        raise ValueError(
            f"{canonical_name(task)} takes steps from {allowed.start} to {allowed.stop - 1}, not {low}..{high}"
        )


def length_bucket(steps: int) -> str:
    """``short`` (2–6), ``medium`` (7–16), ``long`` (17–25) or ``extra`` (anything else)."""
    for name, bucket in (("short", SHORT), ("medium", MEDIUM), ("long", LONG)):
        if steps in bucket:
            return name
    return "extra"


def solve(task: str, question: Question) -> Label:
    """The label ``{"init", "intermediate", "final"}`` of ``question``, computed."""
    spec = get_task(task)
    check_fields(spec.name, question, spec.fields)
    return spec.solve(question)


def prompt_for(task: str, question: Question, answer_format: bool = True) -> str:
    """The task's procedure text followed by the ``[Question]`` block of ``question``;
    ``ValueError`` naming the field when ``question`` lacks one or has it in the wrong shape."""
    spec = get_task(task)
    check_fields(spec.name, question, spec.fields)
    return render_prompt(spec.name, spec.render(question), answer_format)


def generate(task: str, steps: int, seed: int, *, answer_format: bool = True, config: Any = None) -> dict[str, Any]:
    """One example of ``task`` that takes exactly ``steps`` steps.

    The example is a pure function of ``(task, steps, seed)`` (and ``config``, the task's
    configuration dataclass; ``None`` for its defaults). Keys: ``task``, ``steps``,
    ``question``, ``label``, ``prompt``.
    """
    spec = get_task(task)
    if isinstance(steps, bool) or not isinstance(steps, int) or not spec.min_steps <= steps <= spec.max_steps:
        raise ValueError(f"{spec.name} takes steps from {spec.min_steps} to {spec.max_steps}, got {steps!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be an int, got {seed!r}")
    if config is not None and spec.config is None:
        raise ValueError(f"{spec.name} has no configuration, got {type(config).__name__}")
    if config is not None and not isinstance(config, type(spec.config)):
        raise ValueError(f"{spec.name} takes a {type(spec.config).__name__} config, got {type(config).__name__}")
    return make_example(spec, steps, seed, answer_format, config)


def make_example(
    spec: Task, steps: int, seed: int, answer_format: bool = True, config: Any = None, *, rng: Any = None
) -> dict[str, Any]:
    """:func:`generate` without the argument checks, for callers that made them once.
    ``rng``, a ``random.Random`` to re-seed instead of making a new one (same draws), saves
    callers that make many examples one generator per example."""
    question = draw_question(spec, steps, rng or random.Random(), example_seed_int(spec.name, steps, seed), config)
    return example_of(spec, steps, question, answer_format)


def draw_question(spec: Task, steps: int, rng: Any, seed_int: int, config: Any = None) -> Question:
    """The question of the example whose generator is seeded with ``seed_int``
    (:func:`example_seed_int`), drawn with ``rng`` re-seeded: what :func:`make_example`
    samples, for callers that check a question before solving and rendering it."""
    return spec.sample(reseed(rng, seed_int), steps, config or spec.config)


def example_of(
    spec: Task,
    steps: int,
    question: Question,
    answer_format: bool = True,
    *,
    label: Label | None = None,
    identifier: str | None = None,
) -> dict[str, Any]:
    """The example of ``question``: keys ``task``, ``steps``, ``question``, ``label``
    (``label`` when already solved), ``prompt``; led by ``id`` and ``task_id`` when
    ``identifier`` is given (a set's example, one dict made instead of two)."""
    if label is None:
        label = spec.solve(question)
    prompt = render_prompt(spec.name, spec.render(question), answer_format)
    if identifier is None:
        return {"task": spec.name, "steps": steps, "question": question, "label": label, "prompt": prompt}
    return {
        "id": identifier,
        "task_id": spec.task_id,
        "task": spec.name,
        "steps": steps,
        "question": question,
        "label": label,
        "prompt": prompt,
    }
