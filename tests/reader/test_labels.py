"""``labels.py``: the words a label's role needs, as a text search looks for them."""

from hypothesis import given
from hypothesis import strategies as st

from procbench_tools.scoring.labels import ROLE_WORD_STEMS, ROLE_WORDS


def test_the_stems_are_the_role_words_that_hold_no_other():
    """A search looks for 12 words, not 17: "answers", "initial", "intermediates",
    "results" and "starting" each hold a shorter role word."""
    assert ROLE_WORD_STEMS == (
        "answer", "final", "found", "init", "intermediate", "original", "output", "result", "start", "step", "sum",
        "total",
    )  # fmt: skip


@given(st.lists(st.sampled_from(["answers", "initial", "starting", "result", "s", "tep", " ", "x"])).map("".join))
def test_a_text_holds_a_stem_when_it_holds_a_role_word(text):
    """Looking for the stems finds the same texts as looking for every role word (pieces of
    words too: "s" + "tep" is "step")."""
    assert any(word in text for word in ROLE_WORD_STEMS) == any(word in text for word in ROLE_WORDS)
