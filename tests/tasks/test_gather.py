"""Gather (task02): its rule by hand-computed labels, its malformed questions and its
pinned draws; the checks every task passes come from :class:`TaskChecks`."""

from tests.tasks.checks import TaskChecks, label


class TestGather(TaskChecks):
    task = "Gather"
    labels = (({"strings": ["abcdef", "xyz"], "commands": [[0, 1, 2], [1, 0, 3]]}, label("", ["bc"], "bcxyz")),)
    malformed = (
        ({"strings": ["abc"], "commands": [[1, 0, 1]]}, "field 'commands': [0] names string 1"),
        ({"strings": ["abc"], "commands": [[0, 2, 2]]}, "field 'commands'"),
        ({"strings": ["abc"], "commands": [[0, 1]]}, "field 'commands' must be a list of a list [int, int, int]"),
    )
    pinned_draws = "31f1929deb6cecbc"  # a change to the draws changes the published benchmark
