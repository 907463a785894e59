"""Step-aware reward functions with TRL's reward signature (no TRL import).

``GRPOTrainer`` calls a reward function with keyword arguments only::

    fn(prompts=[...], completions=[...], completion_ids=[...],
       <every other dataset column>=[...], trainer_state=..., log_extra=..., log_metric=...)

and takes back one float per completion. Here ``label`` (the dataset column: a label dict
or its JSON string) is required; ``task`` and every other column are accepted and not
needed (the label types the states); a completion is a
string, or, for a conversational dataset, a list of messages whose last one holds the
answer. Answers are read with the project's reader, so free text around the JSON answer is
fine.

- ``prefix_accuracy_reward``: the share of states right before the first wrong one (PA),
  a dense reward in [0, 1];
- ``sequential_match_reward``: 1.0 when every state is right (SM);
- ``final_match_reward``: 1.0 when the final state is right (FM);
- ``format_reward``: 1.0 when an answer can be read at all.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from procbench_tools.scoring.measures import Score, score_row
from procbench_tools.scoring.reader import read_answer

Completion = str | Sequence[dict[str, Any]]


def completion_text(completion: Completion) -> str:
    """The text of a completion: the string itself, or the content of the last message
    (text parts joined) of a conversational one."""
    if isinstance(completion, str):
        return completion
    if not completion:
        return ""
    content = completion[-1].get("content", "") if isinstance(completion[-1], dict) else ""
    if isinstance(content, list):  # content parts: [{"type": "text", "text": ...}, ...]
        return "".join(part.get("text", "") for part in content if isinstance(part, dict))
    return content if isinstance(content, str) else ""


def _check(completions: Sequence[Any], column: str, values: Sequence[Any] | None) -> Sequence[Any]:
    if values is None:
        return [None] * len(completions)
    if len(values) != len(completions):
        raise ValueError(f"got {len(completions)} completions but {len(values)} values of {column}")
    return values


def _scores(completions: Sequence[Completion], label: Sequence[Any], task: Sequence[str] | None) -> list[Score]:
    """``(PA, SM, FM, PML, readable)`` of each completion."""
    labels = _check(completions, "label", label)
    _check(completions, "task", task)  # a column of another length is a caller's mistake
    return [
        score_row(completion_text(completion), reference)
        for completion, reference in zip(completions, labels, strict=True)
    ]


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
    return [row[0] for row in _scores(completions, label, task)]


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
    return [float(row[1]) for row in _scores(completions, label, task)]


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
    return [float(row[2]) for row in _scores(completions, label, task)]


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
    labels = _check(completions, "label", label)
    _check(completions, "task", task)
    return [
        0.0 if read_answer(completion_text(completion), reference) is None else 1.0
        for completion, reference in zip(completions, labels, strict=True)
    ]


REWARDS = (prefix_accuracy_reward, sequential_match_reward, final_match_reward, format_reward)
