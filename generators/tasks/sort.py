"""Sort (task01): sort a lowercase string by swaps, letter by letter; only swaps that change
the string are steps."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from ..registry import Label, Question, Task, register, states_label
from ..validation import field_error
from ._common import LOWERCASE, choice, labelled, randint, random_string, require

NAME = "Sort"


@dataclass(frozen=True)
class SortConfig:
    """The string has ``steps`` plus U(extra_min..extra_max) letters, at least min_length."""

    extra_min: int = 2
    extra_max: int = 6
    min_length: int = 5

    def __post_init__(self) -> None:
        require(1 <= self.extra_min <= self.extra_max, "need 1 <= extra_min <= extra_max")
        require(self.min_length >= 2, "min_length must be at least 2")


def solve(question: Question) -> Label:
    text = question["string"]
    if not set(text) <= set(LOWERCASE):
        raise field_error(NAME, "string", f"must hold lowercase letters a-z only, got {text!r}")
    chars = list(text)
    states = [text]
    position = 0
    for letter in sorted(set(text)):  # the letters a..z that occur
        for index in range(position, len(chars)):
            if chars[index] == letter:
                if index != position:
                    chars[index], chars[position] = chars[position], chars[index]
                    states.append("".join(chars))
                position += 1
    return states_label(states)


def _letter_counts(rng: random.Random, length: int, no_ops: int) -> Counter[str]:
    """Letter multiset whose largest letter occurs at most ``no_ops`` times, with at least
    two distinct letters (so that swaps are possible)."""
    counts = Counter(random_string(rng, LOWERCASE, length))
    while True:
        top = max(counts)
        if len(counts) >= 2 and counts[top] <= no_ops:
            return counts
        counts[top] -= 1
        if not counts[top]:
            del counts[top]
        others = LOWERCASE[: LOWERCASE.index(top)] or LOWERCASE[1:]
        counts[choice(rng, others)] += 1


def sample(rng: random.Random, steps: int, config: SortConfig) -> Question:
    """Build the string backwards, letter by letter from ``z`` down to ``a``.

    In the phase of letter ``c`` the occurrences of ``c`` in the unsorted suffix are moved
    to its front; a move is a no-op exactly for the occurrences that already form a leading
    run of the suffix. Choosing, per letter, where its occurrences stood (and so the length
    of that leading run) fixes the number of effective swaps; undoing the phase's swaps in
    reverse order recovers the suffix before the phase.
    """
    length = max(config.min_length, steps + randint(rng, config.extra_min, config.extra_max))
    no_ops = length - steps
    counts = _letter_counts(rng, length, no_ops)
    letters = sorted(counts, reverse=True)
    runs = {letters[0]: counts[letters[0]]}  # the last letter's phase is all no-ops
    for letter in letters[1:]:
        runs[letter] = 0
    for _ in range(no_ops - counts[letters[0]]):
        runs[choice(rng, [c for c in letters[1:] if runs[c] < counts[c]])] += 1

    suffix = [letters[0]] * counts[letters[0]]
    for letter in letters[1:]:
        count, run = counts[letter], runs[letter]
        size = count + len(suffix)
        hits = list(range(run))
        if run < count:
            hits += sorted(rng.sample(range(run + 1, size), count - run))
        cells = [letter] * count + suffix
        for slot in reversed(range(count)):
            target = hits[slot]
            cells[slot], cells[target] = cells[target], cells[slot]
        suffix = cells
    return {"string": "".join(suffix)}


def render(question: Question) -> str:
    return f"String: {question['string']}"


def parse(block: str) -> Question:
    """The question of a ``render``ed block."""
    return {"string": labelled(block, ["String"])[0]}


register(
    Task(
        name=NAME,
        number=1,
        fields={"string": str},
        solve=solve,
        render=render,
        parse=parse,
        sample=sample,
        config=SortConfig(),
    )
)
