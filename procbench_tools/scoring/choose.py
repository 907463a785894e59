"""Which candidate is the answer, and what makes that choice doubtful: every precedence
rule of the reader, written once.

Two readings of one document are made independently:

- **labels first** (``forms.FORMS``): the last complete answer wins, whatever its form, so
  a draft never beats the answer after it. An answer's position is where it ends; where two
  end at one place, the form earlier in ``FORMS`` wins. A final state alone after the last
  full answer leaves that answer standing where it repeats its final state or a run of its
  items (a recap), looks nothing like it (a remark, "the final fill is the one that ...") or
  has not a state's shape; so does a later list that
  repeats a run of its states, where it has the expected number of states and the list not.
- **chain first** (``forms.read_chain``): the run of state-shaped values that ends last.

Then :func:`choose` combines them:

1. No labelled answer: the chain is the answer.
2. A labelled final state alone: a chain that ends in it, or that ends just before it and
   so lists the steps, gives its intermediate states; a chain with the expected number of
   states that starts at it (the label heads the chain) is the answer.
3. A full labelled answer stands, unless a chain after it has the expected number of
   states where it has not (a correction written out after the answer); so does a chain
   of other states that ends with it, where the answer's steps came from a walk-through,
   not a list the reply names ("The recorded prefixes are ..." after a walk-through of the
   candidates).
4. An answer one state short of the expected number, with a final state stated apart from
   it (``final: x`` then ``steps: [...]``; the final sentence, then the numbered steps), is
   the intermediate states: the final state is the one stated apart.

A reading is doubtful (:class:`Doubt`) when the two readings disagree, when the states the
reader chose are not the expected number, when a walk-through shows more states than a
miscounted list the reply names holds, when state-shaped values are left unread after it, or when a state
has not the shape of the task's states. Doubt needs no label values.

Standard library only: the metric Space carries this file.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Any

from .document import Expected
from .forms import FORMS, Candidate, Source, same_state
from .state_types import Kind, typed

MIN_DISAGREEING = 3  # a reading of fewer states disagrees only where it has the expected number
MORE_STEPS_SHOWN = 2  # a walk-through showing this many states more than were read is a sign


class Doubt(Enum):
    """A sign that a reading may not be the answer its writer states."""

    READINGS_DISAGREE = "readings disagree"  # labels first and chain first read different states
    COUNT = "count"  # not the expected number of states
    UNREAD_STATES = "unread states"  # a chain of states after the answer was left unread
    SHAPE = "shape"  # a state that has not the shape of the task's states
    STEPS_SHOWN = "steps shown"  # a miscounted list the writer named, and a walk-through shows two states more


def labels_first(candidates: list[Candidate], expected: Expected) -> Candidate | None:
    """The last complete answer; a final state alone, or a run of the states, that recaps the
    full answer before it leaves that answer standing (a run only where that answer has the
    expected number of states and the recap has not)."""
    if not candidates:
        return None
    precedence = {form.source: position for position, form in enumerate(FORMS)}
    ordered = sorted(candidates, key=lambda c: (c.end, -precedence[c.source]))
    last = ordered[-1]
    earlier = next((found for found in reversed(ordered[:-1]) if found.intermediate is not None), None)
    if earlier is None:
        return last
    if last.intermediate is None:
        kind = expected.final_kind
        if (
            same_state(earlier.final, last.final, kind)
            or _part_of(last.final, earlier.final, kind)
            or not expected.shape.alike(earlier.final, last.final, kind)
            or not _state_shaped(last.final, kind, expected)
        ):
            return earlier  # a recap of (part of) its final state, or a remark no step could lead to
    elif _counted(earlier, expected) and not _counted(last, expected) and _within(last, earlier, expected):
        return earlier  # a recap of some of its states ("As a list: [...]" of the intermediate ones)
    return last


def _part_of(value: Any, whole: Any, kind: Kind) -> bool:
    """Whether ``value`` is a shorter run of the items of the list state ``whole`` ("the
    final list is those prefixes followed by **q**" after the whole list)."""
    if not isinstance(kind, list):
        return False
    part, items = typed(value, kind), typed(whole, kind)
    if not isinstance(part, list) or not isinstance(items, list) or not 0 < len(part) < len(items):
        return False
    return any(items[start : start + len(part)] == part for start in range(len(items) - len(part) + 1))


def _state_shaped(value: Any, kind: Kind, expected: Expected) -> bool:
    """Whether ``value`` has the shape of a state of type ``kind`` (always, where the shape
    is unknown)."""
    shape = expected.shape
    return shape.init is None or shape.fits(typed(shape.tidy(value, kind), kind), kind)


def _tidy(candidate: Candidate, expected: Expected) -> list[Any]:
    shape, kind = expected.shape, expected.intermediate_kind
    return [shape.tidy(state, kind) for state in candidate.states]


def settled(candidates: list[Candidate], expected: Expected, text_end: int) -> bool:
    """Whether the labels-first answer is settled: a full answer ends the text, so no later
    form and no chain after it can change it (rule 3), it is not one state short of the
    expected number (rule 4), and its steps are not a miscounted walk-through a chain ending
    with it may correct (rule 3). The chain-first reading is then not made, and no disagreement
    with it is looked for."""
    short = None if expected.count is None else expected.count - 1
    return any(
        found.end >= text_end
        and found.intermediate is not None
        and len(found.states) != short
        and (found.detail != "walk-through" or expected.count is None or _counted(found, expected))
        for found in candidates
    )


def _same_states(first: Candidate, second: Candidate, expected: Expected) -> bool:
    a, b = _tidy(first, expected), _tidy(second, expected)
    return len(a) == len(b) and all(same_state(x, y, expected.intermediate_kind) for x, y in zip(a, b))


def _within(chain: Candidate, chosen: Candidate, expected: Expected) -> bool:
    """Whether a chain's states are a run of the chosen answer's states (the chain of its
    listed intermediate states, say), so the two readings agree."""
    part, whole = _tidy(chain, expected), _tidy(chosen, expected)
    kind = expected.intermediate_kind
    return any(
        all(same_state(x, y, kind) for x, y in zip(part, whole[start : start + len(part)]))
        for start in range(len(whole) - len(part) + 1)
    )


def _counted(candidate: Candidate, expected: Expected) -> bool:
    return expected.count is not None and len(candidate.states) == expected.count


def _with_chain_steps(final: Candidate, chain: Candidate, expected: Expected) -> Candidate | None:
    """A labelled final state alone, with the steps of a chain that ends in it or just
    before it (rule 2), or of a chain it heads ("Answer:" over the states, one per line, the
    last the final one); ``None`` when the chain does not belong to it."""
    kind = expected.intermediate_kind
    if same_state(chain.final, final.final, expected.final_kind):
        return Candidate(Source.CHAIN, "labelled final", max(chain.end, final.end), chain.intermediate, final.final)
    if chain.end > final.end and _counted(chain, expected) and same_state(chain.states[0], final.final, kind):
        return Candidate(Source.CHAIN, "under a final label", chain.end, chain.intermediate, chain.final)
    if chain.end <= final.end:
        listed = Candidate(Source.LABELLED, "chain", final.end, chain.states, final.final)
        if expected.count is None or _counted(listed, expected):
            return listed
    return None


def _with_final_apart(answer: Candidate, finals: list[Candidate], expected: Expected) -> Candidate | None:
    """A list of states one short of the expected number, with a final state stated apart
    from it (before it or after it, the one nearest): the list holds the intermediate states
    (rule 4)."""
    if expected.count is None or answer.intermediate is None or len(answer.states) != expected.count - 1:
        return None
    apart = [final for final in finals if not same_state(final.final, answer.final, expected.final_kind)]
    if not apart:
        return None
    nearest = min(apart, key=lambda final: abs(final.end - answer.end))
    return Candidate(answer.source, "final apart", max(answer.end, nearest.end), answer.states, nearest.final)


def choose(
    labelled: Candidate | None, chain: Candidate | None, expected: Expected, finals: list[Candidate]
) -> Candidate | None:
    """The answer, by the rules of the module docstring; ``finals`` are the final states
    stated alone (labelled, or a value alone on its line before a chain)."""
    answer = _chosen(labelled, chain, expected)
    if answer is None:
        return None
    return _with_final_apart(answer, finals, expected) or answer


def _chosen(labelled: Candidate | None, chain: Candidate | None, expected: Expected) -> Candidate | None:
    if labelled is None:
        return chain
    if chain is None:
        return labelled
    if labelled.intermediate is None:
        return (
            _with_chain_steps(labelled, chain, expected) or _with_final_apart(chain, [labelled], expected) or labelled
        )
    other_steps = not _listed_by_writer(labelled) and not _within(chain, labelled, expected)
    later = chain.end > labelled.end or (chain.end == labelled.end and other_steps)
    if later and _counted(chain, expected) and not _counted(labelled, expected):
        return chain
    return labelled


def _disagree(chosen: Candidate, other: Candidate | None, expected: Expected) -> bool:
    """Whether the other reading reads a different procedure: at least ``MIN_DISAGREEING``
    states (or the expected number), ending with or after the chosen one or counted where it
    is not, that are no run of the chosen states (a chain may also start at the initial
    state)."""
    if other is None or other.intermediate is None or chosen.intermediate is None:
        return False
    if len(other.states) < MIN_DISAGREEING and not _counted(other, expected):
        return False
    if not (other.end >= chosen.end or (_counted(other, expected) and not _counted(chosen, expected))):
        return False
    shorter, longer = sorted((other, chosen), key=lambda candidate: len(candidate.states))
    without_first = Candidate(shorter.source, shorter.detail, shorter.end, shorter.states[1:-1], shorter.final)
    return not _within(shorter, longer, expected) and not _within(without_first, longer, expected)


def _listed_by_writer(candidate: Candidate) -> bool:
    """Whether the writer listed the intermediate states under a name (an answer object's
    key, an intermediate label), so their number is the writer's, not the reader's choice."""
    named = candidate.source is Source.OBJECT or candidate.detail in ("intermediate label", "object")
    return named and bool(candidate.intermediate)  # an empty list under a name is no list of the writer's


def doubts(
    chosen: Candidate,
    labelled: Candidate | None,
    chain: Candidate | None,
    expected: Expected,
    unfit: bool,
    shown_steps: Callable[[], int] = lambda: 0,
) -> frozenset[Doubt]:
    """The signs that ``chosen`` may be a misreading (see :class:`Doubt`); ``unfit`` says
    whether one of its states has not the task's shape, ``shown_steps`` how many step states
    the longest walk-through of the text shows (asked only of a miscounted list the writer
    named).

    A number of states other than the expected one is a sign where the reader chose the
    states (a chain, a walk-through, a list); where the writer listed them under a name, a
    model that skips a step or repeats the final state writes such lists, so it is a sign
    only with a walk-through that shows more states than were read."""
    found = set()
    other = chain if chosen is not chain else labelled
    if _disagree(chosen, other, expected):
        found.add(Doubt.READINGS_DISAGREE)
    miscounted = expected.count is not None and chosen.intermediate is not None and not _counted(chosen, expected)
    if miscounted and not _listed_by_writer(chosen):
        found.add(Doubt.COUNT)
    elif miscounted and shown_steps() >= len(chosen.states) + MORE_STEPS_SHOWN:
        found.add(Doubt.STEPS_SHOWN)
    if chain is not None and chain.end > chosen.end and not _within(chain, chosen, expected):
        found.add(Doubt.UNREAD_STATES)
    if unfit:
        found.add(Doubt.SHAPE)
    return frozenset(found)
