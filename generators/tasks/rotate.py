"""Rotate (task17): rotate the slice ``string[m:n]`` right by one, one range per step."""

from __future__ import annotations

import random
from dataclasses import dataclass
from math import floor

from ..registry import Label, Question, Task, register, states_label
from ..validation import fail
from ._common import LOWERCASE, pair_list, random_string, require

NAME = "Rotate"
# The rows the default sampler draws, rendered once: a lookup is cheaper than formatting.
ROW_TEXT = {start: {stop: f"({start}, {stop})" for stop in range(start + 2, 15)} for start in range(12)}


@dataclass(frozen=True)
class RotateConfig:
    """Length U(min_length..max_length); a range is [0, 2] with pair_percent % chance,
    otherwise a slice of at least 3 characters."""

    min_length: int = 5
    max_length: int = 14
    pair_percent: int = 14

    def __post_init__(self) -> None:
        require(3 <= self.min_length <= self.max_length, "need 3 <= min_length <= max_length")
        require(0 <= self.pair_percent <= 100, "pair_percent must be in 0..100")


def solve(question: Question) -> Label:
    text = question["string"]
    states = [text]
    append = states.append
    size = len(text)  # rotating keeps the length
    for start, stop in question["ranges"]:
        if not 0 <= start < stop <= size:
            number = len(states) - 1  # the range's index
            raise fail(NAME, "ranges", f"[{number}] = [{start}, {stop}] is not a slice of a {size}-character string")
        text = text[:start] + text[stop - 1] + text[start : stop - 1] + text[stop:]
        append(text)
    return states_label(states)


def sample(rng: random.Random, steps: int, config: RotateConfig) -> Question:
    # The _common draws (randint, below) inlined on one bound rng.random, in the
    # same order: floor() is int() on these non-negative products.
    random = rng.random
    length = config.min_length + floor(random() * (config.max_length - config.min_length + 1))
    pair_percent, starts = config.pair_percent, length - 2
    ranges = []
    append = ranges.append
    for _ in range(steps):
        if floor(random() * 100.0) < pair_percent:
            append([0, 2])
        else:
            start = floor(random() * starts)
            append([start, start + 3 + floor(random() * (starts - start))])
    return {"string": random_string(rng, LOWERCASE, length), "ranges": ranges}


def render(question: Question) -> str:
    ranges = pair_list(question["ranges"], ROW_TEXT)  # the rows' texts looked up
    return f"String: {question['string']}\nRanges (m, n): {ranges}"


register(
    Task(
        name=NAME,
        number=17,
        fields={"string": str, "ranges": [(int, int)]},
        solve=solve,
        render=render,
        sample=sample,
        config=RotateConfig(),
    )
)
