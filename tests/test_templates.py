"""The 23 procedure texts."""

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import generators
from generators.prompts import split_template

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"


def test_one_template_per_task_and_nothing_else():
    assert sorted(p.stem for p in TEMPLATES.glob("*.txt")) == sorted(generators.TASKS)


@pytest.mark.parametrize("task", generators.TASKS)
def test_template_ends_with_a_free_form_request_then_a_json_request(task):
    procedure, free_form_request, json_request = split_template(generators.load_template(task))
    assert json_request.startswith("Answer format:")
    assert '{"intermediate": [...], "final": ...}' in json_request
    assert free_form_request.startswith("Give the final ")
    assert "together with the list of intermediate" in free_form_request
    assert re.search(r"leaves out the (initial|start) .* and the final ", free_form_request)
    assert "Answer format" not in procedure + free_form_request
    assert generators.procedure_text(task) == f"{procedure}\n\n{json_request}"
    assert generators.procedure_text(task, answer_format=False) == f"{procedure}\n\n{free_form_request}"
    assert "\n\n" in procedure or len(procedure) > 200  # a real procedure, not a stub


def test_the_free_form_prompt_asks_for_the_steps():
    prompt = generators.prompt_for("Sort", {"string": "itstb"}, answer_format=False)
    assert prompt.endswith(
        "Give the final sorted string, together with the list of intermediate strings: the string after each "
        "swap that changed it, in order. The list of intermediate strings leaves out the initial string and the "
        "final string.\n\n[Question]\nString: itstb\n"
    )
    assert "JSON" not in prompt


@pytest.mark.parametrize("task", generators.TASKS)
def test_template_says_what_the_states_are(task):
    text = generators.load_template(task)
    assert "step" in text
    assert "initial state" in text.lower()


# Sentences of the original templates (as printed in the paper): ours are our own words.
ORIGINAL_PHRASES = [
    "Do not include the initial state and final state in the list of intermediate states",
    "Provide the final string along with the intermediate",
    "If the alphabet is not found, do nothing",
    "wrap the right-most character around to the beginning",
    "If \u201dx\u201d reaches the beginning of the array",
]


@pytest.mark.parametrize("task", generators.TASKS)
def test_template_does_not_copy_the_original(task):
    text = re.sub(r"\s+", " ", generators.load_template(task))
    for phrase in ORIGINAL_PHRASES:
        assert phrase.lower() not in text.lower()


def test_prompt_layout():
    question = {"string": "itstb"}
    prompt = generators.prompt_for("Sort", question)
    assert prompt == generators.procedure_text("Sort") + "\n\n[Question]\nString: itstb\n"


def test_sort_says_the_position_advances_after_a_swap_with_itself():
    text = generators.procedure_text("Sort", answer_format=False)
    assert (
        "A swap of the character at the current position with itself leaves the string unchanged and does not "
        "count as a step, but the current position still advances by one, as after any swap."
    ) in text
    # "bac": letter a swaps index 1 with index 0 ("abc", one step); letter b is then at the
    # current position 1 and swaps with itself (no step), which moves the position on to 2.
    assert generators.solve("Sort", {"string": "bac"}) == {"init": "bac", "intermediate": [], "final": "abc"}


def initial_state_differs(task):
    label = generators.generate(task, 3, 0)["label"]
    return type(label["init"]) is not type(label["intermediate"][0])


def test_tasks_whose_initial_state_has_another_type():
    assert [task for task in generators.TASKS if initial_state_differs(task)] == ["Count", "Encode", "Compare"]


@pytest.mark.parametrize("task", generators.TASKS)
def test_an_initial_state_of_another_type_is_said_to_be_no_part_of_the_answer(task):
    text = generators.procedure_text(task, answer_format=False)
    said = "it is shown for completeness only and is never part of the answer" in text
    assert said == initial_state_differs(task)


def test_fill_words_are_one_a_line():
    question = {"sentence": "He [2] was [3] [4]", "fills": [[2, "obliged"], [3, "Crawford,"], [4, "impatient."]]}
    block = generators.prompt_for("FillWord", question).split("[Question]\n", 1)[1]
    assert block == "Sentence: He [2] was [3] [4]\nFills:\n[2] obliged\n[3] Crawford,\n[4] impatient.\n"
    assert "a list of fills, one a line" in generators.procedure_text("FillWord", answer_format=False)


def test_delete_words_are_one_a_line():
    question = {"sentence": "the rock. lawn. the", "words": ["the", "rock.", "lawn."]}
    block = generators.prompt_for("DeleteWord", question).split("[Question]\n", 1)[1]
    assert block == "Sentence: the rock. lawn. the\nWords:\nthe\nrock.\nlawn.\n"
    assert "a list of words, one a line" in generators.procedure_text("DeleteWord", answer_format=False)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(["FillWord", "DeleteWord"]), st.integers(1, 40), st.integers(0, 2**32))
def test_the_listed_words_read_back_exactly_from_the_prompt(task, steps, seed):
    """Each line after ``Fills:``/``Words:`` holds one entry and nothing else, so a reader
    recovers every word exactly, punctuation included."""
    example = generators.generate(task, steps, seed)
    block = example["prompt"].split("[Question]\n", 1)[1]
    sentence_line, heading, *entries = block.rstrip("\n").split("\n")
    assert sentence_line == f"Sentence: {example['question']['sentence']}"
    if task == "FillWord":
        assert heading == "Fills:"
        read = [[int(entry.split("] ", 1)[0][1:]), entry.split("] ", 1)[1]] for entry in entries]
        assert read == example["question"]["fills"]
    else:
        assert heading == "Words:" and entries == example["question"]["words"]
