"""Split1 (task08): cut the original string at one more position per step."""

from __future__ import annotations

import bisect
import random
from dataclasses import dataclass

from ..registry import Label, Question, Task, register, states_label
from ..validation import fail
from ._common import LOWERCASE, number_list, randint, random_string, require, sample_indices

NAME = "Split1"


@dataclass(frozen=True)
class SplitConfig:
    """The string has U(steps+1 .. max(max_length, steps+1+spread)) letters."""

    max_length: int = 30
    spread: int = 5

    def __post_init__(self) -> None:
        require(self.max_length >= 2, "max_length must be at least 2")
        require(self.spread >= 0, "spread must be at least 0")

    def length(self, rng: random.Random, steps: int) -> int:
        return randint(rng, steps + 1, max(self.max_length, steps + 1 + self.spread))

    def string(self, rng: random.Random, steps: int) -> str:
        """The string of ``steps`` cuts: ``self.length`` lowercase letters."""
        return random_string(rng, LOWERCASE, self.length(rng, steps))


def solve(question: Question) -> Label:
    text = question["string"]
    bounds = [0, len(text)]  # the cuts so far, sorted, between the two ends
    pieces = [text]
    states = [pieces]
    size = len(text)
    append, bisect_left, insert = states.append, bisect.bisect_left, bounds.insert
    for position in question["positions"]:
        # len(states) - 1 is the position's index, for the messages
        if not 0 < position < size:
            raise fail(NAME, "positions", f"[{len(states) - 1}] = {position} is not in 1..{size - 1}")
        index = bisect_left(bounds, position)
        if bounds[index] == position:
            raise fail(NAME, "positions", f"[{len(states) - 1}] = {position} repeats an earlier position")
        start, stop = bounds[index - 1], bounds[index]
        insert(index, position)
        pieces = pieces.copy()  # a new list per state; piece index - 1 becomes two
        pieces[index - 1] = text[start:position]
        pieces.insert(index, text[position:stop])
        append(pieces)
    return states_label(states)


def sample(rng: random.Random, steps: int, config: SplitConfig) -> Question:
    text = config.string(rng, steps)
    # rng.sample(range(1, len(text)), steps): the same draws, as sample_indices of its length.
    return {"string": text, "positions": [1 + index for index in sample_indices(rng, len(text) - 1, steps)]}


def render(question: Question) -> str:
    return f"String: {question['string']}\nPositions: {number_list(question['positions'])}"


register(
    Task(
        name=NAME,
        number=8,
        fields={"string": str, "positions": [int]},
        solve=solve,
        render=render,
        sample=sample,
        config=SplitConfig(),
    )
)
