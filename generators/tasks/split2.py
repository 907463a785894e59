"""Split2 (task09): split piece ``i`` of the current list at offset ``j`` inside it."""

from __future__ import annotations

import random

from ..registry import Label, Question, Task, register, states_label
from ..validation import field_error
from ._common import choice, labelled, randint, tuples
from .split1 import SplitConfig

NAME = "Split2"


def solve(question: Question) -> Label:
    pieces = [question["string"]]
    states = [pieces]
    for number, (index, offset) in enumerate(question["pairs"]):
        if not 0 <= index < len(pieces):
            raise field_error(NAME, "pairs", f"[{number}] names piece {index}, not in 0..{len(pieces) - 1}")
        piece = pieces[index]
        if not 0 < offset < len(piece):
            raise field_error(
                NAME,
                "pairs",
                f"[{number}] offset {offset} is not inside piece {piece!r} (need 1..{len(piece) - 1})",
            )
        pieces = [*pieces[:index], piece[:offset], piece[offset:], *pieces[index + 1 :]]
        states.append(pieces)
    return states_label(states)


def sample(rng: random.Random, steps: int, config: SplitConfig) -> Question:
    """Each step splits a piece longer than one character (the pieces' lengths are enough)."""
    text = config.string(rng, steps)
    lengths = [len(text)]
    pairs = []
    for _ in range(steps):
        index = choice(rng, [i for i, size in enumerate(lengths) if size > 1])
        size = lengths[index]
        offset = randint(rng, 1, size - 1)
        lengths[index : index + 1] = [offset, size - offset]
        pairs.append([index, offset])
    return {"string": text, "pairs": pairs}


def render(question: Question) -> str:
    pairs = ", ".join([f"({index}, {offset})" for index, offset in question["pairs"]])
    return f"String: {question['string']}\nPairs (piece, offset): {pairs}"


def parse(block: str) -> Question:
    """The question of a ``render``ed block."""
    string, pairs = labelled(block, ["String", "Pairs (piece, offset)"])
    return {"string": string, "pairs": [[int(index), int(offset)] for index, offset in tuples(pairs)]}


register(
    Task(
        name=NAME,
        number=9,
        fields={"string": str, "pairs": [(int, int)]},
        solve=solve,
        render=render,
        parse=parse,
        sample=sample,
        config=SplitConfig(),
    )
)
