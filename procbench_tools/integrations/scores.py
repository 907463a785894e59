"""Read a model's free-text answer with the project's one reader and score it step by step:
the single place where the harness integrations call the reader and the scoring core."""

from __future__ import annotations

from typing import Any

from ..scoring.lengths import BUCKETS
from ..scoring.measures import MEASURES, score_row
from ..scoring.reader import FULL, READER_VERSION, read_reply
from ..scoring.state_types import reference_states

__all__ = ["BUCKETS", "MEASURES", "score_response"]


def score_response(response: str, task: str, label: dict[str, Any]) -> tuple[dict[str, float], Any, dict[str, Any]]:
    """(``{measure: value}`` for the four measures plus ``valid`` as 1.0/0.0, the
    prediction read from ``response`` or ``None``, and how it was read: ``{"valid", "full",
    "reader", "form", "doubts"}``). ``task`` is not needed to read the answer (the label
    types its states); harnesses pass it along with the label."""
    reading = read_reply(response, reference_states(label), label.get("init"))
    prediction = None if reading is None else reading.prediction()
    accuracy, sequential, final, matched, valid = score_row(prediction, label)
    figures = {
        "prefix_accuracy": float(accuracy),
        "sequential_match": float(sequential),
        "final_match": float(final),
        "prefix_match_length": float(matched),
        "valid": float(valid),
    }
    how = {
        "valid": bool(valid),
        "full": reading is not None and reading.extent == FULL,
        "reader": READER_VERSION,
        "form": None if reading is None else reading.form,
        "doubts": [] if reading is None else sorted(doubt.value for doubt in reading.doubts),
    }
    return figures, prediction, how
