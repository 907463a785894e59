"""Decompose (task11): its rule by hand-computed labels, its malformed questions and its
pinned draws; the checks every task passes come from :class:`TaskChecks`."""

from tests.tasks.checks import TaskChecks, label


class TestDecompose(TaskChecks):
    task = "Decompose"
    labels = (
        # Leftmost character with a rule, each time.
        ({"string": "abca", "rules": [["a", "xy"], ["c", "zz"]]}, label("abca", ["xybca", "xybzza"], "xybzzxy")),
        ({"string": "a", "rules": [["a", "bc"], ["b", "dd"]]}, label("a", ["bc"], "ddc")),
    )
    malformed = (({"string": "a", "rules": [["a", "aa"]]}, "field 'rules': the replacements do not stop"),)
    pinned_draws = "d46fa99f85375b7a"  # a change to the draws changes the published benchmark
