"""Sections: final and intermediate labels with their values.

A label's value stands on its line (``Final state: abc``, ``Intermediate: [ca, c]``) or
below it: a fenced block, a list literal, a walk-through (a list, a table, step lines), or
lines of plain text up to a blank line. A label with a label below it is a heading over
them (``**Answer:**`` then ``- Final: x``) and has no value of its own. A final value may
carry the intermediate states in the same sentence (``the final answer is **abc**, with
intermediate results abd, abz``), and the other way round. An intermediate value may
point at the steps above (``**Intermediate states:** steps 1-6 above.``).

Standard library only: the metric Space carries this file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .labels import Role
from .layout import Layout
from .literals import parse_literal
from .objects import answer_parts
from .state_types import Kind
from .values import may_hold_words, parse_value, state_in_text, states_in_text, unwrap
from .walkthroughs import walkthrough_at

# "steps 1-6 above", "rows 1–11", "the ones shown after Steps 1 through 15", "the lists
# produced by Steps 1 through 12", "the results of actions 1 through 19"
_REFERENCE = re.compile(
    r"\b(?:above|previous(?:ly)?|preceding|earlier|shown|listed"
    r"|(?:steps?|rows?|lines?|lists?|states?|entries|items|actions|moves|operations)\s+\d+\s*"
    r"(?:[-\u2013\u2014]|to|through|thru)\s*(?:[a-z]+\s*)?\d+"
    r"|the\s+(?:first\s+\w+\s+)?(?:lists?|strings?|states?|results?|ones|arrays?|sentences?|numbers?|rows?)"
    r"\s+(?:after|of|from|produced|obtained|listed|shown|above))\b",
    re.I,
)
NUMBER_WORDS = {
    word: number
    for number, word in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen "
        "seventeen eighteen nineteen twenty twenty-one twenty-two twenty-three twenty-four".split()
    )
}
_FIRST_COUNT = re.compile(r"\bfirst\s+(\d{1,2}|[a-z]+(?:-[a-z]+)?)\b", re.I)
# A state named by a letter and its step, as mathematics names them: "S_1", "s_{12}"
_NAMED_STATE = re.compile(r"[A-Za-z]{1,2}_\{?(\d{1,3})\}?")
_ELLIPSES = frozenset({"...", "\u2026", "\\ldots", "\\dots", "\\cdots"})
# The final state named before its value, with no separator: 'final string "1c0d"', "final state `abc`"
_FINAL_NAMED = re.compile(
    r"^(?:the\s+)?final\s+(?:state|string|result|answer|list|sentence|value|number|array|letter|pieces|counts|counters)"
    r"\s+(?=[\"'`*\[])",
    re.I,
)
# A final value that only points at a step's state: "the result of Step 3", "the one after step 12."
_A_STEPS_STATE = re.compile(r"(?:the\s+)?(?:\w+\s+){0,3}(?:of|from|after|at|in)\s+step\s+\d+(?:\s+above)?\.?", re.I)
# A final state, then the intermediate states as a list literal: "40, [7, 16, 32]"
_STATE_THEN_LIST = re.compile(r"([^\s,\[\]]+)\s*[,;]\s*(\[.*\])\.?")
_POINTER = re.compile(r"\b(?:steps?|rows?|lines?)\s+\d+\b|\babove\b", re.I)  # "the result of Step 13"
_VERB = r"(?:(?:are|is|were|was)(?:\s+(?:therefore|thus|then|now|as\s+follows))?)"
# "... **abc**, with intermediate results abd, abz" / "... 165, and the intermediate numbers are 5, 10"
_PART_NOUN = r"(?:\s+(?:states?|results?|strings?|numbers?|values?|lists?|arrays?|sentences?|counts?|steps?|pieces?))?"
# (a count and a short description may stand around the noun: "and the nineteen intermediate
# strings, in order, are:", "and the intermediate results after each of the operations are")
# (after a full stop or a semicolon alone, the clause must say what it is, with a colon or a
# verb: a sentence state may go on "... in a process. Intermediate stops on the route.")
_INTERMEDIATE_WORD = "intermediate"  # in every clause that gives the intermediate states (a cheap test first)
_INTERMEDIATE_PHRASE = rf"(?:the\s+|its\s+)?(?:[a-z]+\s+)?{_INTERMEDIATE_WORD}{_PART_NOUN}"
_SAYS = rf"(?:[^:\n(]{{0,60}}?\s{_VERB}\b:?|\s*:|\s*{_VERB}\b:?)"
_THEN_INTERMEDIATE = re.compile(
    rf"[,;.]?\s+(?:and|with)\s+{_INTERMEDIATE_PHRASE}{_SAYS}?\s*|[;.]\s+{_INTERMEDIATE_PHRASE}(?:{_SAYS}|\s+(?=\[))\s*",
    re.I,
)
# "... 5, 10, 50, and the final number is 165"; "and the final decoded string, 31 characters long, is"
_THEN_FINAL = re.compile(rf"[,;.]?\s+(?:and\s+)?(?:the\s+)?final\b[^:\n]{{0,60}}?(?::|\s{_VERB}\b)\s*", re.I)
_FINAL_WORDS = ("final",)  # in every match of _THEN_FINAL and _FINAL_NAMED (a cheap test first)
_STEP_WORDS = ("step",)  # in every match of _A_STEPS_STATE (a cheap test first)


@dataclass(frozen=True)
class StepsAbove:
    """An intermediate value that points at the walk-through above instead of listing its
    states: "steps 1-6 above" (``first`` 1, ``last`` 6), "the ones shown above" (no range)."""

    first: int | None = None
    last: int | None = None


# "1-6", "1 through 15", "Steps 1 to Step 12", "[1] to [11]"
_RANGE = re.compile(r"(\d+)\]?\s*(?:[-\u2013\u2014]|to|through|thru|and)\s*(?:[a-z]+\s*)?\[?(\d+)", re.I)


# A value that ends by leading in to the lines below it: "steps 1-16 above, i.e.", "namely"
_LEAD_IN = re.compile(r"(?:\bi\.\s?e\.|\bnamely|\bthat is|\bviz\.)[,:]?\s*$", re.I)
_LEAD_IN_WORDS = ("i.", "namely", "that is", "viz.")  # one is in every lead-in (a cheap test first)
_LEFT_OUT = re.compile(r"\b(?:leav\w*\s+out|exclud\w*|without|omit\w*|not\s+includ\w*|except)\b[^.;:]*$", re.I)


_SAID_LEFT_OUT = re.compile(r"(?:not\s+)?(?:left\s+out|excluded|omitted|not\s+(?:included|repeated|listed))\b", re.I)


def _final_clause(value: str) -> re.Match[str] | None:
    """Where an intermediate value goes on to give the final state ("..., and the final
    list is [...]"); not where it only says what it leaves out ("leaving out the empty
    string and the final string: [...]", "the final one is left out"), nor in a remark in
    parentheses."""
    clause = _THEN_FINAL.search(value) if may_hold_words(value, _FINAL_WORDS) else None
    if clause is None or _LEFT_OUT.search(value, 0, clause.start()):
        return None
    before = value[: clause.start() + 1]
    if before.count("(") > before.count(")") or _SAID_LEFT_OUT.match(value, clause.end()):
        return None  # a remark in parentheses; "the final one is left out"
    return clause


def _listed_or_referenced(text: str, kind: Kind) -> list[Any] | StepsAbove:
    """The states an intermediate value lists, or where it points at the steps above
    instead ("lists 1-14"; "lines 1-16: abc, abd" lists them after its colon; a quoted
    ``"all rows above"`` where states are lists or numbers)."""
    opening = unwrap(text)[:1]
    literal = opening == "[" or (opening in "\"'" and kind is str)  # a quoted text is a state only where states are
    reference = None if literal else _REFERENCE.search(text)
    if reference is None:
        states = states_in_text(text, kind)
        names = [str(state) for state in states if str(state) not in _ELLIPSES]
        # "S_1, S_2, \ldots, S_8": the states so named above (a first unnamed state ends the test)
        if len(names) >= 2 and all(_NAMED_STATE.fullmatch(name) for name in names):
            first, last = _NAMED_STATE.fullmatch(names[0]), _NAMED_STATE.fullmatch(names[-1])
            return StepsAbove(int(first.group(1)), int(last.group(1)))  # type: ignore[union-attr]
        return states
    colon = text.find(":", reference.end())
    if colon >= 0 and text[colon + 1 :].strip():
        return states_in_text(text[colon + 1 :], kind)
    numbers = _RANGE.search(text)
    if numbers is None or int(numbers.group(1)) > int(numbers.group(2)):
        first = _FIRST_COUNT.search(text)  # "the first five lists above": steps 1 to 5
        word = "" if first is None else first.group(1).lower()
        count = int(word) if word.isdigit() else NUMBER_WORDS.get(word)
        return StepsAbove(1, count) if count else StepsAbove()
    return StepsAbove(int(numbers.group(1)), int(numbers.group(2)))


@dataclass(frozen=True)
class Section:
    """A final or an intermediate label with its value."""

    role: Role
    line: int  # the label's line
    last_line: int  # the last line of its value
    end: int  # where its value ends in the text
    states: list[Any] | StepsAbove  # FINAL: [the final state]; INTERMEDIATE: the states, or where they are
    answer: tuple[list[Any], Any] | None = None  # a final label whose value is a whole answer object


def _fenced(layout: Layout, index: int) -> tuple[int, str] | None:
    """(closing fence line, content) of the fenced block that opens on line ``index``."""
    for closing in range(index + 1, len(layout.lines)):
        if layout.lines[closing].fence:
            return closing, layout.text[layout.lines[index].end + 1 : layout.lines[closing].start].strip()
    return None


_ITEM_MARK = re.compile(r"[ \t]*(?:\d{1,4}[.)]|[-*+\u2022])[ \t]+(?=\S)")


def _without_item_mark(row: str) -> str:
    """A fenced row without its list number or bullet: ``1.  ypbv`` is ``ypbv``."""
    mark = _ITEM_MARK.match(row)
    return row[mark.end() :] if mark else row


def _states_of(values: list[Any], kind: Kind) -> list[Any]:
    """Values read as a sequence of states: one literal list holds them, several values are
    one state each."""
    if len(values) == 1 and isinstance(values[0], list):
        value = values[0]
        is_one_list_state = isinstance(kind, list) and value and not any(isinstance(item, list) for item in value)
        return [value] if is_one_list_state else value
    return values


def _value_below(
    layout: Layout, index: int, role: Role, kind: Kind, sentences: bool = False
) -> tuple[int, list[Any] | StepsAbove] | None:
    """(last line, the states, or where they are) of the value below the label on line
    ``index`` ("### Intermediate states" over "The lists from steps 1-16 above.")."""
    first = layout.next_content(index + 1)
    if first is None:
        return None
    line = layout.lines[first]
    if line.fence:
        fenced = _fenced(layout, first)
        if fenced is None:
            return None
        closing, content = fenced
        if content[:1] in "[{":
            try:
                value = parse_literal(content)
                return closing, [value] if role is Role.FINAL else _states_of([value], kind)
            except ValueError:
                pass
        rows = [_without_item_mark(row) for row in content.split("\n") if row.strip()]
        if role is Role.FINAL:
            return (closing, [parse_value(rows[0])]) if len(rows) == 1 else None
        return closing, states_in_text(rows[0], kind) if len(rows) == 1 else [state_in_text(r, kind) for r in rows]
    if line.label is not None and line.label.role is not Role.STEP:
        return None  # a heading over other labels
    if role is Role.FINAL and (line.cells is not None or line.rule):
        return None  # a heading over a table ("**Result**" then the steps' table)
    if role is Role.INTERMEDIATE and isinstance(kind, list) and line.text.lstrip().startswith("["):
        matrix = walkthrough_at(layout, first, kind)  # list states one a line, as a matrix's rows
        if matrix is not None and matrix.items is not None and all(isinstance(row, list) for row in matrix.items):
            return matrix.last_line, matrix.items
    literal = layout.literal_at(first)
    if literal is not None:
        last, value, _ = literal
        return last, [value] if role is Role.FINAL else _states_of([value], kind)
    walk = None  # (a final value below is never read as a walk-through)
    if role is Role.INTERMEDIATE:
        walk = walkthrough_at(layout, first, kind, single_entry=True, sentences=sentences)
    if walk is not None and (len(walk.texts) > 1 or line.item or line.cells is not None):
        only = walk.states[0] if len(walk.states) == 1 else None
        if isinstance(only, list) and not isinstance(kind, list):  # "+ `["nkozx", "nkoz"]`": one item, the list
            return walk.last_line, only
        return walk.last_line, walk.states
    if line.text.rstrip().endswith(":") and index < first:  # "The column for steps 0 through 19, i.e.:"
        return _value_below(layout, first, role, kind, sentences)
    rows, last = [], first
    while last < len(layout.lines) and not layout.lines[last].blank and layout.lines[last].label is None:
        rows.append(layout.lines[last].text)
        last += 1
    if not rows:
        return None
    if role is Role.FINAL:  # a value below may stand as a list item: "Final state:" then "- abc"
        return first, [state_in_text(line.body if line.item else rows[0], kind, sentences)]
    if len(rows) == 1:
        return last - 1, _listed_or_referenced(rows[0], kind)
    return last - 1, [state_in_text(row, kind, sentences) for row in rows]


def _final_section(index: int, end: int, value: Any, last_line: int | None = None) -> Section:
    parts = answer_parts(value) if isinstance(value, dict) else None
    return Section(Role.FINAL, index, index if last_line is None else last_line, end, [value], parts)


def _inline_sections(
    layout: Layout, index: int, role: Role, value: str, kinds: tuple[Kind, Kind], sentences: bool = False
) -> list[Section]:
    """The sections of a label whose value stands on line ``index``; a final value may
    carry the intermediate states after it, and the other way round (with the final value
    on its line, or below it: "..., and the final list is:")."""
    end = layout.lines[index].end
    if role is Role.FINAL:
        inline = _THEN_INTERMEDIATE.search(value) if may_hold_words(value, (_INTERMEDIATE_WORD,)) else None
        final_text = value if inline is None else value[: inline.start()]
        if may_hold_words(final_text, _FINAL_WORDS):  # 'final string "1c0d"': the name, then the value
            final_text = _FINAL_NAMED.sub("", final_text, count=1)
        if may_hold_words(final_text, _STEP_WORDS) and _A_STEPS_STATE.fullmatch(final_text.strip()):
            return []  # "The final sentence is the result of Step 3.": it points at a state, gives none
        paired = None  # "\boxed{40, [7, 16, 32]}": the final state, then the steps
        if "[" in final_text and not isinstance(kinds[1], list):
            paired = _STATE_THEN_LIST.fullmatch(final_text.strip())
        if paired is not None and inline is None:
            try:
                listed_states = parse_literal(paired.group(2))
            except ValueError:
                listed_states = None
            if isinstance(listed_states, list):
                final = state_in_text(paired.group(1), kinds[1])
                steps = _states_of([listed_states], kinds[0])
                return [_final_section(index, end, final), Section(Role.INTERMEDIATE, index, index, end, steps)]
        found = [_final_section(index, end, state_in_text(final_text, kinds[1], sentences))]
        if inline is not None:
            listed = value[inline.end() :].strip().removeprefix(":").strip()
            below = None if listed else _value_below(layout, index, Role.INTERMEDIATE, kinds[0], sentences)
            if below is not None:  # "..., and the intermediate strings are:" over the list
                last, states = below
                found.append(Section(Role.INTERMEDIATE, index, last, layout.lines[last].end, states))
            else:
                found.append(Section(Role.INTERMEDIATE, index, index, end, _listed_or_referenced(listed, kinds[0])))
        return found
    inline = _final_clause(value)
    listed = value if inline is None else value[: inline.start()]
    found = [Section(role, index, index, end, _listed_or_referenced(listed, kinds[0]))]
    if inline is None:
        return found
    final_text = value[inline.end() :].strip().removeprefix(":").strip()
    if not final_text:
        below = _value_below(layout, index, Role.FINAL, kinds[1], sentences)
        last, states = below if below is not None else (index, [])
        if isinstance(states, list) and states:
            found.append(_final_section(index, layout.lines[last].end, states[0], last))
    elif not _POINTER.search(final_text):  # "the result of Step 13" points at a state instead of giving it
        found.append(_final_section(index, end, state_in_text(final_text, kinds[1], sentences)))
    return found


def _one_state_each(first: Section, second: Section) -> bool:
    """Whether two sections are rows of one list: intermediate labels on neighbouring lines,
    each with one state ("Intermediate 1 | abc", "Intermediate 2 | abd")."""
    return (
        first.role is second.role is Role.INTERMEDIATE
        and second.line == first.last_line + 1
        and isinstance(first.states, list)
        and isinstance(second.states, list)
        and len(second.states) == 1
    )


def _rows_joined(sections: list[Section]) -> list[Section]:
    """Neighbouring intermediate labels of one state each, as one section of their states."""
    joined: list[Section] = []
    for section in sections:
        previous = joined[-1] if joined else None
        if previous is not None and _one_state_each(previous, section):
            states = [*previous.states, *section.states]  # type: ignore[misc]
            joined[-1] = Section(Role.INTERMEDIATE, previous.line, section.last_line, section.end, states)
        else:
            joined.append(section)
    return joined


def read_sections(layout: Layout, kinds: tuple[Kind, Kind], sentences: bool = False) -> list[Section]:
    """Every final and intermediate label that has a value, in order; neighbouring
    intermediate labels of one state each are one list (the rows of a table). ``sentences``
    where the states are sentences."""
    return _rows_joined(_labelled_sections(layout, kinds, sentences))


_SECTION_ROLES = (Role.FINAL, Role.INTERMEDIATE)  # the labels that have sections


def _labelled_sections(layout: Layout, kinds: tuple[Kind, Kind], sentences: bool) -> list[Section]:
    found = []
    for index, line in enumerate(layout.lines):
        label = line.label
        if label is None or label.role not in _SECTION_ROLES:
            continue
        role = label.role
        kind = kinds[0] if role is Role.INTERMEDIATE else kinds[1]
        spanning = None  # a literal value that goes on below the label's line
        if label.value[:1] in ("[", "{"):
            column = len(line.text) - len(line.text[label.value_start :].lstrip())
            # (a literal that ends on the label's line is read with the line's value: parsed once, there)
            if layout.spans_lines(index, column):
                spanning = layout.literal_at(index, column)
        if spanning is not None:  # intermediate = [ ... over several lines ... ]
            last, value, _ = spanning
            end = layout.lines[last].end
            section = _final_section(index, end, value, last) if role is Role.FINAL else None
            found.append(section or Section(role, index, last, end, _states_of([value], kind)))
            continue
        # "steps 1-16 above, i.e." over the list
        lead_in = may_hold_words(label.value, _LEAD_IN_WORDS) and _LEAD_IN.search(label.value) is not None
        introduces = (label.value.endswith(":") or lead_in) and not (
            (role is Role.INTERMEDIATE and _final_clause(label.value))
            or (role is Role.FINAL and _THEN_INTERMEDIATE.search(label.value))
        )
        if label.value and not introduces:  # "... as follows:" introduces the value below
            found += _inline_sections(layout, index, role, label.value, kinds, sentences)
            continue
        below = _value_below(layout, index, role, kind, sentences)
        if below is None and lead_in:  # nothing below after all: the value is the line's
            found += _inline_sections(layout, index, role, label.value, kinds, sentences)
            continue
        if below is None:
            if label.separated and not label.value and layout.next_content(index + 1) is None:
                # "Final state: " with nothing below it: the empty state
                found.append(
                    _final_section(index, line.end, "")
                    if role is Role.FINAL
                    else Section(role, index, index, line.end, [])
                )
            continue
        last, states = below
        if role is not Role.FINAL:
            found.append(Section(role, index, last, layout.lines[last].end, states))
        elif isinstance(states, list):  # (a final value below is never a pointer)
            found.append(_final_section(index, layout.lines[last].end, states[0], last))
    return found
