"""Decompose (task11): replace the leftmost character that has a rule by its two letters,
until no character has one."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..registry import Label, Question, Task, register, states_label
from ..validation import field_error
from ._common import LOWERCASE, choice, items, labelled, randint, random_string, require

NAME = "Decompose"
MAX_STEPS = 10_000


@dataclass(frozen=True)
class DecomposeConfig:
    """U(1..max_keys) rule keys (at most steps); string length U(steps+5 .. steps+15)."""

    max_keys: int = 13
    min_extra: int = 5
    max_extra: int = 15

    def __post_init__(self) -> None:
        require(1 <= self.max_keys <= 24, "max_keys must be in 1..24")
        require(0 <= self.min_extra <= self.max_extra, "need 0 <= min_extra <= max_extra")


def solve(question: Question) -> Label:
    rules: dict[str, str] = {}
    for number, (key, output) in enumerate(question["rules"]):
        if len(key) != 1:
            raise field_error(NAME, "rules", f"[{number}] key {key!r} must be a single character")
        if key in rules:
            raise field_error(NAME, "rules", f"[{number}] repeats the key {key!r}")
        rules[key] = output
    text = question["string"]
    states = [text]
    index = 0
    while True:
        # The leftmost character with a rule: none stands left of the last one replaced.
        index = next((i for i in range(index, len(text)) if text[i] in rules), -1)
        if index < 0:
            return states_label(states)
        if len(states) > MAX_STEPS:
            raise field_error(NAME, "rules", f"the replacements do not stop within {MAX_STEPS} steps")
        text = text[:index] + rules[text[index]] + text[index + 1 :]
        states.append(text)


def sample(rng: random.Random, steps: int, config: DecomposeConfig) -> Question:
    """``steps`` occurrences of rule keys among other letters; no rule's output holds a key,
    so each occurrence is one step."""
    keys = rng.sample(LOWERCASE, randint(rng, 1, min(steps, config.max_keys)))
    others = "".join(letter for letter in LOWERCASE if letter not in keys)
    cells = [choice(rng, others) for _ in range(randint(rng, steps + config.min_extra, steps + config.max_extra))]
    for position in rng.sample(range(len(cells)), steps):
        cells[position] = choice(rng, keys)
    rules = [[key, random_string(rng, others, 2)] for key in sorted(keys)]
    return {"string": "".join(cells), "rules": rules}


def render(question: Question) -> str:
    rules = ", ".join([f"{key} -> {output}" for key, output in question["rules"]])
    return f"String: {question['string']}\nRules: {rules}"


def parse(block: str) -> Question:
    """The question of a ``render``ed block."""
    string, rules = labelled(block, ["String", "Rules"])
    return {"string": string, "rules": [rule.split(" -> ") for rule in items(rules)]}


register(
    Task(
        name=NAME,
        number=11,
        fields={"string": str, "rules": [(str, str)]},
        solve=solve,
        render=render,
        parse=parse,
        sample=sample,
        config=DecomposeConfig(),
    )
)
