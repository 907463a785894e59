"""What one example of each task costs to make as a dataset row, fixed part and part per step.

    python benchmarks/task_costs.py [--repeat 3]

For each task, rows of 200 examples with repeats allowed are made at 2 and at 25 steps
(best of --repeat CPU times); a straight line through the two gives the microseconds of a
row at 0 steps and per step. Prints the table as the ``EXAMPLE_COST`` literal of
``generators/rows.py``, which the dataset builder uses to cut a large set into ``num_proc``
jobs of equal cost (only the ratios between tasks matter there).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from arguments import positive_int

ROOT = Path(__file__).resolve().parent.parent
LOW, HIGH, ROWS = 2, 25, 200


def row_seconds(settings, task: str, steps: int, repeat: int) -> float:
    unit = (task, (steps,), 0, ROWS)
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        for _ in settings.rows(unit):
            pass
        best = min(best, time.process_time() - start)
    return best / ROWS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=positive_int, default=3)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    import procbench_generators
    from procbench_generators.corpus import load_corpus
    from procbench_generators.rows import SetSettings

    load_corpus()
    settings = SetSettings(tasks=tuple(procbench_generators.TASKS), examples_per_step=ROWS, unique=False)
    print("EXAMPLE_COST: dict[str, tuple[float, float]] = {  # (us at 0 steps, us per step)")
    for task in procbench_generators.TASKS:
        low, high = (row_seconds(settings, task, steps, args.repeat) * 1e6 for steps in (LOW, HIGH))
        per_step = max(0.0, (high - low) / (HIGH - LOW))
        print(f'    "{task}": ({max(1.0, low - LOW * per_step):.0f}, {per_step:.1f}),')
    print("}")


if __name__ == "__main__":
    main()
