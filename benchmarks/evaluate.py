"""``procbench evaluate`` at scale: lines per second and peak memory, old and new side by side.

    python benchmarks/evaluate.py                          # 165,600 and 1,000,224 answer lines
    python benchmarks/evaluate.py --lines 165600 --no-plots
    python benchmarks/evaluate.py --old f06dd21 --work /tmp/procbench-evaluate

For each size, an export of all 23 tasks, steps 2..25, with repeats allowed (``--per-step``
the size / 552) and one answers file with a line for every example: a fixed mix of replies
as models write them (40% the JSON the prompt asks for after some reasoning, 15% the JSON
with one wrong state, 15% ``Step N:`` lines with a final line, 10% a numbered walk-through
in prose, 10% text with no answer, 10% structured ``prediction`` lines). Both revisions run
``procbench evaluate ANSWERS --dataset EXPORT --output REPORT`` in a fresh process: the old
one from ``git archive`` of ``--old`` (default: ``c22bc77``, the last revision before the
streaming report), the new one from this tree. Prints wall seconds, answer lines per
second and the peak resident memory of each process (``wait4``'s ``ru_maxrss``), and
checks that both report the same means. The exports and answers are kept in ``--work`` and reused.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from arguments import positive_int
from trees import baseline_tree

ROOT = Path(__file__).resolve().parent.parent
OLD = "c22bc77"
TASK_STEP_COUNTS = 23 * 24  # tasks times step counts 2..25
MEANS = ("prefix_accuracy", "sequential_match", "final_match", "prefix_match_length", "invalid_predictions", "n")
REASONING = (
    "Let me follow the procedure carefully, one step at a time, and keep track of the state "
    "after each step so that nothing is skipped. "
) * 3


def reply(rng: random.Random, label: dict[str, Any]) -> dict[str, Any]:
    """One answer line's payload: ``{"response": ...}`` or ``{"prediction": ...}``."""
    states = [*label["intermediate"], label["final"]]
    kind = rng.random()
    if kind < 0.40:
        return {"response": REASONING + "\n\n" + json.dumps({"intermediate": states[:-1], "final": states[-1]})}
    if kind < 0.55:
        wrong = list(states)
        wrong[rng.randrange(len(wrong))] = "wrong"
        return {"response": REASONING + "\n\n" + json.dumps({"intermediate": wrong[:-1], "final": wrong[-1]})}
    if kind < 0.70:
        lines = [f"Step {number}: {json.dumps(state)}" for number, state in enumerate(states[:-1], start=1)]
        return {"response": REASONING + "\n" + "\n".join(lines) + f"\nFinal answer: {json.dumps(states[-1])}"}
    if kind < 0.80:
        lines = [f"{number}. apply the rule -> {json.dumps(state)}" for number, state in enumerate(states, start=1)]
        return {"response": "Steps:\n" + "\n".join(lines) + f"\n\nFinal state: **{json.dumps(states[-1])}**"}
    if kind < 0.90:
        return {"response": REASONING + "I am not able to finish this procedure."}
    return {"prediction": {"intermediate": states[:-1], "final": states[-1]}}


def procbench(*arguments: str, python_path: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PYTHONPATH": str(python_path)}
    return subprocess.run(
        [sys.executable, "-m", "procbench_tools", *arguments], cwd=cwd, env=environment, capture_output=True, text=True
    )


def prepare(lines: int, work: Path) -> tuple[Path, Path]:
    """The export and the answers file for ``lines`` lines (made once, then reused)."""
    per_step = -(-lines // TASK_STEP_COUNTS)
    export = work / f"export-{per_step}"
    if not (export / "README.md").is_file():
        print(f"exporting {per_step * TASK_STEP_COUNTS} examples to {export} ...", flush=True)
        made = procbench(
            "export", str(export), "--configs", "all", "--per-step", str(per_step), "--allow-duplicates",
            "--num-proc", "2", python_path=ROOT, cwd=work,
        )  # fmt: skip
        if made.returncode != 0:
            sys.exit(made.stderr)
    answers = work / f"answers-{per_step}.jsonl"
    if not answers.is_file():
        import pyarrow.parquet as pq

        rng = random.Random(0)
        partial = answers.with_suffix(".partial")
        with partial.open("w", encoding="utf-8") as stream:
            for path in sorted((export / "data" / "all").glob("*.parquet")):
                for batch in pq.ParquetFile(path).iter_batches(columns=["id", "label"], batch_size=20_000):
                    for row in batch.to_pylist():
                        line = {"id": row["id"], **reply(rng, json.loads(row["label"]))}
                        stream.write(json.dumps(line) + "\n")
        partial.rename(answers)
    return export, answers


def old_tree(revision: str, work: Path) -> Path:
    """The files of ``revision`` (:func:`trees.baseline_tree`), unpacked once into ``work``."""
    folder = work / f"old-{revision}"
    if not folder.is_dir():
        partial = folder.with_name(folder.name + ".partial")
        shutil.rmtree(partial, ignore_errors=True)  # left by a run stopped while unpacking
        baseline_tree(revision, partial)
        partial.rename(folder)
    return folder


def measure(tree: Path, export: Path, answers: Path, report: Path, plots: bool) -> dict[str, Any]:
    """Run ``procbench evaluate`` from ``tree`` in a fresh process: wall seconds, peak memory
    and the means it reports."""
    arguments = [sys.executable, "-m", "procbench_tools", "evaluate", str(answers), "--dataset", str(export)]
    arguments += ["--output", str(report), *([] if plots else ["--no-plots"])]
    environment = {**os.environ, "PYTHONPATH": str(tree)}
    start = time.perf_counter()
    process = subprocess.Popen(arguments, cwd=report.parent, env=environment, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    seconds = time.perf_counter() - start
    if status != 0:
        sys.exit(f"{tree}: procbench evaluate failed (status {status})")
    summary = json.loads((report / "summary.json").read_text())
    (overall,) = (model["overall"] for model in summary["models"].values())
    return {"seconds": seconds, "peak_mb": usage.ru_maxrss / 1024, "means": {key: overall[key] for key in MEANS}}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lines", type=positive_int, nargs="+", default=[165_600, 1_000_224])
    parser.add_argument("--old", default=OLD, help=f"the old revision (default {OLD})")
    parser.add_argument("--work", type=Path, default=Path("/tmp/procbench-evaluate-benchmark"))
    parser.add_argument("--no-plots", action="store_true", help="time evaluate --no-plots")
    args = parser.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    revision = subprocess.run(
        ["git", "rev-parse", "--short", args.old], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()
    old = old_tree(revision, args.work)
    print(f"old: {args.old} ({revision}); new: {ROOT}")
    print(f"{'lines':>9}  {'revision':<8}  {'seconds':>8}  {'lines/s':>8}  {'peak MB':>8}")
    for lines in args.lines:
        export, answers = prepare(lines, args.work)
        count = sum(1 for _ in answers.open("rb"))
        results = {}
        for name, tree in ((revision, old), ("new", ROOT)):
            report = args.work / f"report-{name}-{count}"
            results[name] = measure(tree, export, answers, report, not args.no_plots)
            result = results[name]
            print(
                f"{count:>9}  {name:<8}  {result['seconds']:>8.1f}  {count / result['seconds']:>8.0f}  "
                f"{result['peak_mb']:>8.0f}",
                flush=True,
            )
        if results[revision]["means"] != results["new"]["means"]:
            print(f"  the means differ: old {results[revision]['means']}, new {results['new']['means']}")
        else:
            print("  same means, n and invalid count")


if __name__ == "__main__":
    main()
