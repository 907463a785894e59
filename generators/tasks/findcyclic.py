"""FindCyclic (task23): from the first occurrence of a letter, step right (wrapping) while
counting down to 0."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..registry import Label, Question, Task, register
from ..validation import field_error
from ._common import ALPHANUMERIC, choice, labelled, randint, require

NAME = "FindCyclic"


@dataclass(frozen=True)
class FindCyclicConfig:
    """U(steps .. steps+spread) distinct characters (at most 36)."""

    spread: int = 4

    def __post_init__(self) -> None:
        require(self.spread >= 0, "spread must be at least 0")


def solve(question: Question) -> Label:
    text, letter, count = question["string"], question["letter"], question["count"]
    if len(letter) != 1 or letter not in text:
        raise field_error(NAME, "letter", f"must be one character of the string {text!r}, got {letter!r}")
    if count < 1:
        raise field_error(NAME, "count", f"must be at least 1, got {count}")
    start = text.index(letter)
    intermediate = [[text[(start + step) % len(text)], str(count - step)] for step in range(1, count)]
    return {"init": [letter, str(count)], "intermediate": intermediate, "final": text[(start + count) % len(text)]}


def sample(rng: random.Random, steps: int, config: FindCyclicConfig) -> Question:
    size = min(len(ALPHANUMERIC), randint(rng, steps, steps + config.spread))
    text = "".join(rng.sample(ALPHANUMERIC, size))  # distinct characters
    return {"string": text, "letter": choice(rng, text), "count": steps}


def render(question: Question) -> str:
    return f"String: {question['string']}\nLetter: {question['letter']}\nCount: {question['count']}"


def parse(block: str) -> Question:
    """The question of a ``render``ed block."""
    string, letter, count = labelled(block, ["String", "Letter", "Count"])
    return {"string": string, "letter": letter, "count": int(count)}


register(
    Task(
        name=NAME,
        number=23,
        fields={"string": str, "letter": str, "count": int},
        solve=solve,
        render=render,
        parse=parse,
        sample=sample,
        config=FindCyclicConfig(),
    )
)
