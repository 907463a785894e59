"""Cumulate (task21): apply ``add x`` / ``multiply x`` to a running integer."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..registry import Label, Question, Task, register, states_label
from ..validation import field_error
from ._common import choice, labelled, randint, require, tuples

NAME = "Cumulate"
OPERATIONS = ("add", "multiply")


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
    for number, (operation, operand) in enumerate(question["operations"]):
        if operation == "add":
            value += operand
        elif operation == "multiply":
            value *= operand
        else:
            raise field_error(NAME, "operations", f"[{number}] operation {operation!r} is not one of {OPERATIONS}")
        states.append(value)
    return states_label(states)


def sample(rng: random.Random, steps: int, config: CumulateConfig) -> Question:
    operations = []
    for _ in range(steps):
        operation = choice(rng, OPERATIONS)
        if operation == "add":
            operations.append([operation, randint(rng, 0, config.max_addend)])
        else:
            operations.append([operation, randint(rng, 1, config.max_factor)])
    return {"n": randint(rng, 1, config.max_start), "operations": operations}


def count_questions(steps: int, config: CumulateConfig) -> int:
    """A start in 1..max_start, then per step ``multiply 1..max_factor`` or ``add 0..max_addend``."""
    return config.max_start * (config.max_factor + config.max_addend + 1) ** steps


def render(question: Question) -> str:
    operations = ", ".join([f"({operation}, {operand})" for operation, operand in question["operations"]])
    return f"Start: {question['n']}\nOperations: {operations}"


def parse(block: str) -> Question:
    """The question of a ``render``ed block."""
    start, operations = labelled(block, ["Start", "Operations"])
    return {"n": int(start), "operations": [[operation, int(operand)] for operation, operand in tuples(operations)]}


register(
    Task(
        name=NAME,
        number=21,
        fields={"n": int, "operations": [(str, int)]},
        solve=solve,
        render=render,
        parse=parse,
        sample=sample,
        count_questions=count_questions,
        config=CumulateConfig(),
    )
)
