"""``procbench.iterable_dataset``: the stream as a ``datasets.IterableDataset`` for TRL."""

import itertools
import json

import datasets
import pytest

import procbench


def test_columns_and_rows_follow_the_stream():
    dataset = procbench.iterable_dataset(["Sort", "Cumulate"], 2, 6, seed=8)
    assert isinstance(dataset, datasets.IterableDataset)
    assert list(dataset.features) == ["id", "task", "steps", "prompt", "completion", "question", "label"]
    assert dataset.features["steps"] == datasets.Value("int32")
    rows = list(dataset.take(30))
    examples = list(itertools.islice(procbench.stream(["Sort", "Cumulate"], 2, 6, seed=8), 30))
    for row, example in zip(rows, examples, strict=True):
        assert (row["id"], row["task"], row["steps"], row["prompt"]) == (
            example["id"], example["task"], example["steps"], example["prompt"],
        )  # fmt: skip
        assert json.loads(row["label"]) == example["label"] and json.loads(row["question"]) == example["question"]
        label = example["label"]
        assert json.loads(row["completion"]) == {"intermediate": label["intermediate"], "final": label["final"]}


def test_the_completion_is_in_the_format_the_prompt_asks_for():
    row = next(iter(procbench.iterable_dataset(["Cumulate"], 3, 3, seed=1)))
    assert 'end your answer with one JSON object of the form {"intermediate": [...], "final": ...}' in row["prompt"]
    assert row["completion"].startswith('{"intermediate": [') and '], "final": ' in row["completion"]


def test_conversational_rows():
    dataset = procbench.iterable_dataset(["Sort"], 2, 2, conversational=True)
    plain = next(iter(procbench.iterable_dataset(["Sort"], 2, 2)))
    row = next(iter(dataset))
    assert row["prompt"] == [{"role": "user", "content": plain["prompt"]}]
    assert row["completion"] == [{"role": "assistant", "content": plain["completion"]}]
    assert row["label"] == plain["label"]


def test_start_resumes_and_the_dataset_is_endless():
    dataset = procbench.iterable_dataset(["Cumulate"], 1, 3, seed=2)
    rows = list(dataset.take(12))
    assert list(procbench.iterable_dataset(["Cumulate"], 1, 3, seed=2, start=7).take(5)) == rows[7:]
    assert len(list(dataset.skip(3000).take(2))) == 2  # no end in sight
    with pytest.raises(TypeError):
        len(dataset)


def test_it_maps_and_batches_like_any_iterable_dataset():
    dataset = procbench.iterable_dataset(["Sort"], 2, 4).map(lambda row: {"n_chars": len(row["prompt"])})
    batch = next(iter(dataset.batch(4)))
    assert len(batch["n_chars"]) == 4 and batch["n_chars"] == [len(prompt) for prompt in batch["prompt"]]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"conversational": "yes"}, "conversational must be True or False"),
        ({"tasks": ["Sorting"]}, "unknown task 'Sorting'"),
        ({"start": -3}, "start must be at least 0, got -3"),
    ],
)
def test_bad_arguments_fail_at_the_call(kwargs, message):
    with pytest.raises(ValueError, match=message):
        procbench.iterable_dataset(**kwargs)


def test_sft_columns_can_be_selected():
    """The README's SFTTrainer example keeps only prompt and completion."""
    row = next(iter(procbench.iterable_dataset(["Sort"], 2, 2).select_columns(["prompt", "completion"])))
    assert list(row) == ["prompt", "completion"]
