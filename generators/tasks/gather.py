"""Gather (task02): build a string by appending slices ``strings[N][i:i+n]``."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..registry import Label, Question, Task, register, states_label
from ..validation import field_error
from ._common import ALPHANUMERIC, below, indexed_lines, labelled, randint, random_string, require, tuples, unindexed

NAME = "Gather"


@dataclass(frozen=True)
class GatherConfig:
    min_strings: int = 2
    max_strings: int = 20
    min_length: int = 5
    max_length: int = 10

    def __post_init__(self) -> None:
        require(1 <= self.min_strings <= self.max_strings, "need 1 <= min_strings <= max_strings")
        require(1 <= self.min_length <= self.max_length, "need 1 <= min_length <= max_length")


def solve(question: Question) -> Label:
    strings = question["strings"]
    state = ""
    states = [state]
    for number, (which, start, size) in enumerate(question["commands"]):
        if not 0 <= which < len(strings):
            raise field_error(NAME, "commands", f"[{number}] names string {which}, not in 0..{len(strings) - 1}")
        source = strings[which]
        if not (0 <= start and size >= 1 and start + size <= len(source)):
            raise field_error(
                NAME,
                "commands",
                f"[{number}] slice [{start}:{start + size}] is not inside string {which} "
                f"of length {len(source)} (need 0 <= i and 1 <= n <= length - i)",
            )
        state += source[start : start + size]
        states.append(state)
    return states_label(states)


def sample(rng: random.Random, steps: int, config: GatherConfig) -> Question:
    strings = [
        random_string(rng, ALPHANUMERIC, randint(rng, config.min_length, config.max_length))
        for _ in range(randint(rng, config.min_strings, config.max_strings))
    ]
    commands = []
    for _ in range(steps):
        which = below(rng, len(strings))
        length = len(strings[which])
        start = below(rng, length)
        commands.append([which, start, randint(rng, 1, length - start)])
    return {"strings": strings, "commands": commands}


def render(question: Question) -> str:
    commands = ", ".join([f"({which}, {start}, {size})" for which, start, size in question["commands"]])
    return f"Strings:\n{indexed_lines(question['strings'])}\nCommands (N, i, n): {commands}"


def parse(block: str) -> Question:
    """The question of a ``render``ed block."""
    strings, commands = labelled(block, ["Strings", "Commands (N, i, n)"])
    return {"strings": unindexed(strings), "commands": [[int(value) for value in item] for item in tuples(commands)]}


register(
    Task(
        name=NAME,
        number=2,
        fields={"strings": [str], "commands": [(int, int, int)]},
        solve=solve,
        render=render,
        parse=parse,
        sample=sample,
        config=GatherConfig(),
    )
)
