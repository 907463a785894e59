"""The layout of a reply: its lines, each known as a label, a list item, a table row, a
fence or plain text, and the fenced blocks and bracketed spans that hold whole values.

Made once per reply in one pass over its lines (bounded work per line), and read by the
form readers of ``forms.py``. Standard library only: the metric Space carries this file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from .labels import Label, Role, holds_role_word, label_of, read_label
from .literals import parse_literal
from .spans import FENCE, bracket_spans, outermost

_ITEM = re.compile(r"[ \t]{0,12}(?:(\d{1,4})[.)]|[-*+\u2022])[ \t]+(?=\S)")
# Where a label may start inside a line: after a sentence, a colon, or a comma before "the
# final" / "the intermediate", perhaps after "and" or "so" ("Putting it together, the
# intermediate lists are"; "..., so the final character is `c`").
_SENTENCE_START = re.compile(
    r"[.!?;:][ \t]+(?=[A-Za-z*_`])"
    r"|,[ \t]+(?:(?:and|so|thus|hence|therefore)[ \t]+)?(?=the[ \t]+(?:final|intermediate)\b)"
)
_PART_KEYWORD = re.compile(r"\b(?:final|intermediate)\b", re.I)
_SAID_OVER_BELOW = re.compile(r"[ \t](?:is|are)[ \t]*$")  # "So the intermediate arrays are", the list below
SENTENCE_WINDOW = 160  # a label inside a line starts a sentence at most this far before its keyword
_QUOTE = re.compile(r"[ \t]{0,3}(?:>[ \t]?)+")
_TABLE_RULE = re.compile(r"\|?(?:[ \t]*:?-{2,}:?[ \t]*\|)+[ \t]*:?-*:?[ \t]*\|?")


@dataclass(slots=True)
class Line:
    start: int  # offset of the line in the text
    end: int  # offset of its end (its newline, or the end of the text)
    text: str
    label: Label | None = None
    number: int | None = None  # the number of a numbered list item
    bullet: bool = False  # a bulleted list item
    body: str = ""  # an item's text after its number or bullet
    cells: list[str] | None = None  # the cells of a table row (not of its rule line)
    rule: bool = False  # a table's rule line, |---|---|
    fence: bool = False  # a line that opens or closes a fenced block
    blank: bool = False  # a line of white space only (read once: the form readers ask often)

    @property
    def item(self) -> bool:
        return self.number is not None or self.bullet

    def moved(self, start: int, end: int) -> Line:
        """A line of this content at ``start``-``end`` in the text (a repeated line)."""
        return Line(start, end, self.text, self.label, self.number, self.bullet, self.body, self.cells, self.rule,
                    self.fence, self.blank)  # fmt: skip


@dataclass
class Layout:
    text: str
    lines: list[Line]
    # A memo of ``walkthroughs.entry_kind`` (a pure function of a line and its neighbours),
    # filled as lines are asked about: nothing else is kept between readers.
    entry_kinds: dict[int, str | None] = field(default_factory=dict)

    @cached_property
    def spans(self) -> dict[int, int]:
        """The bracketed spans, {start: end} (found on first use: a reply whose readers ask
        for no literal needs none)."""
        return bracket_spans(self.text) if "[" in self.text or "{" in self.text else {}

    @cached_property
    def outermost_spans(self) -> list[tuple[int, int]]:
        """The bracketed spans that no other span contains, in order."""
        return outermost(self.spans)

    def literal_at(self, index: int, column: int | None = None) -> tuple[int, Any, int] | None:
        """(last line, value, end) of the literal (JSON or Python-style) that starts on
        line ``index`` at ``column`` (default: its first non-blank character), perhaps going
        on over the lines below; ``None`` when none starts there."""
        start = self._column_start(index, column)
        end = self.spans.get(start)
        if end is None:
            return None
        try:
            value = parse_literal(self.text[start:end])
        except ValueError:
            return None
        last = index
        while last + 1 < len(self.lines) and self.lines[last + 1].start < end:
            last += 1
        return last, value, end

    def spans_lines(self, index: int, column: int | None = None) -> bool:
        """Whether a bracketed span starts on line ``index`` at ``column`` (default: its first
        non-blank character) and ends on a line below: a cheap test before ``literal_at``
        parses it, where only a literal over several lines is wanted."""
        return self.spans.get(self._column_start(index, column), 0) > self.lines[index].end

    def _column_start(self, index: int, column: int | None) -> int:
        """The offset in the text of ``column`` on line ``index`` (default: its first
        non-blank character)."""
        line = self.lines[index]
        if column is None:
            column = len(line.text) - len(line.text.lstrip())
        return line.start + column

    def next_content(self, index: int, blank_lines: int = 2) -> int | None:
        """The index of the first non-blank line at or after ``index``, skipping at most
        ``blank_lines`` blank lines."""
        skipped = 0
        while index < len(self.lines):
            if not self.lines[index].blank:
                return index
            skipped += 1
            if skipped > blank_lines:
                return None
            index += 1
        return None


def _cells(text: str) -> list[str] | None:
    stripped = text.strip()
    if not stripped.startswith("|") or stripped.count("|") < 2:
        return None
    inner = stripped[1:-1] if stripped.endswith("|") else stripped[1:]
    return [cell.strip() for cell in inner.split("|")]


def _label_in_sentence(text: str) -> Label | None:
    """A final or intermediate label that starts a sentence inside the line ``text``
    ("... no rule applies. The intermediate states are lists 1-21."), with a separator or
    said with "is" over the lines below ("... 9 → 7. So the intermediate arrays are"); a
    phrase alone ("... stops [3] route. An intermediate range plane.") is a heading only
    where it is its line."""
    tried = 0
    for keyword in _PART_KEYWORD.finditer(text):
        low = max(tried, keyword.start() - SENTENCE_WINDOW)
        for boundary in _SENTENCE_START.finditer(text, low, keyword.end()):
            label = read_label(text[boundary.end() :])
            if label is None or label.role not in (Role.FINAL, Role.INTERMEDIATE):
                continue
            if label.separated or _SAID_OVER_BELOW.search(text, boundary.end()):
                return Label(label.role, label.value, label.value_start + boundary.end(), label.step, label.separated)
        tried = keyword.end()  # each boundary is tried once
    return None


def _table_label(cells: list[str]) -> Label | None:
    """A table row that is a label and its value: ``| **Final string** | `abc` |``."""
    if len(cells) < 2 or not cells[1]:
        return None
    label = read_label(cells[0])
    if label is None or label.role not in (Role.FINAL, Role.INTERMEDIATE) or label.value:
        return None
    return Label(label.role, cells[1], 0)


_ITEM_START = frozenset("0123456789-*+\u2022")


def _read_line(raw: str, start: int) -> Line:
    """The line ``raw``, at ``start`` in the text, as a label, a list item, a table row, a
    fence or plain text. Only a line that holds a role word may be a label."""
    line = Line(start, start + len(raw), raw)
    stripped = raw.lstrip(" \t")
    if not stripped:
        line.blank = True
        return line
    if stripped[0] == ">":  # a block quote: the text inside it counts
        quote = _QUOTE.match(raw)
        if quote is not None:
            raw = " " * quote.end() + raw[quote.end() :]
            line.text = raw
            stripped = raw.lstrip(" \t")
    line.blank = not stripped.strip()  # other white space ("\u3000"), or a quote mark alone
    if stripped.startswith(FENCE) and len(raw) - len(stripped) <= 8:
        line.fence = True
    elif stripped[:1] == "|":
        if _TABLE_RULE.fullmatch(stripped.rstrip()):
            line.rule = True
        else:
            line.cells = _cells(raw)
            if holds_role_word(raw):
                line.label = _table_label(line.cells or [])
    else:
        item = _ITEM.match(raw) if stripped[:1] in _ITEM_START else None
        if item is not None:
            line.body = raw[item.end() :]
            if item.group(1) is not None:
                line.number = int(item.group(1))
            else:
                line.bullet = True
        if holds_role_word(raw):
            line.label = label_of(raw) or _label_in_sentence(raw)
    return line


def read_layout(text: str) -> Layout:
    """The layout of ``text``. A line is read once however often it is repeated (a looping
    model's thousands of equal lines): the lines after it take its reading."""
    lines = []
    position = 0
    read: dict[str, Line] = {}  # the first line of each distinct text
    for raw in text.split("\n"):
        first = read.get(raw)
        if first is None:
            line = read[raw] = _read_line(raw, position)
        else:
            line = first.moved(position, position + len(raw))
        lines.append(line)
        position += len(raw) + 1
    return Layout(text, lines)
