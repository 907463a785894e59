"""ProcBench task engine: the 23 tasks' generators, solvers and prompts.

>>> import procbench_generators
>>> procbench_generators.TASKS[:3]
['Sort', 'Gather', 'Count']
>>> example = procbench_generators.generate("Sort", steps=3, seed=0)
>>> len(example["label"]["intermediate"]) + 1
3
>>> procbench_generators.solve("Cumulate", {"n": 7, "operations": [["add", 5], ["multiply", 2]]})
{'init': 7, 'intermediate': [12], 'final': 24}
"""

from __future__ import annotations

from typing import Any

from . import tasks as _tasks  # noqa: F401  (registers the tasks)
from .example import draw_question, make_example
from .prompts import load_template, procedure_text, render_prompt
from .registry import Label, Question, get_task, registered_tasks
from .rng import derive_seed
from .settings import check_steps, whole_number
from .validation import check_fields

__all__ = [
    "TASKS",
    "TASK_IDS",
    "canonical_name",
    "check_steps",
    "derive_seed",
    "generate",
    "get_task",
    "load_template",
    "procedure_text",
    "prompt_for",
    "solve",
    "step_range",
]

TASKS: list[str] = [task.name for task in registered_tasks()]
TASK_IDS: dict[str, str] = {task.name: task.task_id for task in registered_tasks()}


def canonical_name(task: str) -> str:
    """``"Sort"`` for ``"Sort"`` or ``"task01"``; ``ValueError`` naming the valid tasks."""
    return get_task(task).name


def step_range(task: str) -> range:
    """The step counts ``generate`` accepts for ``task``."""
    spec = get_task(task)
    return range(spec.min_steps, spec.max_steps + 1)


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
    spec.check_step_count(steps)
    whole_number("seed", seed)
    if config is not None and spec.config is None:
        raise ValueError(f"{spec.name} has no configuration, got {type(config).__name__}")
    if config is not None and not isinstance(config, type(spec.config)):
        raise ValueError(f"{spec.name} takes a {type(spec.config).__name__} config, got {type(config).__name__}")
    return make_example(spec, steps, draw_question(spec, steps, seed, config), answer_format)
