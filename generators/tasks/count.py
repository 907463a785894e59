"""Count (task03): per string, letters N1, the number its digits form N2, and N1*N2; the
last step sums the products."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..registry import Label, Question, Task, register
from ..validation import fail
from ._common import ALPHANUMERIC, LOWERCASE, comma_list, is_word, require

NAME = "Count"
DIGITS = "0123456789"
_NO_LETTERS = str.maketrans("", "", LOWERCASE)


@dataclass(frozen=True)
class CountConfig:
    min_length: int = 4
    max_length: int = 9
    letter_weight: int = 3

    def __post_init__(self) -> None:
        require(1 <= self.min_length <= self.max_length, "need 1 <= min_length <= max_length")
        require(self.letter_weight >= 0, "letter_weight must be at least 0")


def solve(question: Question) -> Label:
    rows = []
    total = 0
    for number, text in enumerate(question["strings"]):
        lowered = text.lower()
        if not is_word(lowered, ALPHANUMERIC):
            raise fail(NAME, "strings", f"[{number}] must be non-empty letters and digits, got {text!r}")
        # ``lowered`` is now a-z and 0-9 with the digits where ``text`` has them: deleting
        # its letters in C leaves the digits in order.
        digits = lowered.translate(_NO_LETTERS)
        letters = len(text) - len(digits)  # every other character lowercases to a-z
        value = int(digits) if digits else 0
        rows.append([text, str(letters), str(value), str(letters * value)])
        total += letters * value
    return {"init": "0", "intermediate": rows, "final": total}


def sample(rng: random.Random, steps: int, config: CountConfig) -> Question:
    # Each letter weighs letter_weight, each digit 1: the default gives 11.4 % digits, as
    # in the original benchmark.
    pool = LOWERCASE * config.letter_weight + DIGITS
    # randint and random_string inlined (the same draws: the length, then the letters).
    draw, choices = rng.random, rng.choices
    low, span = config.min_length, config.max_length - config.min_length + 1
    return {"strings": ["".join(choices(pool, k=low + int(draw() * span))) for _ in range(steps - 1)]}


def render(question: Question) -> str:
    return f"Strings: {comma_list(question['strings'])}"


register(
    Task(
        name=NAME,
        number=3,
        fields={"strings": [str]},
        solve=solve,
        render=render,
        sample=sample,
        config=CountConfig(),
        min_steps=2,
    )
)
