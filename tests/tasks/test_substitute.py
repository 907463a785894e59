"""Substitute (task06): its rule by hand-computed labels, its malformed questions and its
pinned draws; the checks every task passes come from :class:`TaskChecks`."""

from tests.tasks.checks import TaskChecks, label


class TestSubstitute(TaskChecks):
    task = "Substitute"
    labels = (
        # No chaining: with a->b, b->c, "ab" becomes "bc".
        ({"pairs": [["a", "b"], ["b", "c"]], "string": "ab"}, label("ab", ["bb"], "bc")),
        # A character without a partner still takes a step.
        ({"pairs": [["a", "b"]], "string": "za"}, label("za", ["za"], "zb")),
    )
    malformed = (({"pairs": [["a", "b"], ["a", "c"]], "string": "a"}, "field 'pairs'"),)
    pinned_draws = "eb876f0987326580"  # a change to the draws changes the published benchmark
