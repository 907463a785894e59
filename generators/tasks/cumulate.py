"""Cumulate (task21): apply ``add x`` / ``multiply x`` to a running integer."""

from __future__ import annotations

import random
from dataclasses import dataclass
from math import floor

from ..registry import Label, Question, Task, register, states_label
from ..validation import fail
from ._common import pair_list, require

NAME = "Cumulate"
OPERATIONS = ("add", "multiply")
# The rows the default sampler draws, rendered once: a lookup is cheaper than formatting.
ROW_TEXT = {operation: {operand: f"({operation}, {operand})" for operand in range(10)} for operation in OPERATIONS}


@dataclass(frozen=True)
class CumulateConfig:
    max_start: int = 9
    max_addend: int = 9
    max_factor: int = 5

    def __post_init__(self) -> None:
        require(self.max_start >= 1, "max_start must be at least 1")
        require(self.max_addend >= 0, "max_addend must be at least 0")
        require(self.max_factor >= 1, "max_factor must be at least 1")


def solve(question: Question) -> Label:
    value = question["n"]
    states = [value]
    append = states.append
    for operation, operand in question["operations"]:
        if operation == "add":
            value += operand
        elif operation == "multiply":
            value *= operand
        else:  # the operation's index is the number of states after the first
            raise fail(NAME, "operations", f"[{len(states) - 1}] operation {operation!r} is not one of {OPERATIONS}")
        append(value)
    return states_label(states)


def sample(rng: random.Random, steps: int, config: CumulateConfig) -> Question:
    # The _common draws inlined on one bound rng.random, in the same order: below(rng, 2) is
    # 1 exactly when random() >= 0.5 (doubling a float is exact); floor() equals int() on
    # these non-negative products and is cheaper.
    random = rng.random
    # as floats: the same products, and float * float is the fast multiply
    factors, addends = float(config.max_factor), float(config.max_addend + 1)
    operations = [
        ["multiply", 1 + floor(random() * factors)] if random() >= 0.5 else ["add", floor(random() * addends)]
        for _ in range(steps)
    ]
    return {"n": 1 + floor(random() * config.max_start), "operations": operations}


def count_questions(steps: int, config: CumulateConfig) -> int:
    """A start in 1..max_start, then per step ``multiply 1..max_factor`` or ``add 0..max_addend``."""
    return config.max_start * (config.max_factor + config.max_addend + 1) ** steps


def render(question: Question) -> str:
    operations = pair_list(question["operations"], ROW_TEXT)  # the rows' texts looked up
    return f"Start: {question['n']}\nOperations: {operations}"


register(
    Task(
        name=NAME,
        number=21,
        fields={"n": int, "operations": [(str, int)]},
        solve=solve,
        render=render,
        sample=sample,
        count_questions=count_questions,
        config=CumulateConfig(),
    )
)
