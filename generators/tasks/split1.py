"""Split1 (task08): cut the original string at one more position per step."""

from __future__ import annotations

import bisect
import random
from dataclasses import dataclass

from ..registry import Label, Question, Task, register, states_label
from ..validation import field_error
from ._common import LOWERCASE, labelled, number_list, numbers, randint, random_string, require

NAME = "Split1"


@dataclass(frozen=True)
class SplitConfig:
    """The string has U(steps+1 .. max(max_length, steps+1+spread)) letters."""

    max_length: int = 30
    spread: int = 5

    def __post_init__(self) -> None:
        require(self.max_length >= 2, "max_length must be at least 2")
        require(self.spread >= 0, "spread must be at least 0")

    def string(self, rng: random.Random, steps: int) -> str:
        """The string of ``steps`` cuts (Split1, Split2) or deletions (DeleteChar)."""
        return random_string(rng, LOWERCASE, randint(rng, steps + 1, max(self.max_length, steps + 1 + self.spread)))


def solve(question: Question) -> Label:
    text = question["string"]
    bounds = [0, len(text)]  # the cuts so far, sorted, between the two ends
    pieces = [text]
    states = [pieces]
    for number, position in enumerate(question["positions"]):
        if not 0 < position < len(text):
            raise field_error(NAME, "positions", f"[{number}] = {position} is not in 1..{len(text) - 1}")
        index = bisect.bisect_left(bounds, position)  # piece index - 1 holds the position
        if bounds[index] == position:
            raise field_error(NAME, "positions", f"[{number}] = {position} repeats an earlier position")
        start, stop = bounds[index - 1], bounds[index]
        bounds.insert(index, position)
        pieces = [*pieces[: index - 1], text[start:position], text[position:stop], *pieces[index:]]
        states.append(pieces)
    return states_label(states)


def sample(rng: random.Random, steps: int, config: SplitConfig) -> Question:
    text = config.string(rng, steps)
    return {"string": text, "positions": rng.sample(range(1, len(text)), steps)}


def render(question: Question) -> str:
    return f"String: {question['string']}\nPositions: {number_list(question['positions'])}"


def parse(block: str) -> Question:
    """The question of a ``render``ed block."""
    string, positions = labelled(block, ["String", "Positions"])
    return {"string": string, "positions": numbers(positions)}


register(
    Task(
        name=NAME,
        number=8,
        fields={"string": str, "positions": [int]},
        solve=solve,
        render=render,
        parse=parse,
        sample=sample,
        config=SplitConfig(),
    )
)
