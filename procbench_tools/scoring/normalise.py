"""Normalising a reply before it is parsed: ordered, named rewrites, and its answer regions.

1. ``RESPONSE_REWRITES`` act on the whole reply: Windows line endings become ``\\n``;
   thinking is not the answer, so everything up to the last ``</think>`` is dropped, and so
   is everything after an unclosed ``<think>``.
2. :func:`answer_regions`: where a reply has ``<answer>...</answer>`` tags, the last complete
   tagged block is read first; the whole reply is read only if that block holds no answer.
3. ``REGION_REWRITES`` act on a region: only its last ``MAX_CHARS`` characters are read; a
   region that is one JSON string is that string; full-width punctuation becomes its ASCII
   twin (one character for one, so positions stay the same).
4. ``MARKUP_REWRITES`` make markup plain before the region's layout is read: XML-like tags
   become labels and step lines (``tags.py``), LaTeX plain text (``latex.py``).

Each rewrite is a pure function of its input. Standard library only: the metric Space
carries this file.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

from .latex import plain_text
from .tags import tags_as_labels

MAX_CHARS = 1_000_000  # only the last million characters of a longer region are read
FULL_WIDTH_CHARACTERS = "\uff1a\uff0c\uff08\uff09\uff1b\uff01\uff1f\uff3b\uff3d"  # ：，（）；！？［］
FULL_WIDTH = str.maketrans(FULL_WIDTH_CHARACTERS, ":,();!?[]")


@dataclass(frozen=True)
class Rewrite:
    name: str
    rewrite: Callable[[str], str]


def _line_endings(text: str) -> str:
    return text.replace("\r\n", "\n")


def _after_thinking(text: str) -> str:
    if "<" not in text:  # no tag: nothing to lower and look for
        return text
    lowered = text.lower()
    end = lowered.rfind("</think>")
    if end >= 0:
        return text[end + len("</think>") :]
    start = lowered.find("<think>")
    return text if start < 0 else text[:start]


def _tail(text: str) -> str:
    """The last ``MAX_CHARS`` characters of ``text``, from a line start."""
    if len(text) <= MAX_CHARS:
        return text
    start = len(text) - MAX_CHARS
    return text[(text.find("\n", start) + 1) or start :]


def _quoted_reply(text: str) -> str:
    """The string a region holds when the whole region is one JSON string."""
    stripped = text.strip()
    if len(stripped) > 1 and stripped[0] == stripped[-1] == '"':
        try:
            inner = json.loads(stripped)
        except ValueError:
            return text
        if isinstance(inner, str):
            return _quoted_reply(inner)
    return text


def _full_width(text: str) -> str:
    if text.isascii() or not any(character in text for character in FULL_WIDTH_CHARACTERS):
        return text  # str.isascii reads a flag of the string: no scan
    return text.translate(FULL_WIDTH)


RESPONSE_REWRITES = (Rewrite("line endings", _line_endings), Rewrite("thinking", _after_thinking))
REGION_REWRITES = (Rewrite("tail", _tail), Rewrite("quoted reply", _quoted_reply), Rewrite("full width", _full_width))
MARKUP_REWRITES = (Rewrite("tags", tags_as_labels), Rewrite("latex", plain_text))


def rewritten(text: str, rewrites: tuple[Rewrite, ...]) -> str:
    """``text`` after each of ``rewrites``, in order."""
    for step in rewrites:
        text = step.rewrite(text)
    return text


def tagged_block(text: str) -> str | None:
    """The content of the last complete ``<answer>...</answer>`` block."""
    if "<" not in text:  # no tag: nothing to lower and look for
        return None
    lowered = text.lower()
    end = lowered.rfind("</answer>")
    if end < 0:
        return None
    start = lowered.rfind("<answer>", 0, end)
    return None if start < 0 else text[start + len("<answer>") : end]


def answer_regions(response: str) -> list[str]:
    """The regions of a reply to read for its answer, in order, each normalised: its last
    ``<answer>`` block, if any, then the whole reply (without its thinking)."""
    text = rewritten(response, RESPONSE_REWRITES)
    block = tagged_block(text)
    regions = [text] if block is None else [block, text]
    return [rewritten(region, REGION_REWRITES) for region in regions]
