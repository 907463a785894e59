"""Properties of the generators over many seeds and step counts."""

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import generators
from generators.tasks._common import below, choice, indexed_lines, number_list, randint, random_string


@st.composite
def task_steps_seed(draw):
    task = draw(st.sampled_from(generators.TASKS))
    steps = draw(st.integers(min_value=generators.step_range(task).start, max_value=100))
    return task, steps, draw(st.integers(min_value=0, max_value=2**63))


@settings(max_examples=600, deadline=None)
@given(task_steps_seed())
def test_exact_steps_and_label_is_solved(args):
    task, steps, seed = args
    example = generators.generate(task, steps, seed)
    label = example["label"]
    assert len(label["intermediate"]) + 1 == steps
    assert generators.solve(task, json.loads(json.dumps(example["question"]))) == label


def test_every_step_count_of_every_task():
    """Exhaustive over 1..100 (Count: 2..100) with a few seeds each."""
    for task in generators.TASKS:
        for steps in generators.step_range(task):
            for seed in range(3):
                label = generators.generate(task, steps, seed)["label"]
                assert len(label["intermediate"]) + 1 == steps, (task, steps, seed)


@settings(max_examples=200, deadline=None)
@given(task_steps_seed())
def test_question_values_appear_in_the_prompt(args):
    task, steps, seed = args
    example = generators.generate(task, steps, seed)
    block = example["prompt"].split("[Question]\n", 1)[1]
    for value in example["question"].values():
        for item in value if isinstance(value, list) else [value]:
            for atom in item if isinstance(item, list) else [item]:
                assert str(atom) in block


def test_each_draw_takes_one_random_number():
    # random.Random(0).random() gives 0.8444, 0.7579, 0.4205, 0.2589, 0.5112, 0.4049 in turn.
    rng = random.Random(0)
    assert below(rng, 10) == 8  # int(8.44)
    assert randint(rng, 1, 6) == 5  # 1 + int(0.7579 * 6)
    assert choice(rng, "abc") == "b"  # "abc"[int(0.4205 * 3)]
    assert random_string(rng, "ab", 2) == "ab"  # int(0.2589 * 2), int(0.5112 * 2)
    assert rng.random() == 0.4049341374504143  # the sixth: five draws, five numbers


def test_the_rendering_helpers_by_hand():
    assert number_list([3, 0, 10]) == "3, 0, 10"
    assert number_list([]) == ""
    assert indexed_lines(["ab", "c"]) == "0: ab\n1: c"
