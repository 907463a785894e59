"""The layout of a reply: its lines, each known as a label, a list item, a table row, a
fence or plain text, and the fenced blocks and bracketed spans that hold whole values.

Made once per reply in one pass over its lines (bounded work per line), and read by the
form readers of ``forms.py``. Standard library only: the metric Space carries this file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from .labels import Label, Role, read_label
from .spans import FENCE, bracket_spans

_ITEM = re.compile(r"[ \t]{0,12}(?:(\d{1,4})[.)]|[-*+\u2022])[ \t]+(?=\S)")
_SENTENCE_START = re.compile(r"[.!?;][ \t]+(?=[A-Za-z*_`])|,[ \t]+and[ \t]+(?=the\b)")  # ", and the final ..."
_PART_KEYWORD = re.compile(r"final|intermediate", re.I)
SENTENCE_WINDOW = 160  # a label inside a line starts a sentence at most this far before its keyword
_QUOTE = re.compile(r"[ \t]{0,3}(?:>[ \t]?)+")
_TABLE_RULE = re.compile(r"\|?(?:[ \t]*:?-{2,}:?[ \t]*\|)+[ \t]*:?-*:?[ \t]*\|?")


@dataclass
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

    @property
    def blank(self) -> bool:
        return not self.text.strip()

    @property
    def item(self) -> bool:
        return self.number is not None or self.bullet


@dataclass
class Layout:
    text: str
    lines: list[Line]
    spans: dict[int, int] = field(default_factory=dict)  # bracketed spans, {start: end}
    found: dict[str, Any] = field(default_factory=dict)  # what the form readers found, kept for one another

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
    ("... no rule applies. The intermediate states are lists 1-21.")."""
    keyword = _PART_KEYWORD.search(text)
    if keyword is None:
        return None
    low = max(0, keyword.start() - SENTENCE_WINDOW)
    for boundary in _SENTENCE_START.finditer(text, low, keyword.start()):
        label = read_label(text[boundary.end() :])
        if label is not None and label.role in (Role.FINAL, Role.INTERMEDIATE):
            return Label(label.role, label.value, label.value_start + boundary.end(), label.step, label.separated)
    return None


def _table_label(cells: list[str]) -> Label | None:
    """A table row that is a label and its value: ``| **Final string** | `abc` |``."""
    if len(cells) < 2 or not cells[1]:
        return None
    label = read_label(cells[0])
    if label is None or label.role not in (Role.FINAL, Role.INTERMEDIATE) or label.value:
        return None
    return Label(label.role, cells[1], 0)


def read_layout(text: str) -> Layout:
    """The layout of ``text``."""
    lines = []
    position = 0
    for raw in text.split("\n"):
        line = Line(position, position + len(raw), raw)
        position += len(raw) + 1
        quote = _QUOTE.match(raw)
        if quote is not None:  # a block quote: the text inside it counts
            raw = " " * quote.end() + raw[quote.end() :]
            line.text = raw
        stripped = raw.lstrip(" \t")
        if stripped.startswith(FENCE) and len(raw) - len(stripped) <= 8:
            line.fence = True
        elif stripped.startswith("|"):
            if _TABLE_RULE.fullmatch(stripped.rstrip()):
                line.rule = True
            else:
                line.cells = _cells(raw)
                line.label = _table_label(line.cells or [])
        if not line.fence and not line.rule and line.cells is None:
            item = _ITEM.match(raw)
            if item is not None:
                line.body = raw[item.end() :]
                if item.group(1) is not None:
                    line.number = int(item.group(1))
                else:
                    line.bullet = True
            if stripped:
                line.label = read_label(raw) or _label_in_sentence(raw)
        lines.append(line)
    return Layout(text, lines, bracket_spans(text) if "[" in text or "{" in text else {})
