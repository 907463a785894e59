"""``procbench.stream``: shape, determinism, even spread, curriculum, errors."""

import hashlib
import itertools
import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import procbench
import procbench_generators
from procbench_generators.benchmark import question_hash
from procbench_tools.training.curriculum import Curriculum, Stage
from procbench_tools.training.stream import Stream
from tests.support.sets import iter_set

ROOT = Path(__file__).resolve().parent.parent
FEW = ["Sort", "Count", "Cumulate"]


def take(n, *args, **kwargs):
    return list(itertools.islice(procbench.stream(*args, **kwargs), n))


def test_examples_are_shaped_like_generate_lines():
    benchmark_line = next(iter_set(["Sort"], [2], 1))
    for example in take(46):
        # the same columns in the same order, less problem_name: a stream is not a set
        assert list(example) == [key for key in benchmark_line if key != "problem_name"]
        assert example["task_name"] == procbench_generators.TASK_IDS[example["task"]]
        assert procbench_generators.solve(example["task"], example["question"]) == example["label"]
        assert len(example["label"]["intermediate"]) + 1 == example["steps"]
        assert example["prompt"] == procbench_generators.prompt_for(example["task"], example["question"])
        json.dumps(example)  # JSON-ready, as procbench generate writes it


def test_ids_never_look_like_benchmark_ids():
    examples = take(30, FEW, 2, 25, seed=7)
    first = examples[0]
    digest = question_hash(first["task"], first["question"])[:8]
    assert first["id"] == f"{first['task']}-{first['steps']:02d}-s7-000000-{digest}"
    assert examples[29]["id"].rsplit("-", 1)[0].endswith("-s7-000029")
    benchmark_ids = {example["id"] for example in iter_set(FEW, range(2, 26), 10)}
    assert not benchmark_ids & {example["id"] for example in examples}
    assert len({example["id"] for example in examples}) == 30
    assert all(len(example["id"].split("-")) == 5 for example in examples)  # a benchmark id has 4 fields


def test_any_prefix_is_reproducible_and_resumable():
    first = take(120, FEW, 1, 30, seed=3)
    assert take(50, FEW, 1, 30, seed=3) == first[:50]
    assert take(70, FEW, 1, 30, seed=3, start=50) == first[50:]
    settings_ = Stream(FEW, 1, 30, 3)
    assert [settings_.example(i) for i in (119, 0, 77)] == [first[119], first[0], first[77]]
    assert take(10, FEW, 1, 30, seed=4) != first[:10]


def test_the_stream_is_the_same_in_a_fresh_process_under_any_hash_seed():
    """The examples depend on nothing but the settings: not on the process, nor on
    PYTHONHASHSEED (sets of strings are iterated in hash order)."""
    code = (
        "import hashlib, itertools, json, procbench\n"
        "examples = itertools.islice(procbench.stream(['Sort', 'Count2', 'FillWord'], 2, 40, seed=11), 60)\n"
        "print(hashlib.sha256(json.dumps(list(examples)).encode()).hexdigest())\n"
    )
    here = hashlib.sha256(json.dumps(take(60, ["Sort", "Count2", "FillWord"], 2, 40, seed=11)).encode()).hexdigest()
    for hash_seed in ("0", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        result = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=env, check=True
        )
        assert result.stdout.strip() == here


def test_tasks_and_step_counts_are_spread_exactly_evenly():
    # 3 tasks, steps 1..4 (Count takes 2..4): every block of 3 holds each task once, and a
    # task's examples run through its step counts once per cycle.
    settings_ = Stream(FEW, 1, 4, seed=5)
    plans = [settings_.plan(position) for position in range(3 * 12)]
    for block in range(12):
        assert sorted(task for task, _ in plans[3 * block : 3 * block + 3]) == sorted(FEW)
    steps = {task: [count for name, count in plans if name == task] for task in FEW}
    for cycle in range(3):
        assert sorted(steps["Sort"][4 * cycle : 4 * cycle + 4]) == [1, 2, 3, 4]
        assert sorted(steps["Cumulate"][4 * cycle : 4 * cycle + 4]) == [1, 2, 3, 4]
    for cycle in range(4):
        assert sorted(steps["Count"][3 * cycle : 3 * cycle + 3]) == [2, 3, 4]
    assert len(set(map(tuple, (plans[i : i + 3] for i in range(0, 36, 3))))) > 1  # the order is shuffled


def test_default_stream_covers_every_task_and_step_count():
    settings_ = Stream()
    plans = [settings_.plan(position) for position in range(23 * 100)]
    counts = Counter(task for task, _ in plans)
    assert counts == dict.fromkeys(procbench_generators.TASKS, 100)
    for task in procbench_generators.TASKS:
        allowed = procbench_generators.step_range(task)
        seen = Counter(steps for name, steps in plans if name == task)
        assert set(seen) == set(allowed)  # 100 examples of 1..100 (Count: 2..100, one twice)
        assert max(seen.values()) <= 2


def test_curriculum_stages_give_their_step_ranges():
    curriculum = [(30, 1, 3), (60, 4, 10), (None, 20, 25)]
    examples = take(120, FEW, curriculum=curriculum, seed=2)
    assert {e["steps"] for e in examples[:30]} == {1, 2, 3}
    assert {e["steps"] for e in examples[30:90]} == set(range(4, 11))
    assert {e["steps"] for e in examples[90:]} == set(range(20, 26))
    assert Counter(e["task"] for e in examples[:30]) == dict.fromkeys(FEW, 10)
    parsed = take(120, FEW, curriculum=Curriculum.parse("30:1-3,60:4-10,20-25"), seed=2)
    assert parsed == examples


def test_curriculum_constructors():
    linear = Curriculum.linear(start=(1, 5), end=(1, 100), examples=1000, stages=4)
    assert linear.stages == (Stage(250, 1, 5), Stage(250, 1, 37), Stage(250, 1, 68), Stage(None, 1, 100))
    assert linear.starts == (0, 250, 500, 750)
    assert [linear.stage_at(position) for position in (0, 249, 250, 749, 750, 10**9)] == [
        (0, 0), (0, 249), (1, 0), (2, 249), (3, 0), (3, 10**9 - 750),
    ]  # fmt: skip
    assert Curriculum.linear((2, 2), (2, 9), examples=10, stages=3).stages == (
        Stage(4, 2, 2), Stage(3, 2, 6), Stage(None, 2, 9),
    )  # fmt: skip
    assert Curriculum.parse("1000:1-5, 7").stages == (Stage(1000, 1, 5), Stage(None, 7, 7))
    assert Curriculum.of([Stage(5, 1, 2), (None, 3, 4)]).stages == (Stage(5, 1, 2), Stage(None, 3, 4))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"tasks": ["Sorting"]}, "unknown task 'Sorting'; valid tasks are Sort, Gather"),
        ({"tasks": []}, "tasks must name at least one task"),
        ({"min_steps": 5, "max_steps": 4}, "min_steps 5 is larger than max_steps 4"),
        ({"min_steps": "1"}, "min_steps must be an int, got '1'"),
        ({"seed": 1.5}, "seed must be an int, got 1.5"),
        ({"tasks": ["Count"], "max_steps": 1}, "these tasks take steps from 2 to 100, not 1..1"),
        ({"tasks": ["Count", "Sort"], "max_steps": 1}, "Count takes steps from 2 to 100, none of them in 1..1"),
        ({"min_steps": 0}, "these tasks take steps from 1 to 100, not 0..100"),
        ({"tasks": ["Sort"], "max_steps": 101}, "these tasks take steps from 1 to 100, not 1..101"),
        ({"curriculum": [(10, 1, 5), (None, 1, 200)]}, r"curriculum stage 1 \(1..200 steps\) is outside"),
        ({"curriculum": [(None, 1, 5), (None, 1, 9)]}, "curriculum stage 0: examples must be an int, got None"),
        ({"curriculum": [(0, 1, 5), (None, 1, 9)]}, "curriculum stage 0: examples must be at least 1, got 0"),
        ({"curriculum": [(10, 6, 5)]}, "curriculum stage 0: min_steps 6 is larger than max_steps 5"),
        ({"curriculum": [(10, 5)]}, r"curriculum stage 0 must be \(examples, min_steps, max_steps\)"),
        ({"curriculum": "1-5"}, "a curriculum is a list of"),
        ({"curriculum": []}, "a curriculum needs at least one stage"),
        ({"exclude_benchmark": "no"}, "exclude_benchmark must be True or False, got 'no'"),
        ({"exclude": "nowhere.jsonl"}, "dataset to exclude not found: nowhere.jsonl"),
        ({"start": -1}, "start must be at least 0, got -1"),
    ],
)
def test_bad_settings_fail_at_the_call_with_one_clear_message(kwargs, message):
    with pytest.raises(ValueError, match=message):
        procbench.stream(**kwargs)


def test_curriculum_parse_errors():
    with pytest.raises(ValueError, match=r"curriculum stage 1 '20:x' is not EXAMPLES:MIN-MAX \(e.g. 1000:1-5\)"):
        Curriculum.parse("10:1-5,20:x")


@settings(max_examples=25, deadline=None)
@given(
    tasks=st.lists(st.sampled_from(procbench_generators.TASKS), min_size=1, max_size=4, unique=True),
    low=st.integers(2, 30),
    width=st.integers(0, 20),
    seed=st.integers(-(2**40), 2**40),
    position=st.integers(0, 10**6),
)
def test_random_access_equals_iteration(tasks, low, width, seed, position):
    settings_ = Stream(tasks, low, low + width, seed, exclude_benchmark=False)
    example = settings_.example(position)
    assert next(settings_.iterate(position)) == example
    assert example["task"] in tasks and low <= example["steps"] <= low + width
    digest = question_hash(example["task"], example["question"])[:8]
    assert example["id"] == f"{example['task']}-{example['steps']:02d}-s{seed}-{position:06d}-{digest}"
