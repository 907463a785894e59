"""Properties of the generators over many seeds and step counts."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

import generators

GENERATED = [task for task in generators.TASKS if generators.get_task(task).sample is not None]


@st.composite
def task_steps_seed(draw):
    task = draw(st.sampled_from(GENERATED))
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
    for task in GENERATED:
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
