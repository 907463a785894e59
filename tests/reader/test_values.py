"""``values.py``: reading a state out of a piece of text, and the cheap tests that spare its
searches."""

from hypothesis import given
from hypothesis import strategies as st

from procbench_tools.scoring.literals import Bare
from procbench_tools.scoring.values import (
    _BECOMES,
    _BECOMING_WORDS,
    _MARKED_AT_START,
    _MARKED_STARTS,
    ARROW,
    after_last_arrow,
    may_hold_an_arrow,
    may_hold_words,
    parse_unwrapped,
    parse_value,
    state_in_text,
    unwrap,
)

ARROWS = ("->", "=>", "\u2192", "\u27f6", "\u21d2", "\u27f9")
# Pieces of text near the words the cheap tests look for: every arrow, every "becomes" word
# in several cases, and letters that re.I folds onto ASCII ones (dotless i, long s, Kelvin K).
NEAR_WORDS = ["becomes", "BECOMES", "Becoming", "is now", "Is Now", "\u0131s now", "\u0130S NOW", "gives", "giving"]
NEAR_WORDS += ["yields", "results in", "re\u017fults in", "resulting in", "are now", ">", "-", "=", ":", " ", "x", "\n"]
PIECES = st.sampled_from([*ARROWS, *NEAR_WORDS])
TEXTS = st.lists(st.one_of(PIECES, st.text(max_size=4)), max_size=12).map("".join)
# Pieces of markup around and inside values: emphasis, backticks, LaTeX, brackets, quotes,
# stops after them, remarks and check marks, and words.
MARKUP = ["**", "__", "*", "_", "`", "``", "$", "$$", "\\(", "\\)", "\\[", "\\]", "\\boxed{", "\\text{", "}", "{"]
MARKUP += ["[", "]", ".", ",", ";", "!", '"', "'", "\u201c", "\u201d", "(", ")", " (final)", "\u2713", " \u2190 here"]
MARKUP += [" # note", " // note", " ", "\n", "abc", "a b", "1", ":", "->", "S_3 = ", "**Cut:** ", "(a note) "]
MARKED_TEXTS = st.lists(st.one_of(st.sampled_from(MARKUP), st.text(max_size=3)), max_size=10).map("".join)


def test_every_arrow_leads_to_the_state_after_it():
    """Each arrow a model draws is found, and the text after the last one is the state."""
    for arrow in ARROWS:
        assert may_hold_an_arrow(f"abc {arrow} abd")
        assert after_last_arrow(f"abc {arrow} abd {arrow} abz") == " abz"


@given(TEXTS)
def test_a_text_the_arrow_test_passes_over_holds_no_arrow(text):
    """``may_hold_an_arrow`` is False only where ``ARROW`` finds nothing."""
    assert may_hold_an_arrow(text) or ARROW.search(text) is None


@given(TEXTS)
def test_a_text_the_becomes_test_passes_over_holds_no_becomes(text):
    """``may_hold_words`` of its words is False only where ``_BECOMES`` (case-insensitive)
    finds nothing."""
    assert may_hold_words(text, _BECOMING_WORDS) or _BECOMES.search(text) is None


def test_becomes_in_any_case_and_with_a_folded_letter():
    """ "BECOMES" is "becomes"; a dotless i that re.I reads as "i" still says "is now"."""
    assert after_last_arrow("The list BECOMES: a, b") == " a, b"
    assert after_last_arrow("The list \u0131s now: a, b") == " a, b"
    assert after_last_arrow("The list becomes: a, b", becomes=False) == "The list becomes: a, b"


def test_trailing_remarks_are_taken_off():
    """A remark after a value, after an arrow, a hash or two slashes, is not part of it; a list
    that ends in a bracket keeps it."""
    assert unwrap("abc \u2190 here") == "abc"
    assert unwrap("abc   # a comment") == "abc"
    assert unwrap("abc // note") == "abc"
    assert unwrap("[a, b]") == "[a, b]"
    assert unwrap("`abc`.") == "abc"


def test_quoted_values_in_every_quote_pair():
    """A value in straight or curly quotes is that string; an unpaired quote leaves the text
    bare."""
    assert parse_value('"a\\"b"') == 'a"b'
    assert parse_value("'abc'") == "abc"
    assert parse_value("\u201cabc\u201d") == "abc"
    assert parse_value("\u2018abc\u2019") == "abc"
    unpaired = parse_value('abc"')
    assert unpaired == 'abc"' and type(unpaired) is Bare


def test_the_state_an_explained_line_ends_in():
    """The value after an arrow, marked off at the end, after a short description and a colon,
    or after a name and "=" (for a number, after the last "="); text with none of them is the
    state as it stands."""
    assert state_in_text("abc -> abd", str) == "abd"
    assert state_in_text("take indices 1-6, so **ekuqpa**", str) == "ekuqpa"
    assert state_in_text("so __x__", str) == "x"
    assert state_in_text("remove d: escizc", str) == "escizc"
    assert state_in_text("the list: a b", str) == "the list: a b"  # (a state without spaces follows a colon)
    assert state_in_text("S_3 = ynzb4j", str) == "ynzb4j"
    assert state_in_text("4 + 2 = 6", int) == "6"
    assert state_in_text("abc_", str) == "abc_"  # an underscore that closes no mark


@given(MARKED_TEXTS)
def test_unwrapping_twice_takes_off_nothing_more(text):
    """``unwrap`` takes off all the markup it reads at once: what it returns has none left
    (``parse_value`` relies on it: ``parse_unwrapped`` does not unwrap its text again)."""
    once = unwrap(text)
    assert unwrap(once) == once


@given(MARKED_TEXTS)
def test_a_value_parsed_after_unwrapping_is_the_value_parsed(text):
    """``parse_unwrapped`` of an unwrapped text is ``parse_value`` of the text: the same value
    of the same type (a quoted string is a ``str``, an unquoted one ``Bare``)."""
    expected, found = parse_value(text), parse_unwrapped(unwrap(text))
    assert found == expected and type(found) is type(expected)


@given(MARKED_TEXTS)
def test_a_text_the_marked_start_test_passes_over_starts_with_no_mark(text):
    """``_MARKED_AT_START`` matches only a text that starts with one of ``_MARKED_STARTS``."""
    assert text[:1] in _MARKED_STARTS or _MARKED_AT_START.match(text) is None


def test_a_state_after_a_note_or_a_bold_description_is_unwrapped():
    """Where a note or a bold description before the state is cut off, the state after it is
    still unwrapped and parsed ("(a note) `abc`" is "abc"); without them the state is parsed as
    it was unwrapped."""
    assert state_in_text("(a note) `abc`", str) == "abc"
    assert state_in_text("**Cut at 14:** `[1, 2]`", [int]) == [1, 2]
    assert state_in_text("**Cut at 14:** [1, 2]", [int]) == [1, 2]
    found = state_in_text("x -> `abc`", str)
    assert found == "abc" and type(found) is Bare


def test_a_list_then_another_sentence_is_the_list():
    """A list literal a sentence states, then a clause or another sentence after it, is the
    list ('... is ["k", "y", "at"]. I hope this helps!', wave 18); a full stop before a word in
    lower case, or a remark after a marker, does not end the sentence."""
    assert parse_value('["k", "y", "at"]. I hope this helps!') == ["k", "y", "at"]
    assert parse_value("[3, 0, 2], which adds up to 5") == [3, 0, 2]
    assert parse_value("[1] went to the [2].") == "[1] went to the [2]"  # (the full stop after "]" ends the sentence)
    assert parse_value("[a, b]. then more") == "[a, b]. then more"


def test_a_quoted_string_may_hold_its_quote_escaped():
    """A state in single quotes may hold an apostrophe escaped as in Python ('se\\'nnight'),
    and one in double quotes a quote escaped as in JSON: the string is read without the
    escapes (a rendering Hypothesis found with a random seed, a Jane Austen sentence)."""
    assert parse_value("'Saturday se\\'nnight.'") == "Saturday se'nnight."
    assert parse_value('"He said \\"no\\"."') == 'He said "no".'
    assert parse_value("'abc'") == "abc"
