"""``procbench evaluate``: score model answers and write a report with plots."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..text import plural

if TYPE_CHECKING:
    from ..evaluation.run import ModelResult


EXAMPLES = """\
examples:
  procbench evaluate answers.jsonl --dataset procbench --output report
      one model against the export in ./procbench; prints the table, writes
      report/summary.json, report/scores.jsonl, report/possible_misreads.jsonl and the figures
  my-model < procbench.jsonl | procbench evaluate - --dataset procbench.jsonl --output report
      answers from standard input, scored against a `procbench generate` file
  procbench evaluate gpt.jsonl llama.jsonl --name GPT Llama --dataset your-name/procbench --output cmp
      two models, one comparison report, the dataset read from the Hub
  procbench evaluate horizon-run/calls.jsonl --dataset horizon-run/examples.jsonl --output report
      the calls of a `procbench horizon` run

A predictions file has one JSON object a line: {"id": "Sort-07-003-990c6f33", "response":
"<raw model text>"} (the answer is extracted from it) or {"id": ..., "prediction":
{"intermediate": [...], "final": ...}}. An id names its question (the last part is a digest
of it), so answers made for other generation settings are refused, not mis-scored. Examples
without a line are left out of the means and counted as missing. Harness outputs are read
as they are: an inspect log (.eval) of `inspect eval procbench_tools/procbench`, or lm-eval's
samples_procbench_*.jsonl (--log_samples), one file or the folder of a run.

--output is a new or empty folder, or the folder of an earlier report (which the new one
replaces as a whole); a folder holding other files is refused, so none of them is lost.
"""


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "evaluate",
        help="score model answers against the dataset and write a report with plots",
        description="Extract and score answers; write summary.json, scores.jsonl and plots; print a table.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "predictions",
        nargs="+",
        type=Path,
        help="one per model: a JSON Lines file (- for standard input), an inspect log, or lm-eval samples "
        "(a file or a run's folder)",
    )
    parser.add_argument(
        "--dataset",
        required=True,
        help="a folder made by `procbench export`, a JSONL file made by `procbench generate`, or a Hub dataset repo id",
    )
    parser.add_argument(
        "--output",
        required=True,
        type=Path,
        help="folder for the report: new, empty, or an earlier report's (replaced whole)",
    )
    parser.add_argument("--name", nargs="+", help="model names, one per file (default: the file names)")
    parser.add_argument("--json", action="store_true", help="print summary.json instead of the table")
    parser.add_argument("--no-plots", action="store_true", help="skip the PNG figures")
    parser.set_defaults(run=run)


def model_names(files: list[Path], names: list[str] | None) -> list[str]:
    if names is not None and len(names) != len(files):
        raise ValueError(f"got {len(names)} --name values for {len(files)} prediction files")
    chosen = names or ["stdin" if str(path) == "-" else path.name if path.is_dir() else path.stem for path in files]
    if len(set(chosen)) != len(chosen):
        raise ValueError(f"model names must differ, got {chosen}; give them with --name")
    return chosen


def _warn(result: ModelResult) -> None:
    unknown, missing = result.tally.unknown_ids, result.tally.missing
    if unknown:
        print(
            f"{result.name}: {plural(unknown, 'id')} {'is' if unknown == 1 else 'are'} not in the dataset and "
            f"{'was' if unknown == 1 else 'were'} skipped, e.g. {result.unknown_shown}",
            file=sys.stderr,
        )
    if missing:
        print(
            f"{result.name}: {plural(missing, 'dataset example')} {'has' if missing == 1 else 'have'} no prediction "
            f"and {'is' if missing == 1 else 'are'} left out of the means, e.g. {result.missing_shown}",
            file=sys.stderr,
        )


def run(args: argparse.Namespace) -> int:
    from ..evaluation.files import POSSIBLE_MISREADS
    from ..evaluation.report import table
    from ..evaluation.run import evaluate

    names = model_names(args.predictions, args.name)
    if sum(str(path) == "-" for path in args.predictions) > 1:
        raise ValueError("standard input (-) can be given once only")
    files = dict(zip(names, args.predictions, strict=True))
    done = evaluate(files, args.dataset, args.output, plots=not args.no_plots)
    for result in done.results:
        _warn(result)
    summary = done.summary
    if args.json:
        print(json.dumps(summary, indent=2, ensure_ascii=False))
    else:
        failed = summary.get("failed_by_all")
        horizons = {result.name: result.horizon for result in done.results}
        misreads = str(args.output / POSSIBLE_MISREADS)
        print(table(summary["models"], None if failed is None else (failed["count"], failed["of"]), horizons, misreads))
        print(f"\nreport written to {args.output}", file=sys.stderr)
    return 0
