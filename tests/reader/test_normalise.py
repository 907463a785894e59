"""Stage 2, ``normalise.py``: the named rewrites and the answer regions, one rule each."""

import json

from hypothesis import given
from hypothesis import strategies as st

from procbench_tools.scoring.normalise import (
    FULL_WIDTH,
    FULL_WIDTH_CHARACTERS,
    MARKUP_REWRITES,
    MAX_CHARS,
    REGION_REWRITES,
    RESPONSE_REWRITES,
    answer_regions,
    rewritten,
)


def test_the_rewrites_run_in_their_named_order():
    assert [step.name for step in RESPONSE_REWRITES] == ["line endings", "thinking"]
    assert [step.name for step in REGION_REWRITES] == ["tail", "quoted reply", "full width"]
    assert [step.name for step in MARKUP_REWRITES] == ["tags", "latex"]


def test_windows_line_endings_become_newlines():
    assert answer_regions("a\r\nb") == ["a\nb"]


def test_thinking_is_not_the_answer():
    assert answer_regions("<think>Final: x</think>Final: y") == ["Final: y"]
    assert answer_regions("Final: y\n<think>unfinished") == ["Final: y\n"]  # an unclosed <think>


def test_the_answer_block_is_read_before_the_whole_reply():
    assert answer_regions("intro <answer>abc</answer> outro") == ["abc", "intro <answer>abc</answer> outro"]


def test_only_the_tail_of_a_huge_region_is_read():
    (region,) = answer_regions("x\n" * MAX_CHARS + "Final: y")
    assert region.endswith("Final: y") and len(region) <= MAX_CHARS


def test_a_reply_sent_as_one_json_string_is_that_string():
    assert answer_regions(json.dumps("Final: y")) == ["Final: y"]


def test_full_width_punctuation_becomes_ascii_one_for_one():
    assert answer_regions("Final\uff1a [a\uff0c b]") == ["Final: [a, b]"]


@given(st.text(alphabet=st.sampled_from(["a", ":", " ", "\n", "\u00e9", "\u2192", *FULL_WIDTH_CHARACTERS])))
def test_no_full_width_character_is_left_whatever_else_the_text_holds(text):
    """The rewrite looks for full-width characters only in a text that is not all ASCII: in
    any text, each of them (and nothing else) becomes its ASCII twin."""
    (region,) = answer_regions(text)
    assert region == text.translate(FULL_WIDTH)
    assert not any(character in region for character in FULL_WIDTH_CHARACTERS)


def test_a_reply_without_a_tag_is_read_whole():
    """No "<": no thinking to drop and no answer block, so the one region is the reply."""
    assert answer_regions("Thinking done.\nFinal: y > x") == ["Thinking done.\nFinal: y > x"]
    assert answer_regions("<THINK>draft</Think>Final: y") == ["Final: y"]  # tags in any case


def test_tags_become_labels_and_latex_plain_text():
    assert rewritten("<final_state>abc</final_state>", MARKUP_REWRITES) == "final state: abc"
    assert rewritten(r"$\texttt{abc}$", MARKUP_REWRITES) == "abc"


def test_a_line_holding_only_a_display_math_delimiter_goes():
    # "Step 1: ..." then "\\[", the state, "\\]": the state stays on the line below its step.
    assert rewritten("Step 1: add a\n\\[\n[1, 0]\n\\]\n\nStep 2", MARKUP_REWRITES) == "Step 1: add a\n[1, 0]\n\nStep 2"
