"""``procbench horizon``: measure a model's procedure horizon adaptively, through
inspect-ai's model API."""

from __future__ import annotations

import argparse
import asyncio
import json
import platform
import sys
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import procbench_generators
from procbench_generators.settings import DEFAULT_SEED

from .. import __version__
from ..horizon import settings
from ..text import plural
from .flags import positive_int

EXAMPLES = f"""\
examples:
  procbench horizon --model openai/gpt-4o-mini --tasks Sort Cumulate --output horizon-gpt
      two tasks, up to {settings.DEFAULT_BUDGET} calls each (OPENAI_API_KEY set)
  VLLM_API_KEY=none procbench horizon --model openai-api/vllm/Qwen/Qwen2.5-7B-Instruct \\
      --model-base-url http://localhost:8000/v1 --max-connections 32 --output horizon-qwen
      a local OpenAI-compatible server, all 23 tasks
  procbench horizon --model mockllm/model --tasks Sort --budget 20 --output smoke
      inspect's mock model (no network): a smoke test
  procbench horizon --model procbench/simulated -M horizon=8 --tasks Sort --output simulated
      procbench's simulated model (no network): its h50 is the -M horizon given
  procbench evaluate horizon-gpt/calls.jsonl --dataset horizon-gpt/examples.jsonl --output report
      the run's calls scored like any answers file

Each task starts with {settings.LAPSE_TRIALS} calls at each of its two lowest step counts (to pin
the lapse rate); then each round sends --batch calls at the step count that most shrinks
the expected uncertainty of h50. A task stops when the 95% interval of h50 is within
--precision (high / low) at two rounds running, when the interval lies wholly outside the range (reported as a
bound such as "> 100"), or when --budget is spent; never before {settings.MIN_STEP_COUNTS} step counts
have {settings.MIN_TRIALS_PER_COUNT} calls each. Replies cut off by --max-tokens are logged but left out
of the fit. A run stopped by Ctrl-C or a kill resumes with the same command: calls in
OUTPUT/calls.jsonl are not made again.

OUTPUT receives run.lock (held while a run writes there: a second run into the folder
stops at once), run.json (settings; a resume must keep the model, --model-base-url,
--temperature, --max-tokens, seed, tasks, step range and prompt variant), calls.jsonl
(one line per call: example id, steps, prompt variant, response, finish reason, tokens,
scores), examples.jsonl (the questions,
as `procbench generate` lines), summary.json (h50, h50_ci, h80, h80_ci, n per task and
pooled; method and provenance) and horizon.png.

Model: {settings.MODEL_TEXT}
Prior: {settings.PRIOR_TEXT}
Interval: {settings.INTERVAL_TEXT}
Pooled: {settings.POOLED_TEXT}

tasks: {", ".join(procbench_generators.TASKS)} (or task01..task23)
"""


def _ratio(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a ratio such as 1.5, got {text!r}") from None
    if not value > 1:
        raise argparse.ArgumentTypeError(f"expected a ratio above 1 (high / low), got {text}")
    return value


def _model_argument(text: str) -> tuple[str, Any]:
    key, equals, value = text.partition("=")
    if not equals or not key:
        raise argparse.ArgumentTypeError(f"expected key=value, got {text!r}")
    import yaml

    return key, yaml.safe_load(value)  # numbers and booleans as such, as inspect's -M does


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "horizon",
        help="measure a model's procedure horizon (steps at 50%% and 80%% sequential match) adaptively",
        description="Run a model on fresh ProcBench questions, choosing each next step count where it learns "
        "most, and report per task and pooled the step counts at which sequential match falls to 50% (h50) "
        "and 80% (h80), with 95% intervals.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--model",
        required=True,
        help="an inspect-ai model name, as for `inspect eval --model` (openai/gpt-4o-mini, "
        "openai-api/SERVICE/MODEL, procbench/simulated for a simulated model offline, ...)",
    )
    parser.add_argument("--model-base-url", metavar="URL", help="base URL of the model's API (as inspect's)")
    parser.add_argument(
        "-M",
        dest="model_args",
        action="append",
        type=_model_argument,
        default=[],
        metavar="KEY=VALUE",
        help="a model argument passed to inspect's get_model (repeatable), as inspect's -M",
    )
    parser.add_argument("--tasks", nargs="+", metavar="TASK", help="tasks to measure (default: all 23)")
    parser.add_argument(
        "--min-steps",
        type=int,
        default=settings.DEFAULT_MIN_STEPS,
        help=f"fewest steps asked (default: {settings.DEFAULT_MIN_STEPS}; a task's own minimum where higher)",
    )
    parser.add_argument(
        "--max-steps",
        type=int,
        default=settings.DEFAULT_MAX_STEPS,
        help=f"most steps asked (default: {settings.DEFAULT_MAX_STEPS})",
    )
    parser.add_argument(
        "--budget",
        type=positive_int,
        default=settings.DEFAULT_BUDGET,
        help=f"most calls per task (default: {settings.DEFAULT_BUDGET}; at least {2 * settings.LAPSE_TRIALS})",
    )
    parser.add_argument(
        "--batch",
        type=positive_int,
        default=settings.DEFAULT_BATCH,
        help=f"calls per task per round, all sent at once (default: {settings.DEFAULT_BATCH})",
    )
    parser.add_argument(
        "--precision",
        type=_ratio,
        default=settings.DEFAULT_PRECISION,
        help="stop a task when the 95%% interval of h50 is within this ratio, high / low "
        f"(default: {settings.DEFAULT_PRECISION})",
    )
    parser.add_argument(
        "--seed",
        type=int,
        help=f"seed of the run's questions (default: a new random one, kept in run.json; not {DEFAULT_SEED}, "
        "the default benchmark's)",
    )
    parser.add_argument(
        "--no-answer-format",
        action="store_true",
        help="leave the JSON answer-format paragraph out of the prompts (as `procbench generate`)",
    )
    calls = parser.add_argument_group("model calls (inspect's options)")
    calls.add_argument("--max-connections", type=positive_int, help="calls in flight at once (inspect's default)")
    calls.add_argument("--max-retries", type=int, help="retries of a failed call (inspect's default)")
    calls.add_argument("--timeout", type=positive_int, help="seconds before a call is retried (inspect's default)")
    calls.add_argument("--max-tokens", type=positive_int, help="most tokens a reply may have (the model's default)")
    calls.add_argument("--temperature", type=float, help="sampling temperature (the model's default)")
    calls.add_argument(
        "--cache",
        metavar="EXPIRY",
        nargs="?",
        const="1W",
        help="cache replies on disk with inspect's cache, for EXPIRY (e.g. 1D, 1W; default 1W when given bare)",
    )
    parser.add_argument(
        "--output", required=True, type=Path, metavar="DIR", help="folder for the log, summary and figure"
    )
    parser.add_argument("--json", action="store_true", help="print summary.json instead of the table")
    parser.set_defaults(run=run)


def check_arguments(args: argparse.Namespace) -> list[str]:
    """The canonical tasks; ``ValueError`` naming the first bad value."""
    tasks = list(
        dict.fromkeys(procbench_generators.canonical_name(name) for name in args.tasks or procbench_generators.TASKS)
    )
    if args.min_steps > args.max_steps:
        raise ValueError(f"--min-steps {args.min_steps} is larger than --max-steps {args.max_steps}")
    lowest = min(
        procbench_generators.step_range(task).start for task in procbench_generators.TASKS
    )  # a task's own minimum clamps
    highest = min(procbench_generators.step_range(task).stop - 1 for task in tasks)
    if args.min_steps < lowest or args.max_steps > highest:
        raise ValueError(f"these tasks take steps from {lowest} to {highest}, not {args.min_steps}..{args.max_steps}")
    for task in tasks:
        spec = procbench_generators.step_range(task)
        if len(range(max(args.min_steps, spec.start), args.max_steps + 1)) < settings.MIN_STEP_COUNTS:
            raise ValueError(
                f"{task} takes steps from {spec.start}; --min-steps {args.min_steps} to --max-steps {args.max_steps} "
                f"leaves it fewer than {settings.MIN_STEP_COUNTS} step counts"
            )
    if args.budget < 2 * settings.LAPSE_TRIALS:
        raise ValueError(f"--budget must be at least {2 * settings.LAPSE_TRIALS} calls per task, got {args.budget}")
    if args.seed == DEFAULT_SEED:
        raise ValueError(
            f"--seed {DEFAULT_SEED} is the default benchmark's seed; "
            "a horizon run draws its own questions: choose another"
        )
    if args.max_retries is not None and args.max_retries < 0:
        raise ValueError(f"--max-retries must be 0 or more, got {args.max_retries}")
    if str(args.output) == "":
        raise ValueError("--output is empty: name a folder for the run")
    return tasks


def summary_of(states: dict[str, Any], run_settings: dict[str, Any], folder: Path) -> tuple[dict[str, Any], Any]:
    """summary.json's content and the report behind it."""
    from importlib.metadata import version

    from ..evaluation.provenance import sha256_of
    from ..horizon import estimate_horizons
    from ..horizon.runlog import CALLS

    records = [record for state in states.values() for record in state.records]
    report = estimate_horizons(records)
    summary = report.to_json()
    for task, entry in summary["by_task"].items():
        state = states[task]
        entry.update(
            calls=state.spent,
            input_tokens=state.input_tokens,
            output_tokens=state.output_tokens,
            stop=state.stop or "interrupted",
        )
    summary["pooled"].update(
        calls=sum(state.spent for state in states.values()),
        input_tokens=sum(state.input_tokens for state in states.values()),
        output_tokens=sum(state.output_tokens for state in states.values()),
    )
    summary["provenance"] = {
        "procbench": __version__,
        "inspect_ai": version("inspect_ai"),
        "python": platform.python_version(),
        "time": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "settings": run_settings,
        "calls_file": {"path": CALLS, "sha256": sha256_of(folder / CALLS), "lines": len(records)},
        "questions": f"fresh draws from the run's seed (seed space 'horizon'), re-drawn when they repeat a "
        f"question or corpus sentence of the default benchmark (seed {DEFAULT_SEED})",
    }
    return summary, report


def run(args: argparse.Namespace) -> int:
    from ..horizon.runlog import hold_folder
    from ..integrations.inspect_models import cache_policy, make_model

    tasks = check_arguments(args)
    cache = cache_policy(args.cache)
    model = make_model(
        args.model,
        base_url=args.model_base_url,
        model_args=dict(args.model_args),
        max_connections=args.max_connections,
        max_retries=args.max_retries,
        timeout=args.timeout,
        max_tokens=args.max_tokens,
        temperature=args.temperature,
    )
    with hold_folder(args.output):
        return run_in_folder(args, tasks, model, cache)


def run_in_folder(args: argparse.Namespace, tasks: list[str], model: Any, cache: Any) -> int:
    """The run itself, in the output folder this process holds."""
    from ..horizon import draw_horizon, horizon_table
    from ..horizon.run import ModelCallError, RunOptions, print_stop, prompt_variant, resume, run_rounds
    from ..horizon.runlog import FIGURE, SUMMARY, prepare_folder, read_calls, write_examples, write_json

    run_settings = prepare_folder(
        args.output,
        {
            "model": args.model,
            "model_base_url": args.model_base_url,
            "temperature": args.temperature,
            "max_tokens": args.max_tokens,
            "seed": args.seed,
            "tasks": tasks,
            "min_steps": args.min_steps,
            "max_steps": args.max_steps,
            "prompt_variant": prompt_variant(not args.no_answer_format),
            "budget": args.budget,
            "batch": args.batch,
            "precision": args.precision,
        },
    )
    options = RunOptions(
        tasks,
        args.min_steps,
        args.max_steps,
        run_settings["seed"],
        not args.no_answer_format,
        args.budget,
        args.batch,
        args.precision,
    )
    logged = read_calls(args.output)
    states = resume(options, logged)
    if logged:
        print(f"resuming {args.output}: {plural(len(logged), 'call')} already made", file=sys.stderr)
    progress = None
    if sys.stderr.isatty():
        from tqdm import tqdm

        progress = tqdm(
            total=args.budget * len(tasks), initial=len(logged), unit="call", desc="horizon", file=sys.stderr
        )

    def on_call(state: Any) -> None:
        if progress is not None:
            progress.update(1)

    def on_stop(state: Any) -> None:
        if progress is not None:
            progress.total -= args.budget - state.spent  # the calls it will not make
            progress.refresh()
            progress.write(f"{state.task}: stopped ({state.stop}) after {state.spent} calls", file=sys.stderr)
        else:
            print_stop(state)

    try:
        asyncio.run(run_rounds(model, options, states, args.output, cache, on_call, on_stop))
    except ModelCallError as error:
        raise ValueError(f"{error} (the calls made so far are in {args.output}; run again to resume)") from None
    finally:
        if progress is not None:
            progress.close()
        done = read_calls(args.output)  # in the order they completed
        if done:
            write_examples(args.output, done, options.answer_format)
    summary, report = summary_of(states, run_settings, args.output)
    write_json(args.output / SUMMARY, summary)
    records = [record for state in states.values() for record in state.records]
    draw_horizon(records, report, args.output / FIGURE, f"Procedure horizon of {args.model}")
    if args.json:
        print(json.dumps(summary, indent=2, ensure_ascii=False))
    else:
        print(horizon_table(report))
        print(f"\nwritten to {args.output}: {SUMMARY}, {FIGURE}, calls.jsonl, examples.jsonl", file=sys.stderr)
    return 0
