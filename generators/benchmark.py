"""Sets of examples: the default benchmark layout (10 examples per step count, 2..25),
example ids that name their question, deterministic re-draws of duplicate questions, and the
check that a unique set can exist before any of it is generated."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from hashlib import sha256
from json import encoder as _json_encoder
from typing import Any

from .registry import Task, get_task
from .rng import derive_seed

DEFAULT_SEED = 2024
DEFAULT_MIN_STEPS = 2
DEFAULT_MAX_STEPS = 25
DEFAULT_PER_STEP = 10
MAX_REDRAWS = 1000  # re-draws of one example; more when the task's question count is known
SENTENCE_CHECK_FROM = 100  # fewer per step count are always possible: the sentence tasks' bound is not computed
ALLOW_REPEATS = "unique=False"  # how the caller allows repeats, named in errors


DIGEST_LENGTH = 8  # hex digits of the question's SHA-256 in an id


def _canonical_encoder() -> Callable[[Any], str]:
    """``json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))``
    without building an encoder per call: the C encoder is made once (no circular-reference
    bookkeeping; questions are trees), or the pure-Python one where C is missing."""
    plain = json.JSONEncoder(ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    make = getattr(_json_encoder, "c_make_encoder", None)
    if make is None:
        return plain.encode
    encode = make(None, plain.default, _json_encoder.encode_basestring, None, ":", ",", True, False, True)
    return lambda value: "".join(encode(value, 0))


canonical_json = _canonical_encoder()


def _full_digest(task: str, question: Any) -> bytes:
    """The SHA-256 of ``task`` and ``question`` as canonical JSON: its first bytes name the
    question in ids and key the set of used questions."""
    return sha256(canonical_json([task, question]).encode("utf-8")).digest()


def question_digest(task: str, question: Any) -> str:
    """The first hex digits of the SHA-256 of ``task`` and ``question`` as canonical JSON
    (sorted keys, no spaces): what names a question whatever the settings that drew it."""
    return _full_digest(task, question)[: DIGEST_LENGTH // 2].hex()


def example_id(task: str, steps: int, index: int, question: Any) -> str:
    """``Sort-07-003-1f0c9a2e``: task name, step count, index within that step count, and the
    question's digest. Equal ids mean equal questions across every seed, examples per step
    and step range, so answers can never be scored against a question they were not made
    for. This is the one place ids are made."""
    return f"{task}-{steps:02d}-{index:03d}-{question_digest(task, question)}"


@dataclass(frozen=True)
class ExampleId:
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
    return {repr(example["question"])}


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


class _SeedStream:
    """``example_seed(seed, index, attempt)`` with the digest of the common prefix kept, and
    the seeds already made remembered: they do not depend on the task or the step count, so a
    set asks for the same few again and again."""

    KEEP = 1 << 16  # seeds remembered at most (memory stays flat in the size of the set)

    def __init__(self, seed: int) -> None:
        self._prefix = sha256(f"set/{seed}/".encode())
        self._known: dict[tuple[int, int], int] = {}

    def __call__(self, index: int, attempt: int = 0) -> int:
        known = self._known.get((index, attempt))
        if known is not None:
            return known
        digest = self._prefix.copy()
        digest.update(f"{index}/{attempt}".encode())
        made = int.from_bytes(digest.digest()[:8], "big")
        if len(self._known) >= self.KEEP:
            self._known.clear()
        self._known[(index, attempt)] = made
        return made


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
    (as 16-byte digests); for the sentence tasks it also depends on the examples drawn
    before it. Without ``unique`` every example is a pure function of
    ``(task, steps, index, seed)`` and nothing is kept, so ``indices`` (a sub-range of
    ``range(per_step)``) may pick any slice of the set.
    """
    from . import draw_question, example_of

    spec = get_task(task)
    step_counts = list(steps)
    for count in step_counts:
        if isinstance(count, bool) or not isinstance(count, int) or not spec.min_steps <= count <= spec.max_steps:
            raise ValueError(f"{spec.name} takes steps from {spec.min_steps} to {spec.max_steps}, got {count!r}")
    if indices is None:
        indices = range(per_step)
    elif unique and indices != range(per_step):
        raise ValueError("indices other than range(per_step) need unique=False: a unique set is drawn in order")
    if unique:
        check_unique(spec.name, step_counts, per_step, option=option)
    seeds = _SeedStream(seed)
    rng = random.Random()  # re-seeded for every example: the same draws as a new one
    name, solve = spec.name, spec.solve
    sentence_keys = spec.overlap_keys
    used_sentences: set[str] = set()
    from_bytes = int.from_bytes
    for count in step_counts:
        used: set[bytes] = set()  # questions of this step count (equal questions, equal steps)
        limit = _redraw_limit(spec, count) if unique else 1
        # example_seed_int(name, count, s) for each s, with the digest of the prefix kept
        seed_prefix = sha256(f"procbench/{name}/{count}/".encode())
        stem = f"{name}-{count:02d}-"
        for index in indices:
            label = None
            for attempt in range(limit):
                digest = seed_prefix.copy()
                digest.update(str(seeds(index, attempt)).encode())
                question = draw_question(spec, count, rng, from_bytes(digest.digest()[:8], "big"))
                if not unique:
                    key = _full_digest(name, question)
                    break
                if sentence_keys is not None:
                    label = solve(question)
                    keys = sentence_keys(question, label)
                    if used_sentences.isdisjoint(keys):
                        used_sentences |= keys
                        key = _full_digest(name, question)
                        break
                else:
                    # The question's canonical JSON digest: equal for equal questions (the
                    # samplers build lists, dicts and scalars only), and it names the id too.
                    # Checked before solving and rendering, which a re-drawn question skips.
                    key = _full_digest(name, question)[:16]
                    if key not in used:
                        used.add(key)
                        break
            else:
                what = "shares no corpus sentence with" if sentence_keys is not None else "differs from"
                raise ValueError(
                    f"{name}: no example with {count} steps that {what} the earlier ones in {limit} draws; "
                    f"lower the examples per step or pass {option} to allow repeats"
                )
            identifier = f"{stem}{index:03d}-{key[: DIGEST_LENGTH // 2].hex()}"
            yield example_of(spec, count, question, answer_format, label=label, identifier=identifier)


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
