"""Copy (task05): append ``strings[index]`` for each index in turn."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..registry import Label, Question, Task, register, states_label
from ..validation import fail
from ._common import ALPHANUMERIC, comma_list, numbered_lines, require

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
            raise fail(NAME, "indices", f"[{number}] = {index} is not in 0..{len(strings) - 1}")
        state += strings[index]
        states.append(state)
    return states_label(states)


def sample(rng: random.Random, steps: int, config: CopyConfig) -> Question:
    # randint(rng, ...) and below(rng, ...) inlined: the same draws.
    random = rng.random
    low, lengths = config.min_length, config.max_length - config.min_length + 1
    count = config.min_strings + int(random() * (config.max_strings - config.min_strings + 1))
    strings = ["".join(rng.choices(ALPHANUMERIC, k=low + int(random() * lengths))) for _ in range(count)]
    return {"strings": strings, "indices": [int(random() * count) for _ in range(steps)]}


def render(question: Question) -> str:
    return f"Strings:\n{numbered_lines(question['strings'])}\nIndices: {comma_list(question['indices'])}"


register(
    Task(
        name=NAME,
        number=5,
        fields={"strings": [str], "indices": [int]},
        solve=solve,
        render=render,
        sample=sample,
        config=CopyConfig(),
    )
)
