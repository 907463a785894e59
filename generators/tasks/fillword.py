"""FillWord (task18): replace blank ``[i]`` by its word, in the order of ``fills``."""

from __future__ import annotations

from ..registry import Label, Question, Task, register, states_label
from ..validation import fail

NAME = "FillWord"


def blank(number: int) -> str:
    return f"[{number}]"


def solve(question: Question) -> Label:
    text = question["sentence"]
    states = [text]
    for position, (number, word) in enumerate(question["fills"]):
        marker = blank(number)
        if marker not in text:
            raise fail(NAME, "fills", f"[{position}] fills blank {marker}, which the sentence does not hold then")
        text = text.replace(marker, word, 1)
        states.append(text)
    return states_label(states)


def render(question: Question) -> str:
    fills = ", ".join(f"[{number}] {word}" for number, word in question["fills"])
    return f"Sentence: {question['sentence']}\nFills: {fills}"


register(Task(name=NAME, number=18, fields={"sentence": str, "fills": [(int, str)]}, solve=solve, render=render))
