"""Step-aware reward functions with TRL's reward signature (no TRL import).

``GRPOTrainer`` calls a reward function with keyword arguments only::

    fn(prompts=[...], completions=[...], completion_ids=[...],
       <every other dataset column>=[...], trainer_state=..., log_extra=..., log_metric=...)

and takes back one float per completion. Here ``label`` (the dataset column: a label dict
or its JSON string) is required; ``task`` is optional (the label types the states) and
checked when given; every other column is accepted and not needed. A completion is a
string, or, for a conversational dataset, a list of messages whose last one holds the
answer. Answers are read with the project's reader, so free text around the JSON answer is
fine.

A reward is a number for anything a model can produce: a completion without a readable
answer (prose, an ``int``, ``None``, a message without text, JSON nested deeper than Python
can parse) earns 0.0. A malformed batch is refused with one error naming what is wrong:
``completions`` that is not a list, columns whose length differs from it, a ``task`` that
is not a ProcBench task, a ``label`` that is not a label.

- ``prefix_accuracy_reward``: the share of states right before the first wrong one (PA),
  a dense reward in [0, 1];
- ``sequential_match_reward``: 1.0 when every state is right (SM);
- ``final_match_reward``: 1.0 when the final state is right (FM);
- ``format_reward``: 1.0 when an answer can be read at all (by the scorer, given a label).

A GRPO batch is scored by the four functions one after another, on the same completions:
each completion is read once, by the first of them, and its four numbers are kept for the
others (:func:`reading`, a bounded cache keyed by the completion's text and its label), so
the other three cost next to nothing, and so does a completion repeated within the batch.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from procbench_tools.scoring.measures import parse_reference, score_row
from procbench_tools.scoring.reader import read_answer
from procbench_tools.scoring.responses import NotText, response_text

Completion = str | Sequence[dict[str, Any]]
# Readings kept: a batch's completions are each read once while it is scored (at most this
# many distinct completion and label pairs a batch; each keeps its text alive meanwhile).
READINGS_KEPT = 4096


class Reading(NamedTuple):
    """Every reward of one completion, from one read of it."""

    prefix_accuracy: float
    sequential_match: float
    final_match: float
    readable: float


NO_ANSWER = Reading(0.0, 0.0, 0.0, 0.0)


def completion_text(completion: Any, position: int | None = None) -> str:
    """The text of a completion: the string itself, or the last assistant message (text
    parts joined) of a conversational one (the reader's ``response_text``). Anything that
    holds no text is refused in one line naming its position, never scored 0 in silence."""
    try:
        return response_text(completion)
    except NotText as error:
        where = "a completion" if position is None else f"completions[{position}]"
        raise ValueError(f"{where}: {error}") from None


def _check_batch(completions: Any, columns: dict[str, Any]) -> None:
    """Refuse a malformed batch with one clear error: ``completions`` and every column
    given must be lists of one length, and ``task`` must name ProcBench tasks."""
    if isinstance(completions, (str, bytes)) or not isinstance(completions, Sequence):
        raise TypeError(f"completions must be a list, one completion per sample; got a {type(completions).__name__}")
    for column, values in columns.items():
        if values is None:
            continue
        if isinstance(values, (str, bytes)) or not isinstance(values, Sequence):
            raise TypeError(f"{column} must be a list, one value per completion; got a {type(values).__name__}")
        if len(values) != len(completions):
            raise ValueError(f"got {len(completions)} completions but {len(values)} values of {column}")
    import procbench_generators  # here, so that importing the rewards stays light

    for position, task in enumerate(columns.get("task") or []):
        try:
            procbench_generators.canonical_name(task)
        except ValueError as error:
            raise ValueError(f"task[{position}]: {error}") from None


def _references(label: Sequence[Any]) -> list[Any]:
    """Each label checked: a label dict or its JSON string."""
    for position, reference in enumerate(label):
        try:
            parse_reference(reference)
        except ValueError:
            raise ValueError(
                f"label[{position}] is not a ProcBench label or its JSON string: {reference!r:.80}"
            ) from None
    return list(label)


def _label_text(reference: Any) -> str:
    """A label as the JSON text it may already be: a key for the cache of readings."""
    return reference if isinstance(reference, str) else json.dumps(reference, ensure_ascii=False)


@functools.lru_cache(maxsize=READINGS_KEPT)
def reading(text: str, label: str) -> Reading:
    """The one read of a completion's ``text`` against its ``label`` (JSON text), with the
    project's scorer: every reward of it. Pure, hence cached (:data:`READINGS_KEPT`)."""
    try:
        score = score_row(text, label)
    except RecursionError:  # JSON nested deeper than Python recurses (a looping model): no answer
        return NO_ANSWER
    return Reading(float(score.prefix_accuracy), float(score.sequential_match), float(score.final_match),
                   float(score.valid))  # fmt: skip


@functools.lru_cache(maxsize=READINGS_KEPT)
def _readable_without_label(text: str) -> float:
    """``format_reward`` without a label: whether the reader finds an answer, untyped."""
    try:
        return 0.0 if read_answer(text) is None else 1.0
    except RecursionError:  # as in reading
        return 0.0


def _readings(completions: Any, label: Any, columns: dict[str, Any]) -> list[Reading]:
    """The reading of each completion, after checking the batch."""
    _check_batch(completions, {**columns, "label": label})
    if label is None:
        raise TypeError("label is required: the dataset's label column, one label per completion")
    return [
        reading(completion_text(completion, position), _label_text(reference))
        for position, (completion, reference) in enumerate(zip(completions, _references(label), strict=True))
    ]


def _columns(prompts: Any, completion_ids: Any, task: Any) -> dict[str, Any]:
    return {"prompts": prompts, "completion_ids": completion_ids, "task": task}


def prefix_accuracy_reward(
    *,
    prompts: Sequence[Any] | None = None,
    completions: Sequence[Completion],
    completion_ids: Sequence[Any] | None = None,
    label: Sequence[Any],
    task: Sequence[str] | None = None,
    trainer_state: Any = None,
    log_extra: Callable[[str, list[Any]], None] | None = None,
    log_metric: Callable[[str, float], None] | None = None,
    **kwargs: Any,
) -> list[float]:
    """Prefix accuracy of each completion: its right states before the first wrong one,
    over the longer of the predicted and reference sequences; 0.0 when no answer can be
    read."""
    return [read.prefix_accuracy for read in _readings(completions, label, _columns(prompts, completion_ids, task))]


def sequential_match_reward(
    *,
    prompts: Sequence[Any] | None = None,
    completions: Sequence[Completion],
    completion_ids: Sequence[Any] | None = None,
    label: Sequence[Any],
    task: Sequence[str] | None = None,
    trainer_state: Any = None,
    log_extra: Callable[[str, list[Any]], None] | None = None,
    log_metric: Callable[[str, float], None] | None = None,
    **kwargs: Any,
) -> list[float]:
    """1.0 for each completion whose every state is right, else 0.0."""
    return [read.sequential_match for read in _readings(completions, label, _columns(prompts, completion_ids, task))]


def final_match_reward(
    *,
    prompts: Sequence[Any] | None = None,
    completions: Sequence[Completion],
    completion_ids: Sequence[Any] | None = None,
    label: Sequence[Any],
    task: Sequence[str] | None = None,
    trainer_state: Any = None,
    log_extra: Callable[[str, list[Any]], None] | None = None,
    log_metric: Callable[[str, float], None] | None = None,
    **kwargs: Any,
) -> list[float]:
    """1.0 for each completion whose final state is right, else 0.0."""
    return [read.final_match for read in _readings(completions, label, _columns(prompts, completion_ids, task))]


def format_reward(
    *,
    prompts: Sequence[Any] | None = None,
    completions: Sequence[Completion],
    completion_ids: Sequence[Any] | None = None,
    label: Sequence[Any] | None = None,
    task: Sequence[str] | None = None,
    trainer_state: Any = None,
    log_extra: Callable[[str, list[Any]], None] | None = None,
    log_metric: Callable[[str, float], None] | None = None,
    **kwargs: Any,
) -> list[float]:
    """1.0 for each completion from which an answer can be read at all, else 0.0 (right
    or wrong does not matter): read by the scorer, as the other rewards read it, given a
    ``label``; by the reader alone, its states untyped, without one."""
    columns = _columns(prompts, completion_ids, task)
    if label is None:
        _check_batch(completions, {**columns, "label": label})
        return [
            _readable_without_label(completion_text(completion, position))
            for position, completion in enumerate(completions)
        ]
    return [read.readable for read in _readings(completions, label, columns)]


REWARDS = (prefix_accuracy_reward, sequential_match_reward, final_match_reward, format_reward)
