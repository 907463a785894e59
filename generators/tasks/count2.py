"""Count2 (task14): add the a-z letter counts of each word of a sentence, word by word."""

from __future__ import annotations

from ..registry import Label, Question, Task, register, states_label

NAME = "Count2"
_ALPHABET_START = ord("a")


def words_of(sentence: str) -> list[str]:
    """The words of a sentence: the pieces between runs of whitespace."""
    return sentence.split()


def solve(question: Question) -> Label:
    counts = [0] * 26
    states = [counts]
    for word in words_of(question["sentence"]):
        counts = counts[:]
        for ch in word.lower():
            slot = ord(ch) - _ALPHABET_START
            if 0 <= slot < 26:
                counts[slot] += 1
        states.append(counts)
    return states_label(states)


def render(question: Question) -> str:
    return f"Sentence: {question['sentence']}"


register(Task(name=NAME, number=14, fields={"sentence": str}, solve=solve, render=render))
