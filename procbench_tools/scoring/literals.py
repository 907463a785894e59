"""A tolerant parser of the literals models write: JSON, Python literals, unquoted items,
trailing commas and line comments, depth-limited so that its work is linear in the text it
reads.

Standard library only: the metric Space carries this file beside ``procbench_metric.py``.
"""

from __future__ import annotations

import json
import re
from typing import Any

MAX_HEIGHT = 6  # brackets nested deeper than this are never an answer (answers nest at most 4)


class Bare(str):
    """Text that stood unquoted in the response: its type is decided by the reference."""

    __slots__ = ()


_DOUBLE_QUOTED = re.compile(r'"(?:[^"\\\n]|\\.)*"')
_SINGLE_QUOTED = re.compile(r"'(?:[^'\\\n]|\\.)*'")
_BARE_ITEM = re.compile(r"[^,\]\}\n]*")
_BARE_KEY = re.compile(r"[^,:\]\}\n]*")
# Space between tokens, and line comments ("// split at 16", "# after step 3") as in JSON5 or Python
_SPACE = re.compile(r"(?:\s+|//[^\n]*|#[ \t][^\n]*)*")
_SKIPPED_STARTS = frozenset("/#")  # what a comment starts with (space is ``str.isspace``, as ``\s`` is)
# A list of unquoted items on one line with nothing nested, quoted or commented in it,
# "[b, y, atb]": the commonest text that is no JSON, split at its commas (``_flat_items``).
_FLAT_LIST = re.compile(r"\[([^\[\]{}\"'/#\n]*)\]")
_ESCAPE = re.compile(r"\\(u[0-9a-fA-F]{4}|.)", re.S)
_ESCAPED = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "0": "\0"}


class _NotALiteral(Exception):
    pass


def _unescape(body: str) -> str:
    def one(match: re.Match[str]) -> str:
        code = match.group(1)
        if len(code) == 5:
            return chr(int(code[1:], 16))
        return _ESCAPED.get(code, code)

    return _ESCAPE.sub(one, body) if "\\" in body else body


def quoted_at(text: str, index: int) -> re.Match[str] | None:
    """The quoted string (on one line) that starts at ``text[index]``, if any."""
    pattern = _DOUBLE_QUOTED if text[index] == '"' else _SINGLE_QUOTED
    return pattern.match(text, index)


class _LiteralParser:
    """Recursive descent over JSON plus Python literals, unquoted items and trailing commas."""

    def __init__(self, text: str) -> None:
        self.text = text

    def parse(self) -> Any:
        value, end = self.value(self.skip(0), 0, _BARE_ITEM)
        if self.skip(end) != len(self.text):
            raise _NotALiteral
        return value

    def skip(self, index: int) -> int:
        """Where the next token starts: after any space and comments at ``index``."""
        text = self.text
        if index < len(text) and not text[index].isspace() and text[index] not in _SKIPPED_STARTS:
            return index  # a token: nothing to skip (the common case, without a regex)
        return _SPACE.match(text, index).end()  # type: ignore[union-attr]

    def value(self, index: int, depth: int, bare: re.Pattern[str]) -> tuple[Any, int]:
        """(value, end) of the value whose first token starts at ``index`` (after ``skip``)."""
        text = self.text
        if index >= len(text):
            raise _NotALiteral
        first = text[index]
        if first in "[{":
            if depth >= MAX_HEIGHT:
                raise _NotALiteral
            return self.container(index, depth + 1)
        if first in "\"'":
            match = quoted_at(text, index)
            if match is None:
                raise _NotALiteral
            return _unescape(match.group()[1:-1]), match.end()
        match = bare.match(text, index)
        token = match.group().strip()  # type: ignore[union-attr]
        if not token:
            raise _NotALiteral
        return Bare(token), match.end()  # type: ignore[union-attr]

    def container(self, index: int, depth: int) -> tuple[Any, int]:
        text = self.text
        is_dict = text[index] == "{"
        closing = "}" if is_dict else "]"
        items: Any = {} if is_dict else []
        index += 1
        while True:
            index = self.skip(index)
            if index < len(text) and text[index] == closing:
                return items, index + 1
            if is_dict:
                key, index = self.value(index, depth, _BARE_KEY)
                index = self.skip(index)
                if index >= len(text) or text[index] != ":" or not isinstance(key, str):
                    raise _NotALiteral
                value, index = self.value(self.skip(index + 1), depth, _BARE_ITEM)
                items[key] = value
            else:
                value, index = self.value(index, depth, _BARE_ITEM)
                items.append(value)
            index = self.skip(index)
            if index < len(text) and text[index] == ",":
                index += 1
            elif index >= len(text) or text[index] != closing:
                raise _NotALiteral


def _flat_items(text: str) -> list[Bare] | None:
    """The items of ``text`` where it is a flat list of unquoted items (``_FLAT_LIST``), as
    ``_LiteralParser`` reads them, without its token loop; ``None`` for any other text, and
    where an item is empty (the parser's error to raise)."""
    flat = _FLAT_LIST.fullmatch(text)
    if flat is None:
        return None
    items = [item.strip() for item in flat.group(1).split(",")]
    if not items[-1]:
        items.pop()  # a trailing comma, or no item at all
    return [Bare(item) for item in items] if all(items) else None


def parse_literal(text: str) -> Any:
    """A JSON value, else a tolerant Python-style literal; raises ``ValueError``."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        pass
    flat = _flat_items(text)
    if flat is not None:
        return flat
    try:
        return _LiteralParser(text).parse()
    except _NotALiteral:
        raise ValueError("not a literal") from None
