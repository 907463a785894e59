"""``spans.py``: the bracketed spans of a reply, found level by level."""

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from procbench_tools.scoring import spans
from procbench_tools.scoring.spans import bracket_spans

# The innermost bracket pair as first written: "(no bracket or quote | a quoted string)*",
# one character per repetition. ``spans._INNERMOST`` is written for speed and must find
# exactly these pairs.
_PLAIN_CONTENT = r"""((?:[^\[\]{}"']|"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')*)"""
PLAIN_INNERMOST = re.compile(rf"\{{{_PLAIN_CONTENT}\}}|\[{_PLAIN_CONTENT}\]")

PIECES = ["[", "]", "{", "}", '"', "'", "\\", "\n", "a", " ", ", ", '"x"', "'y'", '\\"', "[1, 2]"]


@settings(max_examples=1000, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=16).map("".join))
def test_the_innermost_pairs_are_those_of_the_plain_pattern(text):
    """The pattern that takes runs of characters at once finds the same innermost pairs, at
    the same places, as the plain one, in any mix of brackets, quotes, escapes and lines."""
    found = [match.span() for match in spans._INNERMOST.finditer(text)]
    assert found == [match.span() for match in PLAIN_INNERMOST.finditer(text)]


def test_brackets_inside_quoted_strings_do_not_count():
    """A quoted "]" is text; a lone quote keeps its pair from being a span."""
    assert bracket_spans('["a]", [1]]') == {0: 11, 7: 10}
    assert bracket_spans("[it's]") == {}


def test_a_quoted_string_ends_on_its_line():
    """A quote left open at the end of its line is no string: its brackets are no span."""
    assert bracket_spans('["a\nb"]') == {}
    assert bracket_spans("['a\nb']") == {}
    assert bracket_spans('["a\\"b"]') == {0: 8}  # an escaped quote stays inside its string


def _spans_searched_everywhere(text):
    """``bracket_spans`` as first written: each level searched over the whole text."""
    found, masked = {}, text
    for _ in range(spans.MAX_HEIGHT):
        level = [match.span() for match in spans._INNERMOST.finditer(masked)]
        found.update(level)
        for start, end in level:
            masked = masked[:start] + "(" + masked[start + 1 : end - 1] + ")" + masked[end:]
    return found


@settings(max_examples=1000, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=24).map("".join))
def test_searching_between_the_outer_brackets_finds_every_span(text):
    """Each level is searched only from the first opening bracket to the last closing one:
    it finds the spans a search of the whole text finds."""
    assert bracket_spans(text) == _spans_searched_everywhere(text)


def test_stray_brackets_around_the_spans_change_nothing():
    """A closing bracket before every opening one and an opening one after every closing one
    pair with nothing; the spans between are found at their places."""
    assert bracket_spans("] x [a] {b: [1]} [") == {4: 7, 8: 16, 12: 15}
    assert bracket_spans("}{") == {} and bracket_spans("no brackets") == {}
