"""Split1 (task08): its rule by hand-computed labels, its malformed questions and its
pinned draws; the checks every task passes come from :class:`TaskChecks`."""

from tests.tasks.checks import TaskChecks, label


class TestSplit1(TaskChecks):
    task = "Split1"
    labels = (
        # Positions index the original string, in any order.
        ({"string": "abcdef", "positions": [4, 2]}, label(["abcdef"], [["abcd", "ef"]], ["ab", "cd", "ef"])),
    )
    malformed = (
        ({"string": "abc", "positions": [3]}, "field 'positions'"),
        ({"string": "abc", "positions": [1, 1]}, "field 'positions'"),
    )
    pinned_draws = "667ebfabe24eaa9c"  # a change to the draws changes the published benchmark
