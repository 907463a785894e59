"""DeleteWord (task20): remove the first word equal to each listed word in turn."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..corpus import load_corpus
from ..registry import Label, Question, Task, register, states_label
from ..validation import field_error
from ._common import labelled, lines, randint, require
from ._sentences import question_passage_keys
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
            raise field_error(
                NAME, "words", f"[{number}] = {word!r} is not a word of the sentence at its turn"
            ) from None
        states.append(" ".join(words))
    return states_label(states)


@dataclass(frozen=True)
class DeleteWordConfig:
    """The passage has max(steps + U(min_extra..max_extra), 1.6 * steps + U(0..10)) words
    (long passages repeat words, so they need more words per distinct word)."""

    min_extra: int = 10
    max_extra: int = 25
    tries_per_length: int = 20

    def __post_init__(self) -> None:
        require(0 <= self.min_extra <= self.max_extra, "need 0 <= min_extra <= max_extra")
        require(self.tries_per_length >= 1, "tries_per_length must be at least 1")


def sample(rng: random.Random, steps: int, config: DeleteWordConfig) -> Question:
    corpus = load_corpus()
    length = max(steps + randint(rng, config.min_extra, config.max_extra), steps * 8 // 5 + randint(rng, 0, 10))
    while True:  # passages this long with too few distinct words: a few more words
        for _ in range(config.tries_per_length):
            passage = corpus.text(corpus.sample_window(rng, length))
            distinct = sorted(set(words_of(passage)))
            if len(distinct) >= steps:
                return {"sentence": passage, "words": rng.sample(distinct, steps)}
        length += 5


def count_questions(steps: int, config: DeleteWordConfig) -> int:
    """An upper bound on how many examples can share no corpus sentence: the most disjoint
    passages of at least the shortest length drawn (a passage with too few distinct words
    is drawn again, longer)."""
    return load_corpus().disjoint_passages(max(steps + config.min_extra, steps * 8 // 5))


def render(question: Question) -> str:
    """One word a line, so that a word's punctuation cannot run into a list separator."""
    words = "".join([f"\n{word}" for word in question["words"]])
    return f"Sentence: {question['sentence']}\nWords:{words}"


def parse(block: str) -> Question:
    """The question of a ``render``ed block."""
    sentence, words = labelled(block, ["Sentence", "Words"])
    return {"sentence": sentence, "words": lines(words)}


register(
    Task(
        name=NAME,
        number=20,
        fields={"sentence": str, "words": [str]},
        solve=solve,
        render=render,
        parse=parse,
        sample=sample,
        config=DeleteWordConfig(),
        overlap_keys=question_passage_keys,
        count_questions=count_questions,
    )
)
