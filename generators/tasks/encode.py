"""Encode (task07): run-length encode a bit string, one run per step."""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from math import floor

from ..registry import Label, Question, Task, register
from ..validation import fail
from ._common import require

NAME = "Encode"
# The token of each run up to 16 bits long (the default runs are 1..9).
RUN_TOKEN = {bit * length: f"{bit}_{length}" for bit in "01" for length in range(1, 17)}


@dataclass(frozen=True)
class EncodeConfig:
    max_run: int = 9

    def __post_init__(self) -> None:
        require(self.max_run >= 1, "max_run must be at least 1")


def solve(question: Question) -> Label:
    text = question["string"]
    if not text or text.strip("01"):  # strip() leaves the characters other than 0 and 1
        raise fail(NAME, "string", f"must be a non-empty string of 0 and 1, got {text!r}")
    # The runs split apart in C (a space at every change of bit), their tokens looked up.
    runs = text.replace("01", "0 1").replace("10", "1 0").split()
    try:
        tokens = list(map(RUN_TOKEN.__getitem__, runs))
    except KeyError:  # a run longer than the table
        tokens = [f"{bit}_{len(list(run))}" for bit, run in itertools.groupby(text)]
    return {
        "init": "",
        "intermediate": [tokens[:end] for end in range(1, len(tokens))],
        "final": tokens,
    }


def sample(rng: random.Random, steps: int, config: EncodeConfig) -> Question:
    # choice and randint inlined on one bound rng.random (the same draws: floor() is int()
    # on these non-negative products, float(n) what random() * n multiplies by); the bits
    # alternate from the first.
    random = rng.random
    bit = "01"[floor(random() * 2.0)]
    lengths = float(config.max_run)
    bits = itertools.islice(itertools.cycle((bit, "1" if bit == "0" else "0")), steps)
    return {"string": "".join([bit * (1 + floor(random() * lengths)) for bit in bits])}


def count_questions(steps: int, config: EncodeConfig) -> int:
    """A first bit, then one run length in 1..max_run per step."""
    return 2 * config.max_run**steps


def render(question: Question) -> str:
    return f"String: {question['string']}"


register(
    Task(
        name=NAME,
        number=7,
        fields={"string": str},
        solve=solve,
        render=render,
        sample=sample,
        count_questions=count_questions,
        config=EncodeConfig(),
    )
)
