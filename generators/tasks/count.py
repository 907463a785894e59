"""Count (task03): per string, letters N1, the number its digits form N2, and N1*N2; the
last step sums the products."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..registry import Label, Question, Task, register
from ..validation import field_error
from ._common import ALPHANUMERIC, LOWERCASE, is_word, items, labelled, randint, random_string, require

NAME = "Count"
DIGITS = "0123456789"


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
            raise field_error(NAME, "strings", f"[{number}] must be non-empty letters and digits, got {text!r}")
        digits = "".join([character for character in lowered if character in DIGITS])
        letters = len(lowered) - len(digits)
        value = int(digits) if digits else 0
        rows.append([text, str(letters), str(value), str(letters * value)])
        total += letters * value
    return {"init": "0", "intermediate": rows, "final": total}


def sample(rng: random.Random, steps: int, config: CountConfig) -> Question:
    # Each letter weighs letter_weight, each digit 1: the default gives 11.4 % digits, as
    # in the original benchmark.
    pool = LOWERCASE * config.letter_weight + DIGITS
    strings = [random_string(rng, pool, randint(rng, config.min_length, config.max_length)) for _ in range(steps - 1)]
    return {"strings": strings}


def render(question: Question) -> str:
    return f"Strings: {', '.join(question['strings'])}"


def parse(block: str) -> Question:
    """The question of a ``render``ed block."""
    return {"strings": items(labelled(block, ["Strings"])[0])}


register(
    Task(
        name=NAME,
        number=3,
        fields={"strings": [str]},
        solve=solve,
        render=render,
        parse=parse,
        sample=sample,
        config=CountConfig(),
        min_steps=2,
    )
)
