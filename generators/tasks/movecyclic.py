"""MoveCyclic (task22): shift the ``x`` of a ``-`` array left or right, wrapping around."""

from __future__ import annotations

import random
from dataclasses import dataclass
from math import floor

from ..registry import Label, Question, Task, register, states_label
from ..validation import fail
from ._common import pair_list, require

NAME = "MoveCyclic"
DIRECTIONS = ("left", "right")
# The rows the default sampler draws, rendered once: a lookup is cheaper than formatting.
ROW_TEXT = {
    direction: {distance: f"({direction}, {distance})" for distance in range(1, 51)} for direction in DIRECTIONS
}


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
        raise fail(NAME, "array", f"must be '-' cells with exactly one 'x', got {array!r}")
    width, position = len(array), array.index("x")
    states = [array]
    append = states.append
    # Every array is one slice of this strip: "x" at ``position`` is strip[last - position:].
    last = width - 1
    strip = "-" * last + "x" + "-" * last
    for direction, distance in question["moves"]:
        if direction == "right":
            position = (position + distance) % width
        elif direction == "left":
            position = (position - distance) % width
        else:
            number = len(states) - 1  # the move's index
            raise fail(NAME, "moves", f"[{number}] direction {direction!r} is not one of {DIRECTIONS}")
        append(strip[last - position : last - position + width])
    return states_label(states)


def sample(rng: random.Random, steps: int, config: MoveCyclicConfig) -> Question:
    # The _common draws inlined on one bound rng.random, in the same order: floor() is int()
    # on these non-negative products, and float(width) is what random() * width multiplies by.
    random = rng.random
    width = config.cell_block * (1 + floor(random() * config.max_blocks))
    span = float(width)
    moves = [[DIRECTIONS[floor(random() * 2.0)], 1 + floor(random() * span)] for _ in range(steps)]
    return {"array": _array(width, floor(random() * span)), "moves": moves}


def count_questions(steps: int, config: MoveCyclicConfig) -> int:
    """Per width, a start cell and per step a direction and a distance in 1..width."""
    widths = (config.cell_block * blocks for blocks in range(1, config.max_blocks + 1))
    return sum(width * (2 * width) ** steps for width in widths)


def render(question: Question) -> str:
    moves = pair_list(question["moves"], ROW_TEXT)  # the rows' texts looked up
    return f"Array: {question['array']}\nMoves: {moves}"


register(
    Task(
        name=NAME,
        number=22,
        fields={"array": str, "moves": [(str, int)]},
        solve=solve,
        render=render,
        sample=sample,
        count_questions=count_questions,
        config=MoveCyclicConfig(),
    )
)
