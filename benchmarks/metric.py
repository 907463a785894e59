"""Time the metric on 100,000 predictions of a typical mix (about 13 states each).

    python benchmarks/metric.py [--n 100000]

The references are the default benchmark's labels (5,520, cycled); the predictions are a
fixed mix: 40 % exact, 20 % wrong at one step, 10 % cut short, 10 % one state too many,
10 % exact but with ints written as strings or as a flat list, 10 % junk. Prints the time
through the scoring core, through ``evaluate``'s ``compute`` with every input passed at
once, and through ``add_batch`` + ``compute`` (both through evaluate's Arrow storage, every
value as JSON text). CPU seconds, best of --repeat runs.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path
from typing import Any

from arguments import positive_int

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from procbench_generators.benchmark import iter_examples  # noqa: E402
from procbench_generators.settings import Settings  # noqa: E402
from procbench_tools.scoring.measures import score  # noqa: E402


def stringify(state: Any) -> Any:
    if isinstance(state, list):
        return [str(item) for item in state]
    return str(state)


def make_prediction(rng: random.Random, label: dict[str, Any]) -> Any:
    states = [*label["intermediate"], label["final"]]
    kind = rng.randrange(10)
    if kind < 4:
        return {"intermediate": label["intermediate"], "final": label["final"]}
    if kind < 6:
        wrong = states[:]
        wrong[rng.randrange(len(wrong))] = "wrong"
        return {"intermediate": wrong[:-1], "final": wrong[-1]}
    if kind == 6:
        return states[: rng.randrange(1, len(states))] if len(states) > 1 else None
    if kind == 7:
        return [*states, states[-1]]
    if kind == 8:
        return [stringify(state) for state in states]
    return rng.choice([None, "not json", {"answer": states}, 42, '{"intermediate": ["a"'])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=positive_int, default=100_000)
    parser.add_argument("--repeat", type=positive_int, default=3, help="best of this many runs")
    args = parser.parse_args()
    labels = [example["label"] for example in iter_examples(Settings())]
    references = [labels[i % len(labels)] for i in range(args.n)]
    rng = random.Random(0)
    predictions = [make_prediction(rng, label) for label in references]
    states = sum(len(label["intermediate"]) + 1 for label in references) / args.n
    print(f"{args.n} predictions, {states:.1f} reference states each on average")

    def best_of(repeat: int, run: Any) -> tuple[float, Any]:
        best, result = float("inf"), None
        for _ in range(repeat):
            start = time.process_time()
            result = run()
            best = min(best, time.process_time() - start)
        return best, result

    seconds, core = best_of(args.repeat, lambda: score(predictions, references))
    print(f"core score(): {seconds:.3f} s CPU  (PA {core['prefix_accuracy']:.4f})")

    import evaluate

    os.chdir(ROOT)  # evaluate.load("procbench_metric") finds the metric from the repository root
    metric = evaluate.load("procbench_metric")
    seconds, direct = best_of(args.repeat, lambda: metric.compute(predictions=predictions, references=references))
    print(f"evaluate compute(): {seconds:.3f} s CPU")

    def batches() -> dict[str, Any]:
        for low in range(0, args.n, 10_000):
            metric.add_batch(predictions=predictions[low : low + 10_000], references=references[low : low + 10_000])
        return metric.compute()

    seconds, batched = best_of(args.repeat, batches)
    print(f"evaluate add_batch() + compute(): {seconds:.3f} s CPU")
    assert core == direct == batched


if __name__ == "__main__":
    main()
