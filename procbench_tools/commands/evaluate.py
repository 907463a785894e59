"""``procbench evaluate``: score model answers and write a report with plots."""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..atomic import atomic_text_file
from ..evaluation.files import FAILED_BY_ALL, REPORT_FILES, SCORES, SUMMARY
from ..text import plural

if TYPE_CHECKING:
    from ..evaluation.engine import ModelResult


EXAMPLES = """\
examples:
  procbench evaluate answers.jsonl --dataset procbench --output report
      one model against a local export; prints the table, writes report/summary.json,
      report/scores.jsonl and seven PNG figures
  my-model < prompts.jsonl | procbench evaluate - --dataset procbench.jsonl --output report
      answers from standard input, scored against a `procbench generate` file
  procbench evaluate gpt.jsonl llama.jsonl --name GPT Llama --dataset your-name/procbench --output cmp
      two models, one comparison report, the dataset read from the Hub

A predictions file has one JSON object a line: {"id": "Sort-07-003-1f0c9a2e", "response":
"<raw model text>"} (the answer is extracted from it) or {"id": ..., "prediction":
{"intermediate": [...], "final": ...}}. An id names its question (the last part is a digest
of it), so answers made for other generation settings are refused, not mis-scored. Examples
without a line are left out of the means and counted as missing. Harness outputs are read
as they are: an inspect log (.eval) of `inspect eval procbench_tools/procbench`, or lm-eval's
samples_procbench_*.jsonl (--log_samples), one file or the folder of a run.
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
    parser.add_argument("--output", required=True, type=Path, help="folder for the report")
    parser.add_argument("--name", nargs="+", help="model names, one per file (default: the file names)")
    parser.add_argument("--json", action="store_true", help="print summary.json instead of the table")
    parser.add_argument("--no-plots", action="store_true", help="skip the PNG plots")
    parser.set_defaults(run=run)


def model_names(files: list[Path], names: list[str] | None) -> list[str]:
    if names is not None and len(names) != len(files):
        raise ValueError(f"got {len(names)} --name values for {len(files)} prediction files")
    chosen = names or ["stdin" if str(path) == "-" else path.name if path.is_dir() else path.stem for path in files]
    if len(set(chosen)) != len(chosen):
        raise ValueError(f"model names must differ, got {chosen}; give them with --name")
    return chosen


def _warn(result: ModelResult) -> None:
    from ..evaluation.engine import SHOWN

    unknown, missing = len(result.unknown_ids), len(result.missing_ids)
    if unknown:
        print(
            f"{result.name}: {plural(unknown, 'id')} {'is' if unknown == 1 else 'are'} not in the dataset and "
            f"{'was' if unknown == 1 else 'were'} skipped, e.g. {result.unknown_ids[:SHOWN]}",
            file=sys.stderr,
        )
    if missing:
        print(
            f"{result.name}: {plural(missing, 'dataset example')} {'has' if missing == 1 else 'have'} no prediction "
            f"and {'is' if missing == 1 else 'are'} left out of the means, e.g. {result.missing_ids[:SHOWN]}",
            file=sys.stderr,
        )


def _write_jsonl(path: Path, records: Any) -> None:
    with atomic_text_file(path) as stream:
        for record in records:
            stream.write(json.dumps(record, ensure_ascii=False) + "\n")


def _publish(staging: Path, output: Path) -> None:
    """Move the staged report into ``output``, removing the files of an earlier report
    that this one does not have (a rerun with ``--no-plots``, or one model instead of
    two)."""
    output.mkdir(parents=True, exist_ok=True)
    umask = os.umask(0)
    os.umask(umask)
    new = {path.name for path in staging.iterdir()}
    for name in sorted(REPORT_FILES - new):  # on a rerun; nothing else in --output is touched
        (output / name).unlink(missing_ok=True)
    for name in sorted(new):
        (staging / name).chmod(0o666 & ~umask)  # temporary files are created private
        os.replace(staging / name, output / name)


def write_report(
    results: list[ModelResult], output: Path, plots: bool = True, provenance: dict[str, Any] | None = None
) -> dict[str, Any]:
    """summary.json, scores.jsonl, failed_by_all.jsonl (several models) and the plots,
    written to a staging folder beside ``output`` and moved in only when all are done;
    returns what summary.json holds: ``{"models": {name: summary}, ["failed_by_all",]
    "provenance"}``."""
    from ..evaluation.engine import failed_by_all

    summary: dict[str, Any] = {"models": {result.name: result.summary for result in results}}
    if len(results) > 1:
        failed, common = failed_by_all(results)
        summary["failed_by_all"] = {"count": len(failed), "of": common, "file": FAILED_BY_ALL}
    summary["provenance"] = provenance or {}
    output = output.resolve()
    output.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{output.name}.staging-", dir=output.parent))
    try:
        with atomic_text_file(staging / SUMMARY) as stream:
            json.dump(summary, stream, indent=2, ensure_ascii=False)
            stream.write("\n")
        _write_jsonl(staging / SCORES, (row for result in results for row in result.rows))
        if len(results) > 1:
            rows_by_id = [{row["id"]: row for row in result.rows} for result in results]
            _write_jsonl(
                staging / FAILED_BY_ALL,
                (
                    {
                        "id": identifier,
                        "task": rows_by_id[0][identifier]["task"],
                        "steps": rows_by_id[0][identifier]["steps"],
                        "reference": rows_by_id[0][identifier]["reference"],
                        "predictions": {
                            result.name: rows[identifier]["prediction"]
                            for result, rows in zip(results, rows_by_id, strict=True)
                        },
                    }
                    for identifier in failed
                ),
            )
        if plots:
            from ..evaluation.plots import draw_all

            draw_all(summary["models"], {result.name: result.rows for result in results}, staging)
        _publish(staging, output)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return summary


def check_output(output: Path) -> None:
    """Refuse a report folder that cannot be one before any scoring starts."""
    if str(output) == "":
        raise ValueError("--output is empty: name a folder for the report")
    if output.exists() and not output.is_dir():
        raise ValueError(f"--output {output} is a file; the report needs a folder (its files go inside it)")


def run(args: argparse.Namespace) -> int:
    from ..evaluation.engine import check_answer_ids, load_references, read_predictions, score_lines
    from ..evaluation.provenance import dataset_provenance, provenance
    from ..evaluation.report import table

    names = model_names(args.predictions, args.name)
    check_output(args.output)
    if sum(str(path) == "-" for path in args.predictions) > 1:
        raise ValueError("standard input (-) can be given once only")
    files = dict(zip(names, args.predictions, strict=True))
    lines_by_model = {name: read_predictions(path) for name, path in files.items()}
    references = load_references(args.dataset)
    for name, lines in lines_by_model.items():
        check_answer_ids(name, lines, references)
    results = [score_lines(name, lines, references, source=str(files[name])) for name, lines in lines_by_model.items()]
    for result in results:
        _warn(result)
    origin = provenance(dataset_provenance(args.dataset, references), files)
    summary = write_report(results, args.output, plots=not args.no_plots, provenance=origin)
    if args.json:
        print(json.dumps(summary, indent=2, ensure_ascii=False))
    else:
        failed = summary.get("failed_by_all")
        print(table(summary["models"], None if failed is None else (failed["count"], failed["of"])))
        print(f"\nreport written to {args.output}", file=sys.stderr)
    return 0
