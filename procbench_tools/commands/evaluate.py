"""``procbench evaluate``: score model answers and write a report with plots."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..evaluation.extractor_comparison import DOUBTFUL, EXTRACT_MODES
from ..text import plural
from .flags import positive_int

if TYPE_CHECKING:
    from ..evaluation.extraction import Extractor
    from ..evaluation.run import ModelResult


EXAMPLES = """\
examples:
  procbench evaluate answers.jsonl --dataset procbench --output report
      one model against the export in ./procbench; prints the table, writes
      report/report.html (the whole report as one page: procbench view report),
      report/table.md and table.tex (Table 2 for papers), report/summary.json,
      report/scores.jsonl, report/possible_misreads.jsonl and the figures
  my-model < procbench.jsonl | procbench evaluate - --dataset procbench.jsonl --output report
      answers from standard input, scored against a `procbench generate` file
  procbench evaluate gpt.jsonl llama.jsonl --name GPT Llama --dataset your-name/procbench --output cmp
      two models, one comparison report, the dataset read from the Hub
  procbench evaluate horizon-run/calls.jsonl --dataset horizon-run/examples.jsonl --output report
      the calls of a `procbench horizon` run
  procbench evaluate answers.jsonl --dataset procbench --output report --extractor openai/gpt-4o
      the replies the reader doubts also read by GPT-4o (the paper's extraction), scored beside
      the reader; the replies the two read differently in report/extraction_disagreements.jsonl
  procbench evaluate answers.jsonl --dataset procbench --output report --extractor openai/gpt-4o --extract all
      every reply read by GPT-4o, as the paper did

A predictions file has one JSON object a line: {"id": "Sort-07-003-990c6f33", "response":
"<raw model text>"} (the answer is extracted from it) or {"id": ..., "prediction":
{"intermediate": [...], "final": ...}}. An id names its question (the last part is a digest
of it), so answers made for other generation settings are refused, not mis-scored. Examples
without a line are left out of the means and counted as missing. Harness outputs are read
as they are: an inspect log (.eval) of `inspect eval procbench_tools/procbench`, or lm-eval's
samples_procbench_*.jsonl (--log_samples), one file or the folder of a run. An inspect
log whose run did not finish (status error or cancelled) is refused unless
--allow-incomplete; its status and errored samples are reported either way.

The original ProcBench pipeline's runs are read as they are: experiment/<exp>/preds/<model>
(raw replies taskNN/NNNN.txt, read by the reader), preds_json/<model> (its extractions
taskNN/NNNN.json, scored as structured predictions), or a preds folder of several models
(one row each). Their examples are named task01_0000, the problem_name of the dataset's
rows (answers files may use these names as ids too). The replies of preds/<model> are also
read by the paper's extraction beside them (preds_json/<model>), in a second table.

--extractor takes any model name `inspect eval` takes (the inspect extra: openai/..., anthropic/...,
openai-api/vllm/... with --extractor-base-url, mockllm/model) with inspect's retries; each
extraction is kept in --extractor-cache, so a rerun (or a run stopped half-way) asks again
only for what it has not asked. The reader's scores stay the report's scores.
A reply whose response is not text (a number, a list, an object that is no chat message or
completion) is refused in one line naming its file and line.

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
        help="one per model: a JSON Lines file (- for standard input), an inspect log, lm-eval samples "
        "(a file or a run's folder), or an original ProcBench run's preds/<model> or preds_json/<model> folder "
        "(its preds folder: one model per folder)",
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
    parser.add_argument(
        "--allow-incomplete",
        action="store_true",
        help="score an inspect log whose run did not finish (status error or cancelled): its errored samples "
        "count as missing and the log's status is in the report",
    )
    parser.add_argument("--json", action="store_true", help="print summary.json instead of the table")
    parser.add_argument(
        "--no-plots", action="store_true", help="draw no figure (report.html keeps every table, without figures)"
    )
    second = parser.add_argument_group("a second reading by a language model (the paper's extraction)")
    second.add_argument(
        "--extractor",
        metavar="MODEL",
        help="also read the doubtful replies (or every reply, with --extract all) with MODEL through inspect-ai's "
        "model API and report its scores beside the reader's, how often the two agree, and "
        "extraction_disagreements.jsonl",
    )
    second.add_argument(
        "--extract",
        choices=EXTRACT_MODES,
        help="which replies go to the extractor: 'doubtful' (the default: those the reader could not read in full "
        "or read with a doubt, listed in possible_misreads.jsonl) or 'all' (every reply, as the paper did)",
    )
    second.add_argument("--extractor-base-url", metavar="URL", help="base URL of the extractor's API (as inspect's)")
    second.add_argument(
        "--extractor-connections",
        type=positive_int,
        metavar="N",
        help="extraction calls in flight at once (inspect's default)",
    )
    second.add_argument(
        "--extractor-cache",
        type=Path,
        metavar="DIR",
        help="folder of the extractions kept between runs (default: ~/.cache/procbench/extractions)",
    )
    parser.set_defaults(run=run)


def _default_name(path: Path) -> str:
    return "stdin" if str(path) == "-" else path.name if path.is_dir() else path.stem


def models_of(files: list[Path]) -> list[tuple[str, Path]]:
    """Each model's default name and answers path: one per file, except a ``preds`` (or
    ``preds_json``) folder of the original pipeline, which gives one per model folder."""
    from ..evaluation.original_runs import expand

    found: list[tuple[str, Path]] = []
    for path in files:
        models = None if str(path) == "-" else expand(path)
        if models is None:
            found.append((_default_name(path), path))
        else:
            found.extend((model.name, model.folder) for model in models)
    return found


def model_names(files: list[Path], names: list[str] | None) -> list[str]:
    if names is not None and len(names) != len(files):
        raise ValueError(
            f"got {len(names)} --name values for {plural(len(files), 'model')} (one per answers file, "
            "one per model folder of an original run's preds folder)"
        )
    chosen = names or [_default_name(path) for path in files]
    if len(set(chosen)) != len(chosen):
        raise ValueError(f"model names must differ, got {chosen}; give them with --name")
    from ..evaluation.files import model_file_name

    owners: dict[str, str] = {}
    for name in chosen:
        other = owners.setdefault(model_file_name(name), name)
        if len(chosen) > 1 and other != name:
            raise ValueError(
                f"model names {other!r} and {name!r} both make the file name horizon-{model_file_name(name)}.png; "
                "give names that differ in letters, digits, '.', '_' or '-' with --name"
            )
    return chosen


def _warn(result: ModelResult) -> None:
    unknown, missing = result.tally.unknown_ids, result.tally.missing
    from ..evaluation.harness_logs import SUCCESS

    errored = len(result.errored)
    if result.log_status not in (None, SUCCESS) or errored:
        print(
            f"{result.name}: the inspect log's status is {result.log_status!r}; {plural(errored, 'sample')} ended in "
            f"an error and {'is' if errored == 1 else 'are'} counted as missing, e.g. {list(result.errored[:5])}",
            file=sys.stderr,
        )
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


def extractor_of(args: argparse.Namespace) -> Extractor | None:
    """The ``--extractor`` of the command line (``None`` without one); its other options
    need it."""
    if args.extractor is None:
        given = [
            option
            for option, value in (
                ("--extractor-base-url", args.extractor_base_url),
                ("--extractor-connections", args.extractor_connections),
                ("--extractor-cache", args.extractor_cache),
                ("--extract", args.extract),
            )
            if value is not None
        ]
        if given:
            raise ValueError(f"{given[0]} needs --extractor MODEL")
        return None
    from ..evaluation.extraction import make_extractor

    return make_extractor(
        args.extractor,
        cache_folder=args.extractor_cache,
        base_url=args.extractor_base_url,
        max_connections=args.extractor_connections,
    )


def run(args: argparse.Namespace) -> int:
    from ..evaluation.files import EXTRACTION_DISAGREEMENTS, PAPER_EXTRACTION_DISAGREEMENTS, POSSIBLE_MISREADS
    from ..evaluation.report import extractor_block, table
    from ..evaluation.run import evaluate

    if sum(str(path) == "-" for path in args.predictions) > 1:
        raise ValueError("standard input (-) can be given once only")
    models = models_of(args.predictions)
    paths = [path for _, path in models]
    names = model_names(paths, args.name if args.name is not None else [name for name, _ in models])
    files = dict(zip(names, paths, strict=True))
    extractor = extractor_of(args)  # a model that cannot be used is refused before any scoring
    done = evaluate(
        files,
        args.dataset,
        args.output,
        plots=not args.no_plots,
        extractor=extractor,
        extract=args.extract or DOUBTFUL,
        allow_incomplete=args.allow_incomplete,
    )
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
        if extractor is not None:
            print("\n" + extractor_block(summary["models"], str(args.output / EXTRACTION_DISAGREEMENTS)))
        if any("paper_extraction" in model for model in summary["models"].values()):
            disagreements = str(args.output / PAPER_EXTRACTION_DISAGREEMENTS)
            print("\n" + extractor_block(summary["models"], disagreements, key="paper_extraction"))
        print(f"\nreport written to {args.output}", file=sys.stderr)
    return 0
