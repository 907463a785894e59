"""``procbench generate``: write examples as JSON Lines."""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from typing import Any, TextIO

import generators
from generators.benchmark import (
    DEFAULT_MAX_STEPS,
    DEFAULT_MIN_STEPS,
    DEFAULT_PER_STEP,
    DEFAULT_SEED,
    iter_examples,
)

from ..atomic import atomic_text_file
from ..text import plural

# The training stream's defaults (procbench.stream's).
STREAM_MIN_STEPS, STREAM_MAX_STEPS, STREAM_SEED = 1, 100, 0
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

tasks: {", ".join(generators.TASKS)} (or task01..task23)
"""


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "generate",
        help="write ProcBench examples as JSON Lines",
        description="Write ProcBench examples (id, task, steps, question, label, prompt) as JSON Lines.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--tasks", nargs="+", metavar="TASK", help="tasks to generate (default: all)")
    parser.add_argument(
        "--min-steps", type=int, help=f"fewest steps (default: {DEFAULT_MIN_STEPS}; {STREAM_MIN_STEPS} with --stream)"
    )
    parser.add_argument(
        "--max-steps", type=int, help=f"most steps (default: {DEFAULT_MAX_STEPS}; {STREAM_MAX_STEPS} with --stream)"
    )
    parser.add_argument("--per-step", type=int, help=f"examples per task and step count (default: {DEFAULT_PER_STEP})")
    parser.add_argument(
        "--seed", type=int, help=f"seed of the whole set (default: {DEFAULT_SEED}; {STREAM_SEED} with --stream)"
    )
    parser.add_argument(
        "--no-answer-format",
        action="store_true",
        help="leave the JSON answer-format paragraph out of the prompts (as in the original ProcBench)",
    )
    parser.add_argument(
        "--allow-duplicates",
        action="store_true",
        help="let questions (and the sentence tasks' sentences) repeat within a task: needed for large sets",
    )
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


def _chosen_tasks(names: list[str] | None) -> list[str]:
    """Canonical names in the order given, each once (``Sort task01`` is one task)."""
    if names:
        return list(dict.fromkeys(generators.canonical_name(name) for name in names))
    return list(generators.TASKS)


def _check_steps(tasks: list[str], low: int, high: int) -> range:
    if low > high:
        raise ValueError(f"--min-steps {low} is larger than --max-steps {high}")
    for task in tasks:
        generators.check_steps(task, low, high)
    return range(low, high + 1)


def write_examples(stream: TextIO, args: argparse.Namespace, tasks: list[str], steps: range) -> int:
    total = len(tasks) * len(steps) * args.per_step
    examples = iter_examples(
        tasks,
        steps,
        args.per_step,
        args.seed,
        answer_format=not args.no_answer_format,
        unique=not args.allow_duplicates,
        option="--allow-duplicates",
    )
    if sys.stderr.isatty():  # tqdm's disable=None: a bar only on a terminal (and no import otherwise)
        from tqdm import tqdm

        examples = tqdm(examples, total=total, unit="ex", desc="generating", file=sys.stderr)
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

    if args.count is None or args.count < 1:
        raise ValueError(f"--stream needs --count N of at least 1, got {args.count}")
    if args.per_step is not None:
        raise ValueError("--per-step does not apply to --stream (give --count)")
    if args.allow_duplicates or args.no_answer_format:
        raise ValueError("--allow-duplicates and --no-answer-format do not apply to --stream")
    examples = stream(
        args.tasks,
        STREAM_MIN_STEPS if args.min_steps is None else args.min_steps,
        STREAM_MAX_STEPS if args.max_steps is None else args.max_steps,
        STREAM_SEED if args.seed is None else args.seed,
        curriculum=None if args.curriculum is None else Curriculum.parse(args.curriculum),
        exclude_benchmark=not args.keep_benchmark,
        exclude=args.exclude,
    )
    count = write_stream(examples, args.count, args.output)
    if args.output != "-":
        print(f"wrote {plural(count, 'example')} to {args.output}", file=sys.stderr)
    return 0


def run(args: argparse.Namespace) -> int:
    if args.stream:
        return run_stream(args)
    given = {flag: getattr(args, name) for flag, name in STREAM_ONLY.items()}
    stream_only = [flag for flag, value in given.items() if value is not None and value is not False]
    if stream_only:
        raise ValueError(f"{stream_only[0]} needs --stream")
    if args.output.lower().endswith(".parquet"):
        raise ValueError(
            "Parquet output is for --stream; the benchmark is written as JSON Lines (procbench export writes Parquet)"
        )
    args.min_steps = DEFAULT_MIN_STEPS if args.min_steps is None else args.min_steps
    args.max_steps = DEFAULT_MAX_STEPS if args.max_steps is None else args.max_steps
    args.per_step = DEFAULT_PER_STEP if args.per_step is None else args.per_step
    args.seed = DEFAULT_SEED if args.seed is None else args.seed
    tasks = _chosen_tasks(args.tasks)
    steps = _check_steps(tasks, args.min_steps, args.max_steps)
    if args.per_step < 1:
        raise ValueError(f"--per-step must be at least 1, got {args.per_step}")
    if not args.output:
        raise ValueError("--output is empty: name a file, or give - for standard output")
    with contextlib.ExitStack() as stack:
        stream = sys.stdout if args.output == "-" else stack.enter_context(atomic_text_file(args.output))
        count = write_examples(stream, args, tasks, steps)
    if args.output != "-":
        print(f"wrote {plural(count, 'example')} to {args.output}", file=sys.stderr)
    return 0
