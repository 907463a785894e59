"""Sets of examples: the default benchmark layout (10 examples per step count, 2..25),
stable example ids, and deterministic re-draws of duplicate questions."""

from __future__ import annotations

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


def overlap_keys(task: str, example: dict[str, Any]) -> set[str]:
    """What no two examples of one task in a set may share: the corpus sentences for the
    sentence tasks, the whole question for the others."""
    spec = get_task(task)
    if spec.overlap_keys is not None:
        return spec.overlap_keys(example["question"], example["label"])
    # Samplers build questions with a fixed key order, so repr() is an exact and cheap
    # equality key within a process (this runs once per generated example).
    return {repr(example["question"])}


def iter_task_examples(
    task: str,
    steps: Iterable[int],
    per_step: int,
    seed: int,
    *,
    answer_format: bool = True,
    unique: bool = True,
) -> Iterator[dict[str, Any]]:
    """``per_step`` examples of ``task`` for each step count, with ``id`` and ``task_id``.

    With ``unique``, an example that shares a question (or, for the sentence tasks, a
    corpus sentence) with an earlier example of the task is re-drawn with the next
    ``attempt``. Equal questions always have equal step counts, so for the 20 tasks without
    sentences each example depends only on ``(task, steps, index, seed)``; for the
    sentence tasks it also depends on the examples drawn before it.
    """
    from . import generate

    spec = get_task(task)
    used: set[str] = set()
    for count in steps:
        for index in range(per_step):
            for attempt in range(MAX_REDRAWS):
                example = generate(spec.name, count, example_seed(seed, index, attempt), answer_format=answer_format)
                keys = overlap_keys(spec.name, example)
                if not unique or used.isdisjoint(keys):
                    used |= keys
                    break
            else:
                raise ValueError(
                    f"{spec.name}: no example with {count} steps that differs from the earlier ones "
                    f"in {MAX_REDRAWS} draws; lower examples per step or allow duplicates"
                )
            yield {"id": example_id(spec.name, count, index), "task_id": spec.task_id, **example}


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
        yield from iter_task_examples(task, step_counts, per_step, seed, answer_format=answer_format, unique=unique)
