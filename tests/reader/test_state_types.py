"""``state_types.py``: a state read as text takes its reference's type."""

from procbench_tools.scoring.literals import Bare
from procbench_tools.scoring.state_types import typed


def test_a_list_of_items_of_their_kind_is_returned_as_it_is():
    """Quoted strings where the states hold strings, numbers where they hold numbers: nothing
    to type, so the list itself comes back (no copy, as typing never changes a JSON value)."""
    words, numbers = ["ab", "cd"], [3, 0, 2]
    assert typed(words, [str]) is words
    assert typed(numbers, [int]) is numbers


def test_list_items_not_yet_of_their_kind_are_typed_one_by_one():
    """Unquoted items become plain strings or numbers; a bool is no number to convert, and
    an item of another kind keeps its type."""
    typed_words = typed([Bare("ab"), "cd"], [str])
    assert typed_words == ["ab", "cd"] and all(type(item) is str for item in typed_words)
    assert typed([Bare("3"), 0, Bare("2")], [int]) == [3, 0, 2]
    assert typed([True, 2], [int]) == [True, 2] and typed([2, "x"], [int]) == [2, "x"]
    assert typed([Bare("3"), 2.0], [int]) == [3, 2]
