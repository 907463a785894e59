"""Decode (task15): append ``char * count`` for each piece."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..registry import Label, Question, Task, register, states_label
from ..validation import field_error
from ._common import choice, labelled, randint, require, tuples

NAME = "Decode"


@dataclass(frozen=True)
class DecodeConfig:
    max_count: int = 9

    def __post_init__(self) -> None:
        require(self.max_count >= 1, "max_count must be at least 1")


def solve(question: Question) -> Label:
    state = ""
    states = [state]
    for number, (char, count) in enumerate(question["pieces"]):
        if count < 0:
            raise field_error(NAME, "pieces", f"[{number}] count must be at least 0, got {count}")
        state += char * count
        states.append(state)
    return states_label(states)


def sample(rng: random.Random, steps: int, config: DecodeConfig) -> Question:
    """Pieces of alternating bits, the first bit drawn."""
    bit = choice(rng, "01")
    pieces = []
    for _ in range(steps):
        pieces.append([bit, randint(rng, 1, config.max_count)])
        bit = "1" if bit == "0" else "0"
    return {"pieces": pieces}


def count_questions(steps: int, config: DecodeConfig) -> int:
    """A first bit, then one count in 1..max_count per step."""
    return 2 * config.max_count**steps


def render(question: Question) -> str:
    pieces = ", ".join([f"({char}, {count})" for char, count in question["pieces"]])
    return f"Pieces (character, count): {pieces}"


def parse(block: str) -> Question:
    """The question of a ``render``ed block."""
    (pieces,) = labelled(block, ["Pieces (character, count)"])
    return {"pieces": [[char, int(count)] for char, count in tuples(pieces)]}


register(
    Task(
        name=NAME,
        number=15,
        fields={"pieces": [(str, int)]},
        solve=solve,
        render=render,
        parse=parse,
        sample=sample,
        count_questions=count_questions,
        config=DecodeConfig(),
    )
)
