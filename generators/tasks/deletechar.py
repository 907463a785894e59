"""DeleteChar (task19): remove the leftmost occurrence of each listed letter in turn."""

from __future__ import annotations

import random

from ..registry import Label, Question, Task, register, states_label
from ..validation import fail
from ._common import LOWERCASE, comma_list, random_string
from .split1 import SplitConfig

NAME = "DeleteChar"


def solve(question: Question) -> Label:
    text = question["string"]
    states = [text]
    for number, letter in enumerate(question["letters"]):
        if len(letter) != 1:
            raise fail(NAME, "letters", f"[{number}] = {letter!r} must be a single character")
        index = text.find(letter)
        if index < 0:
            raise fail(NAME, "letters", f"[{number}] = {letter!r} is not in the string {text!r} at its turn")
        text = text[:index] + text[index + 1 :]
        states.append(text)
    return states_label(states)


def sample(rng: random.Random, steps: int, config: SplitConfig) -> Question:
    text = random_string(rng, LOWERCASE, config.length(rng, steps))
    return {"string": text, "letters": [text[i] for i in rng.sample(range(len(text)), steps)]}


def render(question: Question) -> str:
    return f"String: {question['string']}\nLetters: {comma_list(question['letters'])}"


register(
    Task(
        name=NAME,
        number=19,
        fields={"string": str, "letters": [str]},
        solve=solve,
        render=render,
        sample=sample,
        config=SplitConfig(),
    )
)
