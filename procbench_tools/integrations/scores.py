"""Read a model's free-text answer with the project's one reader and score it step by step:
the single place where the harness integrations call the reader and the scoring core."""

from __future__ import annotations

from typing import Any

from ..scoring.lengths import BUCKETS
from ..scoring.measures import MEASURES, score_row
from ..scoring.reader import read_answer

__all__ = ["BUCKETS", "MEASURES", "score_response"]


def score_response(response: str, task: str, label: dict[str, Any]) -> tuple[dict[str, float], Any]:
    """(``{measure: value}`` for the four measures plus ``valid`` as 1.0/0.0, the
    prediction read from ``response`` or ``None``). ``task`` is not needed to read the
    answer (the label types its states); harnesses pass it along with the label."""
    prediction = read_answer(response, label)
    accuracy, sequential, final, matched, valid = score_row(prediction, label)
    figures = {
        "prefix_accuracy": float(accuracy),
        "sequential_match": float(sequential),
        "final_match": float(final),
        "prefix_match_length": float(matched),
        "valid": float(valid),
    }
    return figures, prediction
