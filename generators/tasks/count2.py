"""Count2 (task14): add the a-z letter counts of each word of a sentence, word by word."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..corpus import load_corpus
from ..registry import Label, Question, Task, register, states_label
from ._common import labelled, require
from ._sentences import question_passage_keys

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


@dataclass(frozen=True)
class Count2Config:
    """The passage has exactly ``steps`` words: a single sentence when the corpus has at
    least ``min_single`` of that length, else consecutive sentences of one source."""

    min_single: int = 100

    def __post_init__(self) -> None:
        require(self.min_single >= 0, "min_single must be at least 0")


def sample(rng: random.Random, steps: int, config: Count2Config) -> Question:
    corpus = load_corpus()
    return {"sentence": corpus.text(corpus.sample_window(rng, steps, prefer_single=config.min_single))}


def count_questions(steps: int, config: Count2Config) -> int:
    """How many examples can share no corpus sentence: the sentences of ``steps`` words
    when single sentences are drawn, else the most disjoint passages of that length."""
    corpus = load_corpus()
    singles = corpus.singles(steps)
    if config.min_single and len(singles) >= config.min_single:
        return len(singles)
    return corpus.disjoint_passages(steps, steps)


def render(question: Question) -> str:
    return f"Sentence: {question['sentence']}"


def parse(block: str) -> Question:
    """The question of a ``render``ed block."""
    return {"sentence": labelled(block, ["Sentence"])[0]}


register(
    Task(
        name=NAME,
        number=14,
        fields={"sentence": str},
        solve=solve,
        render=render,
        parse=parse,
        sample=sample,
        config=Count2Config(),
        overlap_keys=question_passage_keys,
        count_questions=count_questions,
    )
)
