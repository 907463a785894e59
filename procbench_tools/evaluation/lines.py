"""Reading JSON Lines files the one way: line numbers, a byte order mark, standard input."""

from __future__ import annotations

import codecs
import contextlib
import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any


def numbered_lines(path: Path, what: str, progress: Callable[[int], object] | None = None) -> Iterator[tuple[int, str]]:
    """The non-blank lines of a UTF-8 file (``-``: standard input) with their numbers; a
    UTF-8 byte order mark is skipped; ``progress`` is called with the bytes of each line.
    ``ValueError`` naming the file (and line) when it is a folder, missing, not UTF-8 or
    empty."""
    shown = "standard input" if str(path) == "-" else str(path)
    if str(path) != "-":
        if path.is_dir():
            raise ValueError(f"{what} {shown} is a folder, not a JSON Lines file")
        if not path.exists():
            raise ValueError(f"{what} {shown} does not exist")
    found = False
    with contextlib.ExitStack() as stack:
        stream = sys.stdin.buffer if str(path) == "-" else stack.enter_context(path.open("rb"))
        for number, raw in enumerate(stream, start=1):
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


def json_lines(
    path: Path, what: str, where: str, progress: Callable[[int], object] | None = None
) -> Iterator[tuple[int, Any]]:
    """:func:`numbered_lines` parsed as JSON; ``ValueError`` ``"<where>:<line>: not a JSON
    object"`` for a line that is not JSON."""
    for number, text in numbered_lines(path, what, progress):
        try:
            yield number, json.loads(text)
        except ValueError as error:
            raise ValueError(f"{where}:{number}: not a JSON object ({error})") from None
