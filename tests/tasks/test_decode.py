"""Decode (task15): its rule by hand-computed labels, its malformed questions and its
pinned draws; the checks every task passes come from :class:`TaskChecks`."""

from tests.tasks.checks import TaskChecks, label


class TestDecode(TaskChecks):
    task = "Decode"
    labels = (({"pieces": [["1", 2], ["0", 1]]}, label("", ["11"], "110")),)
    malformed = (({"pieces": [["1", -1]]}, "field 'pieces'"),)
    pinned_draws = "195a1611d46eb74c"  # a change to the draws changes the published benchmark
