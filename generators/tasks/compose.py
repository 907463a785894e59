"""Compose (task10): contract adjacent pairs ``A, B`` into ``C``, always the rightmost
matching pair, until no pair matches."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from operator import add

from ..registry import Label, Question, Task, register, states_label
from ..validation import fail
from ._common import LOWERCASE, comma_list, randint, random_string, require, shuffle

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
    rows = question["rules"]
    rules: dict[Pair, str] = {(first, second): result for first, second, result in rows}
    if len(rules) < len(rows):  # some pair repeats: find the first repeat for the message
        pairs: set[Pair] = set()
        for number, (first, second, _) in enumerate(rows):
            if (first, second) in pairs:
                raise fail(NAME, "rules", f"[{number}] repeats the pair ({first}, {second})")
            pairs.add((first, second))
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


def _rightmost_free(pairs: list[str], counts: dict[str, int], blocked: set[str], wanted: int, start: int) -> list[int]:
    """Up to ``wanted`` rightmost indices whose pair is not blocked and occurs only once
    (``counts`` holds how often each pair occurs); every pair right of ``start`` is blocked,
    so the scan begins there."""
    found: list[int] = []
    for index in range(start, -1, -1):
        pair = pairs[index]
        if counts[pair] == 1 and pair not in blocked:
            found.append(index)
            if len(found) == wanted:
                break
    return found


def _pick_result(
    random: Callable[[], float], pair: str, left: str, right: str, rules: dict[str, str], blocked: set[str]
) -> str | None:
    """A letter C to replace ``pair`` such that ``left + C`` and ``C + right`` match no rule,
    preferably not blocked either (so that later steps can contract them); ``None`` if no
    letter will do. A few random draws usually find one; the full scan is the fallback.
    ``left`` and ``right`` are ``""`` at the ends: a one-letter string is never a pair."""
    for _ in range(8):
        c = LOWERCASE[int(random() * 26)]  # choice(rng, LOWERCASE)
        new_left, new_right = left + c, c + right
        if new_left in rules or new_right in rules or pair == new_left or pair == new_right:
            continue
        if new_left not in blocked and new_right not in blocked:
            return c
    usable, preferred = [], []
    for c in LOWERCASE:
        new_left, new_right = left + c, c + right
        if new_left in rules or new_right in rules or pair == new_left or pair == new_right:
            continue
        if new_left not in blocked and new_right not in blocked:
            preferred.append(c)
        else:
            usable.append(c)
    options = preferred or usable
    return options[int(random() * len(options))] if options else None


def _try_sample(rng: random.Random, steps: int, config: ComposeConfig) -> Question | None:
    """Contract one new pair per step. A new rule's pair must never have stood at or right
    of an earlier step's contraction (else that earlier step would have gone differently),
    and each result letter is chosen so that no rule matches afterwards: every step is
    exactly the one made here.

    A pair of letters is the two-letter string ``a + b`` here (cheaper to hash and compare
    than a tuple)."""
    random = rng.random
    initial = list(
        random_string(rng, LOWERCASE, randint(rng, steps + 3, max(config.max_length, steps + 3 + config.spread)))
    )
    letters = initial[:]
    pairs = list(map(add, letters, letters[1:]))
    counts: dict[str, int] = {}
    for pair in pairs:
        counts[pair] = counts.get(pair, 0) + 1
    rules: dict[str, str] = {}
    blocked: set[str] = set()  # pairs seen at or right of an earlier contraction
    seen: set[str] = set(pairs)  # every pair of every state
    window = config.window
    start = len(pairs) - 1  # every pair right of start is blocked
    for _ in range(steps):
        # Contracting at index i blocks every pair right of i for good, so staying near the
        # right end of the free region keeps long runs possible.
        chosen = _rightmost_free(pairs, counts, blocked, window, start)
        shuffle(rng, chosen)
        for index in chosen:
            left = letters[index - 1] if index else ""
            right = letters[index + 2] if index + 2 < len(letters) else ""
            result = _pick_result(random, pairs[index], left, right, rules, blocked)
            if result is not None:
                break
        else:
            return None
        rules[pairs[index]] = result
        blocked.update(pairs[index : start + 1])
        letters[index : index + 2] = [result]
        created = ([left + result] if index else []) + ([result + right] if right else [])
        low = max(index - 1, 0)
        for pair in pairs[low : index + 2]:
            counts[pair] -= 1
        for pair in created:
            counts[pair] = counts.get(pair, 0) + 1
        pairs[low : index + 2] = created
        seen.update(created)
        start = min(index, len(pairs) - 1)
    decoys = randint(rng, min(1, config.max_decoys), config.max_decoys)
    while decoys:  # a decoy's pair never occurs, so it never matches
        pair = LOWERCASE[int(random() * 26)] + LOWERCASE[int(random() * 26)]  # choice(rng, LOWERCASE) twice
        if pair not in seen:
            seen.add(pair)
            rules[pair] = LOWERCASE[int(random() * 26)]
            decoys -= 1
    ordered = [[pair[0], pair[1], result] for pair, result in rules.items()]
    shuffle(rng, ordered)
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
