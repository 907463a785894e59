"""ProcBench metric: Prefix Accuracy, Sequential Match, Final Match, Prefix Match Length.

A thin ``evaluate`` adapter (:class:`ProcBenchMetric`) over the scoring core in
``procbench_tools/scoring/measures.py`` and the project's one answer reader in
``procbench_tools/scoring/reader.py``: both are standard-library Python, and the metric
Space carries them beside this file (``procbench push-metric`` turns the two imports below
into imports of those sibling files). Raw model responses are read with the same reader as
``procbench evaluate``, the harness integrations and the training rewards.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import datasets
import evaluate

from procbench_tools.scoring.measures import (
    BUCKETS,
    CITATION,
    MEASURES,
    Score,
    length_bucket,
    parse_prediction,
    parse_reference,
    score,
    score_example,
    score_row,
    states_match,
    summarize,
)
from procbench_tools.scoring.reader import read_answer

__all__ = [
    "BUCKETS",
    "CITATION",
    "MEASURES",
    "ProcBenchMetric",
    "Score",
    "length_bucket",
    "parse_prediction",
    "parse_reference",
    "read_answer",
    "score",
    "score_example",
    "score_row",
    "states_match",
    "summarize",
]

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
    >>> metric = evaluate.load("./procbench_metric.py")
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


def _as_json(values: Sequence[Any]) -> list[str]:
    """Arrow stores these columns as strings: serialise anything that is not one."""
    return [value if isinstance(value, str) else json.dumps(value) for value in values]


@evaluate.utils.file_utils.add_start_docstrings(_DESCRIPTION, _KWARGS_DESCRIPTION)
class ProcBenchMetric(evaluate.Metric):
    """ProcBench's step-aware scores (see the module docstring)."""

    def _info(self) -> evaluate.MetricInfo:
        return evaluate.MetricInfo(
            module_type="metric",
            description=_DESCRIPTION,
            citation=_CITATION,
            inputs_description=_KWARGS_DESCRIPTION,
            features=datasets.Features(
                {"predictions": datasets.Value("string"), "references": datasets.Value("string")}
            ),
            reference_urls=["https://arxiv.org/abs/2410.03117"],
        )

    # In a single process, added examples stay Python objects in memory and compute()
    # scores them directly; evaluate's Arrow storage (states as JSON strings) is used when
    # several processes share one evaluation, or when this is set to False.
    in_memory_single_process = True

    def _in_memory(self) -> bool:
        return self.in_memory_single_process and self.num_process == 1 and self.writer is None

    def _pending(self) -> tuple[list[Any], list[Any]]:
        if not hasattr(self, "_pending_examples"):
            self._pending_examples: tuple[list[Any], list[Any]] = ([], [])
        return self._pending_examples

    def add(self, *, prediction=None, reference=None, **kwargs):
        """Add one prediction and its reference."""
        if self._in_memory():
            predictions, references = self._pending()
            predictions.append(prediction)
            references.append(reference)
            return None
        prediction = prediction if prediction is None or isinstance(prediction, str) else json.dumps(prediction)
        reference = reference if reference is None or isinstance(reference, str) else json.dumps(reference)
        return super().add(prediction=prediction, reference=reference, **kwargs)

    def add_batch(self, *, predictions=None, references=None, **kwargs):
        """Add a batch of predictions and their references."""
        if self._in_memory():
            if predictions is None or references is None or len(predictions) != len(references):
                raise ValueError("add_batch needs predictions and references of the same length")
            pending_predictions, pending_references = self._pending()
            pending_predictions.extend(predictions)
            pending_references.extend(references)
            return None
        predictions = None if predictions is None else _as_json(predictions)
        references = None if references is None else _as_json(references)
        return super().add_batch(predictions=predictions, references=references, **kwargs)

    def compute(self, *, predictions=None, references=None, **kwargs):
        """Score the examples added so far and those passed here (see the module's
        docstring for the returned figures)."""
        if not self._in_memory():
            return super().compute(predictions=predictions, references=references, **kwargs)
        all_predictions, all_references = self._pending()
        self._pending_examples = ([], [])
        if predictions is not None or references is not None:
            if predictions is None or references is None:
                raise ValueError("compute needs both predictions and references")
            all_predictions = [*all_predictions, *predictions]
            all_references = [*all_references, *references]
        return score(all_predictions, all_references, kwargs.get("tasks"))

    def _compute(self, predictions, references, tasks=None):
        return score(predictions, references, tasks)
