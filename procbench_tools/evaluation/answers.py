"""A model's answers, one at a time: the lines of a JSON Lines answers file (``-``: standard
input; a pipe such as ``<(cat answers.jsonl)`` is read once, like it), or the answers of an
inspect log or lm-eval samples (a file or a run's folder).

A line holds the example's ``id`` and the model's raw ``response`` (or an already
structured ``prediction``); ``"truncated": true`` marks a reply cut off by the token limit,
and ``output_tokens`` and ``reasoning_tokens`` (whole numbers) say what it cost, as
``procbench horizon`` logs them (its ``calls.jsonl``) and inspect's logs record them.
Errors are ``ValueError`` naming the file and line. :func:`open_answers` also says what a
harness file reports of its run (an inspect log's status and errored samples) and refuses
a run that did not finish unless asked."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..scoring.responses import NotText, response_text
from .harness_logs import HarnessAnswers, read_harness_answers
from .lines import json_lines
from .original_runs import OriginalModel, original_model

STDIN = "-"
ANSWERS_FILE_COUNTS = "the answers' output_tokens, reasoning_tokens and truncated fields"
NOT_RECORDED_BY_ORIGINAL_RUNS = (
    "an original run's .txt and .json files hold no tokens; its preds_raw pickles, which do, are never loaded"
)


@dataclass(frozen=True)
class AnswerLine:
    """One answer: the example's id, where it stands, and what the model said."""

    id: str
    number: int | None  # its line in the file (None for a harness log's sample)
    response: str | None = None
    prediction: Any = None
    has_prediction: bool = False  # a structured ``prediction``, scored instead of a response
    truncated: bool = False  # the reply was cut off by the token limit
    source: str | None = None  # the file it comes from, when each answer has its own
    output_tokens: int | None = None  # as the provider reported them (None: not reported)
    reasoning_tokens: int | None = None


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

    counted_by: str = ANSWERS_FILE_COUNTS  # what the answers' token counts come from
    note: str | None = None  # why answers that are not a harness's cannot say what they cost

    @property
    def usage_note(self) -> str | None:
        """Why the answers cannot say how they ended and what they cost (``None``: they
        can; lm-eval's samples cannot, unless their model's tokens can be counted, nor an
        original run's replies)."""
        return self.note if self.harness is None else self.harness.usage_note

    def __iter__(self) -> Iterator[AnswerLine]:
        return self.lines


def open_answers(
    path: Path, progress: Callable[[int], Any] | None = None, *, allow_incomplete: bool = False
) -> Answers:
    """The answers of ``path``, in its order; ``progress`` is called with the bytes of each
    line read (for a bar). An inspect log whose run did not finish (status ``"error"``,
    ``"cancelled"``, ...) is refused in one line unless ``allow_incomplete``. A model's
    folder of the original pipeline's run gives an answer per file (:mod:`.original_runs`)."""
    original = None if str(path) == STDIN else original_model(path)
    if original is not None:
        return Answers(_original_lines(original, progress), note=NOT_RECORDED_BY_ORIGINAL_RUNS)
    harness = None if str(path) == STDIN or not path.exists() else read_harness_answers(path)
    if harness is None:
        return Answers(_answers_file(path, progress))
    if not allow_incomplete:
        harness.check_complete()
    return Answers(_harness_lines(harness, progress), harness, harness.counted_by)


def read_answers(
    path: Path, progress: Callable[[int], Any] | None = None, *, allow_incomplete: bool = False
) -> Iterator[AnswerLine]:
    """The answers of ``path`` (:func:`open_answers`'s, without what the harness says)."""
    return iter(open_answers(path, progress, allow_incomplete=allow_incomplete))


def _harness_lines(harness: HarnessAnswers, progress: Callable[[int], Any] | None) -> Iterator[AnswerLine]:
    for entry in harness:
        if progress is not None:
            progress(0)
        yield AnswerLine(
            entry["id"],
            None,
            response=entry["response"],
            truncated=entry.get("truncated", False),
            output_tokens=entry.get("output_tokens"),
            reasoning_tokens=entry.get("reasoning_tokens"),
        )


def _original_lines(model: OriginalModel, progress: Callable[[int], Any] | None) -> Iterator[AnswerLine]:
    for entry in model.answers():
        if progress is not None:
            progress(0)
        if "prediction" in entry:
            yield AnswerLine(entry["id"], None, None, entry["prediction"], True, source=entry["source"])
        else:
            yield AnswerLine(entry["id"], None, entry["response"], source=entry["source"])


def _answers_file(path: Path, progress: Callable[[int], Any] | None) -> Iterator[AnswerLine]:
    shown = shown_name(path)
    for number, line in json_lines(path, "answers file", shown, progress=progress):
        if not isinstance(line, dict) or not isinstance(line.get("id"), str):
            raise ValueError(f'{shown}:{number}: each line needs an "id" (a string)')
        if "prediction" not in line and "response" not in line:
            raise ValueError(f'{shown}:{number}: a line needs "response" (raw text) or "prediction"')
        yield AnswerLine(
            line["id"],
            number,
            line.get("response") if "prediction" in line else _response(line["response"], shown, number),
            line.get("prediction"),
            "prediction" in line,
            truncated=line.get("truncated") is True,
            output_tokens=_tokens(line, "output_tokens", f"{shown}:{number}"),
            reasoning_tokens=_tokens(line, "reasoning_tokens", f"{shown}:{number}"),
        )


def _response(response: Any, shown: str, number: int) -> str | None:
    """A line's response as text (a chat message list or an OpenAI-style object gives its
    assistant text); ``None`` stays "no reply"; anything else is refused in one line."""
    if response is None:
        return None
    try:
        return response_text(response)
    except NotText as error:
        raise ValueError(f'{shown}:{number}: {error}; a structured answer goes under "prediction"') from None


def _tokens(line: dict[str, Any], key: str, where: str) -> int | None:
    """A line's token count ``key`` (``None`` when absent or null); ``ValueError`` naming
    the line when it is not a whole number of at least 0."""
    value = line.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{where}: {key} must be a whole number of at least 0, got {value!r}")
    return value


def find_answer(path: Path, identifier: str) -> tuple[AnswerLine | None, int]:
    """The answer for ``identifier`` in ``path`` (the first, if several) and how many answers
    the file holds (read to the end only when the id is not found)."""
    count = 0
    for answer in read_answers(path, allow_incomplete=True):  # showing an answer needs no finished run
        count += 1
        if answer.id == identifier:
            return answer, count
    return None, count
