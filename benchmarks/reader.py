"""Throughput of the answer reader, today's and the one before it side by side.

    python benchmarks/reader.py [--old-commit 8ea0a72]

Normal answers: every label of the default benchmark (5,520) written in each of the answer
forms of ``tests/support/answer_forms.py``. Pathological answers: the degenerate outputs of
looping models, at 20 kB (where the old reader still finishes), 1 MB and 10 MB (the new reader
only; it reads the last ``MAX_CHARS`` characters). CPU seconds; the old reader is loaded
from git at ``--old-commit``.
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from generators.benchmark import iter_examples  # noqa: E402
from generators.settings import Settings  # noqa: E402
from procbench_tools.scoring.reader import read_answer  # noqa: E402
from tests.support.answer_forms import FORMS, render  # noqa: E402

PATHOLOGICAL = {
    "open braces": "{",
    "fenced openings": "```json\n{\n",
    "tiny lists": "[a] ",
    "tiny dicts": "{a} ",
    "quotes in brackets": "['",
    "looping step lines": "Step 1: abc\n",
    "looping prose": "I think the answer is abc. ",
}


def old_reader(commit: str) -> Callable[[str, Any], Any]:
    source = subprocess.run(
        ["git", "show", f"{commit}:procbench_tools/extraction.py"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout
    path = Path(tempfile.mkdtemp()) / "old_extraction.py"
    path.write_text(source)
    spec = importlib.util.spec_from_file_location("old_extraction", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return lambda response, label: module.extract_answer(response, None)


def timed(run: Callable[[], Any]) -> float:
    start = time.process_time()
    run()
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--old-commit", default="8ea0a72", help="a commit with procbench_tools/extraction.py")
    args = parser.parse_args()
    old = old_reader(args.old_commit)
    new = read_answer

    labels = [example["label"] for example in iter_examples(Settings())]
    answers = [(render(label, form, "double"), label) for form in FORMS for label in labels]
    megabytes = sum(len(response) for response, _ in answers) / 1e6
    print(f"normal answers: {len(answers)} ({len(FORMS)} forms x {len(labels)} labels), {megabytes:.1f} MB")
    for name, reader in (("old", old), ("new", new)):
        seconds = timed(lambda reader=reader: [reader(response, label) for response, label in answers])
        rate = len(answers) / seconds
        print(f"  {name}: {seconds:6.2f} s CPU  {rate:9.0f} answers/s  {megabytes / seconds:6.2f} MB/s")

    print("pathological answers (s CPU; old at 20 kB only):")
    print(f"  {'':22s} {'old 20 kB':>10s} {'new 20 kB':>10s} {'new 1 MB':>10s} {'new 10 MB':>10s}")
    for name, unit in PATHOLOGICAL.items():
        row = []
        for reader, size in ((old, 20_000), (new, 20_000), (new, 1_000_000), (new, 10_000_000)):
            text = unit * (size // len(unit))
            row.append(timed(lambda reader=reader, text=text: reader(text, None)))
        print(f"  {name:22s} " + " ".join(f"{seconds:10.3f}" for seconds in row))


if __name__ == "__main__":
    main()
