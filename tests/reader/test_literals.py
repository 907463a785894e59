"""The tolerant literal parser (``literals.py``): what lies between its tokens."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from procbench_tools.scoring.literals import Bare, _flat_items, _LiteralParser, _NotALiteral, parse_literal


def test_any_space_and_line_comments_between_items_are_skipped():
    """Space is any Unicode space (a no-break space, an em space), and a line comment
    (``// ...``, ``# ...``) may follow an item's comma: the items are read alone."""
    value = parse_literal("[a,\u00a0b, // split at 2\n c, # after step 3\n d]\u2003")
    assert value == ["a", "b", "c", "d"]
    assert all(type(item) is Bare for item in value)


def test_a_slash_or_hash_that_opens_no_comment_is_part_of_an_item():
    """Only ``//`` and ``#`` followed by a space open a comment: ``/b`` and ``#c`` are items,
    and a ``#`` inside an unquoted item is its text."""
    assert parse_literal("[a, /b, #c]") == ["a", "/b", "#c"]
    assert parse_literal("[a #b]") == ["a #b"]


def test_space_around_keys_values_and_closing_marks():
    """Space before a colon, after it, before a comma or a closing bracket, and an empty list
    with space inside it."""
    assert parse_literal("{final : abc,\u3000intermediate:  [x , y] }") == {"final": "abc", "intermediate": ["x", "y"]}
    assert parse_literal("[ 'a' ,'b',\t]") == ["a", "b"]
    assert parse_literal("[a, [ ]]") == ["a", []]


def test_only_space_or_a_comment_may_follow_the_literal():
    """A comment after the closing bracket is skipped; a word there makes the text no literal."""
    assert parse_literal("[a, b] // end") == ["a", "b"]
    with pytest.raises(ValueError):
        parse_literal("[a, b] x")


def test_a_flat_list_of_unquoted_items_is_split_at_its_commas():
    """The commonest text that is no JSON: its items, stripped, as unquoted text; a trailing
    comma ends it; an empty item makes it no literal."""
    value = parse_literal("[b, y ,\u00a0atb q,]")
    assert value == ["b", "y", "atb q"] and all(type(item) is Bare for item in value)
    assert parse_literal("[ ]") == []
    for broken in ("[a,,b]", "[,]", "[a, ,]"):
        with pytest.raises(ValueError):
            parse_literal(broken)


# Lists of characters that end, separate, quote, nest or comment items, and of spaces
FLAT_PIECES = st.sampled_from(["[", "]", ",", " ", "\u00a0", "\t", "\n", "a", "b1", "'", '"', "{", "}", "#", "/", ":"])


@given(st.lists(FLAT_PIECES, max_size=12).map(lambda pieces: "[" + "".join(pieces) + "]"))
def test_the_flat_list_reading_is_the_parsers(text):
    """Where ``_flat_items`` reads a text, the token loop reads it alike (items and their
    types); where the loop finds no literal, ``_flat_items`` reads nothing."""
    flat = _flat_items(text)
    if flat is None:
        return
    try:
        parsed = _LiteralParser(text).parse()
    except _NotALiteral:
        parsed = None
    assert parsed == flat and [type(item) for item in parsed] == [type(item) for item in flat]
