"""Cumulate (task21): its rule by hand-computed labels, its malformed questions and its
pinned draws; the checks every task passes come from :class:`TaskChecks`."""

from tests.tasks.checks import TaskChecks, label


class TestCumulate(TaskChecks):
    task = "Cumulate"
    labels = (
        # "add 0" is a step that changes nothing.
        ({"n": 2, "operations": [["add", 3], ["multiply", 4], ["add", 0]]}, label(2, [5, 20], 20)),
    )
    malformed = (({"n": 1, "operations": [["divide", 2]]}, "field 'operations'"),)
    pinned_draws = "453fd09909827a50"  # a change to the draws changes the published benchmark
