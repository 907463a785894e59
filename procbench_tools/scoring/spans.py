"""Finding the bracketed spans and fenced blocks of a reply, in linear time.

Standard library only: the metric Space carries this file beside ``procbench_metric.py``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from .literals import MAX_HEIGHT

# An innermost bracket pair: no bracket inside but in a quoted string (on one line). The
# pattern is "(a character that is no bracket or quote | a quoted string)*", written as runs
# of such characters between the strings (each string "(no quote | an escape)*" likewise), so
# that the engine takes a run at once instead of one character per repetition.
_PLAIN = r"""[^\[\]{}"']*"""
_STRINGS = r"""(?:"[^"\\\n]*(?:\\.[^"\\\n]*)*"|'[^'\\\n]*(?:\\.[^'\\\n]*)*')"""
_CONTENT = rf"({_PLAIN}(?:{_STRINGS}{_PLAIN})*)"
_INNERMOST = re.compile(rf"\{{{_CONTENT}\}}|\[{_CONTENT}\]")
FENCE = "```"


def bracket_spans(text: str) -> dict[int, int]:
    """``{start: end}`` of every balanced ``{...}`` or ``[...]`` span of ``text`` nested at
    most ``MAX_HEIGHT`` deep (brackets inside quoted strings do not count). Each level is
    two regular-expression passes: the innermost pairs are found, then turned into
    parentheses, which exposes the next level; so the work is linear in the text."""
    spans: dict[int, int] = {}
    masked = text
    for height in range(1, MAX_HEIGHT + 1):
        openings = [found for found in (masked.find("["), masked.find("{")) if found >= 0]
        if not openings:
            break
        # a pair lies between the first opening bracket and the last closing one: only that part is searched
        first, last = min(openings), max(masked.rfind("]"), masked.rfind("}"))
        level = [match.span() for match in _INNERMOST.finditer(masked, first, last + 1)]
        if not level:
            break
        spans.update(level)
        if height < MAX_HEIGHT:  # the found pairs become parentheses, which exposes the next level
            pieces: list[str] = []
            previous = 0
            for start, end in level:
                pieces += (masked[previous:start], "(", masked[start + 1 : end - 1], ")")
                previous = end
            pieces.append(masked[previous:])
            masked = "".join(pieces)
    return spans


def outermost(spans: dict[int, int]) -> list[tuple[int, int]]:
    """The spans that no other span contains, in order."""
    found: list[tuple[int, int]] = []
    covered = -1
    for start in sorted(spans):
        if start >= covered:
            found.append((start, spans[start]))
            covered = spans[start]
    return found


def fenced_blocks(text: str) -> Iterator[tuple[int, int, int, int]]:
    """``(opening, content_start, content_end, closing_end)`` of each fenced block: a fence
    is three backticks at the start of a line, after at most a few spaces; the content is
    the lines between the opening and the closing fence."""
    marks = []
    position = text.find(FENCE)
    while position >= 0:
        line_start = text.rfind("\n", max(0, position - 8), position) + 1
        if (line_start > 0 or position <= 8) and not text[line_start:position].strip(" \t"):
            marks.append(position)
        newline = text.find("\n", position)
        position = -1 if newline < 0 else text.find(FENCE, newline + 1)
    for opening, closing in zip(marks[::2], marks[1::2]):
        content_start = text.find("\n", opening, closing)
        if content_start >= 0:
            closing_end = text.find("\n", closing)
            yield opening, content_start + 1, closing, len(text) if closing_end < 0 else closing_end
