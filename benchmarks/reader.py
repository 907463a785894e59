"""Throughput of the answer reader, today's and an earlier one side by side.

    python benchmarks/reader.py [--old-commit dca9b4d]

- Real replies: the corpus of ``tests/fixtures/replies`` (replies written by language models,
  read with their labels), repeated to a few seconds of work.
- Rendered answers: every fifth label of the default benchmark (1,104) written in each of
  the answer forms of ``tests/support/answer_forms.py``.
- Looping completions: the 16 kB looping completions of ``benchmarks/rewards.py``, all
  different (a GRPO batch's reader calls).
- Pathological answers: the degenerate outputs of looping models, at 1 MB.

CPU seconds; the earlier reader is loaded from git at ``--old-commit`` (its package
``procbench_tools/scoring``, which needs nothing but the standard library).
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rewards import batch  # noqa: E402
from trees import baseline_tree, load_module  # noqa: E402

from procbench_generators.benchmark import iter_examples  # noqa: E402
from procbench_generators.settings import Settings  # noqa: E402
from procbench_tools.scoring.reader import read_answer  # noqa: E402
from tests.support.answer_forms import FORMS, render  # noqa: E402

CORPUS = ROOT / "tests" / "fixtures" / "replies" / "replies.jsonl"
PATHOLOGICAL = {
    "open braces": "{",
    "fenced openings": "```json\n{\n",
    "tiny lists": "[a] ",
    "quotes in brackets": "['",
    "looping step lines": "Step 1: abc\n",
    "looping final lines": "Final answer: abc\n",
    "looping numbered lines": "1. abc -> def\n",
    "looping table rows": "| 1 | abc | def |\n",
    "looping prose": "I think the final answer is abc. ",
}
MEGABYTE = 1_000_000
ROUNDS = 5
LOOPING = 64  # distinct looping completions


def old_reader(commit: str) -> Callable[[str, Any], Any]:
    """The ``read_answer`` of the reader at ``commit``: its ``procbench_tools/scoring``
    package (standard library only, relative imports) loaded under another name."""
    tree = baseline_tree(commit, Path(tempfile.mkdtemp()))
    package = tree / "procbench_tools" / "scoring"
    load_module(package / "__init__.py", "old_scoring")
    return importlib.import_module("old_scoring.reader").read_answer  # type: ignore[no-any-return]


def cpu_seconds(run: Callable[[], Any]) -> float:
    start = time.process_time()
    run()
    return time.process_time() - start


def side_by_side(title: str, answers: list[tuple[str, Any]], readers: dict[str, Callable[[str, Any], Any]]) -> None:
    """The median CPU seconds of ``ROUNDS`` rounds, the readers taking turns in each (this
    machine's speed drifts; turns keep the comparison fair)."""
    megabytes = sum(len(response) for response, _ in answers) / MEGABYTE
    print(f"{title}: {len(answers)} answers, {megabytes:.1f} MB, median of {ROUNDS} rounds")
    seconds: dict[str, list[float]] = {name: [] for name in readers}
    for _ in range(ROUNDS):
        for name, reader in readers.items():
            seconds[name].append(
                cpu_seconds(lambda reader=reader: [reader(response, label) for response, label in answers])
            )
    medians = {name: statistics.median(times) for name, times in seconds.items()}
    for name, median in medians.items():
        print(
            f"  {name:14s} {median:6.2f} s CPU  {len(answers) / median:9.0f} answers/s  {megabytes / median:6.2f} MB/s"
        )
    old, new = medians.values()
    print(f"  new/old throughput: {old / new:.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--old-commit", default="dca9b4d", help="a commit with procbench_tools/scoring/reader.py")
    args = parser.parse_args()
    readers = {f"old ({args.old_commit})": old_reader(args.old_commit), "new": read_answer}

    corpus = [json.loads(line) for line in CORPUS.read_text(encoding="utf-8").splitlines()]
    side_by_side("real replies (the corpus)", [(e["reply"], e["label"]) for e in corpus], readers)

    labels = [example["label"] for example in iter_examples(Settings())][::5]
    rendered = [(render(label, form, "double"), label) for form in FORMS for label in labels]
    side_by_side(f"rendered answers ({len(FORMS)} forms x {len(labels)} labels)", rendered, readers)

    completions, references = batch(LOOPING, LOOPING)
    side_by_side("looping completions (16 kB each)", list(zip(completions, references, strict=True)), readers)

    print("pathological answers, 1 MB each (s CPU):")
    print(f"  {'':24s} " + " ".join(f"{name:>14s}" for name in readers))
    for name, unit in PATHOLOGICAL.items():
        text = unit * (MEGABYTE // len(unit))
        row = [cpu_seconds(lambda reader=reader, text=text: reader(text, None)) for reader in readers.values()]
        print(f"  {name:24s} " + " ".join(f"{seconds:14.3f}" for seconds in row))


if __name__ == "__main__":
    main()
