"""DeleteChar (task19): its rule by hand-computed labels, its malformed questions and its
pinned draws; the checks every task passes come from :class:`TaskChecks`."""

from tests.tasks.checks import TaskChecks, label


class TestDeleteChar(TaskChecks):
    task = "DeleteChar"
    labels = (({"string": "abcabc", "letters": ["b", "a"]}, label("abcabc", ["acabc"], "cabc")),)
    malformed = (({"string": "abc", "letters": ["z"]}, "field 'letters'"),)
    pinned_draws = "38f23c5132216109"  # a change to the draws changes the published benchmark
