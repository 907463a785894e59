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
- ``format_reward``: 1.0 when an answer can be read at all.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from procbench_tools.scoring.measures import parse_reference, score_row
from procbench_tools.scoring.reader import read_answer
from procbench_tools.scoring.responses import NotText, response_text

Completion = str | Sequence[dict[str, Any]]
Scores = tuple[float, float, float]  # PA, SM, FM
NO_ANSWER: Scores = (0.0, 0.0, 0.0)


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
    import generators  # here, so that importing the rewards stays light

    for position, task in enumerate(columns.get("task") or []):
        try:
            generators.canonical_name(task)
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


def _score(text: str, reference: Any) -> Scores:
    try:
        accuracy, sequential, final, _, _ = score_row(text, reference)
    except RecursionError:  # JSON nested deeper than Python recurses (a looping model): no answer
        return NO_ANSWER
    return float(accuracy), float(sequential), float(final)


def _scores(completions: Any, label: Any, columns: dict[str, Any]) -> list[Scores]:
    """``(PA, SM, FM)`` of each completion, after checking the batch."""
    _check_batch(completions, {**columns, "label": label})
    if label is None:
        raise TypeError("label is required: the dataset's label column, one label per completion")
    return [
        _score(completion_text(completion, position), reference)
        for position, (completion, reference) in enumerate(zip(completions, _references(label), strict=True))
    ]


def _readable(text: str, reference: Any) -> float:
    try:
        return 0.0 if read_answer(text, reference) is None else 1.0
    except RecursionError:  # as in _score
        return 0.0


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
    return [scores[0] for scores in _scores(completions, label, _columns(prompts, completion_ids, task))]


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
    return [scores[1] for scores in _scores(completions, label, _columns(prompts, completion_ids, task))]


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
    return [scores[2] for scores in _scores(completions, label, _columns(prompts, completion_ids, task))]


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
    or wrong does not matter; ``label`` only helps type the states)."""
    _check_batch(completions, {**_columns(prompts, completion_ids, task), "label": label})
    references = [None] * len(completions) if label is None else _references(label)
    return [
        _readable(completion_text(completion, position), reference)
        for position, (completion, reference) in enumerate(zip(completions, references))
    ]


REWARDS = (prefix_accuracy_reward, sequential_match_reward, final_match_reward, format_reward)
