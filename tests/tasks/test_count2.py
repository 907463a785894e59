"""Count2 (task14): its rule by hand-computed labels, its malformed questions and its
pinned draws; the checks every task passes come from :class:`TaskChecks`."""

from tests.tasks.checks import TaskChecks, label


class TestCount2(TaskChecks):
    task = "Count2"
    labels = (
        # Case-insensitive, letters only.
        ({"sentence": "Ab 1a."}, label([0] * 26, [[1, 1] + [0] * 24], [2, 1] + [0] * 24)),
    )
    malformed = (({"sentence": None}, "field 'sentence' must be str"),)
    pinned_draws = "35fdeb900a654d1e"  # a change to the draws changes the published benchmark
