"""Compare (task13): its rule by hand-computed labels, its malformed questions and its
pinned draws; the checks every task passes come from :class:`TaskChecks`."""

from tests.tasks.checks import TaskChecks, label


class TestCompare(TaskChecks):
    task = "Compare"
    labels = (
        # Stop at the first copy of the target; an unrelated candidate records "".
        ({"target": "abc", "candidates": ["abd", "xyz", "abc", "ab"]}, label([""], ["ab", ""], ["ab", "", "abc"])),
        ({"target": "abc", "candidates": ["abc"]}, label([""], [], ["abc"])),
    )
    malformed = (({"target": "ab", "candidates": ["aa"]}, "field 'candidates'"),)
    pinned_draws = "20adc4a1c88119f4"  # a change to the draws changes the published benchmark
