"""A scripted model for the harness tests, and the figures it must get, computed by hand.

The model looks the prompt up among the examples it was given and answers by the step count:

- ``steps % 3 == 0``: the label, as the prompt's JSON format: every measure perfect,
  PML = steps;
- ``steps % 3 == 1``: the first ``steps // 2`` states right, the rest ``"#"`` (never a
  state of any task): PML = steps // 2, PA = (steps // 2) / steps, SM = FM = 0;
- ``steps % 3 == 2``: prose without an answer: 0 everywhere.

The expected figures below use only these rules and the examples' step counts.
"""

from __future__ import annotations

import json
from collections import defaultdict
from fractions import Fraction
from pathlib import Path
from typing import Any

from procbench_tools.dataset.export import export
from procbench_tools.integrations.examples import benchmark_examples

TASKS = ["Sort", "Cumulate", "Search"]
PARAMETERS = {"min_steps": 2, "max_steps": 25, "per_step": 1}  # 24 examples a task, every bucket
MEASURES = ("prefix_accuracy", "sequential_match", "final_match", "prefix_match_length")


def answer(example: dict[str, Any]) -> str:
    label, steps = example["label"], example["steps"]
    if steps % 3 == 0:
        return "Following the procedure:\n" + json.dumps(
            {"intermediate": label["intermediate"], "final": label["final"]}
        )
    if steps % 3 == 1:
        states = [*label["intermediate"], label["final"]]
        kept = steps // 2
        states = states[:kept] + ["#"] * (len(states) - kept)
        return json.dumps({"intermediate": states[:-1], "final": states[-1]})
    return "I could not follow this procedure."


def scripted_examples() -> list[dict[str, Any]]:
    """The benchmark's examples of ``TASKS`` for ``PARAMETERS``: the ones the model answers."""
    return benchmark_examples(TASKS, **PARAMETERS)


def scripted_dataset(folder: Path) -> Path:
    """The dataset of those examples, exported into ``folder``/procbench-dataset."""
    return export(folder / "procbench-dataset", configs=TASKS, max_steps=25, examples_per_step=1, progress=False)


class ScriptedModel:
    """``model(prompt) -> response`` over a list of examples (``prompt``, ``steps``, ``label``)."""

    def __init__(self, examples: list[dict[str, Any]]) -> None:
        self.by_prompt = {example["prompt"].strip(): example for example in examples}

    def __call__(self, prompt: str) -> str:
        return answer(self.by_prompt[prompt.strip()])


def measures(steps: int) -> dict[str, Fraction]:
    """The four measures of the scripted answer to an example of ``steps`` steps."""
    if steps % 3 == 0:
        return {
            "prefix_accuracy": Fraction(1),
            "sequential_match": Fraction(1),
            "final_match": Fraction(1),
            "prefix_match_length": Fraction(steps),
        }
    if steps % 3 == 1:
        kept = steps // 2
        return {
            "prefix_accuracy": Fraction(kept, steps),
            "sequential_match": Fraction(0),
            "final_match": Fraction(0),
            "prefix_match_length": Fraction(kept),
        }
    return dict.fromkeys(MEASURES, Fraction(0))


def bucket(steps: int) -> str:
    if not 2 <= steps <= 25:
        return "extra"
    return "short" if steps <= 6 else "medium" if steps <= 16 else "long"


def mean_measures(steps_list: list[int]) -> dict[str, float]:
    totals = defaultdict(Fraction)
    for steps in steps_list:
        for name, value in measures(steps).items():
            totals[name] += value
    return {name: float(totals[name] / len(steps_list)) for name in MEASURES}


def expected(examples: list[dict[str, Any]]) -> dict[str, Any]:
    """``{"overall", "by_length", "by_task"}``: the means of the four measures."""
    by_length, by_task = defaultdict(list), defaultdict(list)
    for example in examples:
        by_length[bucket(example["steps"])].append(example["steps"])
        by_task[example["task"]].append(example["steps"])
    return {
        "overall": mean_measures([example["steps"] for example in examples]),
        "by_length": {name: mean_measures(steps) for name, steps in by_length.items()},
        "by_task": {name: mean_measures(steps) for name, steps in by_task.items()},
    }
