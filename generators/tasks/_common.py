"""Small pieces shared by the task modules: alphabets, random strings, rendering helpers."""

from __future__ import annotations

import random
import string
from collections.abc import Iterable, Mapping, Sequence
from math import ceil, log
from typing import TypeVar

T = TypeVar("T")

LOWERCASE = string.ascii_lowercase
ALPHANUMERIC = string.ascii_lowercase + string.digits
# str() of the small numbers the samplers draw, looked up: a dict lookup costs half a str().
NUMBER_TEXT = {number: str(number) for number in range(100)}


# Fast draws built on ``rng.random()`` alone (whose stream is the same on every Python
# version): the library's randint/randrange/choice cost several Python calls each, and the
# generators make hundreds of thousands of draws for one benchmark.


def below(rng: random.Random, n: int) -> int:
    """A uniform integer in 0..n-1."""
    return int(rng.random() * n)


def randint(rng: random.Random, low: int, high: int) -> int:
    """A uniform integer in low..high, both included."""
    return low + int(rng.random() * (high - low + 1))


def choice(rng: random.Random, items: Sequence[T]) -> T:
    """A uniformly drawn item of a non-empty sequence."""
    return items[int(rng.random() * len(items))]


def random_string(rng: random.Random, alphabet: str, length: int) -> str:
    return "".join(rng.choices(alphabet, k=length))


def sample_indices(rng: random.Random, n: int, k: int) -> list[int]:
    """``rng.sample(range(n), k)``, the same draws at a fraction of the cost: CPython
    3.10-3.13's ``Random.sample`` with its ``_randbelow`` (``getrandbits`` until below the
    bound) inlined, as ``random.Random`` runs them. ``rng.sample(population, k)`` of any
    sequence is ``[population[i] for i in sample_indices(rng, len(population), k)]``."""
    if not 0 <= k <= n:
        return rng.sample(range(n), k)  # the library's own error
    getrandbits = rng.getrandbits
    result: list[int] = []
    append = result.append
    setsize = 21  # the library's choice between a pool list and a set of picks
    if k > 5:
        setsize += 4 ** ceil(log(k * 3, 4))
    if n <= setsize:
        pool = list(range(n))
        for left in range(n, n - k, -1):
            bits = left.bit_length()
            j = getrandbits(bits)
            while j >= left:
                j = getrandbits(bits)
            append(pool[j])
            pool[j] = pool[left - 1]
    else:
        selected: set[int] = set()
        add = selected.add
        bits = n.bit_length()
        for _ in range(k):
            # randbelow(n) redrawn while already picked: draws until below n and new
            j = getrandbits(bits)
            while j >= n or j in selected:
                j = getrandbits(bits)
            add(j)
            append(j)
    return result


def shuffle(rng: random.Random, items: list) -> None:
    """``rng.shuffle(items)`` with the same draws (CPython 3.10-3.13's ``Random.shuffle`` and
    ``_randbelow_with_getrandbits``, inlined): the library's costs a Python call per item."""
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        bits = n.bit_length()
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]


def comma_list(items: Iterable[object]) -> str:
    """``a, b, c`` — for items that contain no comma or space."""
    if not isinstance(items, (list, tuple)):
        items = list(items)
    if items and isinstance(items[0], str):
        try:
            return ", ".join(items)  # strings, joined in C without a str() call each
        except TypeError:
            pass
    return ", ".join(map(str, items))


def tuple_list(rows: Iterable[Sequence[object]]) -> str:
    """``(a, 1), (b, 2)``."""
    if not isinstance(rows, (list, tuple)):
        rows = list(rows)
    # An f-string per row costs a third of a join per row; pairs and triples are what the
    # tasks render (chosen by the first row), anything else takes the general join.
    width = len(rows[0]) if rows else 0
    try:
        if width == 2:
            return ", ".join([f"({first!s}, {second!s})" for first, second in rows])
        if width == 3:
            return ", ".join([f"({first!s}, {second!s}, {third!s})" for first, second, third in rows])
    except ValueError:  # rows of mixed lengths
        pass
    return ", ".join(["(" + ", ".join(map(str, row)) + ")" for row in rows])


def number_list(numbers: Sequence[int]) -> str:
    """``comma_list(numbers)`` with the texts of 0..99 looked up (:data:`NUMBER_TEXT`). For
    checked int fields: ``True`` would look up as ``1``."""
    try:
        return ", ".join(map(NUMBER_TEXT.__getitem__, numbers))
    except KeyError:  # a number outside 0..99
        return ", ".join(map(str, numbers))


def pair_list(rows: Sequence[Sequence[object]], texts: Mapping[object, Mapping[object, str]]) -> str:
    """``tuple_list(rows)`` for rows of two items, each row's text looked up as
    ``texts[first][second]`` (made once: a lookup costs a fraction of formatting); rows
    outside ``texts`` are formatted. For checked fields: ``True`` would look up as ``1``."""
    try:
        return ", ".join([texts[first][second] for first, second in rows])
    except KeyError:  # a row outside the table
        return tuple_list(rows)


def numbered_lines(items: Sequence[object]) -> str:
    """One item a line, prefixed by its 0-based index: ``0: abc``."""
    return "\n".join([f"{index}: {item}" for index, item in enumerate(items)])


def require(condition: bool, message: str) -> None:
    """Raise ``ValueError(message)`` unless ``condition`` (for configuration checks)."""
    if not condition:
        raise ValueError(message)


def is_word(text: str, alphabet: str) -> bool:
    """True when ``text`` is non-empty and every character is in ``alphabet``."""
    return bool(text) and not text.strip(alphabet)
