"""Split2 (task09): split piece ``i`` of the current list at offset ``j`` inside it."""

from __future__ import annotations

import random

from ..registry import Label, Question, Task, register, states_label
from ..validation import fail
from ._common import LOWERCASE, choice, randint, random_string, tuple_list
from .split1 import SplitConfig

NAME = "Split2"


def solve(question: Question) -> Label:
    pieces = [question["string"]]
    states = [pieces]
    for number, (index, offset) in enumerate(question["pairs"]):
        if not 0 <= index < len(pieces):
            raise fail(NAME, "pairs", f"[{number}] names piece {index}, not in 0..{len(pieces) - 1}")
        piece = pieces[index]
        if not 0 < offset < len(piece):
            raise fail(
                NAME, "pairs", f"[{number}] offset {offset} is not inside piece {piece!r} (need 1..{len(piece) - 1})"
            )
        pieces = [*pieces[:index], piece[:offset], piece[offset:], *pieces[index + 1 :]]
        states.append(pieces)
    return states_label(states)


def sample(rng: random.Random, steps: int, config: SplitConfig) -> Question:
    text = random_string(rng, LOWERCASE, config.length(rng, steps))
    lengths = [len(text)]
    pairs = []
    for _ in range(steps):
        index = choice(rng, [i for i, size in enumerate(lengths) if size > 1])
        offset = randint(rng, 1, lengths[index] - 1)
        lengths[index : index + 1] = [offset, lengths[index] - offset]
        pairs.append([index, offset])
    return {"string": text, "pairs": pairs}


def render(question: Question) -> str:
    return f"String: {question['string']}\nPairs (piece, offset): {tuple_list(question['pairs'])}"


register(
    Task(
        name=NAME,
        number=9,
        fields={"string": str, "pairs": [(int, int)]},
        solve=solve,
        render=render,
        sample=sample,
        config=SplitConfig(),
    )
)
