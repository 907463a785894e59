"""Answers written as one object: ``{"intermediate": [...], "final": ...}`` with its keys in
any case and their common aliases. Standard library only: the metric Space carries this file.
"""

from __future__ import annotations

import re
from typing import Any

INTERMEDIATE_KEYS = ("intermediate", "intermediate_states", "intermediates", "intermediate_state")
STEPS_KEY = "steps"  # the intermediate states where no key names them
FINAL_KEYS = ("final", "final_state", "final_answer", "answer", "result")
KEY_WORDS = tuple(sorted({key.split("_")[0] for key in FINAL_KEYS}))  # what a final key's text starts with
# A key that starts with one of these names the part too: "final_counters", "intermediate_strings".
FINAL_PREFIX, INTERMEDIATE_PREFIX = "final_", "intermediate_"
# The key of a step's state in a step written as an object: {"fill": "[1] find", "sentence": "..."}.
STATE_KEYS = ("state", "string", "sentence", "list", "array", "value", "result", "counters", "pieces", "tokens")


_KEY_SEPARATORS = re.compile(r"[\s\-]+")  # "Final State", "final-state": final_state


def _normal_key(key: Any) -> str:
    return _KEY_SEPARATORS.sub("_", str(key).strip().lower())


def _part(keys: dict[str, Any], names: tuple[str, ...], prefix: str) -> str | None:
    """The key of ``keys`` that names a part: one of ``names``, else the first that starts
    with ``prefix``."""
    return next((key for key in names if key in keys), None) or next(
        (key for key in keys if key.startswith(prefix)), None
    )


def _step_state(step: Any, final: Any) -> Any:
    """A step's state: the step itself, or for a step written as an object, the value of
    its one state key (``{"fill": "[1] find", "sentence": "..."}``), else its one value of
    the final state's type (``{"word": "The", "counts": [0, 1]}`` where the final is a list)."""
    if not isinstance(step, dict):
        return step
    found = [value for key, value in step.items() if _normal_key(key) in STATE_KEYS]
    if not found:
        found = [value for value in step.values() if type(value) is type(final)]
    return found[0] if len(found) == 1 else step


def _steps_key(keys: dict[str, Any], final_key: str) -> str | None:
    """The key of the intermediate states: one that names them, else ``steps``, else the
    one other key whose value is a list of steps written as objects (``"per_word": [...]``)."""
    named = _part(keys, INTERMEDIATE_KEYS, INTERMEDIATE_PREFIX)
    if named is not None or STEPS_KEY in keys:
        return named or STEPS_KEY
    listed = [
        key
        for key, value in keys.items()
        if key != final_key and isinstance(value, list) and value and all(isinstance(item, dict) for item in value)
    ]
    return listed[0] if len(listed) == 1 else None


def answer_parts(value: Any, depth: int = 0) -> tuple[list[Any], Any] | None:
    """(intermediate, final) of a dict answer (keys in any case, with their aliases), or
    ``None``."""
    if not isinstance(value, dict) or depth > 2:
        return None
    keys = {_normal_key(key): item for key, item in value.items()}
    final_key = _part(keys, FINAL_KEYS, FINAL_PREFIX)
    if final_key is None:
        return None
    final = keys[final_key]
    if isinstance(final, dict) and answer_parts(final, depth + 1) is not None:  # {"answer": {"intermediate": ...}}
        return answer_parts(final, depth + 1)
    intermediate_key = _steps_key(keys, final_key)
    intermediate: Any = [] if intermediate_key is None else keys[intermediate_key]
    if not isinstance(intermediate, list):
        return None
    return [_step_state(step, final) for step in intermediate], final


def may_hold_an_answer(text: str) -> bool:
    """A cheap test before parsing a dict: does its text hold the start of a final key?
    (Derived from ``FINAL_KEYS``, so a new alias is never skipped.)"""
    lowered = text.lower()
    return any(word in lowered for word in KEY_WORDS)
