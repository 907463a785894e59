"""MoveCyclic (task22): shift the ``x`` of a ``-`` array left or right, wrapping around."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..registry import Label, Question, Task, register, states_label
from ..validation import field_error
from ._common import below, choice, labelled, randint, require, tuples

NAME = "MoveCyclic"
DIRECTIONS = ("left", "right")


@dataclass(frozen=True)
class MoveCyclicConfig:
    """Width ``cell_block`` * U(1..max_blocks); distances U(1..width)."""

    cell_block: int = 5
    max_blocks: int = 10

    def __post_init__(self) -> None:
        require(self.cell_block >= 1 and self.max_blocks >= 1, "cell_block and max_blocks must be at least 1")


def _array(width: int, position: int) -> str:
    return "-" * position + "x" + "-" * (width - position - 1)


def solve(question: Question) -> Label:
    array = question["array"]
    if array.count("x") != 1 or set(array) - {"-", "x"}:
        raise field_error(NAME, "array", f"must be '-' cells with exactly one 'x', got {array!r}")
    width, position = len(array), array.index("x")
    states = [array]
    for number, (direction, distance) in enumerate(question["moves"]):
        if direction == "right":
            position = (position + distance) % width
        elif direction == "left":
            position = (position - distance) % width
        else:
            raise field_error(NAME, "moves", f"[{number}] direction {direction!r} is not one of {DIRECTIONS}")
        states.append(_array(width, position))
    return states_label(states)


def sample(rng: random.Random, steps: int, config: MoveCyclicConfig) -> Question:
    width = config.cell_block * randint(rng, 1, config.max_blocks)
    moves = [[choice(rng, DIRECTIONS), randint(rng, 1, width)] for _ in range(steps)]
    return {"array": _array(width, below(rng, width)), "moves": moves}


def count_questions(steps: int, config: MoveCyclicConfig) -> int:
    """Per width, a start cell and per step a direction and a distance in 1..width."""
    widths = (config.cell_block * blocks for blocks in range(1, config.max_blocks + 1))
    return sum(width * (2 * width) ** steps for width in widths)


def render(question: Question) -> str:
    moves = ", ".join([f"({direction}, {distance})" for direction, distance in question["moves"]])
    return f"Array: {question['array']}\nMoves: {moves}"


def parse(block: str) -> Question:
    """The question of a ``render``ed block."""
    array, moves = labelled(block, ["Array", "Moves"])
    return {"array": array, "moves": [[direction, int(distance)] for direction, distance in tuples(moves)]}


register(
    Task(
        name=NAME,
        number=22,
        fields={"array": str, "moves": [(str, int)]},
        solve=solve,
        render=render,
        parse=parse,
        sample=sample,
        count_questions=count_questions,
        config=MoveCyclicConfig(),
    )
)
