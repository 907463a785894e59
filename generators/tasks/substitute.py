"""Substitute (task06): one left-to-right pass replacing each original character by its
partner; no chaining."""

from __future__ import annotations

import math
import random

from ..registry import Label, Question, Task, register, states_label
from ..validation import field_error
from ._common import ALPHANUMERIC, choice, labelled, random_string, tuples

NAME = "Substitute"


def solve(question: Question) -> Label:
    partners: dict[str, str] = {}
    for number, (source, target) in enumerate(question["pairs"]):
        if len(source) != 1 or len(target) != 1:
            raise field_error(NAME, "pairs", f"[{number}] must pair two single characters, got {[source, target]!r}")
        if source in partners:
            raise field_error(NAME, "pairs", f"character {source!r} has more than one partner")
        partners[source] = target
    text = question["string"]
    cells = list(text)
    states = [text]
    for index, original in enumerate(text):
        cells[index] = partners.get(original, original)
        states.append("".join(cells))
    return states_label(states)


def sample(rng: random.Random, steps: int, config: None) -> Question:
    text = random_string(rng, ALPHANUMERIC, steps)
    pairs = [[character, choice(rng, ALPHANUMERIC.replace(character, ""))] for character in sorted(set(text))]
    return {"pairs": pairs, "string": text}


def count_questions(steps: int, config: None) -> int:
    """Strings of ``steps`` characters with ``d`` distinct ones, times 35 replacements for
    each of the ``d``: the strings with exactly ``d`` distinct characters number
    ``C(36, d) * d! * S(steps, d)`` (``S`` the Stirling numbers of the second kind)."""
    size = len(ALPHANUMERIC)
    stirling = [1] + [0] * steps  # S(n, d) for the current n, by the recurrence on n
    for n in range(1, steps + 1):
        stirling = [0] + [d * stirling[d] + stirling[d - 1] for d in range(1, n + 1)] + [0] * (steps - n)
    return sum(math.perm(size, d) * stirling[d] * (size - 1) ** d for d in range(1, steps + 1))


def render(question: Question) -> str:
    pairs = ", ".join([f"({source}, {target})" for source, target in question["pairs"]])
    return f"Pairs: {pairs}\nString: {question['string']}"


def parse(block: str) -> Question:
    """The question of a ``render``ed block."""
    pairs, string = labelled(block, ["Pairs", "String"])
    return {"pairs": tuples(pairs), "string": string}


register(
    Task(
        name=NAME,
        number=6,
        fields={"pairs": [(str, str)], "string": str},
        solve=solve,
        render=render,
        parse=parse,
        sample=sample,
        count_questions=count_questions,
    )
)
