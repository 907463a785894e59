"""Encode (task07): its rule by hand-computed labels, its malformed questions and its
pinned draws; the checks every task passes come from :class:`TaskChecks`."""

from tests.tasks.checks import TaskChecks, label


class TestEncode(TaskChecks):
    task = "Encode"
    labels = (({"string": "1110"}, label("", [["1_3"]], ["1_3", "0_1"])),)
    malformed = (({"string": "0120"}, "field 'string'"),)
    pinned_draws = "975721a7ec78cc8f"  # a change to the draws changes the published benchmark
