"""Compare (task13): record the longest common prefix of each candidate with the target,
until the first candidate equal to the target."""

from __future__ import annotations

import random
from dataclasses import dataclass

from ..registry import Label, Question, Task, register
from ..validation import field_error
from ._common import LOWERCASE, below, choice, items, labelled, randint, random_string, require

NAME = "Compare"


@dataclass(frozen=True)
class CompareConfig:
    """U(0..max_trailing) further candidates follow the first copy of the target."""

    max_trailing: int = 9

    def __post_init__(self) -> None:
        require(self.max_trailing >= 0, "max_trailing must be at least 0")


def _common_prefix(first: str, second: str) -> str:
    size = 0
    for a, b in zip(first, second):
        if a != b:
            break
        size += 1
    return first[:size]


def solve(question: Question) -> Label:
    target = question["target"]
    prefixes: list[str] = []
    for candidate in question["candidates"]:
        if candidate == target:
            return {"init": [""], "intermediate": prefixes, "final": [*prefixes, target]}
        prefixes.append(_common_prefix(candidate, target))
    raise field_error(NAME, "candidates", f"must contain the target {target!r}")


def _near_miss(rng: random.Random, target: str) -> str:
    """A candidate as long as the target that shares its first 1..len-1 letters."""
    shared = randint(rng, 1, len(target) - 1)
    differing = choice(rng, LOWERCASE.replace(target[shared], ""))
    return target[:shared] + differing + random_string(rng, LOWERCASE, len(target) - shared - 1)


def sample(rng: random.Random, steps: int, config: CompareConfig) -> Question:
    target = random_string(rng, LOWERCASE, steps + 1)
    candidates = [_near_miss(rng, target) for _ in range(steps - 1)]
    candidates.append(target)
    for _ in range(randint(rng, 0, config.max_trailing)):
        candidates.append(target if below(rng, 3) == 0 else _near_miss(rng, target))
    return {"target": target, "candidates": candidates}


def render(question: Question) -> str:
    return f"Target: {question['target']}\nCandidates: {', '.join(question['candidates'])}"


def parse(block: str) -> Question:
    """The question of a ``render``ed block."""
    target, candidates = labelled(block, ["Target", "Candidates"])
    return {"target": target, "candidates": items(candidates)}


register(
    Task(
        name=NAME,
        number=13,
        fields={"target": str, "candidates": [str]},
        solve=solve,
        render=render,
        parse=parse,
        sample=sample,
        config=CompareConfig(),
    )
)
