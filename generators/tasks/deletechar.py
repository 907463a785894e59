"""DeleteChar (task19): remove the leftmost occurrence of each listed letter in turn."""

from __future__ import annotations

import random

from ..registry import Label, Question, Task, register, states_label
from ..validation import field_error
from ._common import items, labelled
from .split1 import SplitConfig

NAME = "DeleteChar"


def solve(question: Question) -> Label:
    text = question["string"]
    states = [text]
    for number, letter in enumerate(question["letters"]):
        if len(letter) != 1:
            raise field_error(NAME, "letters", f"[{number}] = {letter!r} must be a single character")
        if letter not in text:
            raise field_error(NAME, "letters", f"[{number}] = {letter!r} is not in the string {text!r} at its turn")
        text = text.replace(letter, "", 1)
        states.append(text)
    return states_label(states)


def sample(rng: random.Random, steps: int, config: SplitConfig) -> Question:
    text = config.string(rng, steps)
    return {"string": text, "letters": rng.sample(text, steps)}


def render(question: Question) -> str:
    return f"String: {question['string']}\nLetters: {', '.join(question['letters'])}"


def parse(block: str) -> Question:
    """The question of a ``render``ed block."""
    string, letters = labelled(block, ["String", "Letters"])
    return {"string": string, "letters": items(letters)}


register(
    Task(
        name=NAME,
        number=19,
        fields={"string": str, "letters": [str]},
        solve=solve,
        render=render,
        parse=parse,
        sample=sample,
        config=SplitConfig(),
    )
)
