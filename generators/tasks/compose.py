"""Compose (task10): contract adjacent pairs ``A, B`` into ``C``, always the rightmost
matching pair, until no pair matches."""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass

from ..registry import Label, Question, Task, register, states_label
from ..validation import fail
from ._common import LOWERCASE, choice, comma_list, randint, random_string, require

NAME = "Compose"
Pair = tuple[str, str]


@dataclass(frozen=True)
class ComposeConfig:
    """U(steps+3 .. max(max_length, steps+3+spread)) letters; U(1..max_decoys) decoy rules
    whose pairs never occur; each step contracts one of the ``window`` rightmost free pairs."""

    max_length: int = 30
    spread: int = 5
    max_decoys: int = 4
    window: int = 4
    max_attempts: int = 50

    def __post_init__(self) -> None:
        require(self.max_length >= 4, "max_length must be at least 4")
        require(self.spread >= 0 and self.max_decoys >= 0, "spread and max_decoys must be >= 0")
        require(self.window >= 1 and self.max_attempts >= 1, "window and max_attempts must be at least 1")


def solve(question: Question) -> Label:
    rules: dict[Pair, str] = {}
    for number, (first, second, result) in enumerate(question["rules"]):
        if (first, second) in rules:
            raise fail(NAME, "rules", f"[{number}] repeats the pair ({first}, {second})")
        rules[first, second] = result
    letters = list(question["initial"])
    states = [letters[:]]
    # After a contraction at i, every pair right of i is one that did not match before, so
    # the next rightmost match is at i or further left: the scan resumes there.
    index = len(letters) - 2
    while index >= 0:
        result = rules.get((letters[index], letters[index + 1]))
        if result is None:
            index -= 1
            continue
        letters[index : index + 2] = [result]
        states.append(letters[:])
        index = min(index, len(letters) - 2)
    return states_label(states)


def _pairs(letters: list[str]) -> list[Pair]:
    return list(itertools.pairwise(letters))


def _rightmost_free(pairs: list[Pair], blocked: set[Pair], wanted: int) -> list[int]:
    """Up to ``wanted`` rightmost indices whose pair is not blocked and occurs only once."""
    found: list[int] = []
    for index in range(len(pairs) - 1, -1, -1):
        pair = pairs[index]
        if pair not in blocked and pairs.count(pair) == 1:
            found.append(index)
            if len(found) == wanted:
                break
    return found


def _pick_result(
    rng: random.Random, pair: Pair, left: str | None, right: str | None, rules: dict[Pair, str], blocked: set[Pair]
) -> str | None:
    """A letter C to replace ``pair`` such that (left, C) and (C, right) match no rule,
    preferably not blocked either (so that later steps can contract them); ``None`` if no
    letter will do. A few random draws usually find one; the full scan is the fallback."""
    usable, preferred = [], []
    for attempt in range(8 + len(LOWERCASE)):
        c = choice(rng, LOWERCASE) if attempt < 8 else LOWERCASE[attempt - 8]
        new_left, new_right = (left, c), (c, right)
        if new_left in rules or new_right in rules or pair in (new_left, new_right):
            continue
        if new_left not in blocked and new_right not in blocked:
            if attempt < 8:
                return c
            preferred.append(c)
        elif attempt >= 8:
            usable.append(c)
    options = preferred or usable
    return choice(rng, options) if options else None


def _try_sample(rng: random.Random, steps: int, config: ComposeConfig) -> Question | None:
    """Contract one new pair per step. A new rule's pair must never have stood at or right
    of an earlier step's contraction (else that earlier step would have gone differently),
    and each result letter is chosen so that no rule matches afterwards: every step is
    exactly the one made here."""
    initial = list(
        random_string(rng, LOWERCASE, randint(rng, steps + 3, max(config.max_length, steps + 3 + config.spread)))
    )
    letters = initial[:]
    pairs = _pairs(letters)
    rules: dict[Pair, str] = {}
    blocked: set[Pair] = set()  # pairs seen at or right of an earlier contraction
    seen: set[Pair] = set(pairs)  # every pair of every state
    for _ in range(steps):
        # Contracting at index i blocks every pair right of i for good, so staying near the
        # right end of the free region keeps long runs possible.
        chosen = _rightmost_free(pairs, blocked, config.window)
        rng.shuffle(chosen)
        for index in chosen:
            left = letters[index - 1] if index else None
            right = letters[index + 2] if index + 2 < len(letters) else None
            result = _pick_result(rng, pairs[index], left, right, rules, blocked)
            if result is not None:
                break
        else:
            return None
        rules[pairs[index]] = result
        blocked.update(pairs[index:])
        letters[index : index + 2] = [result]
        created = ([(left, result)] if index else []) + ([(result, right)] if right is not None else [])
        pairs[max(index - 1, 0) : index + 2] = created
        seen.update(created)
    decoys = randint(rng, min(1, config.max_decoys), config.max_decoys)
    while decoys:  # a decoy's pair never occurs, so it never matches
        pair = (choice(rng, LOWERCASE), choice(rng, LOWERCASE))
        if pair not in seen:
            seen.add(pair)
            rules[pair] = choice(rng, LOWERCASE)
            decoys -= 1
    ordered = [[a, b, c] for (a, b), c in rules.items()]
    rng.shuffle(ordered)
    return {"rules": ordered, "initial": initial}


def sample(rng: random.Random, steps: int, config: ComposeConfig) -> Question:
    for _ in range(config.max_attempts):
        question = _try_sample(rng, steps, config)
        if question is not None:
            return question
    raise RuntimeError(f"{NAME}: no question with {steps} steps after {config.max_attempts} attempts")


def render(question: Question) -> str:
    rules = ", ".join(f"({a}, {b}) -> {c}" for a, b, c in question["rules"])
    return f"Rules: {rules}\nLetters: {comma_list(question['initial'])}"


register(
    Task(
        name=NAME,
        number=10,
        fields={"rules": [(str, str, str)], "initial": [str]},
        solve=solve,
        render=render,
        sample=sample,
        config=ComposeConfig(),
    )
)
