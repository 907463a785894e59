"""Rotate (task17): rotate the slice ``string[m:n]`` right by one, one range per step."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..registry import Label, Question, Task, register, states_label
from ..validation import field_error
from ._common import LOWERCASE, below, labelled, randint, random_string, require, tuples

NAME = "Rotate"


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
    for number, (start, stop) in enumerate(question["ranges"]):
        if not 0 <= start < stop <= len(text):
            raise field_error(
                NAME, "ranges", f"[{number}] = [{start}, {stop}] is not a slice of a {len(text)}-character string"
            )
        text = text[:start] + text[stop - 1] + text[start : stop - 1] + text[stop:]
        states.append(text)
    return states_label(states)


def sample(rng: random.Random, steps: int, config: RotateConfig) -> Question:
    length = randint(rng, config.min_length, config.max_length)
    ranges = []
    for _ in range(steps):
        if below(rng, 100) < config.pair_percent:
            ranges.append([0, 2])
        else:
            start = below(rng, length - 2)
            ranges.append([start, randint(rng, start + 3, length)])
    return {"string": random_string(rng, LOWERCASE, length), "ranges": ranges}


def render(question: Question) -> str:
    ranges = ", ".join([f"({start}, {stop})" for start, stop in question["ranges"]])
    return f"String: {question['string']}\nRanges (m, n): {ranges}"


def parse(block: str) -> Question:
    """The question of a ``render``ed block."""
    string, ranges = labelled(block, ["String", "Ranges (m, n)"])
    return {"string": string, "ranges": [[int(start), int(stop)] for start, stop in tuples(ranges)]}


register(
    Task(
        name=NAME,
        number=17,
        fields={"string": str, "ranges": [(int, int)]},
        solve=solve,
        render=render,
        parse=parse,
        sample=sample,
        config=RotateConfig(),
    )
)
