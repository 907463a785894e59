"""FillWord (task18): replace blank ``[i]`` by its word, in the order of ``fills``."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..corpus import load_corpus
from ..registry import Label, Question, Task, register, states_label
from ..validation import field_error
from ._common import labelled, lines, randint, require
from ._sentences import final_passage_keys

NAME = "FillWord"


def blank(number: int) -> str:
    return f"[{number}]"


def solve(question: Question) -> Label:
    text = question["sentence"]
    states = [text]
    for position, (number, word) in enumerate(question["fills"]):
        marker = blank(number)
        if marker not in text:
            raise field_error(
                NAME, "fills", f"[{position}] fills blank {marker}, which the sentence does not hold then"
            )
        text = text.replace(marker, word, 1)
        states.append(text)
    return states_label(states)


@dataclass(frozen=True)
class FillWordConfig:
    """The passage has ``steps`` + U(min_extra..max_extra) words."""

    min_extra: int = 10
    max_extra: int = 25

    def __post_init__(self) -> None:
        require(0 <= self.min_extra <= self.max_extra, "need 0 <= min_extra <= max_extra")


def sample(rng: random.Random, steps: int, config: FillWordConfig) -> Question:
    """Blank ``steps`` random words; blank ``[n]`` is the n-th to be filled, and the blanks
    stand in the passage in random order."""
    corpus = load_corpus()
    words = corpus.text(corpus.sample_window(rng, steps + randint(rng, config.min_extra, config.max_extra))).split()
    fills: list[list[int | str]] = []
    for number, position in enumerate(rng.sample(range(len(words)), steps), start=1):
        fills.append([number, words[position]])
        words[position] = blank(number)
    return {"sentence": " ".join(words), "fills": fills}


def count_questions(steps: int, config: FillWordConfig) -> int:
    """How many examples can share no corpus sentence: the most disjoint passages of
    ``steps + min_extra`` to ``steps + max_extra`` words."""
    return load_corpus().disjoint_passages(steps + config.min_extra, steps + config.max_extra)


def render(question: Question) -> str:
    """One fill a line, so that a word's punctuation cannot run into a list separator."""
    fills = "".join([f"\n[{number}] {word}" for number, word in question["fills"]])
    return f"Sentence: {question['sentence']}\nFills:{fills}"


def parse(block: str) -> Question:
    """The question of a ``render``ed block."""
    sentence, fills = labelled(block, ["Sentence", "Fills"])
    pairs = [line.removeprefix("[").partition("] ") for line in lines(fills)]
    return {"sentence": sentence, "fills": [[int(number), word] for number, _, word in pairs]}


register(
    Task(
        name=NAME,
        number=18,
        fields={"sentence": str, "fills": [(int, str)]},
        solve=solve,
        render=render,
        parse=parse,
        sample=sample,
        config=FillWordConfig(),
        overlap_keys=final_passage_keys,
        count_questions=count_questions,
    )
)
