"""The types of a label's states, and reading a state in its reference's type.

The reference gives types, never values: a state read as the text ``12`` becomes the int 12
where the reference's state is an int and stays the string ``"12"`` where it is a string;
``[1_6]`` becomes ``["1_6"]``. Standard library only: the metric Space carries this file.
"""

from __future__ import annotations

import json
import re
from typing import Any

from .literals import Bare

Kind = Any  # int, str, a one-element list [element kind], or None (unknown)

_INTEGER = re.compile(r"[-+]?\d{1,4000}")  # longer digit runs are not converted (int() refuses)
_NUMBER = re.compile(r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?")
_GROUPED = re.compile(r"[-+]?\d{1,3}(?:,\d{3})+")
_LIST_SEPARATOR = re.compile(r"\s*,\s*|\s+")


def reference_states(reference: Any) -> list[Any] | None:
    """The scored states of a label (a dict or its JSON string): its intermediate states,
    then its final one; ``None`` for anything else."""
    if isinstance(reference, str):
        try:
            reference = json.loads(reference)
        except ValueError:
            return None
    if isinstance(reference, dict) and isinstance(reference.get("intermediate"), list) and "final" in reference:
        return [*reference["intermediate"], reference["final"]]
    return None


def reference_init(reference: Any) -> Any:
    """The initial state of a label (a dict or its JSON string), or ``None``: it gives the
    shape of a state (``shapes.py``), never a scored value."""
    if isinstance(reference, str):
        try:
            reference = json.loads(reference)
        except ValueError:
            return None
    return reference.get("init") if isinstance(reference, dict) else None


def _kind_of(value: Any, element: Kind) -> Kind:
    if isinstance(value, list):
        return [element]
    if isinstance(value, int) and not isinstance(value, bool):
        return int
    return str


def state_kinds(states: list[Any] | None) -> tuple[Kind, Kind]:
    """(kind of the intermediate states, kind of the final state) of a reference's state
    sequence; ``(None, None)`` without one."""
    if not states:
        return None, None
    element: Kind = str
    for state in states:
        if isinstance(state, list) and state:
            element = _kind_of(state[0], str)
            break
    final = _kind_of(states[-1], element)
    return (_kind_of(states[0], element) if len(states) > 1 else final), final


def _bare_items(text: str) -> list[Any]:
    """The items of a list written without brackets: ``a, b, c`` or ``a b c``."""
    return [Bare(item) for item in _LIST_SEPARATOR.split(text.strip()) if item]


def typed(value: Any, kind: Kind) -> Any:
    """``value`` in the state type ``kind`` (``None``: unknown). Unquoted text becomes a
    plain ``str``, ``int`` or ``float``, or for a list kind the list of its items; a quoted
    value is never re-parsed, so typing never changes whether a JSON value matches the
    reference (the scoring's matching rules already accept ``"42"`` for 42 and 12 for
    ``"12"``); it only makes the reading tidy."""
    if type(value) is Bare:
        text = str(value)
        if kind is int:
            if _INTEGER.fullmatch(text):
                return int(text)
            if _GROUPED.fullmatch(text):  # 81,090
                return int(text.replace(",", ""))
            if _NUMBER.fullmatch(text):
                number = float(text)
                return int(number) if number.is_integer() else number
            return text
        if isinstance(kind, list):
            return typed(_bare_items(text), kind)
        if kind is None and _INTEGER.fullmatch(text) and str(int(text)) == text:
            return int(text)
        return text
    if isinstance(value, str):  # quoted text: a number only where the reference holds one
        return int(value) if kind is int and _INTEGER.fullmatch(value.strip()) else value
    if kind is int:
        if isinstance(value, float) and value.is_integer():
            return int(value)
        return value
    if kind is str:
        return str(value) if isinstance(value, int) and not isinstance(value, bool) else value
    if isinstance(value, list):
        element = kind[0] if isinstance(kind, list) else None
        if element in (str, int) and set(map(type, value)) <= {element}:
            return value  # only quoted text items, or numbers, where the states hold them: nothing to type
        return [typed(item, element) for item in value]
    return value
