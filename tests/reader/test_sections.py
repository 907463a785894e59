"""``sections.py``: final and intermediate labels with their values."""

from hypothesis import given
from hypothesis import strategies as st

from procbench_tools.scoring.labels import Role
from procbench_tools.scoring.layout import read_layout
from procbench_tools.scoring.sections import (
    _A_STEPS_STATE,
    _FINAL_NAMED,
    _FINAL_WORDS,
    _INTERMEDIATE_WORD,
    _LEAD_IN,
    _LEAD_IN_WORDS,
    _STATE_THEN_LIST,
    _STEP_WORDS,
    _THEN_FINAL,
    _THEN_INTERMEDIATE,
    Section,
    StepsAbove,
    read_sections,
)
from procbench_tools.scoring.values import may_hold_words


def sections_of(text: str) -> list[Section]:
    return read_sections(read_layout(text), (str, str))


def test_a_literal_that_goes_on_below_its_label_line_is_the_value():
    """``Intermediate = [ab,`` then `` cd]``: the value ends on the line below (its last line)."""
    intermediate, final = sections_of("Intermediate = [ab,\n cd]\nFinal: cd")
    assert intermediate == Section(Role.INTERMEDIATE, 0, 1, 24, ["ab", "cd"])
    assert final == Section(Role.FINAL, 2, 2, 34, ["cd"])


def test_a_literal_that_ends_on_its_label_line_is_the_line_value():
    """``Intermediate states: [ab, cd]``: the value is read with the line's."""
    intermediate, final = sections_of("Intermediate states: [ab, cd]\nFinal state: cd")
    assert intermediate == Section(Role.INTERMEDIATE, 0, 0, 29, ["ab", "cd"])
    assert final == Section(Role.FINAL, 1, 1, 45, ["cd"])


def test_a_list_below_an_intermediate_label_is_its_states():
    intermediate, final = sections_of("Intermediate states:\n- ab\n- cd\n\nFinal: cd")
    assert intermediate == Section(Role.INTERMEDIATE, 0, 2, 30, ["ab", "cd"])
    assert final == Section(Role.FINAL, 4, 4, 41, ["cd"])


def test_a_final_value_below_is_its_first_line_never_a_walkthrough():
    """A list below a final label is no list of states: its first item is the final state
    (after its arrow), and the value ends there."""
    assert sections_of("Final state:\n- abc\n- abd") == [Section(Role.FINAL, 0, 1, 18, ["abc"])]
    assert sections_of("Final state:\n1. abc -> abd\n2. abd -> abz") == [Section(Role.FINAL, 0, 1, 26, ["abd"])]


def test_states_named_as_mathematics_names_them_point_at_the_steps_above():
    """A list "S_1, S_2, \\ldots, S_8" names the states of steps 1 to 8 (given above); one item that
    is no such name makes the value a list of states."""
    assert sections_of("Intermediate states: S_1, S_2, \\ldots, S_8") == [
        Section(Role.INTERMEDIATE, 0, 0, 42, StepsAbove(1, 8))
    ]
    assert sections_of("Intermediate states: S_1, abc, S_3") == [
        Section(Role.INTERMEDIATE, 0, 0, 34, ["S_1", "abc", "S_3"])
    ]


# Pieces of label values near the words the cheap tests look for, in several cases, and
# letters that re.I folds onto ASCII ones (dotless i, dotted capital I).
NEAR_PIECES = ["i.e.", "I.E.", "i. e.", "\u0131.e.", "namely", "NAMELY", "that is", "That Is", "viz.", "VIZ."]
NEAR_PIECES += ["intermediate", "INTERMEDIATE", "\u0130ntermediate", "and the", "with", ",", ";", ".", ":", " ", "x"]
VALUES = st.lists(st.one_of(st.sampled_from(NEAR_PIECES), st.text(max_size=3)), max_size=10).map("".join)


@given(VALUES)
def test_the_cheap_tests_never_pass_over_a_lead_in_or_an_intermediate_clause(value):
    """``may_hold_words`` with the lead-in words is False only where ``_LEAD_IN`` finds
    nothing, and with "intermediate" only where ``_THEN_INTERMEDIATE`` finds nothing."""
    assert may_hold_words(value, _LEAD_IN_WORDS) or _LEAD_IN.search(value) is None
    assert may_hold_words(value, (_INTERMEDIATE_WORD,)) or _THEN_INTERMEDIATE.search(value) is None


# Pieces of final values near what the cheap tests look for: "final" and "step" in several
# cases and with letters that re.I folds onto ASCII ones, and a final state before a list.
FINAL_PIECES = ["final", "FINAL", "F\u0130NAL", "f\u0131nal", "the final string ", "and the final list is", ", "]
FINAL_PIECES += ["step", "STEP", "\u017ftep", "the result of Step 3", " of step 12 above.", "40, [7, 16, 32]", "[", "]"]
FINAL_VALUES = st.lists(st.one_of(st.sampled_from(FINAL_PIECES), st.text(max_size=3)), max_size=10).map("".join)


@given(FINAL_VALUES)
def test_the_cheap_tests_never_pass_over_a_final_clause_or_a_pointer(value):
    """``may_hold_words`` with ``_FINAL_WORDS`` is False only where ``_THEN_FINAL`` and
    ``_FINAL_NAMED`` find nothing, with ``_STEP_WORDS`` only where ``_A_STEPS_STATE`` does not
    match; a value without "[" is never a final state then a list."""
    assert may_hold_words(value, _FINAL_WORDS) or (_THEN_FINAL.search(value) or _FINAL_NAMED.search(value)) is None
    assert may_hold_words(value, _STEP_WORDS) or _A_STEPS_STATE.fullmatch(value.strip()) is None
    assert "[" in value or _STATE_THEN_LIST.fullmatch(value.strip()) is None


def test_a_final_value_that_points_at_a_step_gives_no_state():
    """ "The final sentence is the result of Step 3." names no state; "final string `1c0d`" is
    the state after its name; "40, [7, 16, 32]" is the final state, then the steps."""
    assert sections_of("Final answer: the result of STEP 3.") == []
    assert sections_of("Final answer: final string `1c0d`") == [Section(Role.FINAL, 0, 0, 33, ["1c0d"])]
    final, steps = read_sections(read_layout("Final answer: 40, [7, 16, 32]"), ([int], int))
    assert (final.states, steps.states) == (["40"], [[7, 16, 32]])
