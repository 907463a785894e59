"""ProcBench's step-aware measures: Prefix Accuracy, Sequential Match, Final Match and
Prefix Match Length, in plain Python (standard library only, so the metric Space carries this
file beside ``procbench_metric.py``).

A label's scored sequence is its intermediate states followed by its final state (the
initial state is never scored). For a prediction of M states against a reference of N:
PML counts the leading predicted states that match; PA = PML / max(N, M); SM = 1 if PA == 1;
FM = 1 if the last predicted state matches the reference's final state. States match by
the reference's type (see ``states_match``). A raw response (a ``str``) is read with the
project's one answer reader; a prediction that cannot be read scores 0 everywhere and is
counted as invalid. Nothing here raises on a bad prediction.
"""

from __future__ import annotations

import gc
import itertools
import json
import math
import operator
from collections import defaultdict
from collections.abc import Sequence
from typing import Any, NamedTuple

from .lengths import BUCKET_NAMES, length_bucket
from .objects import answer_parts
from .reader import read_states
from .responses import is_reply
from .state_types import reference_init

CITATION = """\
@article{fujisawa2024procbench,
  title   = {ProcBench: Benchmark for Multi-Step Reasoning and Following Procedure},
  author  = {Fujisawa, Ippei and Nobe, Sensho and Seto, Hiroki and Onda, Rina and Uchida, Yoshiaki
             and Ikoma, Hiroki and Chien, Pei-Chun and Kanai, Ryota},
  journal = {arXiv preprint arXiv:2410.03117},
  year    = {2024}
}
"""


MEASURES = ("prefix_accuracy", "sequential_match", "final_match", "prefix_match_length")


class Score(NamedTuple):
    """The four measures of one prediction, and whether it could be read at all."""

    prefix_accuracy: float
    sequential_match: int
    final_match: int
    prefix_match_length: int
    valid: bool


def json_or_none(text: str) -> Any:
    """``json.loads(text)``, or ``None`` when it is not JSON (or nests deeper than Python's
    recursion limit, as a looping model's ``[[[[...`` may)."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def _read_states(prediction: Any, expected: list[Any] | None = None, reference: Any = None) -> list[Any] | None:
    """The state sequence of a prediction, before the check for dict-valued states: a raw
    response (text, a chat message list or an OpenAI-style object) is read with the
    project's one answer reader, typed by ``expected`` and shaped by the initial state of
    ``reference``; a dict is a structured answer and a list of states its state sequence."""
    kind = type(prediction)
    if kind is str or is_reply(prediction):
        answer = read_states(prediction, expected, reference_init(reference))
        return None if answer is None else [*answer["intermediate"], answer["final"]]
    if kind is dict:
        parts = answer_parts(prediction)
        return None if parts is None else [*parts[0], parts[1]]
    return prediction if kind is list and prediction else None


def parse_prediction(prediction: Any, reference: Any = None) -> list[Any] | None:
    """The predicted state sequence (intermediate states then the final state), or
    ``None`` when the prediction cannot be read. A string is a raw response, read with
    ``read_answer`` (typed by ``reference``, a label, when given)."""
    expected = None if reference is None else parse_reference(reference)
    states = _read_states(prediction, expected, reference)
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


INVALID = Score(0.0, 0, 0, 0, False)


def _score_read(predicted: list[Any] | None, reference: list[Any]) -> Score:
    """Scores of a state sequence from ``_read_states``, and whether it is valid."""
    if predicted is None:
        return INVALID
    kinds = set(map(type, predicted))
    if predicted == reference and _plain_states(predicted, kinds):  # cannot hold a dict either
        return Score(1.0, 1, 1, len(reference), True)
    if dict in kinds:
        return INVALID  # wrong nesting
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
    return Score(accuracy, int(accuracy == 1.0), int(states_match(predicted[-1], reference[-1])), matched, True)


def score_example(prediction: Any, reference: Any) -> dict[str, Any]:
    """The four measures of one prediction, plus whether it could be read and the
    reference's step count."""
    expected = parse_reference(reference)
    return {**_score_read(_read_states(prediction, expected, reference), expected)._asdict(), "steps": len(expected)}


def _column_sums(scores: list[Score]) -> list[float]:
    """[sum PA, sum SM, sum FM, sum PML, valid count, n] of scores. The PA sum is
    ``math.fsum``'s, correctly rounded whatever the order of the scores, so the same answers
    give the same figures however they arrive (a file, a harness log)."""
    return [
        math.fsum(score.prefix_accuracy for score in scores),
        sum(score.sequential_match for score in scores),
        sum(score.final_match for score in scores),
        sum(score.prefix_match_length for score in scores),
        sum(score.valid for score in scores),
        len(scores),
    ]


def _means(parts: list[list[float]]) -> dict[str, Any]:
    """Means over the union of groups, from their column sums."""
    columns = list(zip(*parts, strict=True))
    prefix = math.fsum(columns[0])  # correctly rounded: the same in any order of the groups
    sequential, final, matched, valid, n = (sum(column) for column in columns[1:])
    return {
        "prefix_accuracy": prefix / n,
        "sequential_match": sequential / n,
        "final_match": final / n,
        "prefix_match_length": matched / n,
        "invalid_predictions": n - valid,
        "n": n,
    }


def score_row(prediction: Any, reference: Any) -> Score:
    """The :class:`Score` of one prediction."""
    expected = parse_reference(reference)
    return _score_read(_read_states(prediction, expected, reference), expected)


def score(predictions: Sequence[Any], references: Sequence[Any], tasks: Sequence[str] | None = None) -> dict[str, Any]:
    """Mean scores over all examples, by length bucket and (with ``tasks``) by task."""
    if len(predictions) != len(references):
        raise ValueError(f"got {len(predictions)} predictions but {len(references)} references")
    if tasks is not None and len(tasks) != len(references):
        raise ValueError(f"got {len(tasks)} tasks but {len(references)} references")
    if not references:
        raise ValueError("nothing to score: predictions and references are empty")
    task_names = tasks if tasks is not None else [None] * len(references)
    groups: defaultdict[tuple[int, str | None], list[Score]] = defaultdict(list)  # (steps, task) -> scores
    # Scoring makes no reference cycles; pausing the cycle collector spares repeated full
    # traversals of the caller's (possibly huge) predictions and references.
    collecting = gc.isenabled()
    gc.disable()
    try:
        for position, (prediction, reference, task) in enumerate(zip(predictions, references, task_names, strict=True)):
            expected = parse_reference(reference, position)
            groups[len(expected), task].append(_score_read(_read_states(prediction, expected, reference), expected))
        sums = {key: _column_sums(rows) for key, rows in groups.items()}
    finally:
        if collecting:
            gc.enable()
    result = _means(list(sums.values()))
    buckets = {key: length_bucket(key[0]) for key in sums}
    result["by_length"] = {
        name: _means([part for key, part in sums.items() if buckets[key] == name])
        for name in BUCKET_NAMES
        if name in buckets.values()
    }
    if tasks is not None:
        result["by_task"] = {
            name: _means([part for key, part in sums.items() if key[1] == name])
            for name in dict.fromkeys(task for _, task in sums)
        }
    return result
