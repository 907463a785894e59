"""The forms an answer takes, each read by a small named form reader.

``FORMS`` is the ordered list of form readers (the idea of lm-eval's ``filter_list``): each
finds every answer of its form in the text read, as a :class:`Candidate` that records where
the answer ends. The reader keeps the answer that ends last ("the last complete answer
wins"); where two end at the same place, the one whose form comes first in ``FORMS`` wins.
To add a form, write a function ``(layout, expected) -> list[Candidate]`` and put it in
``FORMS`` at its precedence.

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

Standard library only: the metric Space carries this file.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .labels import Role
from .layout import Layout
from .literals import parse_literal
from .objects import answer_parts, may_hold_an_answer
from .sections import Section, StepsAbove, read_sections
from .spans import fenced_blocks
from .state_types import Kind, typed
from .walkthroughs import Walkthrough, read_walkthroughs

NEARBY_LINES = 4  # an intermediate label after a final label belongs to it within this many lines


@dataclass(frozen=True)
class Expected:
    """What the reference says of the answer: its number of states and their types
    (never their values); all ``None`` without a reference."""

    count: int | None = None
    intermediate_kind: Kind = None
    final_kind: Kind = None


@dataclass(frozen=True)
class Candidate:
    """One answer found in a reply."""

    form: str  # the form's name, and for a labelled answer where its steps came from
    end: int  # where the answer ends in the text read
    intermediate: list[Any] | None  # None when the text gives no intermediate states
    final: Any


def read_objects(layout: Layout, expected: Expected) -> list[Candidate]:
    """Dicts with a final-state key anywhere (outermost first: nothing inside an answer is
    read again)."""
    found = []
    text = layout.text
    for start, end in layout.outermost_spans():
        if text[start] != "{" or not may_hold_an_answer(text[start:end]):
            continue
        try:
            parts = answer_parts(parse_literal(text[start:end]))
        except ValueError:
            continue
        if parts is not None:
            found.append(Candidate("object", end, *parts))
    layout.found["object ends"] = sorted(candidate.end for candidate in found)
    return found


def _holds_states(value: list[Any], expected: Expected) -> bool:
    """Whether a flat list can be a list of states: where the states are lists, its items
    are lists (``[0, 2, 1]`` is one state of Search, not three)."""
    if isinstance(expected.final_kind, list) and not isinstance(value[-1], list):
        return False
    return not isinstance(expected.intermediate_kind, list) or all(isinstance(item, list) for item in value[:-1])


def read_list_literals(layout: Layout, expected: Expected) -> list[Candidate]:
    """A flat list of states that fills a fenced block or ends the text."""
    text = layout.text
    literals = []
    trailing_end = len(text.rstrip(" \t\r\n\f\v`."))
    for start, end in layout.outermost_spans():
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
        if isinstance(value, list) and value and _holds_states(value, expected):
            found.append(Candidate("list", end, value[:-1], value[-1]))
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
    stands just before a final label of its own."""
    final = sections[position]
    before = sections[position - 1] if position > 0 else None
    if before is not None and before.role is Role.INTERMEDIATE and before.line > after_line:
        return before
    following = sections[position + 1] if position + 1 < len(sections) else None
    if following is None or following.role is not Role.INTERMEDIATE:
        return None
    if following.line - final.last_line > NEARBY_LINES:
        return None
    claimed = position + 2 < len(sections) and sections[position + 2].role is Role.FINAL
    if claimed and sections[position + 2].line - following.last_line <= NEARBY_LINES:
        return None
    return following


def _walk_before(layout: Layout, walks: list[Walkthrough], line: int, after_line: int) -> Walkthrough | None:
    """The last walk-through that ends before line ``line`` and after line ``after_line``,
    with no answer object between it and that line (found by bisection: a reply may hold
    many of each)."""
    ends = layout.found["walk ends"]
    position = bisect.bisect_left(ends, line) - 1
    if position < 0 or ends[position] <= after_line:
        return None
    walk = walks[position]
    objects = layout.found.get("object ends", [])
    low, high = layout.lines[walk.last_line].end, layout.lines[line].start
    if bisect.bisect_right(objects, high) > bisect.bisect_right(objects, low):
        return None  # an answer object stands between them
    return walk


def _sections(layout: Layout, expected: Expected) -> list[Section]:
    """The labels with their values (found once per layout)."""
    if "sections" not in layout.found:
        layout.found["sections"] = read_sections(layout, (expected.intermediate_kind, expected.final_kind))
    return layout.found["sections"]


def _walks(layout: Layout, expected: Expected) -> list[Walkthrough]:
    """The walk-throughs outside the labels' values (found once per layout, when a form
    reader first needs them)."""
    if "walks" not in layout.found:
        sections = _sections(layout, expected)
        taken = {line for section in sections for line in range(section.line, section.last_line + 1)}
        walks = read_walkthroughs(layout, expected.intermediate_kind, taken)
        layout.found["walks"] = walks
        layout.found["walk ends"] = [walk.last_line for walk in walks]  # in order: they do not overlap
    return layout.found["walks"]


def read_labelled(layout: Layout, expected: Expected) -> list[Candidate]:
    """Final labels, each with the intermediate states beside it (see the module docstring)."""
    sections = _sections(layout, expected)
    found = []
    after_line = -1  # the last line of the answer before
    for position, section in enumerate(sections):
        if section.role is not Role.FINAL or isinstance(section.states, StepsAbove) or not section.states:
            continue
        if section.answer is not None:  # "Final answer:" over a whole answer object
            found.append(Candidate("labelled/object", section.end, *section.answer))
            after_line = section.last_line
            continue
        final = section.states[0]
        listed = _intermediate_beside(sections, position, after_line)
        end, source, intermediate = section.end, "final only", None
        if listed is not None:
            end, source = max(end, listed.end), "intermediate label"
            if isinstance(listed.states, StepsAbove):
                above = _walk_before(layout, _walks(layout, expected), listed.line, -1)
                intermediate = None if above is None else _steps_above(above, listed.states, final, expected)
            else:
                intermediate = listed.states
        else:
            walk = _walk_before(layout, _walks(layout, expected), section.line, after_line)
            if walk is not None:
                source, intermediate = "walk-through", walk_states(walk, final, expected)
        found.append(Candidate(f"labelled/{source}", end, intermediate, final))
        after_line = max(section.last_line, listed.last_line if listed is not None else -1)
    return found


def read_marked_walkthroughs(layout: Layout, expected: Expected) -> list[Candidate]:
    """Walk-throughs whose last entry calls itself the final state."""
    found: list[Candidate] = []
    if not any("final" in line.text.lower() for line in layout.lines if line.label is None):
        return found  # no entry can call itself final (a cheap test before finding the walk-throughs)
    for walk in _walks(layout, expected):
        if walk.final_marked:
            end = layout.lines[walk.last_line].end
            states = walk.states[1:] if walk.from_zero else walk.states
            found.append(Candidate("walk-through", end, states[:-1], states[-1]))
    return found


def shown_steps(layout: Layout, expected: Expected) -> int:
    """How many step states the text shows: the length of its longest walk-through."""
    walks = _walks(layout, expected)
    return max((len(walk.states) if walk.items is not None else len(walk.texts) for walk in walks), default=0)


@dataclass(frozen=True)
class Form:
    name: str
    read: Callable[[Layout, Expected], list[Candidate]]


FORMS: tuple[Form, ...] = (
    Form("object", read_objects),
    Form("labelled", read_labelled),
    Form("walk-through", read_marked_walkthroughs),
    Form("list", read_list_literals),
)
