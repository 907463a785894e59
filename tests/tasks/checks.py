"""The checks every task passes. A task's test file (``test_<task>.py``) subclasses
:class:`TaskChecks` with its own data: ``labels`` (hand-computed, each pinning a rule of
TASKS.md), ``malformed`` (questions ``solve`` must refuse, with a fragment of the message)
and ``pinned_draws``; ``conftest.py`` makes each case a test of its own. So
``pytest tests/tasks/test_sort.py`` runs everything about Sort."""

import hashlib
import json
import re
from typing import Any, ClassVar

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import procbench_generators
from procbench_generators.prompts import split_template

# Sentences of the original templates (as printed in the paper): ours are our own words.
ORIGINAL_PHRASES = [
    "Do not include the initial state and final state in the list of intermediate states",
    "Provide the final string along with the intermediate",
    "If the alphabet is not found, do nothing",
    "wrap the right-most character around to the beginning",
    "If \u201dx\u201d reaches the beginning of the array",
]


def label(init: Any, intermediate: list[Any], final: Any) -> dict[str, Any]:
    return {"init": init, "intermediate": intermediate, "final": final}


def draws_digest(task: str) -> str:
    """Digest of the questions drawn for steps 2..7 with seed 0."""
    questions = [procbench_generators.generate(task, steps, 0)["question"] for steps in range(2, 8)]
    return hashlib.sha256(json.dumps(questions, sort_keys=True).encode()).hexdigest()[:16]


def initial_state_differs(task: str) -> bool:
    example_label = procbench_generators.generate(task, 3, 0)["label"]
    return type(example_label["init"]) is not type(example_label["intermediate"][0])


SHARED = HealthCheck.differing_executors  # one property test, run by each task's class: meant


class TaskChecks:
    task: ClassVar[str]
    labels: ClassVar[tuple[tuple[dict[str, Any], dict[str, Any]], ...]]
    malformed: ClassVar[tuple[tuple[Any, str], ...]]
    pinned_draws: ClassVar[str]

    # --- the rule ------------------------------------------------------------------------

    def test_hand_computed_label(self, labelled):
        question, expected = labelled
        assert procbench_generators.solve(self.task, question) == expected

    def test_malformed_question_raises_value_error_naming_the_field(self, malformed):
        question, message = malformed
        with pytest.raises(ValueError) as error:
            procbench_generators.solve(self.task, question)
        assert message in str(error.value)

    # --- the generator -------------------------------------------------------------------

    def test_pinned_draws(self):
        """A change to the task's draws changes the published benchmark: it must show up
        here and be made on purpose (update the value in the same commit)."""
        assert draws_digest(self.task) == self.pinned_draws

    def test_every_step_count_gives_exactly_that_many_steps(self):
        for steps in procbench_generators.step_range(self.task):
            for seed in range(3):
                example_label = procbench_generators.generate(self.task, steps, seed)["label"]
                assert len(example_label["intermediate"]) + 1 == steps, (steps, seed)

    @settings(max_examples=26, deadline=None, suppress_health_check=[SHARED])
    @given(st.data())
    def test_a_generated_label_is_the_solved_question(self, data):
        steps = data.draw(st.sampled_from(procbench_generators.step_range(self.task)))
        example = procbench_generators.generate(self.task, steps, data.draw(st.integers(0, 2**63)))
        assert len(example["label"]["intermediate"]) + 1 == steps
        assert procbench_generators.solve(self.task, json.loads(json.dumps(example["question"]))) == example["label"]

    @settings(max_examples=9, deadline=None, suppress_health_check=[SHARED])
    @given(st.data())
    def test_question_values_appear_in_the_prompt(self, data):
        steps = data.draw(st.sampled_from(procbench_generators.step_range(self.task)))
        example = procbench_generators.generate(self.task, steps, data.draw(st.integers(0, 2**63)))
        block = example["prompt"].split("[Question]\n", 1)[1]
        for value in example["question"].values():
            for item in value if isinstance(value, list) else [value]:
                for atom in item if isinstance(item, list) else [item]:
                    assert str(atom) in block

    # --- the procedure text --------------------------------------------------------------

    def test_template_ends_with_a_free_form_request_then_a_json_request(self):
        procedure, free_form_request, json_request = split_template(procbench_generators.load_template(self.task))
        assert json_request.startswith("Answer format:")
        assert '{"intermediate": [...], "final": ...}' in json_request
        assert free_form_request.startswith("Give the final ")
        assert "together with the list of intermediate" in free_form_request
        assert re.search(r"leaves out the (initial|start) .* and the final ", free_form_request)
        assert "Answer format" not in procedure + free_form_request
        assert procbench_generators.procedure_text(self.task) == f"{procedure}\n\n{json_request}"
        assert (
            procbench_generators.procedure_text(self.task, answer_format=False) == f"{procedure}\n\n{free_form_request}"
        )
        assert "\n\n" in procedure or len(procedure) > 200  # a real procedure, not a stub

    def test_template_says_what_the_states_are(self):
        text = procbench_generators.load_template(self.task)
        assert "step" in text
        assert "initial state" in text.lower()

    def test_template_does_not_copy_the_original(self):
        text = re.sub(r"\s+", " ", procbench_generators.load_template(self.task))
        for phrase in ORIGINAL_PHRASES:
            assert phrase.lower() not in text.lower()

    def test_an_initial_state_of_another_type_is_said_to_be_no_part_of_the_answer(self):
        text = procbench_generators.procedure_text(self.task, answer_format=False)
        said = "it is shown for completeness only and is never part of the answer" in text
        assert said == initial_state_differs(self.task)


def listed_words_read_back(task: str, steps: int, seed: int) -> None:
    """Each line after ``Fills:``/``Words:`` holds one entry and nothing else, so a reader
    recovers every word exactly, punctuation included (FillWord and DeleteWord)."""
    example = procbench_generators.generate(task, steps, seed)
    block = example["prompt"].split("[Question]\n", 1)[1]
    sentence_line, heading, *entries = block.rstrip("\n").split("\n")
    assert sentence_line == f"Sentence: {example['question']['sentence']}"
    if task == "FillWord":
        assert heading == "Fills:"
        read = [[int(entry.split("] ", 1)[0][1:]), entry.split("] ", 1)[1]] for entry in entries]
        assert read == example["question"]["fills"]
    else:
        assert heading == "Words:" and entries == example["question"]["words"]
