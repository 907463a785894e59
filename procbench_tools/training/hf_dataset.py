"""The training stream as a ``datasets.IterableDataset``, ready for TRL's trainers.

Columns: ``prompt`` (the full prompt; a one-message chat with ``conversational=True``),
``completion`` (the reference answer in the format the prompt asks for, the target of
``SFTTrainer``), ``label`` (JSON string of ``{"init", "intermediate", "final"}``, what the
reward functions score against), ``task``, ``steps``, ``id`` and ``question`` (JSON
string). ``GRPOTrainer`` passes every column but ``prompt`` and ``completion`` to the
reward functions.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from procbench_generators.settings import STREAM_MAX_STEPS, STREAM_MIN_STEPS, STREAM_SEED, true_or_false

from .stream import Stream

if TYPE_CHECKING:
    import datasets

COLUMNS = ("id", "task", "steps", "prompt", "completion", "question", "label")


def reference_answer(label: dict[str, Any]) -> str:
    """The answer the prompts ask for: ``{"intermediate": [...], "final": ...}`` as JSON."""
    return json.dumps({"intermediate": label["intermediate"], "final": label["final"]}, ensure_ascii=False)


def training_row(example: dict[str, Any], conversational: bool = False) -> dict[str, Any]:
    """A stream example as a row of the training dataset."""
    prompt: str | list[dict[str, str]] = example["prompt"]
    completion: str | list[dict[str, str]] = reference_answer(example["label"])
    if conversational:
        prompt = [{"role": "user", "content": example["prompt"]}]
        completion = [{"role": "assistant", "content": reference_answer(example["label"])}]
    return {
        "id": example["id"],
        "task": example["task"],
        "steps": example["steps"],
        "prompt": prompt,
        "completion": completion,
        "question": json.dumps(example["question"], ensure_ascii=False),
        "label": json.dumps(example["label"], ensure_ascii=False),
    }


def _rows(stream: Stream, start: int, conversational: bool) -> Iterator[dict[str, Any]]:
    for example in stream.iterate(start):
        yield training_row(example, conversational)


def features(conversational: bool = False) -> datasets.Features:
    import datasets

    text = datasets.Value("string")
    message = {"role": text, "content": text}
    chat = datasets.List(message)
    return datasets.Features(
        {
            "id": text,
            "task": text,
            "steps": datasets.Value("int32"),
            "prompt": chat if conversational else text,
            "completion": chat if conversational else text,
            "question": text,
            "label": text,
        }
    )


def iterable_dataset(
    tasks: Any = None,
    min_steps: int = STREAM_MIN_STEPS,
    max_steps: int = STREAM_MAX_STEPS,
    seed: int = STREAM_SEED,
    *,
    curriculum: Any = None,
    exclude_benchmark: bool = True,
    exclude: Any = None,
    start: int = 0,
    conversational: bool = False,
) -> datasets.IterableDataset:
    """``procbench.stream(...)`` (same arguments) as an endless ``datasets.IterableDataset``
    with the columns above; ``conversational=True`` makes ``prompt`` and ``completion``
    chat messages. It has no length: give TRL a ``max_steps``.

    >>> import procbench
    >>> row = next(iter(procbench.iterable_dataset(["Cumulate"], 2, 2)))
    >>> sorted(row)
    ['completion', 'id', 'label', 'prompt', 'question', 'steps', 'task']
    """
    import datasets

    true_or_false("conversational", conversational)
    stream = Stream(
        tasks,
        min_steps,
        max_steps,
        seed,
        curriculum=curriculum,
        exclude_benchmark=exclude_benchmark,
        exclude=exclude,
    )
    stream.iterate(start)  # checks start now, not at the first example
    return datasets.IterableDataset.from_generator(
        _rows,
        features=features(conversational),
        gen_kwargs={"stream": stream, "start": start, "conversational": conversational},
    )
