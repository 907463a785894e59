"""Small pieces shared by the task modules: alphabets, random draws, rendering helpers."""

from __future__ import annotations

import random
import string
from collections.abc import Iterable, Sequence
from typing import TypeVar

T = TypeVar("T")

LOWERCASE = string.ascii_lowercase
ALPHANUMERIC = string.ascii_lowercase + string.digits


# These draws, not rng.randint / rng.choice (which draw with getrandbits), are the ones the
# published sets were made with: one rng.random() per draw.


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
    """``length`` characters drawn from ``alphabet`` (each as ``choice`` draws it)."""
    return "".join(rng.choices(alphabet, k=length))


def number_list(numbers: Iterable[int]) -> str:
    """``1, 2, 3``."""
    return ", ".join(map(str, numbers))


def indexed_lines(items: Sequence[object]) -> str:
    """One item a line, prefixed by its 0-based index: ``0: abc``."""
    return "\n".join([f"{index}: {item}" for index, item in enumerate(items)])


def require(condition: bool, message: str) -> None:
    """Raise ``ValueError(message)`` unless ``condition`` (for configuration checks)."""
    if not condition:
        raise ValueError(message)


def is_word(text: str, alphabet: str) -> bool:
    """True when ``text`` is non-empty and every character is in ``alphabet``."""
    return text != "" and set(text) <= set(alphabet)
