"""Compose (task10): its rule by hand-computed labels, its malformed questions and its
pinned draws; the checks every task passes come from :class:`TaskChecks`."""

import procbench_generators
from tests.tasks.checks import TaskChecks, label


class TestCompose(TaskChecks):
    task = "Compose"
    labels = (
        # Rightmost pair first, rescanning from the right; (b, a) is not (a, b).
        (
            {"rules": [["a", "b", "c"], ["c", "d", "e"], ["b", "a", "x"]], "initial": ["a", "b", "d", "b", "a"]},
            label(["a", "b", "d", "b", "a"], [["a", "b", "d", "x"], ["c", "d", "x"]], ["e", "x"]),
        ),
    )
    malformed = (({"rules": [["a", "b", "c"], ["a", "b", "d"]], "initial": ["a"]}, "field 'rules'"),)
    pinned_draws = "3502aa7c755d9703"  # a change to the draws changes the published benchmark

    def test_solve_does_not_modify_the_question(self):
        question = {"rules": [["a", "b", "c"]], "initial": ["a", "b", "a", "b"]}
        procbench_generators.solve("Compose", question)
        assert question == {"rules": [["a", "b", "c"]], "initial": ["a", "b", "a", "b"]}
