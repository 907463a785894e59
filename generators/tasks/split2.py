"""Split2 (task09): split piece ``i`` of the current list at offset ``j`` inside it."""

from __future__ import annotations

import random
from math import floor

from ..registry import Label, Question, Task, register, states_label
from ..validation import fail
from ._common import pair_list
from .split1 import SplitConfig

NAME = "Split2"


class _RowTexts(dict):
    """The rows the default sampler draws, ``ROW_TEXT[index][offset]``, rendered once (a
    lookup is cheaper than formatting), each index's on its first use (not at import)."""

    def __missing__(self, index: int) -> dict[int, str]:
        if not (type(index) is int and 0 <= index < 25):  # no bool: True == 1 would alias
            raise KeyError(index)
        row = self[index] = {offset: f"({index}, {offset})" for offset in range(1, 31)}
        return row


ROW_TEXT = _RowTexts()


def solve(question: Question) -> Label:
    pieces = [question["string"]]
    states = [pieces]
    append = states.append
    for index, offset in question["pairs"]:
        # len(states) - 1 is the pair's index, for the messages
        if not 0 <= index < len(pieces):
            raise fail(NAME, "pairs", f"[{len(states) - 1}] names piece {index}, not in 0..{len(pieces) - 1}")
        piece = pieces[index]
        if not 0 < offset < len(piece):
            raise fail(
                NAME,
                "pairs",
                f"[{len(states) - 1}] offset {offset} is not inside piece {piece!r} (need 1..{len(piece) - 1})",
            )
        pieces = pieces.copy()  # a new list per state; the piece becomes its two halves
        pieces[index] = piece[:offset]
        pieces.insert(index + 1, piece[offset:])
        append(pieces)
    return states_label(states)


def sample(rng: random.Random, steps: int, config: SplitConfig) -> Question:
    text = config.string(rng, steps)
    # choice and randint inlined on one bound rng.random: the same draws (floor() is int()
    # on these non-negative products).
    random = rng.random
    lengths = [len(text)]
    pairs = []
    append = pairs.append
    for _ in range(steps):
        splittable = [i for i, size in enumerate(lengths) if size > 1]
        index = splittable[floor(random() * len(splittable))]
        size = lengths[index]
        offset = 1 + floor(random() * (size - 1))
        lengths[index : index + 1] = offset, size - offset
        append([index, offset])
    return {"string": text, "pairs": pairs}


def render(question: Question) -> str:
    pairs = pair_list(question["pairs"], ROW_TEXT)  # the rows' texts looked up
    return f"String: {question['string']}\nPairs (piece, offset): {pairs}"


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
