"""Rhythm (task12): step i appends ``numbers[i mod len]`` then ``characters[i mod len]``,
each list wrapping on its own."""

from __future__ import annotations

import random
from dataclasses import dataclass
from itertools import accumulate, cycle, islice
from math import floor
from operator import add

from ..registry import Label, Question, Task, register, states_label
from ..validation import fail
from ._common import LOWERCASE, NUMBER_TEXT, number_list, require

NAME = "Rhythm"


@dataclass(frozen=True)
class RhythmConfig:
    min_numbers: int = 4
    max_numbers: int = 6
    num_characters: int = 8
    min_alphabet: int = 2
    max_alphabet: int = 5

    def __post_init__(self) -> None:
        require(1 <= self.min_numbers <= self.max_numbers, "need 1 <= min_numbers <= max_numbers")
        require(self.num_characters >= 1, "num_characters must be at least 1")
        require(1 <= self.min_alphabet <= self.max_alphabet <= 26, "need 1 <= min_alphabet <= max_alphabet <= 26")


def solve(question: Question) -> Label:
    numbers, characters, count = question["numbers"], question["characters"], question["n"]
    if not numbers:
        raise fail(NAME, "numbers", "must not be empty")
    if not characters:
        raise fail(NAME, "characters", "must not be empty")
    if count < 0:
        raise fail(NAME, "n", f"must be at least 0, got {count}")
    # Step i appends str(numbers[i mod len]) + characters[i mod len]: the two lists cycled
    # side by side, joined pairwise and summed up in C (itertools) instead of a Python loop.
    try:
        texts = list(map(NUMBER_TEXT.__getitem__, numbers))
    except KeyError:  # a number outside 0..99
        texts = list(map(str, numbers))
    pairs = map(add, islice(cycle(texts), count), islice(cycle(characters), count))
    return states_label(list(accumulate(pairs, initial="")))


def sample(rng: random.Random, steps: int, config: RhythmConfig) -> Question:
    # The _common draws (randint, below, choice) inlined on one bound rng.random: the same
    # draws; floor() equals their int() on these non-negative products and is cheaper.
    random = rng.random
    size = config.min_alphabet + floor(random() * (config.max_alphabet - config.min_alphabet + 1))
    alphabet = LOWERCASE[:size]
    letters = float(size)  # the same product as random() * size; float * float is the fast one
    length = config.min_numbers + floor(random() * (config.max_numbers - config.min_numbers + 1))
    return {
        "numbers": [floor(random() * 10.0) for _ in range(length)],
        "characters": [alphabet[floor(random() * letters)] for _ in range(config.num_characters)],
        "n": steps,
    }


def render(question: Question) -> str:
    # The characters are strings already (the fields are checked): joined as they are.
    numbers = number_list(question["numbers"])
    return f"Numbers: {numbers}\nCharacters: {', '.join(question['characters'])}\nN: {question['n']}"


register(
    Task(
        name=NAME,
        number=12,
        fields={"numbers": [int], "characters": [str], "n": int},
        solve=solve,
        render=render,
        sample=sample,
        config=RhythmConfig(),
    )
)
