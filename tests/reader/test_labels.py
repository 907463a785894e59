"""``labels.py``: the words a label's role needs, as a text search looks for them; labels inside
a label's value."""

from hypothesis import given
from hypothesis import strategies as st

from procbench_tools.scoring.labels import (
    PHRASE_END,
    ROLE_WORD_STEMS,
    ROLE_WORDS,
    Label,
    Role,
    holds_role_word,
    read_label,
)


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


def test_a_role_word_is_found_in_any_case_anywhere_in_the_text():
    """The pre-filter before a line is read as a label: a role word anywhere in the line, in
    any case, even inside another word."""
    held = ["**FINAL** answer", "we start over", "Stepping", "x \u0130 RESULTS"]
    assert [text for text in [*held, "abcd", "no label here", "st ep", ""] if holds_role_word(text)] == held


def test_a_line_without_a_role_word_is_no_label():
    """What the pre-filter skips is never a label: "Solution: abc" has a separator but no
    role word."""
    assert not holds_role_word("Solution: abc") and read_label("Solution: abc") is None
    assert read_label("Result: abc") is not None


def test_labels_inside_a_labels_value_are_read_a_few_deep():
    # A looping model's "the final answer is abc." a thousand times on one line read as ten
    # do (each label's value holds the next label): no recursion a thousand deep, which
    # Python refuses, taking the whole reply to "no answer".
    sentence = "I think the final answer is abc. "
    few, many = read_label(sentence * 10), read_label(sentence * 1000)
    assert few is not None and many is not None
    opening = len("I think the final answer is ")
    assert (many.role, many.value_start) == (few.role, few.value_start) == (Role.FINAL, opening)
    assert many.value == (sentence * 1000)[few.value_start :].strip()
    # Three deep is still read: "Answer: final string = Final: x" is the final label's x.
    nested = read_label("Answer: final string = Final: x")
    assert nested is not None and (nested.role, nested.value) == (Role.FINAL, "x")


def test_a_role_word_past_the_phrase_window_makes_no_label():
    # label_of asks whether the window holds a role word only when the line goes on past
    # it (a window to the line's end holds the line's own): the word after 120 characters
    # of prose is no label's, the same phrase at the line's start is.
    prose = "x" * PHRASE_END
    assert read_label(f"{prose} final: abc") is None
    assert read_label("final: abc" + " y" * PHRASE_END) == Label(Role.FINAL, "abc" + " y" * PHRASE_END, 6)
    # Markup before the phrase holds no letters: the window from after it holds the role word.
    assert read_label("- ### **Final:** abc") == Label(Role.FINAL, "abc", 16)


def test_a_label_alone_on_its_line_ends_within_the_window():
    # A line without a separator is a label only when it ends within the phrase window (a
    # heading over its value): the check comes before the phrase's words are read.
    assert read_label("### Final answer") == Label(Role.FINAL, "", 16, separated=False)
    assert read_label("### Final answer" + " so" * PHRASE_END) is None


def test_is_inside_a_parenthesis_does_not_end_the_phrase():
    # "is" is looked for once on the line, and again outside the parentheses only when the
    # phrase has some: here the first "is" is the remark's.
    assert read_label("The final answer (this is it) is abc") == Label(Role.FINAL, "abc", 33)
    assert read_label("The final answer is abc.") == Label(Role.FINAL, "abc", 20)


def test_an_emoji_after_a_label_is_no_value():
    """An emoji or a symbol after a label, or after its value, is decoration: a value that is
    only decoration ("**Final list:** 🎉" over the list) is on the lines below, and the
    decoration after a value in bold is not part of it (wave 18 wrote both)."""
    assert read_label("**Final list:** 🎉") == Label(Role.FINAL, "", 15)
    assert read_label("**Final state** (after move 12, x at index 39): 🎯") == Label(Role.FINAL, "", 48)
    assert read_label("**Final sum: 2836** 🎉") == Label(Role.FINAL, "2836", 13)
    assert read_label("Final answer: abc ✅") == Label(Role.FINAL, "abc", 13)
    assert read_label("Final answer: abc") == Label(Role.FINAL, "abc", 13)


def test_a_sum_of_all_values_names_the_final_state():
    """ "Sum of all N3 values" names the answer of a task whose answer is a sum (Count): "all"
    and "values" are words an answer phrase may have."""
    assert read_label("**Sum of all N3:** 1443") == Label(Role.FINAL, "1443", 18)
    assert read_label("Sum of all N3 values: **473**") == Label(Role.FINAL, "**473**", 21)
    assert read_label("Sum of all digits: 12") is None
