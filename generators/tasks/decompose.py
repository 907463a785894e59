"""Decompose (task11): replace the leftmost character that has a rule by its two letters,
until no character has one."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..registry import Label, Question, Task, register, states_label
from ..validation import fail
from ._common import LOWERCASE, random_string, require, sample_indices

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
            raise fail(NAME, "rules", f"[{number}] key {key!r} must be a single character")
        if key in rules:
            raise fail(NAME, "rules", f"[{number}] repeats the key {key!r}")
        rules[key] = output
    text = question["string"]
    states = [text]
    start = 0
    while True:
        start = next((i for i in range(start, len(text)) if text[i] in rules), -1)
        if start < 0:
            return states_label(states)
        if len(states) > MAX_STEPS:
            raise fail(NAME, "rules", f"the replacements do not stop within {MAX_STEPS} steps")
        text = text[:start] + rules[text[start]] + text[start + 1 :]
        states.append(text)  # nothing left of ``start`` has a rule: resume the scan there


def sample(rng: random.Random, steps: int, config: DecomposeConfig) -> Question:
    # randint and choice inlined (the same draws): they run once per character.
    draw = rng.random
    # rng.sample(LOWERCASE, k) and rng.sample(range(length), steps) as sample_indices: the same draws.
    keys = [LOWERCASE[i] for i in sample_indices(rng, 26, 1 + int(draw() * min(steps, config.max_keys)))]
    others = [ch for ch in LOWERCASE if ch not in keys]
    length = steps + config.min_extra + int(draw() * (config.max_extra - config.min_extra + 1))
    other_count, key_count = len(others), len(keys)
    cells = [others[int(draw() * other_count)] for _ in range(length)]
    for position in sample_indices(rng, length, steps):
        cells[position] = keys[int(draw() * key_count)]
    rules = [[key, random_string(rng, "".join(others), 2)] for key in sorted(keys)]
    return {"string": "".join(cells), "rules": rules}


def render(question: Question) -> str:
    rules = ", ".join(f"{key} -> {output}" for key, output in question["rules"])
    return f"String: {question['string']}\nRules: {rules}"


register(
    Task(
        name=NAME,
        number=11,
        fields={"string": str, "rules": [(str, str)]},
        solve=solve,
        render=render,
        sample=sample,
        config=DecomposeConfig(),
    )
)
