"""MoveCyclic (task22): its rule by hand-computed labels, its malformed questions and its
pinned draws; the checks every task passes come from :class:`TaskChecks`."""

from tests.tasks.checks import TaskChecks, label


class TestMoveCyclic(TaskChecks):
    task = "MoveCyclic"
    labels = (({"array": "x----", "moves": [["left", 1], ["right", 7]]}, label("x----", ["----x"], "-x---")),)
    malformed = (
        ({"array": "x-x", "moves": []}, "field 'array'"),
        ({"array": "x--", "moves": [["up", 1]]}, "field 'moves'"),
    )
    pinned_draws = "e5fefc6ae22e8ae2"  # a change to the draws changes the published benchmark
