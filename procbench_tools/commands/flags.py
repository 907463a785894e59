"""The command line's names for the generation settings (``generate`` and ``export`` share
them), and the :class:`~procbench_generators.settings.Settings` made from them."""

from __future__ import annotations

import argparse
from typing import Any

from procbench_generators.settings import (
    DEFAULT_MAX_STEPS,
    DEFAULT_MIN_STEPS,
    DEFAULT_PER_STEP,
    DEFAULT_SEED,
    STREAM_MAX_STEPS,
    STREAM_MIN_STEPS,
    STREAM_SEED,
    Settings,
)


def positive_int(text: str) -> int:
    """A count given on the command line (``--budget``, ``--extractor-connections``, the
    benchmark scripts' ``--repeat``): a whole number of at least 1; argparse turns the
    error into one line naming the option."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number of at least 1, got {value}")
    return value


# How the command line names each setting: ``SettingError.spelled`` uses these, so a check
# made anywhere (the settings, the stream, the set loop) names the user's own flag.
FLAG_NAMES = {
    "tasks": "--tasks",
    "seed": "--seed",
    "examples_per_step": "--per-step",
    "min_steps": "--min-steps",
    "max_steps": "--max-steps",
    "answer_format": "--no-answer-format",
    "unique": "--allow-duplicates",
    "allow_repeats": "--allow-duplicates",
    "count": "--count",
}


def add_setting_flags(parser: Any, *, with_stream: bool = False) -> None:
    """``--seed``, ``--per-step``, ``--min-steps``, ``--max-steps``, ``--no-answer-format``
    and ``--allow-duplicates``. Each is ``None`` when left out, so that the command tells
    the set's defaults from the stream's (``with_stream``: say both in the help)."""

    def default(value: int, stream_value: int) -> str:
        return f"(default: {value}; {stream_value} with --stream)" if with_stream else f"(default: {value})"

    parser.add_argument("--seed", type=int, help=f"seed of the whole set {default(DEFAULT_SEED, STREAM_SEED)}")
    parser.add_argument(
        "--per-step", type=int, metavar="N", help=f"examples per task and step count (default: {DEFAULT_PER_STEP})"
    )
    parser.add_argument(
        "--min-steps", type=int, metavar="N", help=f"fewest steps {default(DEFAULT_MIN_STEPS, STREAM_MIN_STEPS)}"
    )
    parser.add_argument(
        "--max-steps", type=int, metavar="N", help=f"most steps {default(DEFAULT_MAX_STEPS, STREAM_MAX_STEPS)}"
    )
    parser.add_argument(
        "--no-answer-format",
        action="store_true",
        help="end each prompt with a request in words, as the original ProcBench does (the final state and the "
        "list of intermediate states, worded for the task), instead of the JSON object "
        '{"intermediate": [...], "final": ...} asked for by default',
    )
    parser.add_argument(
        "--allow-duplicates",
        action="store_true",
        help="let questions (and the sentence tasks' sentences) repeat within a task: needed for large sets",
    )


def given(value: Any, default: Any) -> Any:
    """``value`` unless the flag was left out (``None``)."""
    return default if value is None else value


def settings_from(args: argparse.Namespace, tasks: Any) -> Settings:
    """The settings the flags ask for (checked: a ``SettingError`` names the flag at fault)."""
    return Settings(
        tasks=tasks,
        seed=given(args.seed, DEFAULT_SEED),
        examples_per_step=given(args.per_step, DEFAULT_PER_STEP),
        min_steps=given(args.min_steps, DEFAULT_MIN_STEPS),
        max_steps=given(args.max_steps, DEFAULT_MAX_STEPS),
        answer_format=not args.no_answer_format,
        unique=not args.allow_duplicates,
    )
