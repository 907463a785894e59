"""Deterministic per-example random number generators.

Every example is a pure function of ``(task, steps, seed)``: its generator is seeded from a
SHA-256 digest of those three values, so it does not depend on ``PYTHONHASHSEED``, on the
order in which examples are made, or on the process that makes them.
"""

from __future__ import annotations

import random
from hashlib import sha256


def derive_seed(*parts: object) -> int:
    """A 64-bit integer seed derived from ``parts`` (their ``str()`` joined by ``/``)."""
    return int.from_bytes(sha256("/".join(map(str, parts)).encode()).digest()[:8], "big")


def example_rng(task: str, steps: int, seed: int) -> random.Random:
    """The random generator of the example ``(task, steps, seed)``."""
    return random.Random(derive_seed("procbench", task, steps, seed))
