"""An answer beside its reference, state by state: the one home of what ``procbench show``
prints and the report's drill-down shows (the rows, the first wrong state, and the
characters where a wrong state differs from the reference's)."""

from __future__ import annotations

import difflib
import json
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .references import Example

MARK = ">>"  # the first wrong state's mark
MISSING = "-"  # a state one side lacks

StateRow = tuple[str, str, str, str]  # (mark, step, reference state, predicted state)
Segment = tuple[str, bool]  # a run of characters, and whether it differs from the other side


def state_text(value: Any) -> str:
    """A state as it is shown: its JSON (``"abc"``, ``[1, 2]``, ``42``)."""
    return json.dumps(value, ensure_ascii=False)


def state_rows(reference: Example, prediction: Any) -> list[StateRow]:
    """``(mark, step, reference state, predicted state)`` per scored state: step 1 … N (the
    last is the final state), as long as the longer of the two sequences; the first wrong
    state carries ``MARK``, and ``MISSING`` stands for a state one side lacks."""
    from ..scoring.measures import parse_prediction, states_match

    expected = reference.states()
    predicted = parse_prediction(prediction) or []
    rows, wrong_seen = [], False
    for index in range(max(len(expected), len(predicted))):
        has_reference, has_prediction = index < len(expected), index < len(predicted)
        right = has_reference and has_prediction and states_match(predicted[index], expected[index])
        mark = ""
        if not right and not wrong_seen:
            mark, wrong_seen = MARK, True
        step = f"{index + 1}" + (" final" if index == len(expected) - 1 else "")
        rows.append(
            (
                mark,
                step,
                state_text(expected[index]) if has_reference else MISSING,
                state_text(predicted[index]) if has_prediction else MISSING,
            )
        )
    return rows


def differing_characters(reference: str, predicted: str) -> tuple[list[Segment], list[Segment]]:
    """Each text cut into runs of characters, each run flagged when it is not part of the
    longest matching blocks of the two (``difflib``): what a wrong state got wrong.

    >>> differing_characters('"abc"', '"abd"')
    ([('"ab', False), ('c', True), ('"', False)], [('"ab', False), ('d', True), ('"', False)])
    """
    matcher = difflib.SequenceMatcher(None, reference, predicted, autojunk=False)
    left: list[Segment] = []
    right: list[Segment] = []
    for operation, start, end, other_start, other_end in matcher.get_opcodes():
        differs = operation != "equal"
        if end > start:
            left.append((reference[start:end], differs))
        if other_end > other_start:
            right.append((predicted[other_start:other_end], differs))
    return left, right
