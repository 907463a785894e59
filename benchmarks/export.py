"""``procbench export`` of the default benchmark (24 configs), this checkout against a
baseline revision, side by side in one run.

    python benchmarks/export.py [--baseline 450fee8] [--repeat 3]

The baseline's tree is taken from git into a temporary folder; each export runs in a fresh
process on this interpreter (old and new alternating), without and with ``--num-proc 2``.
Prints the median wall and CPU seconds of the export call (imports excluded) and how many
examples were generated for the 11,040 rows (5,520 in ``all`` and 5,520 in the task configs;
counted without num_proc, where generation stays in one process).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from arguments import positive_int
from trees import BASELINE, ROOT, baseline_tree

WORKER = """
import json, sys, tempfile, time
from pathlib import Path
sys.path.insert(0, sys.argv[1])
import datasets
import procbench_generators
from procbench_tools.dataset.export import export
datasets.disable_progress_bars()
import procbench_generators.benchmark
calls = 0
# where a set's loop finds the function that draws one question, in each revision
owner = procbench_generators.benchmark if hasattr(procbench_generators.benchmark, "draw_question") else generators
real = owner.draw_question
def counted(*args, **kwargs):
    global calls
    calls += 1
    return real(*args, **kwargs)
owner.draw_question = counted
num_proc = int(sys.argv[2]) or None
with tempfile.TemporaryDirectory() as folder:
    wall, cpu = time.perf_counter(), time.process_time()
    target = export(Path(folder) / "procbench-dataset", progress=False, num_proc=num_proc)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    size = sum(path.stat().st_size for path in target.rglob("*.parquet"))
print(json.dumps({"wall": wall, "cpu": cpu, "calls": calls, "mb": size / 1e6}))
"""


def run(root: Path, num_proc: int) -> dict[str, float]:
    out = subprocess.run(
        [sys.executable, "-c", WORKER, str(root), str(num_proc)], check=True, capture_output=True, text=True
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--baseline", default=BASELINE, help="git revision to compare with (default: %(default)s)")
    parser.add_argument("--repeat", type=positive_int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="procbench-baseline-") as folder:
        old_root = baseline_tree(args.baseline, Path(folder))
        print(f"export of the default benchmark (24 configs), median of {args.repeat}; baseline {args.baseline}")
        for num_proc in (0, 2):
            results: dict[str, list[dict[str, float]]] = {"old": [], "new": []}
            for _ in range(args.repeat):
                results["old"].append(run(old_root, num_proc))
                results["new"].append(run(ROOT, num_proc))
            label = f"--num-proc {num_proc}" if num_proc else "one process"
            for side, runs in results.items():
                wall = statistics.median(r["wall"] for r in runs)
                cpu = statistics.median(r["cpu"] for r in runs)
                calls = f", {runs[0]['calls']:,} examples generated" if not num_proc else ""
                print(
                    f"  {label:<12} {side}: {wall:5.2f} s wall, {cpu:5.2f} s CPU (main process){calls}, "
                    f"{runs[0]['mb']:.1f} MB of Parquet"
                )


if __name__ == "__main__":
    main()
