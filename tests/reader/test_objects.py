"""``objects.py``: an answer written as one object."""

from procbench_tools.scoring.objects import answer_parts


def test_keys_in_any_case_with_spaces_or_hyphens():
    """Keys "Final State" and "intermediate-states" name the parts as final_state and
    intermediate_states do; runs of spaces and hyphens are one underscore."""
    assert answer_parts({"Final State": "abc", "intermediate-states": ["ab"]}) == (["ab"], "abc")
    assert answer_parts({" FINAL \t- ANSWER ": 3, "Steps": [1, 2]}) == ([1, 2], 3)
    assert answer_parts({"finalstate": "abc"}) is None
