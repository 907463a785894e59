"""Answers written as one object: ``{"intermediate": [...], "final": ...}`` with its keys in
any case and their common aliases. Standard library only: the metric Space carries this file.
"""

from __future__ import annotations

import re
from typing import Any

INTERMEDIATE_KEYS = ("intermediate", "intermediate_states", "intermediates", "intermediate_state", "steps")
FINAL_KEYS = ("final", "final_state", "final_answer", "answer", "result")
KEY_WORDS = tuple(sorted({key.split("_")[0] for key in FINAL_KEYS}))  # what a final key's text starts with


def _normal_key(key: Any) -> str:
    return re.sub(r"[\s\-]+", "_", str(key).strip().lower())


def answer_parts(value: Any, depth: int = 0) -> tuple[list[Any], Any] | None:
    """(intermediate, final) of a dict answer (keys in any case, with their aliases), or
    ``None``."""
    if not isinstance(value, dict) or depth > 2:
        return None
    keys = {_normal_key(key): item for key, item in value.items()}
    final_key = next((key for key in FINAL_KEYS if key in keys), None)
    if final_key is None:
        return None
    final = keys[final_key]
    if isinstance(final, dict):  # {"answer": {"intermediate": [...], "final": ...}}
        return answer_parts(final, depth + 1)
    intermediate: Any = next((keys[key] for key in INTERMEDIATE_KEYS if key in keys), [])
    if not isinstance(intermediate, list):
        return None
    return intermediate, final


def may_hold_an_answer(text: str) -> bool:
    """A cheap test before parsing a dict: does its text hold the start of a final key?
    (Derived from ``FINAL_KEYS``, so a new alias is never skipped.)"""
    lowered = text.lower()
    return any(word in lowered for word in KEY_WORDS)
