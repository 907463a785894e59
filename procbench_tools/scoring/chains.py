"""Chains: the states of a procedure found by what they are, with or without labels.

A procedure's states follow one another in reading order, and for most tasks neighbours
look alike (one step changes a little). A chain is a run of state-shaped values
(``shapes.py``) in the text:

- on one line, joined by arrows (``cdba → cbda → bcda``) or listed with commas
  (``cdba, cbda, bcda``);
- or one per line, a line holding nothing but its value (after a list mark, a step label or
  a short description ending in a colon, and before a remark such as ``# swap 0, 1`` or
  ``(swap)``); blank lines may stand between them.

A line of prose, a fence or a heading ends a chain; so does a value that does not look like
the one before it (a word sharing under half its letters, a sentence sharing under half its
words). A line ``x → y`` shows one step: its value is ``y``.

Standard library only: the metric Space carries this file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .labels import Role
from .layout import Layout, Line
from .literals import Bare
from .shapes import Shape
from .state_types import Kind
from .values import ARROW, holds_an_arrow, literal_sequence, parse_value, unwrap

MIN_CHAIN = 2  # a chain has at least this many states
WINDOW = 48  # lines read first from the end for the last chain
MAX_WINDOW = 6144  # the last chain is looked for in at most this many lines from the end
PROSE_SPACES = 12  # a line of more words holds a word or number state alone only in a list with commas
DESCRIPTION_LENGTH = 60  # "3. Remove "for": ..." — a description before a colon is at most this long
LIST_DESCRIPTION_LENGTH = 120  # before a list state ('"globalization" adds g 1, l 2, ...: [2, 1, 0]')
_COMMENT = re.compile(r"\s(?:#|//)\s.*$|\s+\([^()\n]{0,80}\)$")
_ENUMERATION = re.compile(r"\s*(?:,|;)\s*(?:and\s+)?|\s+and\s+")
_DESCRIPTION_END = re.compile(r"[:=]\s+(?=\S)")
_EMPHASIS = re.compile(r"^(?:\*\*|__)([^*_\n]+)(?:\*\*|__)$")  # a whole line in bold: "**Sum of N3 = 271**"
_NEXT_SENTENCE = re.compile(r"(?<=[\w\"'\]`*])\.[ \t]+(?=[A-Z])")  # a full stop, then another sentence
_SET_OFF = frozenset('"\u201c`*>')  # what a line holding only a quoted, marked or cited sentence opens with
_QUOTED = re.compile(r'"([^"\n]{2,})"|\u201c([^\u201d\n]{2,})\u201d')


@dataclass(frozen=True)
class Lone:
    """A value alone on its line just before a chain (a final state stated first)."""

    value: Any
    end: int  # where its line ends in the text


@dataclass(frozen=True)
class Chain:
    first_line: int
    last_line: int
    end: int  # where its last line ends in the text
    states: tuple[Any, ...]
    before: Lone | None = None  # a value alone on its line just before the chain


def _uncommented(text: str) -> str:
    """``text`` without the comment or remark that ends it (``_COMMENT``), after a cheap
    test: every text it matches holds ``#``, ``//`` or ``)``, and most values hold none."""
    return _COMMENT.sub("", text) if "#" in text or "//" in text or ")" in text else text


def _value(text: str, kind: Kind, shape: Shape) -> Any:
    """The state ``text`` is, when it is nothing but one state-shaped value; else ``None``."""
    text = _uncommented(text).strip()
    if not text or (" " in text and not shape.sentences and not isinstance(kind, list)):
        return None  # a word or a number has no space (a cheap test first)
    text = _uncommented(unwrap(text)).strip()
    if not text:
        return None
    value = shape.tidy(parse_value(text), kind)
    if isinstance(value, str) and type(value) is Bare and kind is not str and isinstance(kind, list):
        return None  # an unbracketed list is read by the labelled forms, not here
    return value if shape.fits(value, kind) else None


def _a_list_is_the_final(kind: Kind, final_kind: Kind) -> bool:
    """Whether a list literal is the final state (Compare's list of results), not a list of
    states."""
    return isinstance(final_kind, list) and not isinstance(kind, list)


def _may_list_states(text: str, kind: Kind, final_kind: Kind) -> bool:
    """Whether the list literal ``text`` may hold states (``_listed``), known before it is
    parsed: where states are lists, its first item must be a list too."""
    if _a_list_is_the_final(kind, final_kind):
        return False
    return not isinstance(kind, list) or text[1:].lstrip()[:1] == "["


def _listed(value: Any, kind: Kind, final_kind: Kind) -> list[Any] | None:
    """The states a list literal holds, when its items are states (``["cdba", "cbda"]``
    where states are strings, ``[[1, 2], [2, 3]]`` where they are lists)."""
    if not isinstance(value, list) or not value:
        return None
    if _a_list_is_the_final(kind, final_kind):
        return None
    if isinstance(kind, list):
        return value if all(isinstance(item, list) for item in value) else None
    shape = Shape()
    return value if all(shape.fits(item, kind) or shape.fits(item, final_kind) for item in value) else None


def _last_quoted(text: str) -> str | None:
    """The last quoted sentence of a line of prose (``After this step it reads: "..."``)."""
    quoted = [match.group(1) or match.group(2) for match in _QUOTED.finditer(text)]
    return quoted[-1] if quoted else None


def _prose(text: str, kind: Kind, shape: Shape) -> bool:
    """Whether a line is prose that holds no state alone (a cheap test first: most lines of a
    reply are prose): a list state needs brackets; a word or a number stands alone, after a
    short description or among others listed with commas."""
    if holds_an_arrow(text) or shape.sentences:
        return False
    if isinstance(kind, list):
        return "[" not in text
    return text.count(" ") > PROSE_SPACES and "," not in text and ";" not in text


def _line_values(line: Line, kind: Kind, final_kind: Kind, shape: Shape) -> list[Any] | None:
    """The state-shaped values a line holds when it holds nothing else (see the module
    docstring); ``None`` for any other line."""
    if line.fence or line.rule or line.cells is not None:
        return None
    text = line.body if line.item else line.text
    if line.label is not None:
        if line.label.role is Role.INITIAL:
            return None
        text = line.label.value
    text = text.strip()
    if text[:2] in ("**", "__"):
        text = _EMPHASIS.sub(r"\1", text)
    if not text or _prose(text, kind, shape):
        return None
    if text[0] == "[" and _may_list_states(text, kind, final_kind):
        listed = _listed(parse_value(_uncommented(text)), kind, final_kind)
        if listed is not None:
            return listed
    if holds_an_arrow(text):
        pieces = [piece for piece in ARROW.split(text) if piece.strip()]
        last = _value(pieces[-1], kind, shape) if pieces else None
        if last is None:
            return None
        if len(pieces) >= 3:
            values = []
            for piece in pieces[:-1]:
                value = _value(piece, kind, shape)
                if value is None:
                    return [last]
                values.append(value)
            return [*values, last]
        return [last]
    if shape.sentences and kind is str:  # a line of prose that quotes the sentence: the quote
        quoted = _last_quoted(text)
        if quoted is not None and shape.fits(quoted, kind) and not _QUOTED.fullmatch(text):
            return [quoted]
    whole = _value(text, kind, shape)
    if whole is not None:
        return [whole]
    length = LIST_DESCRIPTION_LENGTH if isinstance(kind, list) else DESCRIPTION_LENGTH
    described = [*_DESCRIPTION_END.finditer(text[: length + 2])][-1:]  # the last colon or "="
    if described and described[0].start() <= length:
        after = _value(text[described[0].end() :], kind, shape)
        if after is not None:
            return [after]
        text = text[described[0].end() :]  # "steps: cdba, cbda, bcda": the values after it
    if isinstance(kind, list) and text[:1] == "[":  # "The rows are: [a, 1], [b, 2], [c, 3]"
        listed = literal_sequence(_uncommented(text).rstrip(". "))
        if listed is not None and len(listed) >= MIN_CHAIN and all(shape.fits(item, kind) for item in listed):
            return listed
    if not isinstance(kind, list):
        if not shape.sentences:  # "... are: a, ab, abc. These are the intermediate states.": the first sentence
            text = _NEXT_SENTENCE.split(text, maxsplit=1)[0]
        parts = [part for part in _ENUMERATION.split(_uncommented(text).rstrip(".")) if part.strip()]
        if len(parts) >= MIN_CHAIN:
            values = []
            for part in parts:  # a part that is no state makes the line prose: the rest is not read
                value = _value(part, kind, shape)
                if value is None:
                    return None
                values.append(value)
            return values
    return None


def _final_value(line: Line, final_kind: Kind, shape: Shape) -> Any:
    """The value of a line that holds a final state of another type than the steps' (the
    list of Compare's results after its string states), or ``None``."""
    values = _line_values(line, final_kind, final_kind, shape)
    return values[0] if values is not None and len(values) == 1 else None


class _LineReader:
    """The values of one text's lines, each line text read once (a looping model writes one
    line thousands of times; the layout reads a line from its text alone, so lines of one
    text read alike): ``_line_values`` and ``_final_value`` are pure functions of a line."""

    def __init__(self, layout: Layout, intermediate_kind: Kind, final_kind: Kind, shape: Shape) -> None:
        self.layout, self.final_kind, self.shape = layout, final_kind, shape
        self.kind = intermediate_kind if intermediate_kind is not None else final_kind
        self.mixed = final_kind is not None and final_kind != self.kind  # a final state of its own type
        self._values: dict[str, list[Any] | None] = {}
        self._finals: dict[str, Any] = {}

    def values_at(self, index: int) -> tuple[int, list[Any] | None]:
        """(last line, values) of what starts on line ``index``: a list literal over several
        lines, or the line's own values (``_line_values``)."""
        layout, line = self.layout, self.layout.lines[index]
        spans_lines = line.text.lstrip()[:1] == "[" and layout.spans_lines(index)
        spanning = layout.literal_at(index) if spans_lines else None
        if spanning is not None:  # a list literal over several lines
            end_line, value, _ = spanning
            return end_line, _listed(value, self.kind, self.final_kind)
        if line.text not in self._values:
            self._values[line.text] = _line_values(line, self.kind, self.final_kind, self.shape)
        return index, self._values[line.text]

    def final_value(self, line: Line) -> Any:
        """``_final_value`` of ``line``."""
        if line.text not in self._finals:
            self._finals[line.text] = _final_value(line, self.final_kind, self.shape)
        return self._finals[line.text]


def read_chains(layout: Layout, intermediate_kind: Kind, final_kind: Kind, shape: Shape, start: int = 0) -> list[Chain]:
    """Every chain of the text from line ``start`` on, in order. Where the final state's type
    is not the steps' (Compare, FindCyclic, Count), a value of the final type ends the chain
    as its last."""
    return _read_chains(_LineReader(layout, intermediate_kind, final_kind, shape), start)


def _read_chains(reader: _LineReader, start: int) -> list[Chain]:
    """``read_chains`` with the lines read by ``reader``."""
    layout, kind, mixed, shape = reader.layout, reader.kind, reader.mixed, reader.shape
    chains: list[Chain] = []
    run: list[Any] = []
    first = last = -1
    lone: Lone | None = None  # a value alone on its line, just before the run
    before: Lone | None = None  # the lone value before the current run
    listed_run = False  # the current run is a list literal of states (a chain even of one)

    def close() -> None:
        nonlocal lone
        if len(run) >= MIN_CHAIN or (run and listed_run):
            chains.append(Chain(first, last, layout.lines[last].end, tuple(run), before))
        lone = Lone(run[0], layout.lines[last].end) if len(run) == 1 and not listed_run else None

    lines = layout.lines
    index = start
    while index < len(lines):
        line = lines[index]
        if line.blank:
            index += 1
            continue
        end_line, values = reader.values_at(index)
        if values is None and mixed and not run:
            ending = reader.final_value(line)
            if ending is not None:  # a final state of its own type, stated before the steps
                close()
                lone = Lone(ending, layout.lines[end_line].end)
                index = end_line + 1
                continue
        if values is None and mixed and run:
            ending = reader.final_value(line)
            if ending is not None:
                run.append(ending)
                if first < 0:
                    first, before = index, lone
                last = end_line
                close()
                run, first = [], -1
                index = end_line + 1
                continue
        if values is None:
            close()
            lone = None  # a line of prose stands between it and what follows
            run, first = [], -1
            index = end_line + 1
            continue
        final_label = line.label is not None and line.label.role is Role.FINAL and len(values) == 1
        if final_label and run and values == [run[-1]]:  # "Final state: abcd" under a chain that ends in abcd
            last = end_line
            index = end_line + 1
            continue
        if final_label and not run:  # a final state stated first, before its steps
            close()
            lone = Lone(values[0], layout.lines[end_line].end)
            index = end_line + 1
            continue
        # a list literal after a value alone is a chain of its own, even of one state ("7c8c" over "[7c]")
        bracketed = line.text.lstrip()[:1] == "[" and len(run) == 1 and not isinstance(kind, list)
        if run and (len(values) > 1 or bracketed or not shape.alike(run[-1], values[0], kind)):
            close()  # a line that is a chain of its own, or a value unlike the last, starts a new chain
            run, first = [], -1
        if first < 0:
            first, before, listed_run = index, lone, line.text.lstrip()[:1] == "[" and not isinstance(kind, list)
        run += values
        last = end_line
        index = end_line + 1
    close()
    return chains


def last_chain(layout: Layout, intermediate_kind: Kind, final_kind: Kind, shape: Shape) -> Chain | None:
    """The chain that ends last, found from the end of the text: the last ``WINDOW`` lines
    are read first (most answers stand at the end of a reply); where the chain found there
    could reach further up, the last ``MAX_WINDOW`` lines (a looping model's megabyte of
    lines is not read whole)."""
    reader = _LineReader(layout, intermediate_kind, final_kind, shape)
    start = max(0, len(layout.lines) - WINDOW)
    found = _read_chains(reader, start)
    if start > 0 and not (found and found[-1].first_line > start + 2):
        found = _read_chains(reader, max(0, len(layout.lines) - MAX_WINDOW))
    return found[-1] if found else None


def last_value(layout: Layout, intermediate_kind: Kind, final_kind: Kind, shape: Shape) -> Lone | None:
    """The last state-shaped value alone on its line, in at most ``MAX_WINDOW`` lines from
    the end: where a reply holds no chain and no label, it is the final state it gives
    ("the sentence reads:" over the sentence)."""
    kind = final_kind if final_kind is not None else intermediate_kind
    lines = layout.lines
    for index in range(len(lines) - 1, max(-1, len(lines) - 1 - MAX_WINDOW), -1):
        line = lines[index]
        if line.blank or (shape.sentences and line.text.strip()[:1] not in _SET_OFF):
            continue  # any line of prose is sentence-shaped: only a sentence set off stands alone
        values = _line_values(line, kind, kind, shape)
        if values is not None and len(values) == 1:
            return Lone(values[0], line.end)
    return None
