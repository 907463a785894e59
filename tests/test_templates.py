"""The 23 procedure texts."""

import re
from pathlib import Path

import pytest

import generators
from generators.prompts import split_template

TEMPLATES = Path(__file__).resolve().parent.parent / "templates"


def test_one_template_per_task_and_nothing_else():
    assert sorted(p.stem for p in TEMPLATES.glob("*.txt")) == sorted(generators.TASKS)


@pytest.mark.parametrize("task", generators.TASKS)
def test_template_ends_with_a_separate_json_answer_format_paragraph(task):
    procedure, answer_format = split_template(generators.load_template(task))
    assert answer_format.startswith("Answer format:")
    assert '{"intermediate": [...], "final": ...}' in answer_format
    assert "Answer format" not in procedure
    assert generators.procedure_text(task, answer_format=False) == procedure
    assert "\n\n" in procedure or len(procedure) > 200  # a real procedure, not a stub


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
    assert prompt == generators.load_template("Sort") + "\n\n[Question]\nString: itstb\n"
