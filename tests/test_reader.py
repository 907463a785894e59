"""The answer reader: hand-written answers, every form for every task, junk, linear time."""

import json
import time
import warnings
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import procbench_generators
from procbench_tools.scoring import reader
from procbench_tools.scoring.document import Document
from procbench_tools.scoring.normalise import MAX_CHARS
from procbench_tools.scoring.reader import read_answer
from procbench_tools.scoring.state_types import typed
from procbench_tools.scoring.values import parse_value
from tests.support.answer_forms import FORMS, VALUE_STYLES, Unrenderable, render

FIXTURES = json.loads((Path(__file__).parent / "fixtures" / "raw_answers.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("case", FIXTURES, ids=[case["style"] for case in FIXTURES])
def test_hand_written_answers(case):
    assert read_answer(case["response"], case["reference"]) == case["expected"]


def test_reference_as_json_string_and_without_reference():
    label = {"init": 2, "intermediate": [5], "final": 20}
    assert read_answer("Step 1: 5\nFinal: 20", json.dumps(label)) == {"intermediate": [5], "final": 20}
    assert read_answer("Step 1: 007\nFinal: 20") == {"intermediate": ["007"], "final": 20}


def test_value_parsing_and_typing():
    assert parse_value("[abc, 'd e', [f]]") == ["abc", "d e", ["f"]]
    assert parse_value("`bistt`.") == "bistt"
    assert parse_value('"The cat, sat."') == "The cat, sat."
    assert parse_value("The cat sat.") == "The cat sat."
    assert parse_value("**abc**") == "abc"
    assert parse_value("[1_6]") == ["1_6"]  # never the Python number 16
    assert typed(parse_value("12"), int) == 12 and typed(parse_value("12"), str) == "12"
    assert typed(parse_value("3.0"), int) == 3 and typed(parse_value("1.5"), int) == 1.5
    assert typed("1.5", int) == "1.5" and typed(True, str) is True and typed("[1, 2]", [int]) == "[1, 2]"


# --- every form, for every task ------------------------------------------------------------


@st.composite
def labelled_renderings(draw):
    task = draw(st.sampled_from(procbench_generators.TASKS))
    steps = draw(st.integers(procbench_generators.step_range(task).start, 12))
    label = procbench_generators.generate(task, steps, draw(st.integers(0, 10**6)))["label"]
    form, style = draw(st.sampled_from(FORMS)), draw(st.sampled_from(VALUE_STYLES))
    try:
        response = render(label, form, style)
    except Unrenderable:
        assume(False)
    return label, form, response


@settings(max_examples=1500, deadline=None)
@given(labelled_renderings())
def test_every_form_reads_back_to_the_label(case):
    label, form, response = case
    expected = {"intermediate": label["intermediate"], "final": label["final"]}
    assert read_answer(response, label) == expected, (form, response)


@pytest.mark.parametrize("form", FORMS)
def test_each_form_on_a_sentence_task_and_a_list_task(form):
    for task in ("DeleteWord", "Encode", "Cumulate", "Compare"):
        label = procbench_generators.generate(task, 5, 1)["label"]
        response = render(label, form, "double")
        assert read_answer(response, label) == {"intermediate": label["intermediate"], "final": label["final"]}


def test_states_that_hold_a_role_word_are_no_headings():
    # A rendering Hypothesis found: states of a sentence task that say "intermediate" in a
    # sentence of their own ("... route. An intermediate range plane.") were read as a
    # heading over the lines below, and the numbered states as no list.
    states = [
        "Intermediate stages in a process. Intermediate stops [2] [3] route. An intermediate range plane.",
        "Intermediate stages in a process. Intermediate stops on [3] route. An intermediate range plane.",
        "Intermediate stages in a process. Intermediate stops on the route. An intermediate range plane.",
    ]
    label = {"init": "Intermediate stops [2] [3] route.", "intermediate": states[:2], "final": states[2]}
    response = f"Intermediate states:\n1. {states[0]}\n2. {states[1]}\n\nFinal answer: {states[2]}"
    assert read_answer(response, label) == {"intermediate": states[:2], "final": states[2]}


def test_a_repeated_line_gives_each_repeat_its_tidied_state():
    # A looping model's line is read once for all its repeats and its state worked out once:
    # every repeat is the state tidied ("abdc." is the word abdc), as each alone would be.
    reading = reader.read_reply("Here goes.\n" + "abdc.\n" * 3 + "bacd.", ["abdc", "badc", "bacd"], "abcd")
    assert reading is not None and (reading.intermediate, reading.final) == (["abdc"] * 3, "bacd")
    assert reading.form == "chain" and {doubt.value for doubt in reading.doubts} == {"count"}


def test_a_region_is_parsed_once_for_both_passes(monkeypatch):
    # A reply no region answers is looked at again for a value alone on its line: from the
    # document already parsed, not a second normalisation and layout (a megabyte of fenced
    # openings took twice the time).
    parsed = []
    monkeypatch.setattr(reader, "Document", lambda text, expected: parsed.append(text) or Document(text, expected))
    reading = reader.read_reply("The sentence reads:\nabdc", ["abdc", "bacd"], "abcd")
    assert reading is not None and (reading.final, reading.form) == ("abdc", "chain/lone value")
    assert parsed == ["The sentence reads:\nabdc"]


def test_a_pretty_printed_object_that_ends_the_reply_is_read_without_a_document(monkeypatch):
    # An answer object written over several lines, after a draft object, ends the reply:
    # nothing can come after it, so it is read at once, no document parsed (a long
    # pretty-printed object was read line by line), and its states are the model's own,
    # not checked for shape (an empty final string is a state, not an unfit one).
    monkeypatch.setattr(reader, "Document", lambda text, expected: pytest.fail(f"parsed {text!r}"))
    reply = 'Draft: {"intermediate": [], "final": "x"}\nChecked:\n```json\n{\n  "intermediate": ["ab", "a"],\n'
    reading = reader.read_reply(reply + '  "final": ""\n}\n```', ["ab", "a", ""], "abc")
    assert reading is not None
    assert (reading.intermediate, reading.final, reading.form) == (["ab", "a"], "", "object")
    assert reading.doubts == frozenset()


# --- junk, time, warnings --------------------------------------------------------------------

JUNK_ALPHABET = list("{}[]()'\"`,:;.\\ \n\t-*#<>/=→stepSTEP1finalFINALanswerthinkintermediate state0123abc_")


@settings(max_examples=1000, deadline=None)
@given(st.text(alphabet=st.sampled_from(JUNK_ALPHABET), max_size=300), st.sampled_from([None, "Sort", "Count"]))
def test_junk_never_raises(text, task):
    label = None if task is None else procbench_generators.generate(task, 4, 0)["label"]
    states = None if label is None else [*label["intermediate"], "x"]
    reading = reader.read_text(text, reader.expected_of(states, None if label is None else label["init"]))
    assert reading is None or isinstance(reading.intermediate, list)


@pytest.mark.parametrize("empty", ["", "   \n"])
def test_empty_responses_have_no_answer(empty):
    assert read_answer(empty) is None


@pytest.mark.parametrize("bad", [None, 42, b"{}", ["a"], {"final": "x"}])
def test_non_text_responses_are_refused_in_one_line(bad):
    # A response that holds no text is never a silent "no answer" (scored 0): it is refused.
    with pytest.raises(reader.NotText, match="holds no text; a response must be text, a chat message list"):
        read_answer(bad)


PATHOLOGICAL = {
    "open braces": "{" * 1_000_000,
    "fenced openings": "```json\n{\n" * 100_000,
    "tiny lists": "[a] " * 250_000,
    "tiny dicts with a final key": "{a} " * 250_000 + "final",
    "deep balanced": "[" * 500_000 + "]" * 500_000,
    "quotes in brackets": "['" * 500_000,
    "looping step lines": "Step 1: abc\n" * 80_000 + "Final: x",
    "one long line": "step " * 200_000,
}


@pytest.mark.parametrize("name", PATHOLOGICAL)
def test_pathological_answers_are_read_in_linear_time(name):
    # Each is read in well under a second here; the old reader took 37 s on 20,000 "{"
    # and quadratic behaviour would take hours on a megabyte. The bound is generous.
    start = time.process_time()
    read_answer(PATHOLOGICAL[name])
    assert time.process_time() - start < 10


def test_only_the_tail_of_a_huge_response_is_read():
    answer = json.dumps({"intermediate": ["a"], "final": "b"})
    assert read_answer("noise\n" * 400_000 + answer) == {"intermediate": ["a"], "final": "b"}
    assert read_answer(answer + "\n" + "x" * (MAX_CHARS + 10)) is None  # documented cap


def test_no_warnings_reach_the_user():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for response in ("step1: 8iso\nfinal state: 8iso", "{'final': 8iso}", r"{'final': '\d'}", "[1_6, 0x1g]"):
            read_answer(response, {"intermediate": ["8iso"], "final": "8iso"})
