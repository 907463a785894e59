"""The dataset card (``README.md``) of an exported ProcBench folder: it describes exactly
what was exported (configs, splits with their step counts, rows, generation parameters)."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import datasets
import yaml
from datasets.info import DatasetInfosDict
from datasets.utils.metadata import MetadataConfigs
from huggingface_hub import DatasetCardData

import procbench_generators
from procbench_generators.benchmark import DIGEST_LENGTH

from .. import __version__
from .layout import ALL, default_config, size_category, step_ranges

SETTINGS_KEY = "procbench"  # the card's YAML key holding the generation parameters


def example_count(infos: dict[str, datasets.DatasetInfo]) -> int:
    """Distinct examples in the export: ``all`` holds every task config's rows."""
    if ALL in infos:
        return sum(split.num_examples for split in infos[ALL].splits.values())
    return sum(split.num_examples for info in infos.values() for split in info.splits.values())


def generation_settings(
    parameters: dict[str, Any], split_steps: dict[str, tuple[int, ...]], configs: list[str]
) -> dict[str, Any]:
    """The machine-readable record of how the export was made (the card's ``procbench``
    YAML): ``procbench evaluate`` reads it to say which settings a dataset has."""
    return {
        "version": __version__,
        **parameters,
        "configs": list(configs),
        "splits": {name: step_ranges(steps).replace("\u2013", "-") for name, steps in split_steps.items()},
        "id_format": f"<task>-<steps>-<index>-<first {DIGEST_LENGTH} hex digits of SHA-256 of the question>",
    }


def card_metadata(infos: dict[str, datasets.DatasetInfo], folder: Path, settings: dict[str, Any]) -> DatasetCardData:
    """YAML metadata: every config and split with its files, ``dataset_info`` generated
    from the builders' own features and split sizes, and the generation settings."""
    data = DatasetCardData(
        license="mit",
        language=["en"],
        task_categories=["text-generation", "question-answering"],
        pretty_name="ProcBench",
        tags=["reasoning", "procedure-following", "multi-step", "synthetic"],
        size_categories=[size_category(example_count(infos))],
        **{SETTINGS_KEY: settings},  # type: ignore[arg-type]  # a card field of our own, which the stubs do not list
    )
    to_dump = {}
    configs = {}
    default = default_config(list(infos))
    for name, info in infos.items():
        info = copy.deepcopy(info)
        info.download_size = sum(path.stat().st_size for path in (folder / "data" / name).glob("*.parquet"))
        info.dataset_size = sum(split.num_bytes for split in info.splits.values())
        to_dump[name] = info
        configs[name] = {
            "data_files": [{"split": split, "path": f"data/{name}/{split}-*"} for split in info.splits],
            **({"default": True} if name == default else {}),
        }
    DatasetInfosDict(to_dump).to_dataset_card_data(data)
    MetadataConfigs(configs).to_dataset_card_data(data)
    return data


def task_table(tasks: list[str]) -> str:
    rows = ["| id | task | question fields |", "| --- | --- | --- |"]
    for task in tasks:
        spec = procbench_generators.get_task(task)
        rows.append(f"| {spec.task_id} | {task} | {', '.join(f'`{name}`' for name in spec.fields)} |")
    return "\n".join(rows)


SPLIT_MEANING = {
    "short": "within the paper's short bucket, 2\u20136",
    "medium": "within the paper's medium bucket, 7\u201316",
    "long": "within the paper's long bucket, 17\u201325",
    "extra": "outside the paper's 2\u201325",
}


def splits_section(infos: dict[str, datasets.DatasetInfo], split_steps: dict[str, tuple[int, ...]]) -> str:
    names = list(split_steps)
    header = "| config | " + " | ".join(f"`{name}`" for name in names) + " | total |"
    rows = [header, "| --- " * (len(names) + 2) + "|"]
    for config, info in infos.items():
        counts = [info.splits[name].num_examples for name in names]
        rows.append(f"| `{config}` | " + " | ".join(str(count) for count in counts) + f" | {sum(counts)} |")
    described = "\n".join(
        f"- `{name}`: steps {step_ranges(steps)} ({SPLIT_MEANING[name]})" for name, steps in split_steps.items()
    )
    return f"{described}\n\nRows:\n\n" + "\n".join(rows)


def parameters_section(settings: dict[str, Any]) -> str:
    per_step = settings["examples_per_step"]
    lines = [
        f"- seed: {settings['seed']}",
        f"- examples per step count and task: {per_step}",
        f"- step counts: {settings['min_steps']} to {settings['max_steps']}",
        "- prompts end with a request for a JSON answer"
        if settings["answer_format"]
        else "- prompts end with the question, without a request for a JSON answer (as in the original ProcBench)",
    ]
    shown = {"version", "seed", "examples_per_step", "min_steps", "max_steps", "answer_format", "configs", "splits"}
    others = [(name, value) for name, value in settings.items() if name not in shown | {"id_format"}]
    lines += [f"- {name.replace('_', ' ')}: {value}" for name, value in others]
    lines.append(f"- made by procbench {settings['version']}")
    return "\n".join(lines)


def card_text(
    infos: dict[str, datasets.DatasetInfo],
    folder: Path,
    repo_hint: str,
    parameters: dict[str, Any],
    split_steps: dict[str, tuple[int, ...]],
) -> str:
    """The whole card: YAML front matter, then the prose."""
    configs = list(infos)
    settings = generation_settings(parameters, split_steps, configs)
    tasks = [name for name in procbench_generators.TASKS if name in configs or ALL in configs]
    default = default_config(configs)
    first_task = next((name for name in configs if name != ALL), default)
    first_split = next(iter(split_steps))
    typed = ", ".join(f"`{name}`" for name in configs if name != ALL)
    if ALL in configs:
        configs_text = "`all` (the default: every task below in one config, labels as JSON strings)"
        if typed:
            configs_text += f" and one config per task with typed labels: {typed}"
    else:
        configs_text = f"one config per task with typed labels: {typed} (`{default}` is the default)"
    if ALL not in configs:
        label_row = "| `label` | struct | `{init, intermediate, final}` with the task's own types |"
    elif typed:
        label_row = (
            "| `label` | struct / string | `{init, intermediate, final}` with the task's own types; "
            "a JSON string in `all` |"
        )
    else:
        label_row = "| `label` | string | `{init, intermediate, final}` as a JSON string |"
    prompt_end = "ends by asking for a JSON answer" if parameters["answer_format"] else "ends with the question block"
    return f"""---
{card_metadata(infos, folder, settings).to_yaml()}
---

# ProcBench

ProcBench measures how well a model follows a multi-step procedure. Each example is a
procedure text (one per task) plus a question; the label holds every intermediate state and
the final state, so an answer is scored step by step. This copy was generated by the open,
MIT-licensed procbench implementation; the benchmark is that of *ProcBench:
Benchmark for Multi-Step Reasoning and Following Procedure* (Fujisawa et al., 2024,
[arXiv:2410.03117](https://arxiv.org/abs/2410.03117)).

## What this export holds

Configs: {configs_text}. {example_count(infos)} distinct examples in all (size category
{size_category(example_count(infos))}).

Tasks:

{task_table(tasks)}

## Splits

{splits_section(infos, split_steps)}

## Generation parameters

The same values are in this card's YAML under `{SETTINGS_KEY}`; `procbench evaluate` reads them.

{parameters_section(settings)}

## Columns

| column | type | meaning |
| --- | --- | --- |
| `id` | string | `Sort-07-003-1f0c9a2e`: task, steps, index, question digest (see below) |
| `task` | string | task name |
| `task_name` | string | the original id, `task01` … `task23` |
| `problem_name` | string | `task01_0007` style, as in the published ProcBench |
| `steps` | int32 | number of steps: `len(label.intermediate) + 1` |
| `prompt` | string | procedure text, then a `[Question]` block; {prompt_end} |
| `question` | string | the question as JSON (its fields mix types) |
{label_row}

An id ends with the first {DIGEST_LENGTH} hex digits of the SHA-256 of the task and question as
canonical JSON, so an id names one question whatever the settings that drew it: answers
made for another set are refused by `procbench evaluate`, never scored against the wrong
question.

## Loading and scoring

```python
from datasets import load_dataset

subset = load_dataset("{repo_hint}", "{first_task}", split="{first_split}")
everything = load_dataset("{repo_hint}")  # the default config, `{default}`
```

Score answers with the `procbench_metric.py` evaluate metric (prefix accuracy, sequential
match, final match, prefix match length), or with `procbench evaluate`, which also reads
free-text answers.

## Licence

MIT. The sentences of Count2, FillWord and DeleteWord come from WordNet 3.0's example
sentences (WordNet 3.0 licence, Princeton University) and Jane Austen's novels (public
domain); the notices ship with the generator.

## Citation

```bibtex
{infos[next(iter(infos))].citation.strip()}
```
"""


def write_card(
    infos: dict[str, datasets.DatasetInfo],
    folder: Path,
    repo_hint: str,
    parameters: dict[str, Any],
    split_steps: dict[str, tuple[int, ...]],
) -> None:
    """``parameters`` are the builder's (seed, examples_per_step, ...), ``split_steps`` the
    step counts of each split."""
    text = card_text(infos, folder, repo_hint, parameters, split_steps)
    # Parse the front matter so that a malformed card fails here, not on the Hub; libyaml's
    # parser when PyYAML has it (the pure-Python one takes about half a second here).
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    if not isinstance(yaml.load(text.split("---\n", 2)[1], Loader=loader), dict):
        raise ValueError("the dataset card's metadata is not a YAML mapping")
    (folder / "README.md").write_text(text, encoding="utf-8")
