"""Rhythm (task12): its rule by hand-computed labels, its malformed questions and its
pinned draws; the checks every task passes come from :class:`TaskChecks`."""

from tests.tasks.checks import TaskChecks, label


class TestRhythm(TaskChecks):
    task = "Rhythm"
    labels = (
        # Each list wraps on its own.
        ({"numbers": [1, 2], "characters": ["a", "b", "c"], "n": 3}, label("", ["1a", "1a2b"], "1a2b1c")),
    )
    malformed = (({"numbers": [], "characters": ["a"], "n": 1}, "field 'numbers'"),)
    pinned_draws = "fe1d80f2901a2124"  # a change to the draws changes the published benchmark
