"""``shapes.py``: a state's shape comes from the question's initial state, never from the
label's values."""

from hypothesis import given, settings
from hypothesis import strategies as st

from procbench_tools.scoring.literals import Bare
from procbench_tools.scoring.shapes import Shape

WORDS, SENTENCES, UNKNOWN = Shape("dcba"), Shape("The [0] sat on the mat."), Shape()


def test_a_sentence_full_stop_after_a_word_state_is_punctuation():
    # "Final state: bistt." was read as "bistt." (PA, SM and FM all 0).
    assert WORDS.tidy(Bare("bistt."), str) == "bistt"
    assert WORDS.tidy(Bare("bistt!"), str) == "bistt"


def test_a_clause_after_a_word_state_is_not_part_of_it():
    assert WORDS.tidy(Bare("---x--, with the x at index 3."), str) == "---x--"


def test_a_sentence_state_keeps_its_full_stop():
    assert SENTENCES.tidy(Bare("The cat sat."), str) == "The cat sat."


def test_a_remark_in_parentheses_after_a_word_state_is_not_part_of_it():
    """A remark in parentheses after a word state ("abcd (final).") is not part of it; a word
    with a comma but no clause after it stays as it is."""
    assert WORDS.tidy(Bare("abcd (final)."), str) == "abcd"
    assert WORDS.tidy(Bare("abcd (final)"), str) == "abcd"
    assert WORDS.tidy(Bare("ab,cd"), str) == "ab,cd"


def test_a_quoted_state_is_never_tidied():
    assert WORDS.tidy("bistt.", str) == "bistt."


def test_without_a_question_nothing_is_tidied():
    assert UNKNOWN.tidy(Bare("bistt."), str) == "bistt."


def test_fits_by_type_and_shape():
    assert WORDS.fits("cdba", str) and not WORDS.fits("two words", str)
    assert SENTENCES.fits("The cat sat.", str) and not SENTENCES.fits("cat", str)
    assert WORDS.fits(12, int) and WORDS.fits("12", int) and not WORDS.fits("abc", int)
    assert WORDS.fits([1, 2], [int]) and not WORDS.fits([], [int]) and not WORDS.fits("[1]", [int])
    assert WORDS.fits(["1", 2], [int]) and not WORDS.fits(["h:1", "i:1"], [int])  # counters are numbers
    assert WORDS.fits(["ab", 3], [str])
    assert WORDS.fits(["-3", "+4", 5, True], [int])  # counters: numbers, or text that writes one
    assert not WORDS.fits([1, ""], [int]) and not WORDS.fits([1, None], [int])
    assert not WORDS.fits("", str) and not WORDS.fits(None, str)


# --- invariants ---------------------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40), st.sampled_from([WORDS, SENTENCES, UNKNOWN]))
def test_a_value_is_alike_itself(value, shape):
    """``alike`` answers equal values without counting their letters (a looping model's chain
    is thousands of one state): the shortcut must say what counting says, that a value shares
    all its units with itself."""
    assert shape.alike(value, value, str)
    assert shape.alike(value, Bare(value), str)
