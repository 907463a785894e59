"""Argument types shared by the benchmark scripts."""

from __future__ import annotations

import argparse


def positive_int(text: str) -> int:
    """A count such as ``--repeat`` or ``--rows``: a whole number of at least 1 (argparse turns the
    error into one line naming the option)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, got {value}")
    return value
