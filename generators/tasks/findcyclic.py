"""FindCyclic (task23): from the first occurrence of a letter, step right (wrapping) while
counting down to 0."""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import cycle, islice
from math import floor

from ..registry import Label, Question, Task, register
from ..validation import fail
from ._common import ALPHANUMERIC, require, sample_indices

NAME = "FindCyclic"
# str() of the counts 0..100, sliced out instead of converted one by one.
COUNT_TEXT = tuple(map(str, range(101)))


@dataclass(frozen=True)
class FindCyclicConfig:
    """U(steps .. steps+spread) distinct characters (at most 36)."""

    spread: int = 4

    def __post_init__(self) -> None:
        require(self.spread >= 0, "spread must be at least 0")


def solve(question: Question) -> Label:
    text, letter, count = question["string"], question["letter"], question["count"]
    if len(letter) != 1 or letter not in text:
        raise fail(NAME, "letter", f"must be one character of the string {text!r}, got {letter!r}")
    if count < 1:
        raise fail(NAME, "count", f"must be at least 1, got {count}")
    start = text.index(letter)
    rotated = text[start:] + text[:start]  # rotated[i % len] is text[(start + i) % len]
    # Step i (1..count-1) is [rotated[i % len], str(count - i)], paired up in C.
    letters = islice(cycle(rotated), 1, count)
    counts = COUNT_TEXT[count - 1 : 0 : -1] if count < len(COUNT_TEXT) else map(str, range(count - 1, 0, -1))
    return {
        "init": [letter, str(count)],
        "intermediate": list(map(list, zip(letters, counts))),
        "final": rotated[count % len(text)],
    }


def sample(rng: random.Random, steps: int, config: FindCyclicConfig) -> Question:
    # randint and choice inlined on one bound rng.random (floor() is int() on these
    # non-negative products) and rng.sample by sample_indices: the same draws.
    random = rng.random
    size = min(len(ALPHANUMERIC), steps + floor(random() * (config.spread + 1)))
    text = "".join(map(ALPHANUMERIC.__getitem__, sample_indices(rng, len(ALPHANUMERIC), size)))
    return {"string": text, "letter": text[floor(random() * size)], "count": steps}


def render(question: Question) -> str:
    return f"String: {question['string']}\nLetter: {question['letter']}\nCount: {question['count']}"


register(
    Task(
        name=NAME,
        number=23,
        fields={"string": str, "letter": str, "count": int},
        solve=solve,
        render=render,
        sample=sample,
        config=FindCyclicConfig(),
    )
)
