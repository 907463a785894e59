"""Copy (task05): its rule by hand-computed labels, its malformed questions and its
pinned draws; the checks every task passes come from :class:`TaskChecks`."""

from tests.tasks.checks import TaskChecks, label


class TestCopy(TaskChecks):
    task = "Copy"
    labels = (({"strings": ["ab", "c"], "indices": [1, 0, 1]}, label("", ["c", "cab"], "cabc")),)
    malformed = (
        ({"strings": ["ab"], "indices": [0, 3]}, "field 'indices': [1] = 3"),
        ({"strings": ["ab"], "indices": [True]}, "field 'indices' must be a list of int"),
    )
    pinned_draws = "d84475c5272b6587"  # a change to the draws changes the published benchmark
