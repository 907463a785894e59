"""A model's answers, one at a time: the lines of a JSON Lines answers file (``-``: standard
input; a pipe such as ``<(cat answers.jsonl)`` is read once, like it), or the answers of an
inspect log or lm-eval samples (a file or a run's folder).

A line holds the example's ``id`` and the model's raw ``response`` (or an already
structured ``prediction``); ``"truncated": true`` marks a reply cut off by the token limit
(as ``procbench horizon`` logs them). Errors are ``ValueError`` naming the file and line.
:func:`open_answers` also says what a harness file reports of its run (an inspect log's
status and errored samples) and refuses a run that did not finish unless asked."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..scoring.responses import NotText, response_text
from .harness_logs import HarnessAnswers, read_harness_answers
from .lines import json_lines

STDIN = "-"


@dataclass(frozen=True)
class AnswerLine:
    """One answer: the example's id, where it stands, and what the model said."""

    id: str
    number: int | None  # its line in the file (None for a harness log's sample)
    response: str | None = None
    prediction: Any = None
    has_prediction: bool = False  # a structured ``prediction``, scored instead of a response
    truncated: bool = False  # the reply was cut off by the token limit


def shown_name(path: Path) -> str:
    return "standard input" if str(path) == STDIN else str(path)


def check_answers_path(path: Path) -> None:
    """``ValueError`` at once for an answers path that cannot be read at all."""
    if str(path) == STDIN:
        return
    if not path.exists():
        raise ValueError(f"answers file {path} does not exist")


@dataclass(frozen=True)
class Answers:
    """A model's answers (iterating gives them, once) and, for a harness file, what the
    harness says of its run (``None`` for a JSON Lines answers file)."""

    lines: Iterator[AnswerLine]
    harness: HarnessAnswers | None = None

    def __iter__(self) -> Iterator[AnswerLine]:
        return self.lines


def open_answers(
    path: Path, progress: Callable[[int], Any] | None = None, *, allow_incomplete: bool = False
) -> Answers:
    """The answers of ``path``, in its order; ``progress`` is called with the bytes of each
    line read (for a bar). An inspect log whose run did not finish (status ``"error"``,
    ``"cancelled"``, ...) is refused in one line unless ``allow_incomplete``."""
    harness = None if str(path) == STDIN or not path.exists() else read_harness_answers(path)
    if harness is None:
        return Answers(_answers_file(path, progress))
    if not allow_incomplete:
        harness.check_complete()
    return Answers(_harness_lines(harness, progress), harness)


def read_answers(
    path: Path, progress: Callable[[int], Any] | None = None, *, allow_incomplete: bool = False
) -> Iterator[AnswerLine]:
    """The answers of ``path`` (:func:`open_answers`'s, without what the harness says)."""
    return iter(open_answers(path, progress, allow_incomplete=allow_incomplete))


def _harness_lines(harness: HarnessAnswers, progress: Callable[[int], Any] | None) -> Iterator[AnswerLine]:
    for entry in harness:
        if progress is not None:
            progress(0)
        yield AnswerLine(entry["id"], None, response=entry["response"], truncated=entry.get("truncated", False))


def _answers_file(path: Path, progress: Callable[[int], Any] | None) -> Iterator[AnswerLine]:
    shown = shown_name(path)
    for number, line in json_lines(path, "answers file", shown, progress=progress):
        if not isinstance(line, dict) or not isinstance(line.get("id"), str):
            raise ValueError(f'{shown}:{number}: each line needs an "id" (a string)')
        if "prediction" in line:
            yield AnswerLine(line["id"], number, line.get("response"), line["prediction"], True, _truncated(line))
        elif "response" in line:
            yield AnswerLine(line["id"], number, _response(line["response"], shown, number), truncated=_truncated(line))
        else:
            raise ValueError(f'{shown}:{number}: a line needs "response" (raw text) or "prediction"')


def _response(response: Any, shown: str, number: int) -> str | None:
    """A line's response as text (a chat message list or an OpenAI-style object gives its
    assistant text); ``None`` stays "no reply"; anything else is refused in one line."""
    if response is None:
        return None
    try:
        return response_text(response)
    except NotText as error:
        raise ValueError(f'{shown}:{number}: {error}; a structured answer goes under "prediction"') from None


def _truncated(line: dict[str, Any]) -> bool:
    return line.get("truncated") is True


def find_answer(path: Path, identifier: str) -> tuple[AnswerLine | None, int]:
    """The answer for ``identifier`` in ``path`` (the first, if several) and how many answers
    the file holds (read to the end only when the id is not found)."""
    count = 0
    for answer in read_answers(path, allow_incomplete=True):  # showing an answer needs no finished run
        count += 1
        if answer.id == identifier:
            return answer, count
    return None, count
