"""Count (task03): its rule by hand-computed labels, its malformed questions and its
pinned draws; the checks every task passes come from :class:`TaskChecks`."""

from tests.tasks.checks import TaskChecks, label


class TestCount(TaskChecks):
    task = "Count"
    labels = (
        # "007" gives 7; a string without digits gives 0; init is the string "0".
        ({"strings": ["ab007", "xyz"]}, label("0", [["ab007", "2", "7", "14"], ["xyz", "3", "0", "0"]], 14)),
    )
    malformed = (({"strings": ["a-b"]}, "field 'strings'"),)
    pinned_draws = "859268241df411f5"  # a change to the draws changes the published benchmark
