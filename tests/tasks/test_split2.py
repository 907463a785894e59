"""Split2 (task09): its rule by hand-computed labels, its malformed questions and its
pinned draws; the checks every task passes come from :class:`TaskChecks`."""

from tests.tasks.checks import TaskChecks, label


class TestSplit2(TaskChecks):
    task = "Split2"
    labels = (
        ({"string": "abcdef", "pairs": [[0, 4], [1, 1]]}, label(["abcdef"], [["abcd", "ef"]], ["abcd", "e", "f"])),
    )
    malformed = (
        ({"string": "abc", "pairs": [[1, 1]]}, "field 'pairs'"),
        ({"string": "abc", "pairs": [[0, 0]]}, "field 'pairs'"),
    )
    pinned_draws = "247ae5627c8ddf7e"  # a change to the draws changes the published benchmark
