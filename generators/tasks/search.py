"""Search (task04): one counter per string; each substring adds its non-overlapping count."""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import repeat
from operator import add

from ..registry import Label, Question, Task, register, states_label
from ..validation import fail
from ._common import LOWERCASE, comma_list, require

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
    states = [counters[:]]
    # A pattern absent from all the strings joined is absent from each (a cheap common case).
    joined = "\n".join(strings)
    for number, pattern in enumerate(question["substrings"]):
        if not pattern:
            raise fail(NAME, "substrings", f"[{number}] is empty")
        if pattern in joined:
            counters = list(map(add, counters, map(str.count, strings, repeat(pattern))))
        else:
            counters = counters[:]
        states.append(counters)
    return states_label(states)


def sample(rng: random.Random, steps: int, config: SearchConfig) -> Question:
    # choice(rng, ...), randint(rng, ...) and below(rng, ...) inlined (the same draws);
    # rng.choices(LOWERCASE, k=2) draws exactly the two ``LOWERCASE[int(random() * 26)]``.
    random = rng.random
    substrings = [LOWERCASE[int(random() * 26)] + LOWERCASE[int(random() * 26)] for _ in range(steps)]
    low, lengths, planted = config.min_length, config.max_length - config.min_length + 1, config.max_planted + 1
    strings = []
    for _ in range(config.num_strings):
        cells = rng.choices(LOWERCASE, k=low + int(random() * lengths))
        for _ in range(int(random() * planted)):
            start = int(random() * (len(cells) - 1))
            cells[start : start + 2] = substrings[int(random() * steps)]
        strings.append("".join(cells))
    return {"strings": strings, "substrings": substrings}


def render(question: Question) -> str:
    return f"Strings: {comma_list(question['strings'])}\nSubstrings: {comma_list(question['substrings'])}"


register(
    Task(
        name=NAME,
        number=4,
        fields={"strings": [str], "substrings": [str]},
        solve=solve,
        render=render,
        sample=sample,
        config=SearchConfig(),
    )
)
