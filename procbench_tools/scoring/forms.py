"""The forms an answer takes, each read by a small named form reader.

``FORMS`` is the ordered list of form readers (the idea of lm-eval's ``filter_list``): each
finds every answer of its form in the text read, as a :class:`Candidate` that records where
the answer ends. The reader keeps the answer that ends last ("the last complete answer
wins"); where two end at the same place, the one whose form comes first in ``FORMS`` wins.
To add a form, write a function ``(document) -> list[Candidate]`` that only reads the
:class:`~.document.Document` and put it in ``FORMS`` at its precedence; ``choose.py`` holds
every rule of which candidate wins.

- ``object``: a dict with a final-state key, as JSON or a Python literal, bare or fenced
  (``objects.py``: keys in any case, with their aliases).
- ``labelled``: a final label (``labels.py``: ``Final state:``, ``**Final sorted
  string:**``, ``### Final answer`` over its value, ``The final answer is ...``) with its
  intermediate states taken from, in this order: an intermediate label beside it, just
  before or just after it (``sections.py``); else the walk-through that ends before it,
  after any earlier final label (``walkthroughs.py``), without its last state when that
  repeats the final state; else none (the final state alone).
- ``walk-through``: a walk-through whose last entry calls itself final (``... (final)``).
- ``list``: a flat list of states (intermediate states, then the final one) that fills a
  fenced block or ends the text; lists inside the reasoning are never an answer.
- ``chain`` (``read_chain``, the chain-first reading, not in ``FORMS``): the run of
  state-shaped values that ends last (``chains.py``), with or without labels.

Standard library only: the metric Space carries this file.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from .document import Document, Expected
from .labels import Role
from .literals import parse_literal
from .sections import Section, StepsAbove
from .spans import fenced_blocks
from .state_types import Kind, typed
from .walkthroughs import Walkthrough

NEARBY_LINES = 4  # an intermediate label after a final label belongs to it within this many lines


class Source(Enum):
    """The candidate reader that found an answer."""

    OBJECT = "object"
    LABELLED = "labelled"
    MARKED_WALKTHROUGH = "walk-through"
    LIST = "list"
    CHAIN = "chain"


@dataclass(frozen=True)
class Candidate:
    """One answer found in a reply."""

    source: Source
    detail: str  # for a labelled answer, where its steps came from ("walk-through"); else ""
    end: int  # where the answer ends in the text read
    intermediate: list[Any] | None  # None when the text gives no intermediate states
    final: Any

    @property
    def form(self) -> str:
        """The form's name as reports give it: ``labelled/walk-through``, ``object``."""
        return f"{self.source.value}/{self.detail}" if self.detail else self.source.value

    @property
    def states(self) -> list[Any]:
        return [*(self.intermediate or []), self.final]


def read_objects(document: Document) -> list[Candidate]:
    """Dicts with a final-state key anywhere."""
    return [Candidate(Source.OBJECT, "", found.end, found.intermediate, found.final) for found in document.objects]


def _holds_states(value: list[Any], expected: Expected) -> bool:
    """Whether a flat list can be a list of states: where the states are lists, its items
    are lists (``[0, 2, 1]`` is one state of Search, not three)."""
    if isinstance(expected.final_kind, list) and not isinstance(value[-1], list):
        return False
    return not isinstance(expected.intermediate_kind, list) or all(isinstance(item, list) for item in value[:-1])


def read_list_literals(document: Document) -> list[Candidate]:
    """A flat list of states that fills a fenced block or ends the text."""
    text = document.text
    literals = []
    trailing_end = len(text.rstrip(" \t\r\n\f\v`."))
    for start, end in document.layout.outermost_spans:
        if end == trailing_end and text[start] == "[":
            literals.append((end, text[start:end]))
    for _, content_start, content_end, _ in fenced_blocks(text):
        content = text[content_start:content_end].strip()
        if content[:1] == "[":
            literals.append((content_end, content))
    found = []
    for end, literal in literals:
        try:
            value = parse_literal(literal)
        except ValueError:
            continue
        if isinstance(value, list) and value and _holds_states(value, document.expected):
            found.append(Candidate(Source.LIST, "", end, value[:-1], value[-1]))
    return found


def same_state(first: Any, second: Any, kind: Kind) -> bool:
    """Whether two states read from one reply are the same, in the state type ``kind``."""
    first, second = typed(first, kind), typed(second, kind)
    return first == second or (not isinstance(first, list) and str(first).strip() == str(second).strip())


def walk_states(walk: Walkthrough, final: Any, expected: Expected) -> list[Any]:
    """A walk-through's intermediate states: without its last one when that repeats the
    final state, unless the reference has exactly one state more than the walk-through
    (then the last step was one that changed nothing); without an entry numbered 0 when
    the reference has fewer states than that (it was the initial state)."""
    states = walk.states
    if states and same_state(states[-1], final, expected.final_kind) and expected.count != len(states) + 1:
        states = states[:-1]
    if walk.from_zero and (expected.count is None or len(states) >= expected.count):
        states = states[1:]
    return states


def _steps_above(walk: Walkthrough, pointer: StepsAbove, final: Any, expected: Expected) -> list[Any]:
    """The states of the walk-through an intermediate value points at: those it numbers
    ("after replacements 1 and 2", "steps 1-6"), else all but a repeated final state."""
    if pointer.first is None or pointer.last is None:
        return walk_states(walk, final, expected)
    offset = 0 if walk.from_zero else 1
    return walk.states[pointer.first - offset : pointer.last - offset + 1]


def _intermediate_beside(sections: list[Section], position: int, after_line: int) -> Section | None:
    """The intermediate label of the final label ``sections[position]``: the one just
    before it (after line ``after_line``), else the one just after it, unless that one
    stands just before a final label of its own; far after it only where it points at the
    steps above and ends the labels (the final state first, then the steps, then "the
    intermediate states are steps 1-5 above")."""
    final = sections[position]
    before = sections[position - 1] if position > 0 else None
    if before is not None and before.role is Role.INTERMEDIATE and before.line > after_line:
        return before
    following = sections[position + 1] if position + 1 < len(sections) else None
    if following is None or following.role is not Role.INTERMEDIATE:
        return None
    closing_pointer = isinstance(following.states, StepsAbove) and position + 2 == len(sections)
    if following.line - final.last_line > NEARBY_LINES and not closing_pointer:
        return None  # far below, unless it points back at the steps and nothing follows it
    claimed = position + 2 < len(sections) and sections[position + 2].role is Role.FINAL
    if claimed and sections[position + 2].line - following.last_line <= NEARBY_LINES:
        return None
    return following


def _walk_before(document: Document, line: int, after_line: int) -> Walkthrough | None:
    """The last walk-through that ends before line ``line`` and after line ``after_line``,
    with no answer object in it or between it and that line (found by bisection: a reply
    may hold many of each)."""
    ends = document.walk_ends
    position = bisect.bisect_left(ends, line) - 1
    if position < 0 or ends[position] <= after_line:
        return None
    walk = document.walks[position]
    objects = document.object_ends
    lines = document.layout.lines
    low, high = lines[walk.first_line].start, lines[line].start
    if bisect.bisect_right(objects, high) > bisect.bisect_right(objects, low):
        return None  # an answer object stands in it or between them: that object is the answer
    return walk


def _states_pointed_at(document: Document, line: int, pointer: StepsAbove, final: Any) -> list[Any] | None:
    """The states an intermediate value on line ``line`` points at ("steps 1-21 above"),
    from the last walk-through before it whose states so named have the task's shape and
    reach the last step named; a list of remarks after the steps ("- "Costa" (step 3): ...")
    is passed over."""
    shape, expected = document.expected.shape, document.expected
    kind = expected.intermediate_kind
    walk = _walk_before(document, line, -1)
    while walk is not None:
        steps = walk.length - (1 if walk.from_zero else 0)
        if pointer.last is None or steps >= pointer.last:  # it reaches the last step named: read its states
            states = _steps_above(walk, pointer, final, expected)
            if all(shape.fits(typed(shape.tidy(state, kind), kind), kind) for state in states):
                return states
        walk = _walk_before(document, walk.first_line, -1)
    return None


def read_labelled(document: Document) -> list[Candidate]:
    """Final labels, each with the intermediate states beside it (see the module docstring)."""
    sections, expected = document.sections, document.expected
    found = []
    after_line = -1  # the last line of the answer before
    for position, section in enumerate(sections):
        if section.role is not Role.FINAL or isinstance(section.states, StepsAbove) or not section.states:
            continue
        if section.answer is not None:  # "Final answer:" over a whole answer object
            found.append(Candidate(Source.LABELLED, "object", section.end, *section.answer))
            after_line = section.last_line
            continue
        final = section.states[0]
        listed = _intermediate_beside(sections, position, after_line)
        end, source, intermediate = section.end, "final only", None
        if listed is not None:
            end, source = max(end, listed.end), "intermediate label"
            if isinstance(listed.states, StepsAbove):
                intermediate = _states_pointed_at(document, listed.line, listed.states, final)
            else:
                intermediate = listed.states
        else:
            walk = _walk_before(document, section.line, after_line)
            if walk is not None:
                source, intermediate = "walk-through", walk_states(walk, final, expected)
        found.append(Candidate(Source.LABELLED, source, end, intermediate, final))
        after_line = max(section.last_line, listed.last_line if listed is not None else -1)
    return found


def read_marked_walkthroughs(document: Document) -> list[Candidate]:
    """Walk-throughs whose last entry calls itself the final state."""
    layout = document.layout
    found: list[Candidate] = []
    if not any("final" in line.text.lower() for line in layout.lines if line.label is None):
        return found  # no entry can call itself final (a cheap test before finding the walk-throughs)
    for walk in document.walks:
        if walk.final_marked:
            end = layout.lines[walk.last_line].end
            states = walk.states[1:] if walk.from_zero else walk.states
            found.append(Candidate(Source.MARKED_WALKTHROUGH, "", end, states[:-1], states[-1]))
    return found


def read_chain(document: Document) -> list[Candidate]:
    """The chain that ends last (``chains.py``), its last state the final one (a leading
    initial state is not a step); and a value alone on its line just before it, as a final
    state alone (``cdba`` over the list of steps)."""
    chain = document.last_chain
    if chain is None:
        return []
    states = list(chain.states)
    init, kind = document.expected.shape.init, document.expected.intermediate_kind
    if init is not None and len(states) > 2 and same_state(states[0], init, kind):
        states = states[1:]
    found = [Candidate(Source.CHAIN, "", chain.end, states[:-1], states[-1])]
    if chain.before is not None:
        found.append(Candidate(Source.CHAIN, "lone value", chain.before.end, None, chain.before.value))
    return found


def read_lone_value(document: Document) -> list[Candidate]:
    """In a reply that shows no steps, the last value alone on its line, as a final state
    alone ("the sentence reads:" over the sentence); read only where no region of the reply
    gives an answer otherwise."""
    lone = None if document.walks else document.last_value
    return [] if lone is None else [Candidate(Source.CHAIN, "lone value", lone.end, None, lone.value)]


def shown_steps(document: Document) -> int:
    """How many step states the text shows: the length of its longest walk-through."""
    return max((walk.length for walk in document.walks), default=0)


@dataclass(frozen=True)
class Form:
    source: Source
    read: Callable[[Document], list[Candidate]]


FORMS: tuple[Form, ...] = (
    Form(Source.OBJECT, read_objects),
    Form(Source.LABELLED, read_labelled),
    Form(Source.MARKED_WALKTHROUGH, read_marked_walkthroughs),
    Form(Source.LIST, read_list_literals),
)
"""The labels-first readers, in their order of precedence where two answers end at one place."""
