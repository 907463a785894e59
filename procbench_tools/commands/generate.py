"""``procbench generate``: write examples as JSON Lines."""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections.abc import Iterable
from typing import Any, TextIO

import procbench_generators
from procbench_generators.benchmark import iter_examples
from procbench_generators.settings import (
    DEFAULT_MAX_STEPS,
    DEFAULT_MIN_STEPS,
    DEFAULT_PER_STEP,
    DEFAULT_SEED,
    STREAM_MAX_STEPS,
    STREAM_MIN_STEPS,
    STREAM_SEED,
    Settings,
    whole_number,
)

from ..atomic import atomic_text_file
from ..text import plural
from .flags import add_setting_flags, given, settings_from

STREAM_ONLY = {
    "--count": "count",
    "--curriculum": "curriculum",
    "--exclude": "exclude",
    "--keep-benchmark": "keep_benchmark",
}

EXAMPLES = f"""\
examples:
  procbench generate -o procbench.jsonl
      the default benchmark: all tasks, steps {DEFAULT_MIN_STEPS}..{DEFAULT_MAX_STEPS}, {DEFAULT_PER_STEP} per step
  procbench generate --tasks Sort Cumulate --min-steps 30 --max-steps 60 --per-step 100 -o long.jsonl
      a training set of longer problems
  procbench generate --tasks task01 --min-steps 1 --max-steps 3 --per-step 1
      three Sort examples (1, 2 and 3 steps) to standard output
  procbench generate --stream --count 2000 -o train.parquet
      training data: the first 2,000 examples of the endless stream (steps 1..100), none of
      them sharing a question or corpus sentence with the default benchmark
  procbench generate --stream --count 3000 --tasks Sort Cumulate --curriculum 1000:1-5,1000:1-15,1-40 -o cur.jsonl
      a stream whose step range grows: 1-5 steps for 1000 examples, 1-15 for 1000, then 1-40

overlap with the benchmark: without --stream a set is drawn as the default benchmark is, with
its seed ({DEFAULT_SEED}) unless --seed is given; then, in every task without sentences, each step
count from {DEFAULT_MIN_STEPS} to {DEFAULT_MAX_STEPS} starts with the benchmark's own {DEFAULT_PER_STEP} examples, and
the passages of Count2, FillWord and DeleteWord may share its corpus sentences.
For training data use --stream, which keeps the benchmark's questions and sentences out, or
another --seed (a chance repeat stays possible where a task has few questions).

tasks: {", ".join(procbench_generators.TASKS)} (or task01..task23)
"""


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "generate",
        help="write ProcBench examples as JSON Lines",
        description="Write ProcBench examples as JSON Lines, one a line with the columns id, task, task_name, "
        "problem_name, steps, prompt, question and label (the dataset's columns; see the README).",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--tasks", nargs="+", metavar="TASK", help="tasks to generate (default: all)")
    add_setting_flags(parser, with_stream=True)
    stream = parser.add_argument_group("training stream (procbench.stream)")
    stream.add_argument(
        "--stream", action="store_true", help="write the first --count examples of the endless training stream"
    )
    stream.add_argument("--count", type=int, metavar="N", help="how many stream examples to write")
    stream.add_argument(
        "--curriculum", metavar="SPEC", help="growing step ranges, e.g. 1000:1-5,2000:1-15,1-40 (the last lasts on)"
    )
    stream.add_argument(
        "--exclude", nargs="+", metavar="PATH", help="also keep out these datasets (export folder, Parquet or JSONL)"
    )
    stream.add_argument(
        "--keep-benchmark", action="store_true", help="do not keep the default benchmark's questions and sentences out"
    )
    parser.add_argument(
        "-o",
        "--output",
        default="-",
        help="output file, written atomically; Parquet if it ends in .parquet (--stream only), else JSON Lines "
        "(default: stdout)",
    )
    parser.set_defaults(run=run)


def write_examples(stream: TextIO, settings: Settings) -> int:
    examples: Iterable[dict[str, Any]] = iter_examples(settings)
    if sys.stderr.isatty():  # tqdm's disable=None: a bar only on a terminal (and no import otherwise)
        from tqdm import tqdm

        examples = tqdm(examples, total=settings.size, unit="ex", desc="generating", file=sys.stderr)
    encode = json.JSONEncoder(ensure_ascii=False).encode  # json.dumps would build one per example
    count = 0
    for example in examples:
        stream.write(encode(example) + "\n")
        count += 1
    return count


def run_stream(args: argparse.Namespace) -> int:
    from ..training.curriculum import Curriculum
    from ..training.files import write_stream
    from ..training.stream import stream

    if args.count is None:
        raise ValueError("--stream needs --count N: how many examples of the endless stream to write")
    count = whole_number("count", args.count, at_least=1)
    if args.per_step is not None:
        raise ValueError("--per-step does not apply to --stream: give --count, the number of examples to write")
    if args.allow_duplicates:
        raise ValueError(
            "--allow-duplicates does not apply to --stream: its examples are each drawn on their own already"
        )
    examples = stream(
        args.tasks,
        given(args.min_steps, STREAM_MIN_STEPS),
        given(args.max_steps, STREAM_MAX_STEPS),
        given(args.seed, STREAM_SEED),
        curriculum=None if args.curriculum is None else Curriculum.parse(args.curriculum),
        exclude_benchmark=not args.keep_benchmark,
        exclude=args.exclude,
        answer_format=not args.no_answer_format,
    )
    written = write_stream(examples, count, args.output)
    if args.output != "-":
        print(f"wrote {plural(written, 'example')} to {args.output}", file=sys.stderr)
    return 0


def run(args: argparse.Namespace) -> int:
    if not args.output:
        raise ValueError("--output is empty: name a file, or give - for standard output")
    if args.stream:
        return run_stream(args)
    given_flags = {flag: getattr(args, name) for flag, name in STREAM_ONLY.items()}
    stream_only = [flag for flag, value in given_flags.items() if value is not None and value is not False]
    if stream_only:
        raise ValueError(f"{stream_only[0]} needs --stream")
    if args.output.lower().endswith(".parquet"):
        raise ValueError(
            "Parquet output is for --stream; the benchmark is written as JSON Lines (procbench export writes Parquet)"
        )
    settings = settings_from(args, args.tasks)
    with contextlib.ExitStack() as stack:
        stream = sys.stdout if args.output == "-" else stack.enter_context(atomic_text_file(args.output))
        count = write_examples(stream, settings)
    if args.output != "-":
        print(f"wrote {plural(count, 'example')} to {args.output}", file=sys.stderr)
    return 0
