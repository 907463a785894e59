"""Rhythm (task12): step i appends ``numbers[i mod len]`` then ``characters[i mod len]``,
each list wrapping on its own."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..registry import Label, Question, Task, register, states_label
from ..validation import field_error
from ._common import LOWERCASE, below, choice, items, labelled, number_list, numbers, randint, require

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
        raise field_error(NAME, "numbers", "must not be empty")
    if not characters:
        raise field_error(NAME, "characters", "must not be empty")
    if count < 0:
        raise field_error(NAME, "n", f"must be at least 0, got {count}")
    state = ""
    states = [state]
    for step in range(count):
        state += str(numbers[step % len(numbers)]) + characters[step % len(characters)]
        states.append(state)
    return states_label(states)


def sample(rng: random.Random, steps: int, config: RhythmConfig) -> Question:
    alphabet = LOWERCASE[: randint(rng, config.min_alphabet, config.max_alphabet)]
    numbers = [below(rng, 10) for _ in range(randint(rng, config.min_numbers, config.max_numbers))]
    characters = [choice(rng, alphabet) for _ in range(config.num_characters)]
    return {"numbers": numbers, "characters": characters, "n": steps}


def render(question: Question) -> str:
    numbers, characters = number_list(question["numbers"]), ", ".join(question["characters"])
    return f"Numbers: {numbers}\nCharacters: {characters}\nN: {question['n']}"


def parse(block: str) -> Question:
    """The question of a ``render``ed block."""
    numbers_, characters, n = labelled(block, ["Numbers", "Characters", "N"])
    return {"numbers": numbers(numbers_), "characters": items(characters), "n": int(n)}


register(
    Task(
        name=NAME,
        number=12,
        fields={"numbers": [int], "characters": [str], "n": int},
        solve=solve,
        render=render,
        parse=parse,
        sample=sample,
        config=RhythmConfig(),
    )
)
