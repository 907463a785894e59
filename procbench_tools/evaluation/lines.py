"""Reading JSON Lines files the one way: line numbers, a byte order mark, standard input,
and the limits that keep a hostile file from costing unbounded memory or a traceback.

A line may be at most ``MAX_LINE_BYTES`` long (a file without line breaks, such as
``/dev/zero`` or a binary file, is refused once that much is read, not read to the end);
its JSON may nest at most ``MAX_DEPTH`` levels; a string may not hold half of a UTF-16
surrogate pair (``"\\ud83d"``), which no UTF-8 file can store. Each is refused in one line
naming the file and line. Lines are read a bounded piece at a time, so ``SIGTERM`` and
Ctrl-C stop a long read."""

from __future__ import annotations

import codecs
import contextlib
import json
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

# The longest line read: a reply many times longer than the last million characters the
# reader reads (``scoring.reader.MAX_CHARS``), even written as \uXXXX escapes, with room
# for a prediction beside it; a file without line breaks stops here.
MAX_LINE_BYTES = 64 * 2**20
# The deepest nesting of arrays and objects read (a label nests at most 4 levels).
MAX_DEPTH = 100
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def capped_lines(stream: IO[bytes], where: str) -> Iterator[tuple[int, bytes]]:
    """The lines of ``stream`` with their numbers (blank ones too), each read with at most
    ``MAX_LINE_BYTES`` bytes; ``ValueError`` ``"<where>:<line>: ..."`` for a longer line."""
    number = 0
    while raw := stream.readline(MAX_LINE_BYTES + 1):
        number += 1
        if len(raw) > MAX_LINE_BYTES:
            raise ValueError(
                f"{where}:{number}: a line longer than {MAX_LINE_BYTES // 2**20} MB (no line break in it); "
                "expected one JSON object a line"
            )
        yield number, raw


def numbered_lines(path: Path, what: str, progress: Callable[[int], object] | None = None) -> Iterator[tuple[int, str]]:
    """The non-blank lines of a UTF-8 file (``-``: standard input; a pipe or any other
    stream, read once) with their numbers; a UTF-8 byte order mark is skipped; ``progress``
    is called with the bytes of each line. ``ValueError`` naming the file (and line) when
    it is a folder, missing, not UTF-8, empty, or has a line longer than ``MAX_LINE_BYTES``."""
    shown = "standard input" if str(path) == "-" else str(path)
    if str(path) != "-":
        if path.is_dir():
            raise ValueError(f"{what} {shown} is a folder, not a JSON Lines file")
        if not path.exists():
            raise ValueError(f"{what} {shown} does not exist")
    found = False
    with contextlib.ExitStack() as stack:
        stream = sys.stdin.buffer if str(path) == "-" else stack.enter_context(path.open("rb"))
        for number, raw in capped_lines(stream, f"{what} {shown}"):
            if progress is not None:
                progress(len(raw))
            if number == 1 and raw.startswith(codecs.BOM_UTF8):
                raw = raw[len(codecs.BOM_UTF8) :]
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as error:
                raise ValueError(
                    f"{what} {shown}:{number}: not valid UTF-8 (byte {error.start + 1} of the line); "
                    "save the file as UTF-8"
                ) from None
            if text.strip():
                found = True
                yield number, text
    if not found:
        raise ValueError(f"{what} {shown} is empty: expected one JSON object a line")


class NotJson(ValueError):
    """Text that is not JSON at all (as opposed to JSON that is refused)."""


def parse_json(text: str | bytes, where: str) -> Any:
    """``text`` parsed as JSON; ``ValueError`` ``"<where>: ..."`` naming the fix when it is
    not JSON (:class:`NotJson`), nests deeper than ``MAX_DEPTH``, or holds a lone surrogate."""
    try:
        value = json.loads(text)
    except RecursionError:
        value, deep = None, True
    except ValueError as error:
        raise NotJson(f"{where}: not a JSON object ({error})") from None
    else:
        deep = _count_brackets(text) > MAX_DEPTH and _deeper_than(value, MAX_DEPTH)
    if deep:
        raise ValueError(
            f"{where}: JSON nested more than {MAX_DEPTH} levels deep (procbench's lines nest a few levels); "
            "the line is damaged or not procbench's"
        )
    if _SURROGATE_ESCAPE.search(text if isinstance(text, str) else text.decode("utf-8", "replace")):
        try:
            json.dumps(value, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError as error:
            half = f"\\u{ord(error.object[error.start]):04x}"
            raise ValueError(
                f"{where}: a lone surrogate {half} in a string (half of a UTF-16 pair, no character); "
                "write the whole character or remove it"
            ) from None
    return value


def _count_brackets(text: str | bytes) -> int:
    if isinstance(text, bytes):
        return text.count(b"[") + text.count(b"{")
    return text.count("[") + text.count("{")


def _deeper_than(value: Any, limit: int) -> bool:
    """Whether ``value`` nests lists and dicts more than ``limit`` deep (without recursion)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        children = item.values() if isinstance(item, dict) else item if isinstance(item, list) else None
        if children is None:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


def json_lines(
    path: Path, what: str, where: str, progress: Callable[[int], object] | None = None
) -> Iterator[tuple[int, Any]]:
    """:func:`numbered_lines` parsed by :func:`parse_json`; ``ValueError``
    ``"<where>:<line>: ..."`` for a line that is not JSON, too deep, or holds a lone
    surrogate."""
    for number, text in numbered_lines(path, what, progress):
        yield number, parse_json(text, f"{where}:{number}")
