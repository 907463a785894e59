"""The examples a harness runs: generated (the default benchmark unless told otherwise) or
read from an exported folder or Hub dataset, in an order where any leading slice covers
every problem length.

Parameters arrive from command lines (inspect's ``-T``, lm-eval's ``--metadata`` and
``--model_args``), so ints may come as strings and ``tasks`` as a comma-separated string.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import procbench_generators
from procbench_generators.settings import (
    DEFAULT_MAX_STEPS,
    DEFAULT_MIN_STEPS,
    DEFAULT_PER_STEP,
    DEFAULT_SEED,
    SettingError,
    Settings,
    check_step_order,
    task_names,
    whole_number,
)

from ..scoring.lengths import length_bucket

Example = dict[str, Any]  # id, task, steps, length, label (a dict), prompt

# The harnesses' names for the settings (``-T per_step=3``, ``--metadata '{"per_step": 3}'``).
PARAMETER_NAMES = {"examples_per_step": "per_step"}
TRUE_WORDS, FALSE_WORDS = {"true", "yes", "1"}, {"false", "no", "0"}


def parse_tasks(tasks: str | Sequence[str] | None) -> tuple[str, ...]:
    """Task names from names or ``taskNN`` ids, a list or a comma-separated string;
    ``None``, ``""`` and ``"all"`` mean all 23."""
    items = tasks.split(",") if isinstance(tasks, str) else list(tasks or [])
    names = [str(item).strip() for item in items if str(item).strip()]
    return task_names(names or None)


def as_int(value: Any, default: int) -> Any:
    """``value`` as the command line may give it (``"3"`` is 3), ``default`` when ``None``;
    anything else is left for the settings to refuse."""
    if value is None:
        return default
    if isinstance(value, str) and re.fullmatch(r"\s*[+-]?\d+\s*", value):
        return int(value)
    return value


def as_bool(value: Any, default: bool) -> Any:
    """``value`` as the command line may give it (``"false"``, ``"no"`` and ``"0"`` are
    False), ``default`` when ``None``; anything else is left for the settings to refuse."""
    if value is None:
        return default
    word = str(value).strip().lower() if isinstance(value, (str, int)) and not isinstance(value, bool) else None
    if word in TRUE_WORDS | FALSE_WORDS:
        return word in TRUE_WORDS
    return value


def benchmark_examples(
    tasks: str | Sequence[str] | None = None,
    min_steps: Any = None,
    max_steps: Any = None,
    per_step: Any = None,
    seed: Any = None,
    answer_format: Any = None,
    dataset: str | None = None,
) -> list[Example]:
    """The examples to run, in :func:`spread_order`.

    Without ``dataset``: generated like ``procbench generate`` (defaults: all tasks, steps
    2..25, 10 per step, seed 2024, prompts with the answer-format paragraph). With
    ``dataset`` (an exported folder or a Hub repo id): its examples, optionally narrowed to
    ``tasks`` and ``min_steps..max_steps``; ``per_step``, ``seed`` and ``answer_format``
    describe generation and are refused there. Bad values raise ``ValueError`` in the
    settings' words, with the harness's names (``per_step``).
    """
    try:
        if dataset:
            return spread_order(
                _published_examples(str(dataset), tasks, min_steps, max_steps, per_step, seed, answer_format)
            )
        settings = Settings(
            tasks=parse_tasks(tasks),
            seed=as_int(seed, DEFAULT_SEED),
            examples_per_step=as_int(per_step, DEFAULT_PER_STEP),
            min_steps=as_int(min_steps, DEFAULT_MIN_STEPS),
            max_steps=as_int(max_steps, DEFAULT_MAX_STEPS),
            answer_format=as_bool(answer_format, True),
        )
    except SettingError as error:
        raise ValueError(error.spelled(PARAMETER_NAMES)) from None
    return spread_order(generated_examples(settings))


def _published_examples(
    dataset: str, tasks: Any, min_steps: Any, max_steps: Any, per_step: Any, seed: Any, answer_format: Any
) -> list[Example]:
    """The examples of a published set, narrowed to ``tasks`` and the step range."""
    given = [
        name
        for name, value in (("per_step", per_step), ("seed", seed), ("answer_format", answer_format))
        if value is not None
    ]
    if given:
        raise ValueError(f"{given[0]} applies to generated examples, not to a published dataset ({dataset})")
    names = parse_tasks(tasks)
    low = None if min_steps is None else whole_number("min_steps", as_int(min_steps, 0))
    high = None if max_steps is None else whole_number("max_steps", as_int(max_steps, 0))
    if low is not None and high is not None:
        check_step_order(low, high)
    rows = [
        row
        for row in dataset_examples(dataset)
        if row["task"] in names and (low is None or row["steps"] >= low) and (high is None or row["steps"] <= high)
    ]
    if not rows:
        between = f"{'any' if low is None else low} to {'any' if high is None else high}"
        raise ValueError(f"{dataset} holds no example of {', '.join(names)} with {between} steps")
    return rows


def generated_examples(settings: Settings) -> list[Example]:
    from tqdm import tqdm

    from procbench_generators.benchmark import iter_examples

    examples = tqdm(
        iter_examples(settings),
        total=settings.size,
        unit="ex",
        desc="procbench: generating",
        disable=None,
        file=sys.stderr,
    )
    return [
        _example(example["id"], example["task"], example["steps"], example["label"], example["prompt"])
        for example in examples
    ]


def dataset_examples(source: str) -> list[Example]:
    """Every example of an exported folder or a Hub dataset repo: its ``all`` config, or
    every task config of a partial export."""
    import datasets

    from ..hub.upload import dataset_config_names, load_hub_dataset

    local = Path(source).is_dir()
    if not local and source.count("/") != 1:
        raise ValueError(f"dataset {source!r} is neither a folder nor a Hub repo id like 'name/procbench'")
    configs = dataset_config_names(source, local=local)
    examples = []
    for config in ["all"] if "all" in configs else configs:
        loaded: Any = datasets.load_dataset(source, config) if local else load_hub_dataset(source, config)
        for split in loaded.values():
            for row in split:
                label = json.loads(row["label"]) if isinstance(row["label"], str) else row["label"]
                examples.append(_example(row["id"], row["task"], int(row["steps"]), label, row["prompt"]))
    return examples


def _example(identifier: str, task: str, steps: int, label: dict[str, Any], prompt: str) -> Example:
    return {
        "id": identifier,
        "task": task,
        "steps": steps,
        "length": length_bucket(steps),
        "label": label,
        "prompt": prompt,
    }


def spread(values: Iterable[int]) -> list[int]:
    """``values`` (distinct) reordered so that every prefix is spread over their range:
    the smallest, the largest, then each time the value farthest from those already taken
    (the smaller on a tie). ``spread(range(2, 26))`` starts 2, 25, 13, 19, 7."""
    remaining = sorted(set(values))
    if not remaining:
        return []
    chosen = [remaining.pop(0)]
    if remaining:
        chosen.append(remaining.pop())
    while remaining:
        best = max(remaining, key=lambda value: (min(abs(value - taken) for taken in chosen), -value))
        remaining.remove(best)
        chosen.append(best)
    return chosen


def spread_order(examples: list[Example]) -> list[Example]:
    """Round after round (the first example of each step count, then the second, ...),
    step counts in :func:`spread` order, tasks in their original order within each: a
    harness's ``--limit N`` then takes examples of every length and, across tasks, of
    every task."""
    rank = {steps: position for position, steps in enumerate(spread({example["steps"] for example in examples}))}
    task_rank = {name: position for position, name in enumerate(procbench_generators.TASKS)}
    seen: dict[tuple[str, int], int] = {}
    keyed = []
    for position, example in enumerate(examples):
        group = (example["task"], example["steps"])
        round_ = seen.get(group, 0)
        seen[group] = round_ + 1
        keyed.append(
            ((round_, rank[example["steps"]], task_rank.get(example["task"], len(task_rank)), position), example)
        )
    return [example for _, example in sorted(keyed, key=lambda item: item[0])]
