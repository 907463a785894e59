"""Time the generation of the default benchmark (10 examples per step count, steps 2..25).

    python benchmarks/generate.py [--repeat 5]

Prints CPU seconds (best of --repeat) for the whole default set, for the 20 tasks without
sentences and for the 3 sentence tasks, examples per second per task, and the time of a
fresh ``import generators`` and of a fresh process's first sentence-task example (which
loads the corpus).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import generators  # noqa: E402
from generators.benchmark import iter_task_examples  # noqa: E402
from generators.corpus import load_corpus  # noqa: E402

SENTENCE_TASKS = {"Count2", "FillWord", "DeleteWord"}
STEPS = range(2, 26)


def cpu_seconds(task: str, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        count = sum(1 for _ in iter_task_examples(task, STEPS, 10, 2024))
        best = min(best, time.process_time() - start)
    assert count == 240
    return best


def fresh_process_seconds(code: str) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    load_corpus()  # measured separately below
    times = {task: cpu_seconds(task, args.repeat) for task in generators.TASKS}
    plain = sum(t for task, t in times.items() if task not in SENTENCE_TASKS)
    sentences = sum(t for task, t in times.items() if task in SENTENCE_TASKS)
    print(f"{'task':<12} {'CPU ms':>8} {'examples/s':>11}")
    for task, seconds in times.items():
        print(f"{task:<12} {seconds * 1000:8.1f} {240 / seconds:11.0f}")
    print(f"20 tasks without sentences: 4800 examples in {plain:.3f} s CPU")
    print(f"3 sentence tasks: 720 examples in {sentences:.3f} s CPU (corpus already loaded)")
    print(f"all 23 tasks: 5520 examples in {plain + sentences:.3f} s CPU")
    python = fresh_process_seconds("pass")
    bare = fresh_process_seconds("import generators")
    first = fresh_process_seconds("import generators; generators.generate('Count2', 10, 0)")
    print(f"fresh process: interpreter {python:.3f} s, + import generators {bare - python:.3f} s, ")
    print(f"               + first sentence-task example (loads the corpus) {first - bare:.3f} s")


if __name__ == "__main__":
    main()
