"""ProcBench inside reasoning-gym: registry, entries, prefix-accuracy scoring, curriculum,
and a CompositeDataset mixed with reasoning-gym's own tasks."""

import importlib
import itertools
import json

import pytest
import reasoning_gym
from reasoning_gym.composite import CompositeConfig, CompositeDataset, DatasetSpec
from reasoning_gym.factory import DATASETS, create_curriculum, get_score_answer_fn

import procbench
import procbench_tools.integrations.reasoning_gym as adapter


def test_create_dataset_gives_the_stream_as_entries():
    data = reasoning_gym.create_dataset("procbench", tasks=["Sort", "Cumulate"], min_steps=2, max_steps=9,
                                        size=12, seed=5)  # fmt: skip
    assert len(data) == 12
    entries = list(data)
    examples = list(itertools.islice(procbench.stream(["Sort", "Cumulate"], 2, 9, seed=5), 12))
    for index, (entry, example) in enumerate(zip(entries, examples, strict=True)):
        assert entry["question"] == example["prompt"]
        label = example["label"]
        assert json.loads(entry["answer"]) == {"intermediate": label["intermediate"], "final": label["final"]}
        metadata = entry["metadata"]
        assert metadata["source_dataset"] == "procbench" and metadata["source_index"] == index
        assert (metadata["id"], metadata["task"], metadata["steps"]) == (
            example["id"],
            example["task"],
            example["steps"],
        )
        assert metadata["label"] == label and metadata["difficulty"] == {"steps": (2, 9)}
        assert data.score_answer(entry["answer"], entry) == 1.0
    assert data[3] == entries[3]  # random access, repeatable


def test_score_answer_is_prefix_accuracy():
    data = reasoning_gym.create_dataset("procbench", tasks=["Cumulate"], min_steps=4, max_steps=4, size=3, seed=0)
    entry = data[0]
    states = [*entry["metadata"]["label"]["intermediate"], entry["metadata"]["label"]["final"]]
    half_right = json.dumps({"intermediate": [*states[:2], states[2] + 1], "final": states[3]})
    assert data.score_answer(f"Here it is: {half_right}", entry) == 0.5
    assert data.score_answer(json.dumps({"intermediate": states[:3], "final": states[3] + 1}), entry) == 0.75
    assert data.score_answer("no idea", entry) == 0.0
    assert data.score_answer(None, entry) == 0.0
    assert data.score_answer("", entry) == 0.0
    assert get_score_answer_fn("procbench")(entry["answer"], entry) == 1.0


def test_the_benchmark_stays_out_unless_asked():
    data = reasoning_gym.create_dataset("procbench", tasks=["Encode"], min_steps=2, max_steps=2, size=400, seed=1)
    assert data.stream.exclusion == procbench.Stream(["Encode"]).exclusion
    assert len(data.stream.exclusion.questions) == 240
    leaky = reasoning_gym.create_dataset("procbench", tasks=["Encode"], min_steps=2, max_steps=2, size=400,
                                         seed=1, exclude_benchmark=False)  # fmt: skip
    assert len(leaky.stream.exclusion) == 0


def test_curriculum_grows_the_step_range():
    curriculum = create_curriculum("procbench")
    configs = []
    for _ in range(len(adapter.STEP_LEVELS) - 1):
        config = curriculum.generate_configuration({"size": 4, "seed": 0})
        configs.append((config.min_steps, config.max_steps))
        curriculum.increment_attr_level("steps")
    assert configs == [(2, 3), (2, 5), (2, 8), (2, 12), (2, 16), (2, 25), (2, 40), (2, 60), (2, 100)]
    assert not curriculum.increment_attr_level("steps")  # the top level
    data = reasoning_gym.create_dataset("procbench", **vars(curriculum.generate_configuration({"size": 5, "seed": 0})))
    assert all(2 <= entry["metadata"]["steps"] <= 100 for entry in data)


def test_mixed_into_a_composite_with_reasoning_gym_tasks():
    config = CompositeConfig(
        size=40,
        seed=7,
        datasets=[
            DatasetSpec("procbench", 1.0, {"tasks": ["Cumulate", "Sort"], "max_steps": 6}),
            DatasetSpec("basic_arithmetic", 1.0, {}),
            DatasetSpec("leg_counting", 1.0, {}),
        ],
    )
    composite = CompositeDataset(config)
    entries = list(composite)
    sources = {entry["metadata"]["source_dataset"] for entry in entries}
    assert sources == {"procbench", "basic_arithmetic", "leg_counting"}
    for entry in entries:
        assert composite.score_answer(entry["answer"], entry) == 1.0
    ours = [entry for entry in entries if entry["metadata"]["source_dataset"] == "procbench"]
    wrong = json.dumps({"intermediate": [], "final": "wrong"})
    assert [composite.score_answer(wrong, entry) for entry in ours] == [0.0] * len(ours)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"tasks": ["Sorting"]}, "unknown task 'Sorting'"),
        ({"min_steps": 9, "max_steps": 3}, "min_steps 9 is larger than max_steps 3"),
        ({"size": 0}, "size must be at least 1, got 0"),
        ({"seed": "x"}, "seed must be an int or None, got 'x'"),
    ],
)
def test_bad_settings(kwargs, message):
    with pytest.raises(ValueError, match=message):
        reasoning_gym.create_dataset("procbench", **kwargs)


def test_importing_again_registers_once():
    registered = DATASETS["procbench"]
    importlib.reload(adapter)
    assert DATASETS["procbench"] is registered
