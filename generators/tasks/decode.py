"""Decode (task15): append ``char * count`` for each piece."""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import accumulate, cycle, islice, starmap
from math import floor
from operator import itemgetter, mul

from ..registry import Label, Question, Task, register, states_label
from ..validation import fail
from ._common import pair_list, require

NAME = "Decode"
# The rows the default sampler draws, rendered once: a lookup is cheaper than formatting.
ROW_TEXT = {char: {count: f"({char}, {count})" for count in range(1, 10)} for char in "01"}


@dataclass(frozen=True)
class DecodeConfig:
    max_count: int = 9

    def __post_init__(self) -> None:
        require(self.max_count >= 1, "max_count must be at least 1")


def solve(question: Question) -> Label:
    pieces = question["pieces"]
    if min(map(itemgetter(1), pieces), default=0) < 0:
        for number, (_, count) in enumerate(pieces):
            if count < 0:
                raise fail(NAME, "pieces", f"[{number}] count must be at least 0, got {count}")
    # Each state appends char * count: the products and their running sums made in C.
    return states_label(list(accumulate(starmap(mul, pieces), initial="")))


def sample(rng: random.Random, steps: int, config: DecodeConfig) -> Question:
    # choice and randint inlined on one bound rng.random (the same draws: floor() is int()
    # on these non-negative products, float(n) what random() * n multiplies by); the bits
    # alternate from the first.
    random = rng.random
    bit = "01"[floor(random() * 2.0)]
    counts = float(config.max_count)
    bits = islice(cycle((bit, "1" if bit == "0" else "0")), steps)
    return {"pieces": [[bit, 1 + floor(random() * counts)] for bit in bits]}


def count_questions(steps: int, config: DecodeConfig) -> int:
    """A first bit, then one count in 1..max_count per step."""
    return 2 * config.max_count**steps


def render(question: Question) -> str:
    pieces = pair_list(question["pieces"], ROW_TEXT)  # the rows' texts looked up
    return f"Pieces (character, count): {pieces}"


register(
    Task(
        name=NAME,
        number=15,
        fields={"pieces": [(str, int)]},
        solve=solve,
        render=render,
        sample=sample,
        count_questions=count_questions,
        config=DecodeConfig(),
    )
)
