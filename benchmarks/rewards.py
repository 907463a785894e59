"""The four TRL rewards on a GRPO batch of looping completions, earlier and today's side by side.

    python benchmarks/rewards.py [--old-commit dca9b4d] [--completions 1024] [--distinct 1 1024]

A batch is ``--completions`` completions of 16 kB, each a looping model's ``Step 1: ...``
line repeated (the reader's slow case), with a Sort label; ``--distinct`` sets how many
different texts a batch holds (1: every completion the same loop, as a model stuck in one
loop writes; 1024: all different). The batch is scored as ``GRPOTrainer`` scores it: the
four reward functions one after another on the same completions. The earlier rewards
(``procbench_tools/training/rewards.py`` at ``--old-commit``) read every completion in every
function; today's read each distinct completion once per batch. CPU seconds.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from arguments import positive_int

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from trees import module_at  # noqa: E402

import procbench_generators  # noqa: E402
from procbench_tools.training import rewards as new_rewards  # noqa: E402

NAMES = ("prefix_accuracy_reward", "sequential_match_reward", "final_match_reward", "format_reward")
SIZE = 16_000  # characters of a completion


def old_rewards(commit: str) -> ModuleType:
    return module_at(commit, "procbench_tools/training/rewards.py", "old_rewards")


def batch(completions: int, distinct: int) -> tuple[list[str], list[str]]:
    """``completions`` looping completions of ``SIZE`` characters, ``distinct`` texts among
    them, and their labels (one Sort label, as JSON: the dataset column)."""
    example = procbench_generators.generate("Sort", 7, 0)
    first = example["label"]["intermediate"][0]
    texts = [(f"Attempt {number}.\n" + f"Step 1: {first}\n" * SIZE)[:SIZE] for number in range(distinct)]
    label = json.dumps(example["label"])
    return [texts[index % distinct] for index in range(completions)], [label] * completions


def score_batch(module: ModuleType, completions: Sequence[str], labels: Sequence[str]) -> dict[str, float]:
    """CPU seconds of each reward, called in turn on the batch as GRPOTrainer calls them."""
    seconds = {}
    for name in NAMES:
        reward: Callable[..., Any] = getattr(module, name)
        start = time.process_time()
        reward(completions=list(completions), label=list(labels))
        seconds[name] = time.process_time() - start
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--old-commit", default="dca9b4d", help="a commit with procbench_tools/training/rewards.py")
    parser.add_argument("--completions", type=positive_int, default=1024)
    parser.add_argument("--distinct", type=positive_int, nargs="+", default=[1, 1024])
    args = parser.parse_args()
    modules = {f"old ({args.old_commit})": old_rewards(args.old_commit), "new": new_rewards}
    for distinct in args.distinct:
        completions, labels = batch(args.completions, min(distinct, args.completions))
        print(f"\n{args.completions} completions of {SIZE // 1000} kB, {min(distinct, args.completions)} distinct")
        print(f"  {'':<24}" + "".join(f"{name:>20}" for name in modules))
        results = {}
        for name, module in modules.items():
            if module is new_rewards:
                new_rewards.reading.cache_clear()  # a batch not seen before
            results[name] = score_batch(module, completions, labels)
        for reward in NAMES:
            print(f"  {reward:<24}" + "".join(f"{results[name][reward]:>19.2f}s" for name in modules))
        print(f"  {'all four':<24}" + "".join(f"{sum(results[name].values()):>19.2f}s" for name in modules))


if __name__ == "__main__":
    main()
