"""ProcBench metric: Prefix Accuracy, Sequential Match, Final Match, Prefix Match Length.

The scoring core is plain Python (``parse_prediction``, ``parse_reference``,
``states_match``, ``score_row``, ``score_example``, ``summarize``, ``score``), used
directly by the ``procbench`` command and the tests; :class:`ProcBenchMetric` is a thin
``evaluate`` adapter over it. This file imports only the standard library, ``datasets``
and ``evaluate``, so it can be uploaded alone as a Hub Space.
"""

from __future__ import annotations

import gc
import itertools
import json
import operator
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

import datasets
import evaluate

CITATION = """\
@article{fujisawa2024procbench,
  title   = {ProcBench: Benchmark for Multi-Step Reasoning and Following Procedure},
  author  = {Fujisawa, Ippei and Nobe, Sensho and Seto, Hiroki and Onda, Rina and Uchida, Yoshiaki
             and Ikoma, Hiroki and Chien, Pei-Chun and Kanai, Ryota},
  journal = {arXiv preprint arXiv:2410.03117},
  year    = {2024}
}
"""

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
    predictions: one per example: a dict {"intermediate": [...], "final": ...}, a flat list
        of states (intermediate states then the final state), or a JSON string of either.
        Anything else (None, broken JSON, a number, a dict without "final", a state that is
        a dict) is an invalid prediction.
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
"""

MEASURES = ("prefix_accuracy", "sequential_match", "final_match", "prefix_match_length")
BUCKETS = (("short", 2, 6), ("medium", 7, 16), ("long", 17, 25))


def length_bucket(steps: int) -> str:
    """short (2-6 steps), medium (7-16), long (17-25) or extra (any other count)."""
    for name, low, high in BUCKETS:
        if low <= steps <= high:
            return name
    return "extra"


def json_or_none(text: str) -> Any:
    """``json.loads(text)``, or ``None`` when it is not JSON."""
    try:
        return json.loads(text)
    except ValueError:
        return None


_NO_STATES: list[Any] = []


def _read_states(prediction: Any) -> list[Any] | None:
    """The state sequence of a prediction, before the check for dict-valued states."""
    value = json_or_none(prediction) if type(prediction) is str else prediction
    if type(value) is dict:
        if "final" not in value:
            return None
        intermediate = value.get("intermediate", _NO_STATES)
        return [*intermediate, value["final"]] if type(intermediate) is list else None
    return value if type(value) is list and value else None


def parse_prediction(prediction: Any) -> list[Any] | None:
    """The predicted state sequence (intermediate states then the final state), or
    ``None`` when the prediction cannot be read."""
    states = _read_states(prediction)
    if states is None or dict in map(type, states):
        return None  # unreadable, or a state that is a dict: wrong nesting
    return states


def parse_reference(reference: Any, position: int = 0) -> list[Any]:
    """The scored sequence of a label; ``ValueError`` naming ``position`` if it is not a
    label."""
    value = json_or_none(reference) if type(reference) is str else reference
    try:
        intermediate = value["intermediate"]
        if type(intermediate) is list:
            return [*intermediate, value["final"]]
    except (KeyError, TypeError):
        pass
    raise ValueError(
        f"references[{position}] is not a label with 'intermediate' (a list) and 'final': {reference!r:.120}"
    )


_STR_INT = frozenset((str, int))
_SCALAR_TYPES = frozenset((str, int, float, bool))
_LIST_ONLY = frozenset((list,))
_STR_INT_LIST = frozenset((str, int, list))


def _plain_elements(values: Any) -> bool:
    """No element is a bool, a float or a container (``[True] == [1]`` in Python)."""
    values = list(values)
    try:
        "".join(values)  # all str: the common case, checked at C speed
        return True
    except TypeError:
        return set(map(type, values)) <= _STR_INT


def states_match(predicted: Any, reference: Any) -> bool:
    """Whether a predicted state matches a reference state (by the reference's type)."""
    kind = type(reference)
    if kind is str:
        return (type(predicted) is str or type(predicted) is int) and str(predicted) == reference
    if kind is int:
        if type(predicted) is int:
            return predicted == reference
        if type(predicted) is str:
            try:
                return int(predicted.strip()) == reference
            except ValueError:
                return False
        if type(predicted) is float:
            return predicted.is_integer() and int(predicted) == reference
        return False
    if kind is list:
        if (type(predicted) is not list and type(predicted) is not tuple) or len(predicted) != len(reference):
            return False
        if predicted == reference and _plain_elements(predicted):
            return True
        return set(map(type, predicted)) <= _SCALAR_TYPES and list(map(str, predicted)) == list(map(str, reference))
    return type(predicted) is kind and predicted == reference


def _plain_states(states: list[Any], kinds: set[type] | None = None) -> bool:
    """True when no state (or element of a list state) is a bool or a float: then a
    prediction equal to the reference matches it state by state."""
    if kinds is None:
        kinds = set(map(type, states))
    if kinds <= _STR_INT:
        return True
    if not kinds <= _STR_INT_LIST:
        return False
    lists = states if kinds == _LIST_ONLY else [state for state in states if type(state) is list]
    try:
        "".join(map("".join, lists))  # every element a str: the common case, at C speed
        return True
    except TypeError:
        return set(map(type, itertools.chain.from_iterable(lists))) <= _STR_INT


_INVALID = (0.0, 0, 0, 0, False)


def _score_read(predicted: list[Any] | None, reference: list[Any]) -> tuple[float, int, int, int, bool]:
    """Scores of a state sequence from ``_read_states``, and whether it is valid."""
    if predicted is None:
        return _INVALID
    kinds = set(map(type, predicted))
    if predicted == reference and _plain_states(predicted, kinds):  # cannot hold a dict either
        return 1.0, 1, 1, len(reference), True
    if dict in kinds:
        return _INVALID  # wrong nesting
    # The leading states equal to the reference (found at C speed) match, unless a bool or
    # float hides among them; after them, the matching rules decide state by state.
    equal = list(map(operator.eq, predicted, reference))
    matched = equal.index(False) if False in equal else len(equal)
    if matched and not kinds <= _STR_INT and not _plain_states(predicted[:matched]):
        matched = 0
    if matched < len(equal):
        for p, r in zip(itertools.islice(predicted, matched, None), itertools.islice(reference, matched, None)):
            if not states_match(p, r):
                break
            matched += 1
    longest = len(predicted) if len(predicted) > len(reference) else len(reference)
    accuracy = matched / longest
    return accuracy, int(accuracy == 1.0), int(states_match(predicted[-1], reference[-1])), matched, True


def score_example(prediction: Any, reference: Any) -> dict[str, Any]:
    """The four measures of one prediction, plus whether it could be read and the
    reference's step count."""
    expected = parse_reference(reference)
    predicted = parse_prediction(prediction)
    accuracy, sequential, final, matched, _ = _score_read(predicted, expected)
    return {
        "prefix_accuracy": accuracy,
        "sequential_match": sequential,
        "final_match": final,
        "prefix_match_length": matched,
        "valid": predicted is not None,
        "steps": len(expected),
    }


Row = tuple[float, int, int, int, bool]
_COLUMNS = [operator.itemgetter(column) for column in range(5)]


def _column_sums(rows: list[Row]) -> list[float]:
    """[sum PA, sum SM, sum FM, sum PML, valid count, n] of score rows."""
    return [sum(map(column, rows)) for column in _COLUMNS] + [len(rows)]


def _means(parts: list[list[float]]) -> dict[str, Any]:
    """Means over the union of groups, from their column sums."""
    prefix, sequential, final, matched, valid, n = (sum(column) for column in zip(*parts, strict=True))
    return {
        "prefix_accuracy": prefix / n,
        "sequential_match": sequential / n,
        "final_match": final / n,
        "prefix_match_length": matched / n,
        "invalid_predictions": n - valid,
        "n": n,
    }


def summarize(rows: list[Row]) -> dict[str, Any]:
    """The six figures (four means, invalid count, n) of score rows
    ``(PA, SM, FM, PML, valid)``, as ``score`` reports them."""
    if not rows:
        raise ValueError("nothing to summarize")
    return _means([_column_sums(rows)])


def score_row(prediction: Any, reference: Any) -> Row:
    """``(PA, SM, FM, PML, valid)`` of one prediction."""
    return _score_read(_read_states(prediction), parse_reference(reference))


def score(predictions: Sequence[Any], references: Sequence[Any], tasks: Sequence[str] | None = None) -> dict[str, Any]:
    """Mean scores over all examples, by length bucket and (with ``tasks``) by task."""
    if len(predictions) != len(references):
        raise ValueError(f"got {len(predictions)} predictions but {len(references)} references")
    if tasks is not None and len(tasks) != len(references):
        raise ValueError(f"got {len(tasks)} tasks but {len(references)} references")
    if not references:
        raise ValueError("nothing to score: predictions and references are empty")
    task_names = tasks if tasks is not None else [None] * len(references)
    groups: defaultdict[tuple[int, str | None], list[Row]] = defaultdict(list)  # (steps, task) -> rows
    # Scoring makes no reference cycles; pausing the cycle collector spares repeated full
    # traversals of the caller's (possibly huge) predictions and references.
    collecting = gc.isenabled()
    gc.disable()
    try:
        for position, (prediction, reference, task) in enumerate(zip(predictions, references, task_names, strict=True)):
            expected = parse_reference(reference, position)
            groups[len(expected), task].append(_score_read(_read_states(prediction), expected))
        sums = {key: _column_sums(rows) for key, rows in groups.items()}
    finally:
        if collecting:
            gc.enable()
    result = _means(list(sums.values()))
    buckets = {key: length_bucket(key[0]) for key in sums}
    result["by_length"] = {
        name: _means([part for key, part in sums.items() if buckets[key] == name])
        for name in ("short", "medium", "long", "extra")
        if name in buckets.values()
    }
    if tasks is not None:
        result["by_task"] = {
            name: _means([part for key, part in sums.items() if key[1] == name])
            for name in dict.fromkeys(task for _, task in sums)
        }
    return result


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
