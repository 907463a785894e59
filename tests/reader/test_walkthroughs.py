"""``walkthroughs.py``: the cheap tests that spare its searches, and the entries they decide."""

from hypothesis import given
from hypothesis import strategies as st

from procbench_tools.scoring.layout import read_layout
from procbench_tools.scoring.values import may_hold_an_arrow, may_hold_words
from procbench_tools.scoring.walkthroughs import (
    _ARROW_AT_END,
    _FINAL_MARK,
    _FINAL_WORDS,
    _KEYED,
    _may_be_keyed,
    read_walkthroughs,
)

# Pieces of entry lines near what the cheap tests look for: "final" in several cases and with
# letters that re.I folds onto ASCII ones (dotless i, dotted capital I), the marks around it,
# and the separators of a keyed line.
NEAR_PIECES = ["final", "FINAL", "Final", "f\u0131nal", "F\u0130NAL", "(final)", "(the final state)", " - final"]
NEAR_PIECES += [
    "\u2014 final state",
    "final:",
    "**",
    "(0,7)",
    "ip",
    ":",
    "=",
    " = ",
    ": ",
    " ",
    "\t",
    "x",
    "[a, b]",
    "\n",
]
LINES = st.lists(st.one_of(st.sampled_from(NEAR_PIECES), st.text(max_size=3)), max_size=10).map("".join)


@given(LINES)
def test_a_line_the_final_test_passes_over_calls_itself_nothing(text):
    """``may_hold_words`` with ``_FINAL_WORDS`` is False only where ``_FINAL_MARK``
    (case-insensitive) finds nothing."""
    assert may_hold_words(text, _FINAL_WORDS) or _FINAL_MARK.search(text) is None


@given(LINES)
def test_a_line_the_keyed_test_passes_over_is_not_keyed(text):
    """``_may_be_keyed`` is False only where ``_KEYED`` matches nothing."""
    assert _may_be_keyed(text) or _KEYED.match(text) is None


def test_an_entry_that_calls_itself_final_in_any_case_ends_the_walkthrough():
    """ "abz (FINAL)" and "abz \u2014 F\u0130NAL" call themselves final (re.I folds the dotted
    capital I onto "i"): the walk-through ends there, and the entry after it starts another;
    "the finale" calls itself nothing."""
    for last in ("3. abz (FINAL)", "3. abz \u2014 F\u0130NAL"):
        walks = read_walkthroughs(read_layout(f"1. abc\n2. abd\n{last}\n4. xyz"), str, set())
        assert [(walk.first_line, walk.last_line, walk.final_marked) for walk in walks] == [(0, 2, True), (3, 3, False)]
    (walk,) = read_walkthroughs(read_layout("1. abc\n2. abd\n3. the finale"), str, set())
    assert (walk.last_line, walk.final_marked) == (2, False)


def test_keyed_lines_and_arrow_lines_are_walkthroughs():
    """Short keyed lines ("(0,7): [rk, yo]", "ip = [0, 1]") and lines with an arrow are entries
    of a walk-through, each with the state it ends in."""
    (keyed,) = read_walkthroughs(read_layout("(0,7): abc\n(1,2): abd\n"), str, set())
    assert keyed.states == ["abc", "abd"]
    (assigned,) = read_walkthroughs(read_layout("ip = [0, 1]\nip = [1, 1]"), [int], set())
    assert assigned.states == [[0, 1], [1, 1]]
    (arrows,) = read_walkthroughs(read_layout("swap a \u2192 bac\nswap c => bca"), str, set())
    assert arrows.states == ["bac", "bca"]


@given(LINES)
def test_a_line_the_arrow_test_passes_over_ends_in_no_arrow(text):
    """``may_hold_an_arrow`` is False only where ``_ARROW_AT_END`` (a header's arrow) finds
    nothing."""
    assert may_hold_an_arrow(text) or _ARROW_AT_END.search(text) is None


def test_a_walkthroughs_length_is_its_number_of_states():
    """``length`` counts the states without reading them: one an entry, one an item of a list
    literal, one a row of a table."""
    cases = [
        ("1. abc\n2. abd\n3. abz", str, 3),
        ("[[1], [2], [3], [4]]", [int], 4),
        ("| step | state |\n|---|---|\n| 1 | a |\n| 2 | b |", str, 2),
    ]
    for text, kind, length in cases:
        (walk,) = read_walkthroughs(read_layout(text), kind, set())
        assert walk.length == len(walk.states) == length
