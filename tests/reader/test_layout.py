"""``layout.py``: a reply's lines, each read once however often it is repeated."""

from dataclasses import fields

from hypothesis import given, settings
from hypothesis import strategies as st

from procbench_tools.scoring.labels import Role
from procbench_tools.scoring.layout import Line, read_layout

# Lines of every kind the layout knows, to be repeated and mixed.
LINES = [
    "",
    "   ",
    "Step 1: abcd",
    "Final answer: abdc",
    "The final answer is abdc.",
    "1. abcd",
    "- abdc",
    "| 1 | abcd | abdc |",
    "|---|---|---|",
    "```json",
    "```",
    "> Final: abdc",
    "  Final: abdc",
    "> abcd",
    "  abcd",
    ">  1. abcd",
    "   1. abcd",
    "Now I swap the first two letters.",
    "[abcd, abdc]",
    "Intermediate states: abcd, abdc",
]


def _without_place(line: Line) -> dict[str, object]:
    return {field.name: getattr(line, field.name) for field in fields(Line) if field.name not in ("start", "end")}


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(LINES), max_size=30))
def test_a_line_reads_as_it_would_alone(lines):
    """A line's reading depends on its text only, so a repeated line takes the reading of its
    first occurrence: every field but its place (a field added to ``Line`` and not carried
    over to repeated lines fails here)."""
    text = "\n".join(lines)
    layout = read_layout(text)
    position = 0
    for line, raw in zip(layout.lines, text.split("\n"), strict=True):
        alone = read_layout(raw).lines[0]
        assert _without_place(line) == _without_place(alone)
        assert (line.start, line.end) == (position, position + len(raw))
        position += len(raw) + 1


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(LINES), max_size=30))
def test_lines_of_equal_text_read_alike(lines):
    """A line's reading is a function of its text (a quoted line's text is the line without
    its quote marks: "> abcd" reads as "  abcd"), so a reader may keep what it read of a
    line under its text (``chains.py`` does)."""
    read: dict[str, dict[str, object]] = {}
    for line in read_layout("\n".join(lines)).lines:
        assert read.setdefault(line.text, _without_place(line)) == _without_place(line)


def test_a_repeated_line_is_a_line_of_its_own():
    """Repeated lines share a reading, never a ``Line``: each has its own place."""
    first, second = read_layout("Step 1: abcd\nStep 1: abcd").lines
    assert first is not second
    assert (first.start, first.end, second.start, second.end) == (0, 12, 13, 25)
    assert first.label == second.label and first.label is not None and first.label.value == "abcd"


def test_a_line_of_white_space_only_is_blank():
    """``blank`` is read once with the line: any white space (a tab, "\\u3000", "\\r"), or a
    block quote mark with nothing after it, and nothing else; a repeated line keeps it."""
    texts = ["", "  \t", "\u3000", "\r", ">", " > > ", "x", "> x", " \u3000a"]
    layout = read_layout("\n".join([*texts, *texts]))
    assert [line.blank for line in layout.lines] == 2 * [True, True, True, True, True, True, False, False, False]


def test_a_literal_over_several_lines_is_told_before_it_is_parsed():
    """``spans_lines`` says, without parsing, whether the bracket a line opens with (or at a
    column) closes on a line below: where it is so, ``literal_at`` reads the literal to its
    last line; a literal on its own line, or none, is no literal over several lines."""
    layout = read_layout("[['a'],\n ['b']]\n['a', 'b'],\nx = [1,\n2]\nno list")
    assert [layout.spans_lines(index) for index in range(6)] == [True, False, False, False, False, False]
    assert layout.spans_lines(3, 4) and not layout.spans_lines(3, 0)
    assert layout.literal_at(0) == (1, [["a"], ["b"]], 15)
    assert layout.literal_at(3, 4) == (4, [1, 2], 38)
    assert layout.literal_at(2) == (2, ["a", "b"], 26)


def test_a_phrase_alone_inside_a_line_is_no_heading():
    """A label that starts a sentence inside a line needs a separator, or "is"/"are" ending
    the line over the list below; a sentence that only holds a role word ("An intermediate
    range plane.", in a state of a sentence task) is no heading over the lines below."""
    lines = read_layout(
        "1. Stops [3] route. An intermediate range plane.\n"
        "So 4 → 7 → 1. So the intermediate arrays are\n"
        "No rule applies. The final answer: abc"
    ).lines
    assert lines[0].label is None
    assert lines[1].label is not None and (lines[1].label.role, lines[1].label.value) == (Role.INTERMEDIATE, "")
    assert lines[2].label is not None and (lines[2].label.role, lines[2].label.value) == (Role.FINAL, "abc")
