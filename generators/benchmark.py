"""Sets of examples: the default benchmark layout (10 examples per step count, 2..25),
example ids that name their question, deterministic re-draws of duplicate questions, and the
check that a unique set can exist before any of it is generated."""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from hashlib import sha256
from typing import Any

from .example import draw_question, make_example
from .registry import Question, Task, get_task
from .rng import derive_seed

DEFAULT_SEED = 2024
DEFAULT_MIN_STEPS = 2
DEFAULT_MAX_STEPS = 25
DEFAULT_PER_STEP = 10
MAX_REDRAWS = 1000  # re-draws of one example; more when the task's question count is known
SENTENCE_CHECK_FROM = 100  # fewer per step count are always possible: the sentence tasks' bound is not computed
ALLOW_REPEATS = "unique=False"  # how the caller allows repeats, named in errors
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


def check_unique(task: str, steps: Iterable[int], per_step: int, *, option: str = ALLOW_REPEATS) -> None:
    """``ValueError`` (one line) when ``per_step`` distinct examples of ``task`` cannot
    exist for one of the step counts: raised before anything is generated, naming the task,
    the step count, how many distinct questions (or, for the sentence tasks, examples that
    share no corpus sentence) exist there and ``option``, which allows repeats."""
    spec = get_task(task)
    if spec.count_questions is None:
        return
    steps = list(steps)
    if spec.overlap_keys is not None:
        from .corpus import load_corpus

        sentences = len(load_corpus())
        if per_step * len(steps) > sentences:
            raise ValueError(
                f"{spec.name} examples share no corpus sentence, and the corpus has only {sentences} sentences, "
                f"fewer than the {per_step * len(steps)} examples asked for; pass {option} to allow repeats"
            )
        if per_step < SENTENCE_CHECK_FROM:
            return
    for count in steps:
        available = spec.count_questions(count, spec.config)
        if available < per_step:
            what = "examples that share no corpus sentence" if spec.overlap_keys is not None else "distinct questions"
            raise ValueError(
                f"{spec.name} has only {available} {what} with {count} steps, fewer than the {per_step} "
                f"asked for per step count; lower the examples per step or pass {option} to allow repeats"
            )


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
    option: str = ALLOW_REPEATS,
) -> Iterator[dict[str, Any]]:
    """``per_step`` examples of ``task`` for each step count, with ``id`` and ``task_id``.

    With ``unique``, an example that shares a question (or, for the sentence tasks, a
    corpus sentence) with an earlier example of the task is re-drawn with the next
    ``attempt``, and :func:`check_unique` runs first. Equal questions always have equal
    step counts, so for the 20 tasks without sentences each example depends only on
    ``(task, steps, index, seed)`` and only the current step count's questions are kept
    (their hashes); for the sentence tasks it also depends on the examples drawn
    before it. Without ``unique`` every example is a pure function of
    ``(task, steps, index, seed)`` and nothing is kept, so ``indices`` (a sub-range of
    ``range(per_step)``) may pick any slice of the set.
    """
    spec = get_task(task)
    step_counts = list(steps)
    for count in step_counts:
        spec.check_step_count(count)
    if indices is None:
        indices = range(per_step)
    elif unique and indices != range(per_step):
        raise ValueError("indices other than range(per_step) need unique=False: a unique set is drawn in order")
    if unique:
        check_unique(spec.name, step_counts, per_step, option=option)
    taken: set[str] = set()  # what the examples so far hold that no later one may (overlap_keys)
    for count in step_counts:
        if spec.overlap_keys is None:
            taken = set()  # equal questions have equal step counts: keep this step count's only
        draws = _redraw_limit(spec, count) if unique else 1
        for index in indices:
            for attempt in range(draws):
                question = draw_question(spec, count, example_seed(seed, index, attempt))
                label = spec.solve(question)
                digest = question_hash(spec.name, question)
                keys = {digest} if spec.overlap_keys is None else spec.overlap_keys(question, label)
                if not unique or taken.isdisjoint(keys):
                    break
            else:
                what = "differs from" if spec.overlap_keys is None else "shares no corpus sentence with"
                raise ValueError(
                    f"{spec.name}: no example with {count} steps that {what} the earlier ones in {draws} draws; "
                    f"lower the examples per step or pass {option} to allow repeats"
                )
            if unique:
                taken |= keys
            example = make_example(spec, count, question, answer_format, label)
            yield {"id": example_id(spec.name, count, index, digest), "task_id": spec.task_id, **example}


def iter_examples(
    tasks: Iterable[str],
    steps: Iterable[int],
    per_step: int = DEFAULT_PER_STEP,
    seed: int = DEFAULT_SEED,
    *,
    answer_format: bool = True,
    unique: bool = True,
    option: str = ALLOW_REPEATS,
) -> Iterator[dict[str, Any]]:
    """Every example of a set: for each task, for each step count, ``per_step`` examples.
    With ``unique``, every task's :func:`check_unique` runs before the first example."""
    step_counts = list(steps)
    task_list = list(tasks)
    if unique:
        for task in task_list:
            check_unique(task, step_counts, per_step, option=option)
    for task in task_list:
        yield from iter_task_examples(
            task, step_counts, per_step, seed, answer_format=answer_format, unique=unique, option=option
        )
