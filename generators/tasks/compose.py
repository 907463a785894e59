"""Compose (task10): contract adjacent pairs ``A, B`` into ``C``, always the rightmost
matching pair, until no pair matches."""

from __future__ import annotations

import itertools
import random
import re
from collections import Counter
from dataclasses import dataclass

from ..registry import Label, Question, Task, register, states_label
from ..validation import field_error
from ._common import LOWERCASE, choice, items, labelled, randint, random_string, require

NAME = "Compose"


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
    rules: dict[tuple[str, str], str] = {}
    for number, (first, second, result) in enumerate(question["rules"]):
        if (first, second) in rules:
            raise field_error(NAME, "rules", f"[{number}] repeats the pair ({first}, {second})")
        rules[first, second] = result
    letters = list(question["initial"])
    states = [letters]
    # The scan for the rightmost matching pair goes leftwards from the right end. After a
    # contraction at i the pairs right of i are unchanged and did not match, so the next
    # scan may start at i.
    index = len(letters) - 2
    while index >= 0:
        result = rules.get((letters[index], letters[index + 1]))
        if result is None:
            index -= 1
            continue
        letters = [*letters[:index], result, *letters[index + 2 :]]
        states.append(letters)
        index = min(index, len(letters) - 2)
    return states_label(states)


def _rightmost_free(pairs: list[str], counts: Counter[str], blocked: set[str], wanted: int, start: int) -> list[int]:
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
    rng: random.Random, pair: str, left: str, right: str, rules: dict[str, str], blocked: set[str]
) -> str | None:
    """A letter C to replace ``pair`` such that ``left + C`` and ``C + right`` match no rule,
    preferably not blocked either (so that later steps can contract them); ``None`` if no
    letter will do. A few random draws usually find one; the full scan is the fallback.
    ``left`` and ``right`` are ``""`` at the ends: a one-letter string is never a pair."""
    for _ in range(8):
        c = choice(rng, LOWERCASE)
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
    return choice(rng, options) if options else None


def _try_sample(rng: random.Random, steps: int, config: ComposeConfig) -> Question | None:
    """Contract one new pair per step. A new rule's pair must never have stood at or right
    of an earlier step's contraction (else that earlier step would have gone differently),
    and each result letter is chosen so that no rule matches afterwards: every step is
    exactly the one made here.

    A pair of adjacent letters is written as the two-letter string ``a + b`` here."""
    length = randint(rng, steps + 3, max(config.max_length, steps + 3 + config.spread))
    initial = list(random_string(rng, LOWERCASE, length))
    letters = initial[:]
    pairs = [first + second for first, second in itertools.pairwise(letters)]
    counts = Counter(pairs)
    rules: dict[str, str] = {}
    blocked: set[str] = set()  # pairs seen at or right of an earlier contraction
    seen: set[str] = set(pairs)  # every pair of every state
    start = len(pairs) - 1  # every pair right of start is blocked
    for _ in range(steps):
        # Contracting at index i blocks every pair right of i for good, so staying near the
        # right end of the free region keeps long runs possible.
        chosen = _rightmost_free(pairs, counts, blocked, config.window, start)
        rng.shuffle(chosen)
        for index in chosen:
            left = letters[index - 1] if index else ""
            right = letters[index + 2] if index + 2 < len(letters) else ""
            result = _pick_result(rng, pairs[index], left, right, rules, blocked)
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
            counts[pair] += 1
        pairs[low : index + 2] = created
        seen.update(created)
        start = min(index, len(pairs) - 1)
    decoys = randint(rng, min(1, config.max_decoys), config.max_decoys)
    while decoys:  # a decoy's pair never occurs, so it never matches
        pair = choice(rng, LOWERCASE) + choice(rng, LOWERCASE)
        if pair not in seen:
            seen.add(pair)
            rules[pair] = choice(rng, LOWERCASE)
            decoys -= 1
    ordered = [[pair[0], pair[1], result] for pair, result in rules.items()]
    rng.shuffle(ordered)
    return {"rules": ordered, "initial": initial}


def sample(rng: random.Random, steps: int, config: ComposeConfig) -> Question:
    for _ in range(config.max_attempts):
        question = _try_sample(rng, steps, config)
        if question is not None:
            return question
    raise RuntimeError(f"{NAME}: no question with {steps} steps after {config.max_attempts} attempts")


def render(question: Question) -> str:
    rules = ", ".join([f"({first}, {second}) -> {result}" for first, second, result in question["rules"]])
    return f"Rules: {rules}\nLetters: {', '.join(question['initial'])}"


_RULE = re.compile(r"\((.*?), (.*?)\) -> (.*?)(?:, |$)")  # a rendered rule: (A, B) -> C


def parse(block: str) -> Question:
    """The question of a ``render``ed block."""
    rules, letters = labelled(block, ["Rules", "Letters"])
    return {"rules": [list(rule) for rule in _RULE.findall(rules)], "initial": items(letters)}


register(
    Task(
        name=NAME,
        number=10,
        fields={"rules": [(str, str, str)], "initial": [str]},
        solve=solve,
        render=render,
        parse=parse,
        sample=sample,
        config=ComposeConfig(),
    )
)
