"""Search (task04): one counter per string; each substring adds its non-overlapping count."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..registry import Label, Question, Task, register, states_label
from ..validation import field_error
from ._common import LOWERCASE, below, choice, items, labelled, randint, random_string, require

NAME = "Search"


@dataclass(frozen=True)
class SearchConfig:
    num_strings: int = 10
    min_length: int = 3
    max_length: int = 12
    max_planted: int = 2

    def __post_init__(self) -> None:
        require(self.num_strings >= 1, "num_strings must be at least 1")
        require(2 <= self.min_length <= self.max_length, "need 2 <= min_length <= max_length")
        require(self.max_planted >= 0, "max_planted must be at least 0")


def solve(question: Question) -> Label:
    strings = question["strings"]
    counters = [0] * len(strings)
    states = [counters]
    for number, pattern in enumerate(question["substrings"]):
        if not pattern:
            raise field_error(NAME, "substrings", f"[{number}] is empty")
        counters = [counter + text.count(pattern) for counter, text in zip(counters, strings)]
        states.append(counters)
    return states_label(states)


def sample(rng: random.Random, steps: int, config: SearchConfig) -> Question:
    """Random strings, each with up to ``max_planted`` of the substrings written over it."""
    substrings = [random_string(rng, LOWERCASE, 2) for _ in range(steps)]
    strings = []
    for _ in range(config.num_strings):
        cells = list(random_string(rng, LOWERCASE, randint(rng, config.min_length, config.max_length)))
        for _ in range(randint(rng, 0, config.max_planted)):
            start = below(rng, len(cells) - 1)
            cells[start : start + 2] = choice(rng, substrings)
        strings.append("".join(cells))
    return {"strings": strings, "substrings": substrings}


def render(question: Question) -> str:
    return f"Strings: {', '.join(question['strings'])}\nSubstrings: {', '.join(question['substrings'])}"


def parse(block: str) -> Question:
    """The question of a ``render``ed block."""
    strings, substrings = labelled(block, ["Strings", "Substrings"])
    return {"strings": items(strings), "substrings": items(substrings)}


register(
    Task(
        name=NAME,
        number=4,
        fields={"strings": [str], "substrings": [str]},
        solve=solve,
        render=render,
        parse=parse,
        sample=sample,
        config=SearchConfig(),
    )
)
