"""The harness-neutral core of the integrations: which examples a harness runs, in which
order, from which parameters."""

from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

import procbench_generators
from procbench_tools.dataset.export import export
from procbench_tools.integrations.examples import (
    as_bool,
    as_int,
    benchmark_examples,
    parse_tasks,
    spread,
    spread_order,
)
from procbench_tools.scoring.lengths import length_bucket
from tests.support.sets import iter_set


def test_parse_tasks():
    assert (
        parse_tasks(None)
        == parse_tasks("")
        == parse_tasks("all")
        == parse_tasks([])
        == tuple(procbench_generators.TASKS)
    )
    assert parse_tasks("task01, Cumulate") == ("Sort", "Cumulate")
    assert parse_tasks(["Cumulate", "task21", "Sort"]) == ("Cumulate", "Sort")
    with pytest.raises(ValueError, match=r"unknown task 'sorting'; valid tasks are Sort, Gather"):
        parse_tasks("sorting")


def test_parameters_from_command_lines():
    assert as_int(None, 2024) == 2024
    assert as_int("7", 2024) == 7 and as_int(-3, 0) == -3 and as_int(" +7 ", 0) == 7
    assert as_bool(None, True) is True
    assert as_bool("False", True) is False and as_bool(1, False) is True and as_bool("no", True) is False
    # anything else is passed on for the settings to refuse, in their words
    for bad in (True, "7.5", 2.0, "seven", "--3", ""):
        with pytest.raises(ValueError, match=f"seed must be an int, got {bad!r}"):
            benchmark_examples("Sort", seed=bad)
    with pytest.raises(ValueError, match="answer_format must be True or False, got 'maybe'"):
        benchmark_examples("Sort", answer_format="maybe")
    with pytest.raises(ValueError, match="per_step must be at least 1, got 0"):  # the harness's name
        benchmark_examples("Sort", per_step="0")


def test_spread_of_the_default_steps():
    order = spread(range(2, 26))
    assert order[:8] == [2, 25, 13, 19, 7, 10, 16, 22]
    assert [length_bucket(steps) for steps in order[:3]] == ["short", "long", "medium"]


@given(st.sets(st.integers(-50, 150), min_size=1, max_size=40))
def test_spread_is_a_permutation_starting_at_the_ends(values):
    order = spread(values)
    assert sorted(order) == sorted(values)
    assert order[0] == min(values)
    if len(values) > 1:
        assert order[1] == max(values)
    if len(values) > 2:
        middle = (min(values) + max(values)) / 2
        inner = sorted(values)[1:-1]
        nearest = min(abs(value - middle) for value in inner)
        assert abs(order[2] - middle) == nearest


@given(
    st.lists(st.sampled_from(procbench_generators.TASKS), min_size=1, max_size=4, unique=True),
    st.sets(st.integers(2, 30), min_size=1, max_size=6),
    st.integers(1, 3),
)
def test_spread_order_takes_a_round_of_every_task_and_length_first(tasks, steps, per_step):
    examples = [
        {"id": f"{task}-{count:02d}-{index:03d}", "task": task, "steps": count}
        for task in tasks
        for count in sorted(steps)
        for index in range(per_step)
    ]
    ordered = spread_order(examples)
    assert Counter(example["id"] for example in ordered) == Counter(example["id"] for example in examples)
    size = len(tasks) * len(steps)
    for round_ in range(per_step):
        chunk = ordered[round_ * size : (round_ + 1) * size]
        assert {(example["task"], example["steps"]) for example in chunk} == {
            (task, count) for task in tasks for count in steps
        }
        assert all(example["id"].endswith(f"-{round_:03d}") for example in chunk)
    first_round_steps = [example["steps"] for example in ordered[: size : len(tasks)]]
    assert first_round_steps == spread(steps)


def test_defaults_are_the_default_benchmark():
    examples = benchmark_examples()
    reference = {example["id"]: example for example in iter_set(procbench_generators.TASKS, range(2, 26), 10, 2024)}
    assert len(examples) == 5520 and {example["id"] for example in examples} == set(reference)
    for example in examples[::97]:
        assert example["prompt"] == reference[example["id"]]["prompt"]
        assert example["label"] == reference[example["id"]]["label"]
        assert example["length"] == length_bucket(example["steps"])


def test_a_published_dataset_narrowed_by_task_and_steps(tmp_path):
    folder = export(tmp_path / "published", configs=["all"], max_steps=8, examples_per_step=2, progress=False)
    chosen = benchmark_examples("Sort,task21", min_steps=3, max_steps=5, dataset=str(folder))
    generated = benchmark_examples("Sort,task21", min_steps=3, max_steps=5, per_step=2)
    assert chosen == generated and len(chosen) == 2 * 3 * 2
    with pytest.raises(ValueError, match="holds no example of Sort with 20 to 25 steps"):
        benchmark_examples("Sort", min_steps=20, max_steps=25, dataset=str(folder))
    with pytest.raises(ValueError, match="answer_format applies to generated examples"):
        benchmark_examples(answer_format=False, dataset=str(folder))
    with pytest.raises(ValueError, match="'no-such-folder' is neither a folder nor a Hub repo id"):
        benchmark_examples(dataset="no-such-folder")
