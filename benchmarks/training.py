"""Time the training side: ``import procbench``, the stream, its exclusion set, the rewards.

    python benchmarks/training.py [--count 5000] [--repeat 3]

Prints, side by side where there is an old way:
- a fresh ``import procbench`` (lazy public API) against importing the builder module that
  ``procbench.py`` used to be (which loads ``datasets``);
- the cold cost of the default benchmark's exclusion set (all tasks, in a fresh process);
- stream throughput (examples/s, CPU) over the default settings, with and without the
  exclusion, against plain ``procbench_generators.generate`` calls of the same tasks and steps;
- reward throughput (completions/s) of ``prefix_accuracy_reward`` on gold answers.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import subprocess
import sys
import time
from pathlib import Path

from arguments import positive_int

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import procbench  # noqa: E402
import procbench_generators  # noqa: E402
from procbench_tools.training.hf_dataset import reference_answer  # noqa: E402


def fresh_seconds(code: str, repeat: int) -> float:
    """Median wall time of ``code`` in a fresh interpreter (timed inside it)."""
    timed = f"import time\nstart = time.perf_counter()\n{code}\nprint(time.perf_counter() - start)"

    def run() -> float:
        result = subprocess.run([sys.executable, "-c", timed], cwd=ROOT, check=True, capture_output=True, text=True)
        return float(result.stdout.split()[-1])

    return statistics.median(run() for _ in range(repeat))


def cpu(fn) -> float:
    start = time.process_time()
    fn()
    return time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=positive_int, default=5000)
    parser.add_argument("--repeat", type=positive_int, default=3)
    args = parser.parse_args()

    new = fresh_seconds("import procbench", args.repeat)
    old = fresh_seconds("import procbench_tools.dataset.builder", args.repeat)
    print(f"import procbench: {new * 1000:.0f} ms (the builder module it used to be: {old * 1000:.0f} ms)")
    exclusion = fresh_seconds("import procbench; procbench.Stream()", args.repeat)
    corpus = fresh_seconds("import procbench_generators.corpus as c; c.load_corpus()", args.repeat)
    print(f"default benchmark exclusion, cold: {exclusion:.2f} s (of which loading the corpus: {corpus:.2f} s)")

    procbench.Stream()  # build the exclusion once, outside the timings
    settings = procbench.Stream()
    plans = [settings.plan(position) for position in range(args.count)]
    for label, exclude in (("with exclusion", True), ("without exclusion", False)):
        seconds = cpu(
            lambda exclude=exclude: list(itertools.islice(procbench.stream(exclude_benchmark=exclude), args.count))
        )
        print(f"stream, {label}: {args.count} examples in {seconds:.2f} s CPU = {args.count / seconds:.0f} examples/s")
    seconds = cpu(
        lambda: [procbench_generators.generate(task, steps, position) for position, (task, steps) in enumerate(plans)]
    )
    print(f"plain generate of the same tasks and steps: {args.count / seconds:.0f} examples/s")

    rows = list(itertools.islice(procbench.stream(), args.count))
    completions = [reference_answer(row["label"]) for row in rows]
    labels = [row["label"] for row in rows]
    tasks = [row["task"] for row in rows]
    procbench.prefix_accuracy_reward(completions=completions[:1], label=labels[:1], task=tasks[:1])  # imports
    seconds = cpu(lambda: procbench.prefix_accuracy_reward(completions=completions, label=labels, task=tasks))
    print(
        f"prefix_accuracy_reward: {args.count} gold completions in {seconds:.2f} s CPU = {args.count / seconds:.0f}/s"
    )


if __name__ == "__main__":
    main()
