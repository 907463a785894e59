"""Rotate (task17): its rule by hand-computed labels, its malformed questions and its
pinned draws; the checks every task passes come from :class:`TaskChecks`."""

from tests.tasks.checks import TaskChecks, label


class TestRotate(TaskChecks):
    task = "Rotate"
    labels = (({"string": "abcdef", "ranges": [[1, 4], [0, 2]]}, label("abcdef", ["adbcef"], "dabcef")),)
    malformed = (({"string": "abc", "ranges": [[2, 5]]}, "field 'ranges'"),)
    pinned_draws = "0c8fd2e4799027dc"  # a change to the draws changes the published benchmark
