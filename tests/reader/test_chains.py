"""``chains.py``: runs of state-shaped values found by what they are, labels or not; one
example per rule of the module docstring."""

from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from procbench_tools.scoring import chains as chains_module
from procbench_tools.scoring.chains import last_chain, read_chains
from procbench_tools.scoring.layout import read_layout
from procbench_tools.scoring.shapes import Shape

WORDS = Shape("dcba")


def chains(text, kind=str, shape=WORDS):
    return [chain.states for chain in read_chains(read_layout(text), kind, kind, shape)]


# --- where a chain is ---------------------------------------------------------------------------


def test_values_joined_by_arrows_on_one_line():
    assert chains("cdba → cbda -> bcda => bcad") == [("cdba", "cbda", "bcda", "bcad")]


def test_values_listed_with_commas_and_and():
    assert chains("cdba, cbda, bcda and bcad.") == [("cdba", "cbda", "bcda", "bcad")]


def test_one_value_per_line_with_blank_lines_between():
    assert chains("cdba\n\ncbda\nbcda") == [("cdba", "cbda", "bcda")]


def test_a_list_mark_a_step_label_or_a_short_description_may_lead_a_value():
    text = '1. cdba\n- cbda\nStep 3: bcda\n4. Remove "d": "bcad"'
    assert chains(text) == [("cdba", "cbda", "bcda", "bcad")]


def test_a_remark_or_a_comment_after_a_value_is_not_part_of_it():
    assert chains("cdba  # swap 0, 1\ncbda // swap 1, 2\nbcda (swap 0, 1)") == [("cdba", "cbda", "bcda")]


def test_a_line_showing_one_step_gives_the_state_after_it():
    assert chains("dcba → cdba\ncdba → cbda") == [("cdba", "cbda")]


def test_a_final_label_that_repeats_the_last_value_is_a_recap():
    assert chains("cdba\ncbda\nFinal state: cbda") == [("cdba", "cbda")]


def test_numbers_and_lists_by_their_type():
    # A chain holds values as read; they take the reference's type when the answer is chosen.
    assert chains("5\n20\n4 + 2 = 40", int) == [("5", "20", "40")]
    assert chains("[1, 2]\n[2, 3]", [int]) == [([1, 2], [2, 3])]


def test_sentences_where_the_question_is_a_sentence():
    shape = Shape("The [0] sat on the mat.")
    text = "The cat sat on the mat.\nThe cat sat on a mat."
    assert chains(text, str, shape) == [("The cat sat on the mat.", "The cat sat on a mat.")]


# --- what ends a chain --------------------------------------------------------------------------


def test_a_final_value_of_its_own_type_in_bold_ends_the_chain():
    # Count: rows [string, N1, N2, N3] in a list, then "**Sum of all N3 = 52**" (a chain's
    # values are their text until the reader types them).
    found = read_chains(
        read_layout('[["9gcx", 3, 9, 27], ["guwb5y", 5, 5, 25]]\n\n**Sum of all N3 = 52**'), [str], int, Shape("0")
    )
    assert [chain.states for chain in found] == [(["9gcx", 3, 9, 27], ["guwb5y", 5, 5, 25], "52")]


def test_list_literals_side_by_side_after_a_description():
    found = chains('The rows are: ["ab", 2], ["cd", 4], ["ef", 6]', kind=[str], shape=Shape("0"))
    assert found == [(["ab", 2], ["cd", 4], ["ef", 6])]


def test_a_long_description_before_a_list_state():
    text = '"The" adds t, h and e: [1, 2]\n"globalization" adds g 1, l 2, o 2, b 1, a 2, i 2, z 1, t 1, n 1: [3, 4]'
    assert chains(text, kind=[int], shape=Shape([0, 0])) == [([1, 2], [3, 4])]


def test_an_enumeration_then_another_sentence():
    assert chains('The prefixes are: "cd", "cb", "bc". These are the intermediate states.') == [("cd", "cb", "bc")]


def test_a_line_of_prose_ends_a_chain():
    assert chains("cdba\ncbda\nNow I swap the next pair of letters.\nbcda\nbcad") == [
        ("cdba", "cbda"),
        ("bcda", "bcad"),
    ]


def test_a_value_unlike_the_one_before_starts_a_new_chain():
    # "xyz" shares no letter with "cbda": no step of a procedure goes from one to the other.
    assert chains("cdba\ncbda\nxyz\nxzy") == [("cdba", "cbda"), ("xyz", "xzy")]


def test_a_line_that_is_a_chain_of_its_own_starts_one():
    assert chains("cdba\ncbda\nbcda → bcad → bacd") == [("cdba", "cbda"), ("bcda", "bcad", "bacd")]


def test_one_value_alone_is_no_chain():
    assert chains("Final: cdba") == []


def test_a_repeated_final_state_of_its_own_type_ends_each_chain():
    """Compare's list of results, after its string states, twice: the repeated line is read
    once as a state (it is none) and once as a final state (it is one), each reading kept
    apart, so both chains end in it."""
    text = "abcd\nabdc\n[1, 0]\n\nThen again.\nabcd\nabdc\n[1, 0]"
    found = read_chains(read_layout(text), str, [int], WORDS)
    assert [chain.states for chain in found] == [("abcd", "abdc", [1, 0]), ("abcd", "abdc", [1, 0])]


COMMENT_PIECES = ["abcd", " ", "#", "/", "//", "(", ")", "(swap)", "\n", "x"]


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(COMMENT_PIECES), max_size=12).map("".join))
def test_a_value_without_comment_marks_is_not_searched_for_one(text):
    """``_uncommented`` skips the comment pattern where no ``#``, ``//`` or ``)`` is: it must
    take off what the pattern takes off, on any text."""
    assert chains_module._uncommented(text) == chains_module._COMMENT.sub("", text)


# --- the last chain, window by window -----------------------------------------------------------

CHAIN_LINES = [
    *("", "abcd", "abdc", "badc", "xyz", "Step 1: abcd", "1. abdc", "- badc (swap)", "abcd → abdc"),
    *("Final: abdc", "Now I swap the next pair of letters.", "[abcd, abdc]", "[", '"abcd",', '"abdc"', "]"),
    *("| 1 | abcd |", "```", "> abcd", "Final: [1, 0]", "[1, 0, 1]"),
]


def _windowed(layout, intermediate_kind, final_kind, shape):
    """The last chain as ``last_chain``'s docstring defines it, each window read afresh."""
    start = max(0, len(layout.lines) - chains_module.WINDOW)
    found = read_chains(layout, intermediate_kind, final_kind, shape, start)
    if start > 0 and not (found and found[-1].first_line > start + 2):
        start = max(0, len(layout.lines) - chains_module.MAX_WINDOW)
        found = read_chains(layout, intermediate_kind, final_kind, shape, start)
    return found[-1] if found else None


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(CHAIN_LINES), max_size=60), st.sampled_from([(str, str), (str, [int]), (int, int)]))
def test_the_last_chain_is_read_as_each_window_alone_would_read_it(lines, kinds):
    """``last_chain`` reads each line once for both its windows (and each line content once):
    what it finds is what reading each window afresh finds. Small windows, so that texts of a
    few dozen lines go through both windows and the cap."""
    layout = read_layout("\n".join(lines))
    with mock.patch.object(chains_module, "WINDOW", 2), mock.patch.object(chains_module, "MAX_WINDOW", 16):
        assert last_chain(layout, *kinds, WORDS) == _windowed(layout, *kinds, WORDS)


def test_a_looping_line_is_one_chain_of_its_repeats():
    """A looping model's 300 equal lines reach the top of the first window: the second reads
    them all, and the chain is the 300 repeats."""
    found = last_chain(read_layout("Step 1: abcd\n" * 300), str, str, WORDS)
    assert found is not None and found.states == ("abcd",) * 300 and found.first_line == 0
