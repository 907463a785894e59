"""DeleteWord (task20): remove the first word equal to each listed word in turn."""

from __future__ import annotations

from ..registry import Label, Question, Task, register, states_label
from ..validation import fail
from ._common import comma_list
from .count2 import words_of

NAME = "DeleteWord"


def solve(question: Question) -> Label:
    sentence = question["sentence"]
    words = words_of(sentence)
    states = [sentence]
    for number, word in enumerate(question["words"]):
        try:
            words.remove(word)
        except ValueError:
            raise fail(NAME, "words", f"[{number}] = {word!r} is not a word of the sentence at its turn") from None
        states.append(" ".join(words))
    return states_label(states)


def render(question: Question) -> str:
    return f"Sentence: {question['sentence']}\nWords: {comma_list(question['words'])}"


register(Task(name=NAME, number=20, fields={"sentence": str, "words": [str]}, solve=solve, render=render))
