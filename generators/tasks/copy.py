"""Copy (task05): append ``strings[index]`` for each index in turn."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..registry import Label, Question, Task, register, states_label
from ..validation import field_error
from ._common import (
    ALPHANUMERIC,
    below,
    indexed_lines,
    labelled,
    number_list,
    numbers,
    randint,
    random_string,
    require,
    unindexed,
)

NAME = "Copy"


@dataclass(frozen=True)
class CopyConfig:
    min_strings: int = 3
    max_strings: int = 25
    min_length: int = 5
    max_length: int = 20

    def __post_init__(self) -> None:
        require(1 <= self.min_strings <= self.max_strings, "need 1 <= min_strings <= max_strings")
        require(1 <= self.min_length <= self.max_length, "need 1 <= min_length <= max_length")


def solve(question: Question) -> Label:
    strings = question["strings"]
    state = ""
    states = [state]
    for number, index in enumerate(question["indices"]):
        if not 0 <= index < len(strings):
            raise field_error(NAME, "indices", f"[{number}] = {index} is not in 0..{len(strings) - 1}")
        state += strings[index]
        states.append(state)
    return states_label(states)


def sample(rng: random.Random, steps: int, config: CopyConfig) -> Question:
    strings = [
        random_string(rng, ALPHANUMERIC, randint(rng, config.min_length, config.max_length))
        for _ in range(randint(rng, config.min_strings, config.max_strings))
    ]
    return {"strings": strings, "indices": [below(rng, len(strings)) for _ in range(steps)]}


def render(question: Question) -> str:
    return f"Strings:\n{indexed_lines(question['strings'])}\nIndices: {number_list(question['indices'])}"


def parse(block: str) -> Question:
    """The question of a ``render``ed block."""
    strings, indices = labelled(block, ["Strings", "Indices"])
    return {"strings": unindexed(strings), "indices": numbers(indices)}


register(
    Task(
        name=NAME,
        number=5,
        fields={"strings": [str], "indices": [int]},
        solve=solve,
        render=render,
        parse=parse,
        sample=sample,
        config=CopyConfig(),
    )
)
