"""The shape of a task's states, known from the question, never from the label's values.

A state's type comes from the reference (``state_types.py``); its shape from the question's
initial state: where that is a string without spaces (every task but the sentence tasks),
a string state is one word of letters, digits, ``_`` or ``-``, so a sentence's punctuation
after it (``Final state: bistt.``) is not part of it; where the initial state is a sentence,
a state is a sentence and keeps its full stop.

Standard library only: the metric Space carries this file.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .literals import Bare
from .state_types import Kind

WORD = re.compile(r"[A-Za-z0-9_\-]+")
SENTENCE_PUNCTUATION = ".,;:!?"  # what a sentence puts after a word
_CLAUSE_AFTER = re.compile(r"([A-Za-z0-9_\-]+),[ \t]+[a-z][^\n]*")  # a word state, then a clause about it
_REMARK = re.compile(r"\s+\([^()]*\)$")  # "abcd (final)." after its full stop is taken off


@dataclass(frozen=True)
class Shape:
    """What the question says of a state's shape; ``Shape()`` says nothing."""

    init: Any = None  # the question's initial state, or None when unknown
    # Whether a string state is one word (the initial state is a string without spaces), or
    # a sentence (it has spaces); worked out once, from ``init``.
    words: bool = field(init=False)
    sentences: bool = field(init=False)

    def __post_init__(self) -> None:
        spaced = isinstance(self.init, str) and any(character.isspace() for character in self.init)
        object.__setattr__(self, "words", isinstance(self.init, str) and not spaced)
        object.__setattr__(self, "sentences", spaced)

    def tidy(self, value: Any, kind: Kind) -> Any:
        """``value`` without the punctuation a sentence put after it, where a state is one
        word and the value is unquoted: ``bistt.`` is ``bistt``, and so is ``bistt, after
        the last swap.``"""
        if kind is str and type(value) is Bare and self.words:
            stripped = value.rstrip(SENTENCE_PUNCTUATION)
            if ")" in stripped[-2:]:  # a remark may end it ("$" may stand before a last newline)
                stripped = _REMARK.sub("", stripped).rstrip(SENTENCE_PUNCTUATION)
            if stripped != value and WORD.fullmatch(stripped):
                return Bare(stripped)
            clause = _CLAUSE_AFTER.fullmatch(value) if "," in value else None
            if clause is not None:  # "-----x------, with the x at index 23."
                return Bare(clause.group(1))
        return value

    def alike(self, first: Any, second: Any, kind: Kind) -> bool:
        """Whether two values look like neighbouring states: words sharing at least half the
        letters of the shorter, sentences at least half the words (numbers and lists always
        do: one step may change them entirely)."""
        if kind is not str or not isinstance(first, str) or not isinstance(second, str):
            return True
        if first == second:
            return True  # shares every unit (a looping model's chain of one state: no counting)
        units = str.split if self.sentences else list
        a, b = Counter(units(first)), Counter(units(second))
        shorter = min(sum(a.values()), sum(b.values()))
        return shorter == 0 or sum((a & b).values()) * 2 >= shorter

    def fits(self, value: Any, kind: Kind) -> bool:
        """Whether ``value`` (as read, before typing) has the shape of a state of type
        ``kind``: an integer, a list (of integers where the states hold integers), one word,
        or a sentence."""
        if value is None or value == "" or isinstance(value, dict):
            return False
        if kind is int:
            return _is_integer(value)
        if isinstance(kind, list):
            if not isinstance(value, list) or not value or any(isinstance(item, dict) for item in value):
                return False
            return kind[:1] != [int] or all(_is_integer(item) for item in value)  # counters are numbers
        if not isinstance(value, str):
            return False
        if self.sentences:
            return " " in value.strip() and len(value) <= MAX_SENTENCE
        return WORD.fullmatch(value) is not None and len(value) <= MAX_WORD


_INTEGER = re.compile(r"[-+]?\d{1,40}")
MAX_WORD = 400  # a word state is at most this long (the longest benchmark state is about 120)
MAX_SENTENCE = 1000


def _is_integer(value: Any) -> bool:
    """Whether ``value`` is an integer, or text that writes one (of at most 40 digits)."""
    return isinstance(value, int) or (isinstance(value, str) and _INTEGER.fullmatch(value) is not None)
