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


def example_seed_int(task: str, steps: int, seed: int) -> int:
    """``derive_seed("procbench", task, steps, seed)``, spelled out: it runs once per example."""
    return int.from_bytes(sha256(f"procbench/{task}/{steps}/{seed}".encode()).digest()[:8], "big")


def reseed(rng: random.Random, seed: int) -> random.Random:
    """``rng`` in the state of ``random.Random(seed)`` (the same stream of draws)."""
    rng.seed(seed)
    return rng
