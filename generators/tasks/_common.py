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


# Reading a question block back (each task's ``parse``, the inverse of its ``render``). The
# parsers need not reject every malformed block: the caller checks that rendering the parsed
# question gives the block back (``procbench_generators.question_from_prompt``).


def labelled(block: str, labels: Sequence[str]) -> list[str]:
    """The values of a question block's parts, in the order of ``labels``: ``Label: value``
    on one line, or ``Label:`` followed by lines up to the next label. ``ValueError`` naming
    the first label that is not where it should be."""
    values, rest = [], block
    for label, after in zip(labels, [*labels[1:], None]):
        if not rest.startswith(f"{label}:"):
            raise ValueError(f"expected the line {label!r} in the [Question] block")
        rest = rest[len(label) + 1 :]
        if after is None:
            value, rest = rest, ""
        else:
            value, found, rest = rest.partition(f"\n{after}:")
            if not found:
                raise ValueError(f"expected the line {after!r} in the [Question] block")
            rest = f"{after}:{rest}"
        values.append(value[1:] if value[:1] in (" ", "\n") else value)
    return values


def items(text: str) -> list[str]:
    """The items of ``a, b, c`` (``[]`` for an empty text)."""
    return text.split(", ") if text else []


def numbers(text: str) -> list[int]:
    """The integers of ``1, 2, 3`` (the inverse of :func:`number_list`)."""
    return [int(item) for item in items(text)]


def lines(text: str) -> list[str]:
    """One item a line (``[]`` for an empty text)."""
    return text.split("\n") if text else []


def unindexed(text: str) -> list[str]:
    """The items of :func:`indexed_lines`' text, without their ``0: `` prefixes."""
    return [line.partition(": ")[2] for line in lines(text)]


def tuples(text: str) -> list[list[str]]:
    """The fields of ``(a, 1), (b, 2)`` as text: ``[["a", "1"], ["b", "2"]]``."""
    if not text:
        return []
    return [item.split(", ") for item in text.removeprefix("(").removesuffix(")").split("), (")]
