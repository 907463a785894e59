"""Encode (task07): run-length encode a bit string, one run per step."""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass

from ..registry import Label, Question, Task, register
from ..validation import field_error
from ._common import choice, is_word, labelled, randint, require

NAME = "Encode"


@dataclass(frozen=True)
class EncodeConfig:
    max_run: int = 9

    def __post_init__(self) -> None:
        require(self.max_run >= 1, "max_run must be at least 1")


def solve(question: Question) -> Label:
    text = question["string"]
    if not is_word(text, "01"):
        raise field_error(NAME, "string", f"must be a non-empty string of 0 and 1, got {text!r}")
    tokens = [f"{bit}_{len(list(run))}" for bit, run in itertools.groupby(text)]
    return {
        "init": "",
        "intermediate": [tokens[:end] for end in range(1, len(tokens))],
        "final": tokens,
    }


def sample(rng: random.Random, steps: int, config: EncodeConfig) -> Question:
    """Runs of alternating bits, the first bit drawn."""
    bit = choice(rng, "01")
    runs = []
    for _ in range(steps):
        runs.append(bit * randint(rng, 1, config.max_run))
        bit = "1" if bit == "0" else "0"
    return {"string": "".join(runs)}


def count_questions(steps: int, config: EncodeConfig) -> int:
    """A first bit, then one run length in 1..max_run per step."""
    return 2 * config.max_run**steps


def render(question: Question) -> str:
    return f"String: {question['string']}"


def parse(block: str) -> Question:
    """The question of a ``render``ed block."""
    return {"string": labelled(block, ["String"])[0]}


register(
    Task(
        name=NAME,
        number=7,
        fields={"string": str},
        solve=solve,
        render=render,
        parse=parse,
        sample=sample,
        count_questions=count_questions,
        config=EncodeConfig(),
    )
)
