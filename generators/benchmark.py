"""Sets of examples: example ids that name their question, deterministic re-draws of
duplicate questions, and the loop that makes a set from its :class:`~procbench_generators.settings.Settings`."""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from hashlib import sha256
from typing import Any

from .example import draw_question, example_row, make_example
from .registry import Question, Task, get_task
from .rng import derive_seed
from .settings import Settings, check_unique, repeats_needed

MAX_REDRAWS = 1000  # re-draws of one example; more when the task's question count is known
DIGEST_LENGTH = 8  # hex digits of the question's hash in an id


# Questions are trees of lists, dicts, strings and ints: no circular references to look for.
_CANONICAL = json.JSONEncoder(ensure_ascii=False, sort_keys=True, separators=(",", ":"), check_circular=False)


def canonical_json(value: Any) -> str:
    """``value`` as JSON with sorted keys and no spaces: equal texts for equal values."""
    return _CANONICAL.encode(value)


def question_hash(task: str, question: Question) -> str:
    """The SHA-256 (hex) of ``task`` and ``question`` as canonical JSON: equal exactly for
    equal questions, whatever the settings that drew them."""
    return sha256(canonical_json([task, question]).encode("utf-8")).hexdigest()


def example_id(task: str, steps: int, index: int, digest: str) -> str:
    """``Sort-07-003-1f0c9a2e``: task name, step count, index within that step count, and the
    start of the question's hash (``digest``, :func:`question_hash`). Equal ids mean equal
    questions across every seed, examples per step and step range, so answers can never be
    scored against a question they were not made for. This is the one place ids are made."""
    return f"{task}-{steps:02d}-{index:03d}-{digest[:DIGEST_LENGTH]}"


@dataclass(frozen=True)
class ExampleId:
    """The parts of an example id (see :func:`example_id`)."""

    task: str
    steps: int
    index: int
    digest: str

    @property
    def stem(self) -> str:
        """``Sort-07-003``: the position of the example in its set, without the digest."""
        return f"{self.task}-{self.steps:02d}-{self.index:03d}"


_ID = re.compile(rf"^(\w+)-(\d+)-(\d+)(?:-([0-9a-f]{{{DIGEST_LENGTH}}}))?$")


def parse_example_id(identifier: str) -> ExampleId | None:
    """The parts of an id (``digest`` is ``""`` for the digest-less ids of procbench 0.1),
    or ``None`` for a string that is not one."""
    found = _ID.match(identifier)
    if found is None:
        return None
    task, steps, index, digest = found.groups()
    return ExampleId(task, int(steps), int(index), digest or "")


@functools.lru_cache(maxsize=1 << 16)  # every task and step count of a set asks for the same seeds
def example_seed(seed: int, index: int, attempt: int = 0) -> int:
    """The ``generate`` seed of example ``index`` of a set made with ``seed``; ``attempt``
    counts re-draws after a duplicate question."""
    return derive_seed("set", seed, index, attempt)


def overlap_keys(task: str, example: dict[str, Any]) -> set[str]:
    """What no two examples of one task in a unique set may share: the corpus sentences for
    the sentence tasks, the question (its hash) for the others."""
    spec = get_task(task)
    if spec.overlap_keys is not None:
        return spec.overlap_keys(example["question"], example["label"])
    return {question_hash(spec.name, example["question"])}


def _redraw_limit(spec: Task, steps: int) -> int:
    if spec.count_questions is None or spec.overlap_keys is not None:
        return MAX_REDRAWS
    # Near a small question space's size, the last unused questions take many draws.
    return max(MAX_REDRAWS, 20 * spec.count_questions(steps, spec.config))


def iter_task_examples(
    task: str,
    steps: Iterable[int],
    per_step: int,
    seed: int,
    *,
    answer_format: bool = True,
    unique: bool = True,
    indices: range | None = None,
    min_steps: int | None = None,
    avoid: Callable[[dict[str, Any]], bool] | None = None,
) -> Iterator[dict[str, Any]]:
    """``per_step`` examples of ``task`` for each step count, as rows of the one schema
    (:func:`~procbench_generators.example.example_row`). ``min_steps`` is the set's first step count,
    whose first example is problem number 0 (default: the first of ``steps``).

    ``avoid`` (``{"task", "question", "label"} -> bool``, e.g. an exclusion's ``excludes``)
    names examples that must not appear: such a draw is re-drawn with the next ``attempt``,
    as a duplicate is, so an example stays a pure function of its place and ``avoid``.

    With ``unique``, an example that shares a question (or, for the sentence tasks, a
    corpus sentence) with an earlier example of the task is re-drawn with the next
    ``attempt``, and :func:`~procbench_generators.settings.check_unique` runs first. Equal questions
    always have equal step counts, so for the 20 tasks without sentences each example
    depends only on ``(task, steps, index, seed)`` and only the current step count's
    questions are kept (their hashes); for the sentence tasks it also depends on the
    examples drawn before it. Without ``unique`` every example is a pure function of
    ``(task, steps, index, seed)`` and nothing is kept, so ``indices`` (a sub-range of
    ``range(per_step)``) may pick any slice of the set.
    """
    spec = get_task(task)
    step_counts = list(steps)
    for count in step_counts:
        spec.check_step_count(count)
    first = step_counts[0] if min_steps is None else min_steps
    if indices is None:
        indices = range(per_step)
    elif unique and indices != range(per_step):
        raise ValueError("indices other than range(per_step) need unique=False: a unique set is drawn in order")
    if unique:
        check_unique(spec.name, step_counts, per_step)
    taken: set[str] = set()  # what the examples so far hold that no later one may (overlap_keys)
    for count in step_counts:
        if spec.overlap_keys is None:
            taken = set()  # equal questions have equal step counts: keep this step count's only
        draws = _redraw_limit(spec, count) if unique or avoid is not None else 1
        for index in indices:
            for attempt in range(draws):
                question = draw_question(spec, count, example_seed(seed, index, attempt))
                label = spec.solve(question)
                digest = question_hash(spec.name, question)
                keys = {digest} if spec.overlap_keys is None else spec.overlap_keys(question, label)
                if (not unique or taken.isdisjoint(keys)) and (
                    avoid is None or not avoid({"task": spec.name, "question": question, "label": label})
                ):
                    break
            else:
                what = "differs from" if spec.overlap_keys is None else "shares no corpus sentence with"
                if not unique:
                    raise ValueError(
                        f"{spec.name}: no example with {count} steps outside the excluded data in {draws} draws; "
                        "choose other step counts or exclude less"
                    )
                raise repeats_needed(
                    f"{spec.name}: no example with {count} steps that {what} the earlier ones"
                    f"{'' if avoid is None else ' and is outside the excluded data'} in {draws} draws"
                )
            if unique:
                taken |= keys
            number = (count - first) * per_step + index
            yield example_row(
                example_id(spec.name, count, index, digest),
                make_example(spec, count, question, answer_format, label),
                problem_number=number,
            )


def iter_examples(settings: Settings) -> Iterator[dict[str, Any]]:
    """Every example of a set: for each task, for each step count, ``examples_per_step``
    examples (the settings were checked when made, uniqueness included)."""
    for task in settings.tasks:
        yield from iter_task_examples(
            task,
            settings.steps,
            settings.examples_per_step,
            settings.seed,
            answer_format=settings.answer_format,
            unique=settings.unique,
            min_steps=settings.min_steps,
        )
