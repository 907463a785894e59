"""A prompt's task and question are read back from its ``[Question]`` block by the task's
own parser (``procbench_generators.prompts.read_prompt``): the simulated model relies on it."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import procbench_generators
from procbench_generators.prompts import read_prompt


@pytest.mark.parametrize("task", procbench_generators.TASKS)
@pytest.mark.parametrize("answer_format", [True, False])
def test_every_task_reads_back_at_its_fewest_middle_and_most_benchmark_steps(task, answer_format):
    """Each parser inverts its renderer, in both prompt variants, at short and long steps."""
    low, high = procbench_generators.step_range(task)[0], min(procbench_generators.step_range(task)[-1], 25)
    for steps in sorted({max(low, 2), (max(low, 2) + high) // 2, high}):
        example = procbench_generators.generate(task, steps, seed=3, answer_format=answer_format)
        assert read_prompt(example["prompt"]) == (task, example["question"])


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(procbench_generators.TASKS), st.integers(2, 25), st.integers(0, 10**6))
def test_any_generated_prompt_reads_back_as_its_question(task, steps, seed):
    """Property: read_prompt(prompt) == (task, question) for any generated example."""
    steps = min(max(steps, procbench_generators.step_range(task)[0]), procbench_generators.step_range(task)[-1])
    example = procbench_generators.generate(task, steps, seed)
    assert read_prompt(example["prompt"]) == (task, example["question"])


def test_a_hand_written_question_reads_back_with_surrounding_blank_space():
    """A harness may strip or add blank space around the prompt: the reading ignores it."""
    question = {"pairs": [["a", "b"], ["1", "x"]], "string": "a1c"}
    prompt = procbench_generators.prompt_for("Substitute", question)
    assert prompt.endswith("[Question]\nPairs: (a, b), (1, x)\nString: a1c\n")
    assert read_prompt("\n" + prompt.strip() + "\n\n") == ("Substitute", question)


@pytest.mark.parametrize(
    ("prompt", "message"),
    [
        ("What is 2 + 2?", "not a ProcBench prompt"),
        (procbench_generators.procedure_text("Sort") + "\n\n[Question]\nStrng: abc\n", "this Sort prompt is not one"),
        (
            procbench_generators.procedure_text("Cumulate") + "\n\n[Question]\nStart: x\nOperations: \n",
            "this Cumulate prompt",
        ),
    ],
)
def test_text_that_is_not_a_rendered_prompt_is_refused_in_one_line(prompt, message):
    """Anything else is a ValueError naming what is wrong, never a wrong question."""
    with pytest.raises(ValueError, match=message) as error:
        read_prompt(prompt)
    assert "\n" not in str(error.value)
