"""Checks on questions passed to ``solve``: a malformed question raises ``ValueError``
naming the offending field, never a bare ``KeyError``/``IndexError`` from a solver."""

from __future__ import annotations

from typing import Any

# A field shape is a Python type (``str``, ``int``), a one-element list ``[shape]`` for a list
# of that shape, or a tuple of shapes for a fixed-length row such as ``[N, i, n]``.
Shape = Any


def _describe(shape: Shape) -> str:
    if isinstance(shape, list):
        return f"a list of {_describe(shape[0])}"
    if isinstance(shape, tuple):
        return "a list [" + ", ".join(_describe(s) for s in shape) + "]"
    return {str: "str", int: "int"}[shape]


def _conforms(value: Any, shape: Shape) -> bool:
    if shape is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if shape is str:
        return isinstance(value, str)
    if isinstance(shape, list):
        return isinstance(value, list) and all(_conforms(v, shape[0]) for v in value)
    return (
        isinstance(value, (list, tuple))
        and len(value) == len(shape)
        and all(_conforms(v, s) for v, s in zip(value, shape))
    )


def check_fields(task: str, question: Any, fields: dict[str, Shape]) -> None:
    """Raise ``ValueError`` unless ``question`` is a dict with every field of ``fields``
    in its shape. Extra fields are ignored."""
    if not isinstance(question, dict):
        raise ValueError(f"{task} question must be a dict with fields {sorted(fields)}, got {type(question).__name__}")
    for name, shape in fields.items():
        if name not in question:
            raise ValueError(f"{task} question is missing the field {name!r}")
        if not _conforms(question[name], shape):
            raise ValueError(f"{task} question field {name!r} must be {_describe(shape)}, got {question[name]!r:.80}")


def field_error(task: str, field: str, problem: str) -> ValueError:
    """The error to raise for a field whose shape is right but whose value is not:
    ``raise field_error(NAME, "string", "must not be empty")``."""
    return ValueError(f"{task} question field {field!r}: {problem}")
