"""ProcBench metric: Prefix Accuracy, Sequential Match, Final Match, Prefix Match Length.

An ``evaluate`` metric in evaluate's own layout (a folder named like its script, with its
card, ``app.py`` and ``requirements.txt``), so that ``evaluate.load("procbench_metric")``
finds it from the repository root. It scores with the scoring core in
``procbench_tools/scoring/measures.py``, which reads raw model responses with the project's
one answer reader (the same as ``procbench evaluate``, the harness integrations and the
training rewards); ``procbench push-metric`` carries those standard-library files into the
metric's Space beside this script.
"""

import json
from collections.abc import Sequence
from typing import Any

import datasets
import evaluate

from procbench_tools.scoring.measures import CITATION, score

_CITATION = CITATION

_DESCRIPTION = """\
Step-aware scores for ProcBench answers. A label's scored sequence is its intermediate
states followed by its final state (the initial state is never scored). For a prediction
with M states against a reference with N:

- prefix_match_length (PML): how many leading states of the prediction match the reference;
- prefix_accuracy (PA): PML / max(N, M);
- sequential_match (SM): 1 if PA == 1 else 0;
- final_match (FM): 1 if the last predicted state matches the reference's final state.

States match by the reference's type: a str reference matches a str or int whose str()
equals it; an int reference matches anything that converts to that int ("42" matches 42);
a list reference matches a list of the same length whose elements are equal by str().
A prediction that cannot be read scores 0 everywhere and is counted in
invalid_predictions; the metric never raises on a bad prediction.
"""

_KWARGS_DESCRIPTION = """
Args:
    predictions: one per example: the model's raw response (a string, read with the
        project's answer reader: JSON or Python literals, fenced blocks, <answer> tags,
        "Step 1: ..." / "Final answer: ..." lines and more), a dict {"intermediate": [...],
        "final": ...} (keys in any case, with aliases such as "final_state"), or a flat list
        of states (intermediate states then the final state). Anything that cannot be read
        (None, a number, a dict without a final state, a state that is a dict, text with no
        answer) is an invalid prediction.
    references: the labels, as the dataset stores them: dicts with "intermediate" and
        "final" (and usually "init"), or JSON strings of them.
    tasks: optional list of task names, one per example, for a breakdown by task.
Returns:
    prefix_accuracy, sequential_match, final_match, prefix_match_length: means over all
        examples; invalid_predictions: how many predictions could not be read; n: examples;
    by_length: the same six figures for each length bucket present (short: 2-6 steps,
        medium: 7-16, long: 17-25, extra: any other count), from the reference's steps;
    by_task: the same per task, when tasks are given.
Examples:
    >>> import evaluate
    >>> metric = evaluate.load("procbench_metric")
    >>> label = {"init": "itstb", "intermediate": ["btsti"], "final": "bistt"}
    >>> result = metric.compute(predictions=[{"intermediate": ["btsti"], "final": "bistt"}], references=[label])
    >>> result["prefix_accuracy"], result["sequential_match"], result["final_match"]
    (1.0, 1.0, 1.0)
    >>> result = metric.compute(predictions=['["btsti", "bitst"]', "not json"], references=[label, label])
    >>> result["prefix_accuracy"], result["prefix_match_length"], result["invalid_predictions"]
    (0.25, 0.5, 1)
    >>> response = "Sure! Swapping as told:\\n**Step 1:** btsti\\n**Final answer:** `bistt`"
    >>> metric.compute(predictions=[response], references=[label])["sequential_match"]
    1.0
"""


def _as_json(value: Any) -> str:
    """``value`` as JSON text; a value JSON cannot hold becomes ``null`` (an unreadable
    prediction)."""
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return "null"


def _all_as_json(values: Sequence[Any] | None) -> list[str] | None:
    return None if values is None else [_as_json(value) for value in values]


@evaluate.utils.file_utils.add_start_docstrings(_DESCRIPTION, _KWARGS_DESCRIPTION)
class ProcbenchMetric(evaluate.Metric):
    """ProcBench's step-aware scores (see the module docstring)."""

    def _info(self) -> evaluate.MetricInfo:
        return evaluate.MetricInfo(
            description=_DESCRIPTION,
            citation=_CITATION,
            inputs_description=_KWARGS_DESCRIPTION,
            features=datasets.Features(
                {"predictions": datasets.Value("string"), "references": datasets.Value("string")}
            ),
            reference_urls=["https://arxiv.org/abs/2410.03117"],
        )

    # Where this metric leaves evaluate's canonical shape (_info and _compute alone): a
    # prediction may be free text, a dict or a list, and a reference a dict or JSON text,
    # while evaluate keeps inputs in Arrow columns of one type. So add and add_batch (which
    # compute calls) store every value as JSON text, and _compute reads it back: the values
    # arrive as they were given.

    def add(self, *, prediction: Any = None, reference: Any = None, **kwargs: Any) -> None:
        """Add one prediction and its reference."""
        super().add(prediction=_as_json(prediction), reference=_as_json(reference), **kwargs)

    def add_batch(self, *, predictions: Any = None, references: Any = None, **kwargs: Any) -> None:
        """Add a batch of predictions and their references."""
        super().add_batch(predictions=_all_as_json(predictions), references=_all_as_json(references), **kwargs)

    def _compute(
        self, predictions: list[str], references: list[str], tasks: Sequence[str] | None = None
    ) -> dict[str, Any]:
        return score([json.loads(value) for value in predictions], [json.loads(value) for value in references], tasks)
