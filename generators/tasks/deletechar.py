"""DeleteChar (task19): remove the leftmost occurrence of each listed letter in turn."""

from __future__ import annotations

import random

from ..registry import Label, Question, Task, register, states_label
from ..validation import fail
from ._common import sample_indices
from .split1 import SplitConfig

NAME = "DeleteChar"


def solve(question: Question) -> Label:
    text = question["string"]
    states = [text]
    append = states.append
    for letter in question["letters"]:
        # One C call removes the leftmost occurrence; the result is one character shorter
        # exactly when ``letter`` is a single character found in ``text``.
        shorter = text.replace(letter, "", 1)
        if len(shorter) + 1 != len(text):
            number = len(states) - 1
            if len(letter) != 1:
                raise fail(NAME, "letters", f"[{number}] = {letter!r} must be a single character")
            raise fail(NAME, "letters", f"[{number}] = {letter!r} is not in the string {text!r} at its turn")
        text = shorter
        append(text)
    return states_label(states)


def sample(rng: random.Random, steps: int, config: SplitConfig) -> Question:
    text = config.string(rng, steps)
    return {"string": text, "letters": list(map(text.__getitem__, sample_indices(rng, len(text), steps)))}


def render(question: Question) -> str:
    # comma_list inlined: the letters are strings already (the fields are checked).
    return f"String: {question['string']}\nLetters: {', '.join(question['letters'])}"


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
