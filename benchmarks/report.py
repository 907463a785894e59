"""``report.html`` at the default benchmark's size: its bytes and how long headless Chromium
takes to open it, for 5,520 examples answered by 3 models.

    python benchmarks/report.py                      # the default benchmark, 3 models
    python benchmarks/report.py --models 5 --work /tmp/procbench-report

Generates the default benchmark (``procbench generate``: 23 tasks, steps 2..25, 10 a step
count) and, per model, an answers file with a line for every example: the mix of replies of
``benchmarks/evaluate.py`` (JSON after some reasoning, JSON with a wrong state, ``Step N:``
lines, a walk-through in prose, no answer, structured predictions), each model with its own
random draw, some replies long (12,000 characters of reasoning first). Then runs
``procbench evaluate`` (with figures) and prints the report's files' sizes, and opens
``report.html`` from disk in headless Chromium (Debian's ``chromium`` and
``chromium-driver``, driven by selenium as the tests do) five times, printing the time to
the page's load event (its own ``performance`` timing) and to its first paint of the
filters. The target: under 15 MB and under 3 s."""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from arguments import positive_int
from evaluate import reply

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

LONG = "I check the rule once more before writing the state down. " * 200  # about 12,000 characters
OPENS = 5


def answers(dataset: Path, path: Path, seed: int) -> None:
    rng = random.Random(seed)
    with dataset.open() as rows, path.open("w") as out:
        for line in rows:
            row = json.loads(line)
            payload = reply(rng, row["label"])
            if "response" in payload and rng.random() < 0.1:
                payload["response"] = LONG + payload["response"]
            out.write(json.dumps({"id": row["id"], **payload}) + "\n")


def open_times(page: Path) -> list[tuple[float, float]]:
    """(seconds to the load event by the page's own timing, wall seconds of ``driver.get``)
    for each of ``OPENS`` fresh opens."""
    from tests.browser import chromium

    times = []
    with chromium() as driver:
        for _ in range(OPENS):
            driver.get("about:blank")
            start = time.perf_counter()
            driver.get(page.resolve().as_uri())  # returns after the load event
            wall = time.perf_counter() - start
            loaded = driver.execute_script(
                "var t = performance.getEntriesByType('navigation')[0]; return t.loadEventEnd - t.startTime"
            )
            times.append((loaded / 1000, wall))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--models", type=positive_int, default=3)
    parser.add_argument("--work", type=Path, default=Path("/tmp/procbench-report-benchmark"))
    args = parser.parse_args()
    args.work.mkdir(parents=True, exist_ok=True)
    procbench = [sys.executable, "-m", "procbench_tools"]
    dataset = args.work / "procbench.jsonl"
    if not dataset.is_file():
        subprocess.run([*procbench, "generate", "-o", str(dataset)], check=True, cwd=ROOT)
    files = []
    for number in range(args.models):
        path = args.work / f"model-{number + 1}.jsonl"
        answers(dataset, path, seed=number)
        files.append(str(path))
    report = args.work / "report"
    start = time.perf_counter()
    subprocess.run(
        [*procbench, "evaluate", *files, "--dataset", str(dataset), "--output", str(report)],
        check=True, cwd=ROOT, stdout=subprocess.DEVNULL,
    )  # fmt: skip
    print(f"procbench evaluate, {args.models} models x {sum(1 for _ in dataset.open()):,} examples: "
          f"{time.perf_counter() - start:.1f} s")  # fmt: skip
    for name in ("report.html", "table.md", "table.tex", "summary.json", "scores.jsonl"):
        print(f"  {name:<14} {(report / name).stat().st_size / 1e6:8.2f} MB")
    page = report / "report.html"
    text = page.read_text()
    print(f"  report.html: {text.count('<svg'):,} figures, {text.count('<article'):,} drill-down examples")
    load = os.getloadavg()[0]
    times = open_times(page)
    loads = [load for load, _ in times]
    walls = [wall for _, wall in times]
    print(
        f"open in headless Chromium ({OPENS} times): load event median {statistics.median(loads):.2f} s "
        f"(max {max(loads):.2f}), driver.get median {statistics.median(walls):.2f} s (max {max(walls):.2f})"
    )
    print(f"machine: {os.cpu_count()} cores, load average {load:.1f} when the opens began")
    size_met = "met" if page.stat().st_size < 15e6 else "NOT met"
    median_met = "met" if statistics.median(loads) < 3 else "NOT met"
    slowest_met = "met" if max(loads) < 3 else "NOT met"
    print(f"target: under 15 MB ({size_met}); opens in under 3 s: median {median_met}, slowest {slowest_met}")


if __name__ == "__main__":
    main()
