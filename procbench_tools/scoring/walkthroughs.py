"""Walk-throughs: runs of lines that each end in the state after one step.

A walk-through is a run of entries of one kind, with blank lines allowed between them:
``Step N`` labels or numbered lines (1., 2., ...) with growing numbers, bulleted lines, the
rows of a table (Markdown, or comma-separated values under a header line), lines with an
arrow (``light → [...]``), or short keyed lines (``(0,7): [rkyotae, hfkvohtlrhich]``); a
list literal standing on its own lines is one too (its items are the states). An entry's
state is what its line ends in (``values.py``); a line of text right below an entry (``→
k1``, or the whole state), or below a ``Step N`` label after one blank line, is its state
instead. An entry numbered 0, or labelled as the
initial state, is not a step. An entry that calls itself final (``... (final)``) ends the
walk-through as its final state.

Standard library only: the metric Space carries this file.
"""

from __future__ import annotations

import csv
import re
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from .labels import Role
from .layout import Layout, Line
from .state_types import Kind
from .values import ARROW, holds_an_arrow, may_hold_an_arrow, may_hold_words, state_in_text, unwrap

# Header words of a table's state column.
STATE_COLUMN_WORDS = (
    *("state", "string", "so far", "after", "result", "array", "list", "sentence", "count", "value"),
    *("pieces", "tokens", "letters", "current"),
)
_ARROW_AT_END = re.compile(rf"(?:{ARROW.pattern})\s*$")
# An entry that calls itself final: "... (final)", "... — final", "... final state" at its end
# (not "the final exam" inside a sentence state).
_FINAL_MARK = re.compile(
    r"\((?:the\s+)?final(?:\s+state)?\)|(?:[-\u2013\u2014]\s*|\b)final(?:\s+state)?[\s*_:!.)]*$", re.I
)
_FINAL_WORDS = ("final",)  # in every entry that calls itself final (a cheap test first)
ENTRIES_WITH_LINES_BELOW = ("step", "number", "bullet", "header")  # the state may stand on a line below these
HEADER_LENGTH = 80  # a header line over its state is at most this long
# The header line of a table written as comma-separated values: short column names.
_CSV_HEADER = re.compile(r"[ \t]*[A-Za-z_][\w ()]{0,23}(?:,[ \t]*[A-Za-z_][\w ()]{0,23})+[ \t]*")
_SEVERAL_LITERALS = re.compile(r"\][ \t]*,[ \t]*\[")  # "[a, 1], [b, 2]": literals side by side
_KEYED = re.compile(r"[ \t]*[^\s:=][^:=\n]{0,30}(?::|[ \t]=)[ \t]+\S")  # "(0,7): [rk, yo]", "ip = [0, 1]"


@dataclass
class Walkthrough:
    """A run of entries; each entry's state is read from its texts only when asked for
    (most walk-throughs of a reply are never part of its answer)."""

    first_line: int
    last_line: int
    texts: list[tuple[str, str]]  # per entry: its own text, and the text of the line below it ("" if none)
    kind: Kind  # the reference's type of an intermediate state
    final_marked: bool  # its last entry calls itself the final state
    items: list[Any] | None = None  # the states of a list literal, already read
    from_zero: bool = False  # its first entry is numbered 0: the initial state, or step 0 of a count from 0
    sentences: bool = False  # the states are sentences (a verb inside one leads to nothing)

    @property
    def length(self) -> int:
        """How many states it has (one an entry), known without reading them."""
        return len(self.items) if self.items is not None else len(self.texts)

    @cached_property
    def states(self) -> list[Any]:
        if self.items is not None:
            return self.items
        states: list[Any] = []
        for own, below in self.texts:
            if below and isinstance(self.kind, list):
                stated = state_in_text(own, self.kind)
                if isinstance(stated, list):  # "Step 2: [x, p, u]" over "(v, m) -> p": the list is the state
                    states.append(stated)
                    continue
            state = state_in_text(below, self.kind, self.sentences) if below else ""
            states.append(state if state != "" else state_in_text(own, self.kind, self.sentences))
        return states


def _indent(line: Line) -> int:
    return len(line.text) - len(line.text.lstrip(" \t"))


def _is_header(layout: Layout, index: int) -> bool:
    """A short header line with the state on the line right below it: ``**[4] rage.**``,
    ``[10] Matrilineal:``, ``### After [8] → "Obstreperous"``."""
    line = layout.lines[index]
    text = line.text.strip()
    if not text or len(text) > HEADER_LENGTH or line.item or line.cells is not None:
        return False
    marked = text.startswith(("**", "__", "#")) and (text.endswith(("**", "__")) or text.startswith("#"))
    if not (marked or text.endswith(":") or (may_hold_an_arrow(text) and _ARROW_AT_END.search(text))):
        return False
    below = layout.lines[index + 1] if index + 1 < len(layout.lines) else None
    return below is not None and not below.blank and below.label is None and not below.item and not below.fence


def _entry_kind(layout: Layout, index: int) -> str | None:
    """The kind of entry line ``index`` is, if any (worked out once per line)."""
    kinds = layout.entry_kinds
    if index not in kinds:
        kinds[index] = _kind_of_entry(layout, index)
    return kinds[index]


def _kind_of_entry(layout: Layout, index: int) -> str | None:
    line = layout.lines[index]
    label = line.label
    if label is not None:
        if label.role is Role.STEP:
            return "step"
        if label.role is not Role.INITIAL:
            return None
    if line.cells is not None:
        return "table"
    if line.number is not None:
        return "number"
    if line.bullet:
        return "bullet"
    if line.fence or line.rule or line.blank:
        return None
    if _is_header(layout, index):
        return "header"
    if holds_an_arrow(line.text):
        return "arrow"
    if (
        label is None
        and _may_be_keyed(line.text)
        and _KEYED.match(line.text)
        and not _SEVERAL_LITERALS.search(line.text)
    ):
        return "keyed"  # (not "The rows are: [a, 1], [b, 2]": several states, not a step's one)
    return None


def _may_be_keyed(text: str) -> bool:
    """A cheap test before matching ``_KEYED``: every key ends in a colon or an ``=``."""
    return ":" in text or "=" in text


def _entry_text(line: Line) -> str:
    if line.label is not None and line.label.role is Role.STEP:
        return line.label.value
    if line.number is not None or line.bullet:
        return line.body
    keyed = _KEYED.match(line.text) if _may_be_keyed(line.text) else None
    if keyed is not None and not holds_an_arrow(line.text):
        return line.text[keyed.end() - 1 :]
    return line.text


def _number(line: Line) -> int | None:
    if line.label is not None and line.label.role is Role.STEP:
        return line.label.step
    return line.number


def _table(layout: Layout, index: int, kind: Kind) -> Walkthrough | None:
    """The states of the table whose header is line ``index``: the cells of its state
    column (the last column whose header names a state, else the last column); where the
    states are lists and that column holds no lists, each whole row is a state (Count's
    ``| string | N1 | N2 | N3 |``)."""
    lines = layout.lines
    if index + 1 >= len(lines) or not lines[index + 1].rule or lines[index].cells is None:
        return None
    header = lines[index].cells or []
    named = _state_column(header)
    column = len(header) - 1 if named is None else named
    rows, last = [], index + 1
    while last + 1 < len(lines) and lines[last + 1].cells is not None:
        last += 1
        cells = lines[last].cells or []
        if column < len(cells):
            rows.append(cells)
    if not rows:
        return None
    from_zero = rows[0][0].strip() == "0"
    listed = sum(any(mark in row[column] for mark in ",[ ") for row in rows)
    if isinstance(kind, list) and 2 * listed < len(rows):
        return Walkthrough(index, last, [], kind, False, [[unwrap(cell) for cell in row] for row in rows], from_zero)
    return Walkthrough(index, last, [(row[column], "") for row in rows], kind, False, None, from_zero)


def _state_column(header: list[str]) -> int | None:
    """The last column whose header names a state (``STATE_COLUMN_WORDS``), if any."""
    found = None
    for position, name in enumerate(header):
        if any(word in name.lower() for word in STATE_COLUMN_WORDS):
            found = position
    return found


def _csv_table(layout: Layout, index: int, kind: Kind) -> Walkthrough | None:
    """The states of a table written as comma-separated values (``step,action,state`` over
    ``1,pop_right,aezjv``): a header line naming a state column, then at least two rows of
    as many fields (quoted as CSV quotes them)."""
    lines = layout.lines
    if not _CSV_HEADER.fullmatch(lines[index].text):
        return None
    header = lines[index].text.split(",")
    column = _state_column(header)
    if column is None:
        return None
    rows, last = [], index
    while last + 1 < len(lines) and not lines[last + 1].blank:
        fields = next(csv.reader([lines[last + 1].text], skipinitialspace=True))
        if len(fields) != len(header):
            break
        rows.append(fields)
        last += 1
    if len(rows) < 2:
        return None
    from_zero = rows[0][0].strip() == "0"
    return Walkthrough(index, last, [(row[column], "") for row in rows], kind, False, None, from_zero)


def _literal_on_lines(layout: Layout, index: int) -> tuple[int, Any] | None:
    """(last line, value) of a list literal that starts line ``index`` and ends a line."""
    found = layout.literal_at(index)
    if found is None or not isinstance(found[1], list) or layout.text[found[2] :].split("\n", 1)[0].strip(" .,;"):
        return None
    return found[0], found[1]


def _literal(layout: Layout, index: int, kind: Kind) -> Walkthrough | None:
    """A list literal that stands on its own lines, starting on line ``index``: a list of
    states, or (where states are lists and its items are not) one state a line, as the
    rows of a matrix."""
    found = _literal_on_lines(layout, index)
    if found is None:
        return None
    last, value = found
    if not (isinstance(kind, list) and value and not any(isinstance(item, list) for item in value)):
        return Walkthrough(index, last, [], None, False, value) if len(value) >= 2 else None
    rows = [value]
    while (following := layout.next_content(last + 1, 0)) is not None:
        row = _literal_on_lines(layout, following)
        if row is None or any(isinstance(item, list) for item in row[1]):
            break
        last, value = row
        rows.append(value)
    return Walkthrough(index, last, [], None, False, rows) if len(rows) >= 2 else None


def _below_a_blank(layout: Layout, position: int, last: int, entry_kind: str, texts: list[tuple[str, str]]) -> bool:
    """Whether line ``position`` is a step's state set off by one blank line ("**Step 2:**
    Replace [2] with "the"." then, as a paragraph, the sentence after it): a line right
    after the blank below a step label that has no state below it yet."""
    return (
        entry_kind == "step"
        and position == last + 2
        and layout.lines[last + 1].blank
        and bool(texts)
        and texts[-1][1] == ""
    )


def walkthrough_at(
    layout: Layout, index: int, kind: Kind, single_entry: bool = False, sentences: bool = False
) -> Walkthrough | None:
    """The walk-through that starts on line ``index``, if one does; ``kind`` is the
    reference's type of an intermediate state. A single bulleted or arrow line is prose
    unless ``single_entry`` (a list under an intermediate label)."""
    lines = layout.lines
    first = lines[index]
    if first.cells is not None:
        table = _table(layout, index, kind)
        rows = table.last_line - table.first_line - 1 if table is not None else 0
        return table if table is not None and (rows >= 2 or single_entry) else None
    if first.text.lstrip().startswith("[") and first.label is None and not first.item:
        literal = _literal(layout, index, kind)
        if literal is not None:
            return literal  # else perhaps an entry such as "[4] the:" over its state
    if first.label is None and not first.item and "," in first.text:
        table = _csv_table(layout, index, kind)
        if table is not None:
            return table
    entry_kind = _entry_kind(layout, index)
    if entry_kind is None or (first.label is not None and first.label.role is Role.INITIAL):
        return None
    texts: list[tuple[str, str]] = []
    last = position = index
    number = 0
    final_marked = False
    indent = _indent(first)
    while position < len(lines) and position <= last + 2 and not final_marked:
        line = lines[position]
        this_kind = _entry_kind(layout, position)
        if line.item and position > index and _indent(line) > indent and texts and position == last + 1:
            texts[-1] = (texts[-1][0], line.body)  # a nested item under an entry: "  - State: [...]"
            last = position
        elif this_kind == entry_kind:
            step = _number(line)
            if step is not None and number and step <= number:
                break  # a new walk-through
            number = step if step is not None else number + 1
            texts.append((_entry_text(line) if entry_kind != "header" else "", ""))
            final_marked = may_hold_words(line.text, _FINAL_WORDS) and _FINAL_MARK.search(line.text) is not None
            last = position
        elif line.blank or line.fence:
            pass
        elif (
            (entry_kind in ENTRIES_WITH_LINES_BELOW or entry_kind == "arrow")
            and (position == last + 1 or _below_a_blank(layout, position, last, entry_kind, texts))
            and texts
            and line.label is None
            and this_kind in (None, "arrow", "keyed")
        ):
            texts[-1] = (texts[-1][0], line.text)  # the state on the line below its entry
            last = position
        else:
            break
        position += 1
    if entry_kind == "arrow" and not all(below for _, below in texts):
        # An arrow line has its state on the line below only where every one has ("⟶₆ −"Swung"" over
        # the sentence): else a line below is text after the walk-through, not a state.
        texts = [(own, "") for own, _ in texts]
        last = max(at for at in range(index, last + 1) if _entry_kind(layout, at) == "arrow")
    if entry_kind in ("arrow", "keyed", "bullet", "header") and len(texts) < 2 and not single_entry:
        return None  # one such line is prose, not a walk-through
    return Walkthrough(index, last, texts, kind, final_marked, None, _number(first) == 0, sentences) if texts else None


def read_walkthroughs(layout: Layout, kind: Kind, taken: set[int], sentences: bool = False) -> list[Walkthrough]:
    """Every walk-through outside the lines in ``taken`` (the labels' values), in order;
    ``sentences`` where the states are sentences."""
    found = []
    index = 0
    while index < len(layout.lines):
        line = layout.lines[index]
        may_start = index not in taken and (
            line.cells is not None
            or line.text.lstrip()[:1] == "["
            or _entry_kind(layout, index) is not None
            or ("," in line.text and _CSV_HEADER.fullmatch(line.text) is not None)
        )
        if may_start:
            walk = walkthrough_at(layout, index, kind, sentences=sentences)
            if walk is not None:
                found.append(walk)
                index = walk.last_line + 1
                continue
        index += 1
    return found
