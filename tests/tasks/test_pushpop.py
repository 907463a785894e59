"""PushPop (task16): its rule by hand-computed labels, its malformed questions and its
pinned draws; the checks every task passes come from :class:`TaskChecks`."""

from tests.tasks.checks import TaskChecks, label


class TestPushPop(TaskChecks):
    task = "PushPop"
    labels = (
        # Popping an empty string leaves it empty, and is still a step.
        (
            {"string": "a", "actions": ["pop_left", "pop_right", "push_right(b)", "push_left(c)"]},
            label("a", ["", "", "b"], "cb"),
        ),
    )
    malformed = (({"string": "a", "actions": ["push_up(a)"]}, "field 'actions'"),)
    pinned_draws = "0e44f6f36eb8fbd5"  # a change to the draws changes the published benchmark
