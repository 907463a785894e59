"""Sets of examples: the default benchmark layout (10 examples per step count, 2..25),
stable example ids, and deterministic re-draws of duplicate questions."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from typing import Any

from .registry import get_task
from .rng import derive_seed

DEFAULT_SEED = 2024
DEFAULT_MIN_STEPS = 2
DEFAULT_MAX_STEPS = 25
DEFAULT_PER_STEP = 10
MAX_REDRAWS = 1000


def example_id(task: str, steps: int, index: int) -> str:
    """``Sort-07-003``: task name, step count, index within that step count."""
    return f"{task}-{steps:02d}-{index:03d}"


def example_seed(seed: int, index: int, attempt: int = 0) -> int:
    """The ``generate`` seed of example ``index`` of a set made with ``seed``; ``attempt``
    counts re-draws after a duplicate question."""
    return derive_seed("set", seed, index, attempt)


def _question_key(question: dict[str, Any]) -> str:
    return json.dumps(question, sort_keys=True, separators=(",", ":"))


def iter_step_examples(
    task: str, steps: int, per_step: int, seed: int, *, answer_format: bool = True, unique: bool = True
) -> Iterator[dict[str, Any]]:
    """``per_step`` examples of ``task`` with ``steps`` steps, with ``id`` and ``task_id``.

    With ``unique``, a question equal to an earlier one of the same step count is re-drawn
    with the next ``attempt`` (equal questions always have equal step counts, so this makes
    the whole set of a task duplicate-free).
    """
    from . import generate

    spec = get_task(task)
    seen: set[str] = set()
    for index in range(per_step):
        for attempt in range(MAX_REDRAWS):
            example = generate(spec.name, steps, example_seed(seed, index, attempt), answer_format=answer_format)
            key = _question_key(example["question"])
            if not unique or key not in seen:
                seen.add(key)
                break
        else:
            raise ValueError(
                f"{spec.name} has fewer than {per_step} distinct questions with {steps} steps "
                f"(no new one in {MAX_REDRAWS} draws); lower examples per step or allow duplicates"
            )
        yield {"id": example_id(spec.name, steps, index), "task_id": spec.task_id, **example}


def iter_examples(
    tasks: Iterable[str],
    steps: Iterable[int],
    per_step: int = DEFAULT_PER_STEP,
    seed: int = DEFAULT_SEED,
    *,
    answer_format: bool = True,
    unique: bool = True,
) -> Iterator[dict[str, Any]]:
    """Every example of a set: for each task, for each step count, ``per_step`` examples."""
    step_counts = list(steps)
    for task in tasks:
        for count in step_counts:
            yield from iter_step_examples(task, count, per_step, seed, answer_format=answer_format, unique=unique)
