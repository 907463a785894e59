"""``choose.py``: every precedence rule and every doubt, one example each, on candidates
made by hand (the readers that find them have their own tests)."""

from procbench_tools.scoring.choose import Doubt, choose, doubts, labels_first
from procbench_tools.scoring.document import Expected
from procbench_tools.scoring.forms import Candidate, Source
from procbench_tools.scoring.shapes import Shape

FOUR = Expected(4, str, str, Shape("dcba"))  # three intermediate states and the final one
STATES = ["cdba", "cbda", "bcda", "abcd"]


def labelled(states, end=100, source=Source.LABELLED):
    return Candidate(source, "intermediate label", end, states[:-1], states[-1])


def final_only(final, end=100):
    return Candidate(Source.LABELLED, "final only", end, None, final)


def chain(states, end=50):
    return Candidate(Source.CHAIN, "", end, states[:-1], states[-1])


# --- labels first -------------------------------------------------------------------------------


def test_the_answer_that_ends_last_wins():
    draft, answer = labelled(["x", "y", "z", "w"], end=10), labelled(STATES, end=20)
    assert labels_first([answer, draft], FOUR) is answer


def test_at_one_end_the_form_earlier_in_forms_wins():
    obj, listed = labelled(STATES, 20, Source.OBJECT), labelled(["x", "y", "z", "w"], 20, Source.LIST)
    assert labels_first([listed, obj], FOUR) is obj


def test_a_final_state_alone_that_recaps_the_answer_before_leaves_it_standing():
    answer = labelled(STATES, end=20)
    assert labels_first([answer, final_only("abcd", end=30)], FOUR) is answer


def test_a_later_list_of_some_of_its_states_leaves_a_counted_answer_standing():
    # "Intermediate: cdba, cbda, bcda / Final: abcd", then "As a list: [cdba, cbda, bcda]":
    # the list repeats a run of the answer, which has the expected number of states.
    answer, recap = labelled(STATES, end=20), labelled(STATES[:-1], end=30, source=Source.LIST)
    assert labels_first([answer, recap], FOUR) is answer


def test_a_later_list_stands_where_the_answer_before_it_is_miscounted():
    # A draft one state short, then the full list: the list is the correction.
    draft, answer = labelled(STATES[1:], end=20), labelled(STATES, end=30, source=Source.LIST)
    assert labels_first([draft, answer], FOUR) is answer


def test_a_final_state_alone_that_is_a_run_of_the_final_list_is_a_recap():
    # Compare: the full answer, then "the final list is those prefixes followed by **q**".
    lists = Expected(3, str, [str], Shape([""]))
    answer = Candidate(Source.LABELLED, "intermediate label", 20, ["cb", "c"], ["cb", "c", "q"])
    assert labels_first([answer, final_only("q", end=30)], lists) is answer


def test_a_final_state_alone_without_a_state_shape_leaves_the_answer_standing():
    # "Final totals as key: value pairs: a: 9, b: 1" after a full answer of counters.
    counters = Expected(3, [int], [int], Shape([0, 0]))
    answer = labelled([[1, 0], [1, 1], [2, 1]], end=20)
    assert labels_first([answer, final_only("9, b: 1", end=30)], counters) is answer


# --- labels and chain together ------------------------------------------------------------------


def test_without_a_labelled_answer_the_chain_is_the_answer():
    found = chain(STATES)
    assert choose(None, found, FOUR, []) is found


def test_a_chain_ending_in_a_labelled_final_gives_its_steps():
    chosen = choose(final_only("abcd", end=100), chain(STATES, end=60), FOUR, [])
    assert chosen is not None and chosen.states == STATES


def test_a_chain_just_before_a_final_label_lists_its_steps():
    # "cdba, cbda, bcda" on one line, then "Final: abcd": the chain is the intermediate list.
    chosen = choose(final_only("abcd", end=100), chain(STATES[:-1], end=60), FOUR, [])
    assert chosen is not None and chosen.states == STATES


def test_a_final_label_heading_a_counted_chain_is_that_chain():
    # "Answer:" over the states one per line: the label's value is the chain's first state.
    chosen = choose(final_only("cdba", end=20), chain(STATES, end=60), FOUR, [])
    assert chosen is not None and chosen.states == STATES


def test_a_counted_chain_ending_with_a_miscounted_walk_through_answer_wins():
    # "So the final state is abcd" took its steps from a walk-through of other values; the
    # chain of the states the reply recorded ends with it and has the expected number.
    walked = Candidate(Source.LABELLED, "walk-through", 100, ["x1", "x2", "x3", "x4"], "abcd")
    found = chain(STATES, end=100)
    assert choose(walked, found, FOUR, []) is found
    named = labelled(["x1", "x2", "x3", "x4", "abcd"], end=100)  # a list the reply names stands
    assert choose(named, found, FOUR, []) is named


def test_a_full_labelled_answer_stands_against_a_chain_before_it():
    answer = labelled(STATES, end=100)
    assert choose(answer, chain(["x", "y", "z", "w"], end=50), FOUR, []) is answer


def test_a_counted_chain_after_a_miscounted_answer_is_a_correction():
    correction = chain(STATES, end=200)
    assert choose(labelled(STATES[1:], end=100), correction, FOUR, []) is correction


# --- doubts -------------------------------------------------------------------------------------


def test_no_doubt_when_the_chain_is_a_run_of_the_answer():
    answer = labelled(STATES)
    assert doubts(answer, answer, chain(STATES[:-1], end=50), FOUR, unfit=False) == frozenset()


def test_readings_that_disagree():
    answer = labelled(STATES, end=100)
    other = chain(["cdba", "xyzw", "bcda", "abcd"], end=120)
    assert Doubt.READINGS_DISAGREE in doubts(answer, answer, other, FOUR, unfit=False)


def test_not_the_expected_number_of_states_where_the_reader_chose_them():
    answer = chain(STATES[1:])
    assert doubts(answer, None, answer, FOUR, unfit=False) == {Doubt.COUNT}


def test_a_list_the_writer_named_is_the_writers_count():
    # "Intermediate states: cbda, bcda" one short: a model that skipped a step writes that.
    answer = labelled(STATES[1:])
    assert doubts(answer, answer, None, FOUR, unfit=False) == frozenset()


def test_a_walk_through_showing_more_states_than_a_miscounted_reading_holds():
    # Only two intermediate states read under a name, where the steps above show five.
    answer = labelled(STATES[2:])
    assert doubts(answer, answer, None, FOUR, unfit=False, shown_steps=lambda: 4) == {Doubt.STEPS_SHOWN}
    assert doubts(answer, answer, None, FOUR, unfit=False, shown_steps=lambda: 3) == frozenset()


def test_the_steps_shown_are_not_asked_where_the_reader_chose_the_states():
    # A chain one state short is doubted for its count already; the walk-throughs of the text
    # (a looping model's thousands of one-line steps) are not read for a second sign.
    def unasked() -> int:
        raise AssertionError("the steps shown were asked")

    answer = chain(STATES[2:])
    assert doubts(answer, None, answer, FOUR, unfit=False, shown_steps=unasked) == {Doubt.COUNT}


def test_a_chain_left_unread_after_the_answer():
    answer = labelled(STATES, end=100)
    assert Doubt.UNREAD_STATES in doubts(answer, answer, chain(["dbca", "dbac"], end=150), FOUR, unfit=False)


def test_a_state_not_of_the_task_shape():
    answer = labelled(STATES)
    assert doubts(answer, answer, None, FOUR, unfit=True) == {Doubt.SHAPE}
