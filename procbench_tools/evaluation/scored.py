"""One answer, read once and scored: :func:`score_answer` makes a :class:`ScoredAnswer`, the
record every part of the report is made from (a line of ``scores.jsonl``, the tallies, the
possible misreads)."""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..scoring import measures
from ..scoring.reader import FULL, READER_VERSION, read_reply

if TYPE_CHECKING:
    from .answers import AnswerLine
    from .references import Example

# How much of an answer was read (the reading audit's three counts).
READ_FULL, READ_FINAL_ONLY, NOT_READ = "full", "final_only", "not_read"
PREDICTION_FORM = "prediction"  # the form of a structured ``prediction`` line


@dataclass(frozen=True)
class ScoredAnswer:
    """A model's answer to one example: what was read from it, how, and its scores."""

    model: str
    example: Example
    score: measures.Score
    prediction: Any  # the extracted answer (``None`` when nothing could be read)
    prediction_length: int | None  # states predicted (``None`` when unreadable)
    response: str | None  # the raw text (``None`` for a ``prediction`` line)
    source: str | None  # ``answers.jsonl:17``
    read: str  # READ_FULL, READ_FINAL_ONLY or NOT_READ
    form: str | None  # the form reader that read it (``reader.FORMS``), or PREDICTION_FORM
    doubts: tuple[str, ...]  # what makes the reading doubtful (``choose.Doubt`` values), sorted
    truncated: bool = False  # cut off by the token limit
    output_tokens: int | None = None  # as the provider reported them (None: not reported)
    reasoning_tokens: int | None = None

    @property
    def first_wrong(self) -> int | None:
        """The 0-based index, in the intermediate states then the final state, of the first
        state the answer gets wrong (its prefix match length); ``None`` when all are right."""
        return None if self.score.sequential_match else self.score.prefix_match_length

    @property
    def possibly_misread(self) -> bool:
        """Whether the reading is doubtful: it goes to ``possible_misreads.jsonl``."""
        return bool(self.doubts)

    @property
    def states_read(self) -> int:
        return self.prediction_length or 0

    def record(self) -> dict[str, Any]:
        """Its line of ``scores.jsonl``."""
        return {
            "model": self.model,
            "id": self.example.id,
            "task": self.example.task,
            "steps": self.example.steps,
            **self.score._asdict(),
            "first_wrong": self.first_wrong,
            "prediction_length": self.prediction_length,
            "read": self.read,
            "form": self.form,
            "doubts": list(self.doubts),
            "reader": READER_VERSION,
            "prediction": self.prediction,
            "reference": self.example.label,
            "response": self.response,
            "source": self.source,
            "truncated": self.truncated,
            "output_tokens": self.output_tokens,
            "reasoning_tokens": self.reasoning_tokens,
        }

    def misread_record(self) -> dict[str, Any]:
        """Its line of ``possible_misreads.jsonl``."""
        return {
            "model": self.model,
            "id": self.example.id,
            "source": self.source,
            "form": self.form,
            "states_read": self.states_read,
            "doubts": list(self.doubts),
            "reader": READER_VERSION,
            "response": self.response,
        }


def score_answer(model: str, answer: AnswerLine, example: Example, source: str | None) -> ScoredAnswer:
    """Read ``answer`` once (its ``response`` through the reader's audit, unless it has a
    structured ``prediction``) and score it against ``example``: the one place that calls
    the answer reader and the scoring core for a report."""
    states = example.states()
    form: str | None
    if answer.has_prediction:
        prediction, form, found = answer.prediction, PREDICTION_FORM, tuple[str, ...]()
        predicted = measures.parse_prediction(prediction, example.label)
        full = predicted is not None and (len(predicted) > 1 or len(states) == 1)
    else:
        reading = None if answer.response is None else read_reply(answer.response, states, example.label.get("init"))
        prediction = None if reading is None else reading.prediction()
        form = None if reading is None else reading.form
        found = () if reading is None else tuple(sorted(doubt.value for doubt in reading.doubts))
        predicted = measures.parse_prediction(prediction, example.label)
        full = reading is not None and reading.extent == FULL
    read = NOT_READ if predicted is None else READ_FULL if full else READ_FINAL_ONLY
    return ScoredAnswer(
        model=model,
        example=example,
        score=measures.score_row(predicted, example.label),
        prediction=prediction,
        prediction_length=None if predicted is None else len(predicted),
        response=answer.response,
        source=source,
        read=read,
        form=form if predicted is not None else None,
        doubts=found,
        truncated=answer.truncated,
        output_tokens=answer.output_tokens,
        reasoning_tokens=answer.reasoning_tokens,
    )


def json_line(record: dict[str, Any]) -> str:
    """``record`` as one line of JSON: a float that JSON cannot hold (``NaN``, ``Infinity``,
    as a model may write them) becomes the string ``"NaN"``, ``"Infinity"`` or
    ``"-Infinity"``."""
    try:
        return json.dumps(record, ensure_ascii=False, allow_nan=False) + "\n"
    except ValueError:
        return json.dumps(_finite(record), ensure_ascii=False, allow_nan=False) + "\n"


def _finite(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return "NaN" if math.isnan(value) else "Infinity" if value > 0 else "-Infinity"
    if isinstance(value, dict):
        return {key: _finite(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(item) for item in value]
    return value
