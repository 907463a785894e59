"""A large training set through the datasets builder: rows per second, peak memory, disk.

    python benchmarks/scale.py                          # 1,000,224 rows, 23 tasks, steps 2..25, num_proc=2
    python benchmarks/scale.py --rows 100000 --compare  # num_proc 1 and 2 side by side

All 23 tasks, steps 2..25, repeats allowed (``unique=False``), ``examples_per_step`` the
smallest that gives at least ``--rows`` rows. Prints the wall and CPU seconds of
``download_and_prepare``, rows per second, the peak resident memory of the main process and
of the largest worker, and the Arrow bytes on disk per example. Each measurement runs in a
fresh process, so peaks are not carried over.
"""

from __future__ import annotations

import argparse
import json
import math
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from arguments import positive_int

ROOT = Path(__file__).resolve().parent.parent
TASKS, STEPS = 23, 24


def build(rows: int, num_proc: int) -> dict[str, float]:
    sys.path.insert(0, str(ROOT))
    import datasets

    from procbench import ProcBench

    datasets.disable_progress_bars()
    per_step = math.ceil(rows / (TASKS * STEPS))
    with tempfile.TemporaryDirectory(prefix="procbench-scale-") as cache:
        builder = ProcBench(config_name="all", cache_dir=cache, examples_per_step=per_step, unique=False)
        wall, cpu = time.perf_counter(), time.process_time()
        builder.download_and_prepare(num_proc=num_proc)
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        made = sum(split.num_examples for split in builder.info.splits.values())
        disk = sum(path.stat().st_size for path in Path(cache).rglob("*.arrow"))
    return {
        "rows": made,
        "wall": wall,
        "cpu_main": cpu,
        "peak_main_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "peak_worker_mb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024,
        "disk_per_row": disk / made,
    }


def measure(rows: int, num_proc: int) -> dict[str, float]:
    out = subprocess.run(
        [sys.executable, __file__, "--child", str(rows), str(num_proc)], check=True, capture_output=True, text=True
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


def show(num_proc: int, result: dict[str, float]) -> None:
    worker = f", largest worker {result['peak_worker_mb']:.0f} MB" if num_proc > 1 else ""
    print(
        f"num_proc={num_proc}: {result['rows']:,} rows in {result['wall']:.1f} s wall "
        f"({result['rows'] / result['wall']:,.0f} rows/s); peak memory main {result['peak_main_mb']:.0f} MB{worker}; "
        f"{result['disk_per_row']:.0f} bytes of Arrow per row"
    )


def main() -> None:
    if len(sys.argv) == 4 and sys.argv[1] == "--child":
        print(json.dumps(build(int(sys.argv[2]), int(sys.argv[3]))))
        return
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument(
        "--rows", type=positive_int, default=1_000_000, help="at least this many rows (default: %(default)s)"
    )
    parser.add_argument("--num-proc", type=positive_int, default=2, help="(default: %(default)s)")
    parser.add_argument("--compare", action="store_true", help="also run with num_proc=1 and print the speed-up")
    args = parser.parse_args()
    results = {}
    for num_proc in [1, args.num_proc] if args.compare else [args.num_proc]:
        results[num_proc] = measure(args.rows, num_proc)
        show(num_proc, results[num_proc])
    if args.compare:
        print(
            f"speed-up of num_proc={args.num_proc} over 1: {results[1]['wall'] / results[args.num_proc]['wall']:.2f}x"
        )


if __name__ == "__main__":
    main()
