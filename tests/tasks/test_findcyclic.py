"""FindCyclic (task23): its rule by hand-computed labels, its malformed questions and its
pinned draws; the checks every task passes come from :class:`TaskChecks`."""

from tests.tasks.checks import TaskChecks, label


class TestFindCyclic(TaskChecks):
    task = "FindCyclic"
    labels = (
        ({"string": "abc", "letter": "b", "count": 4}, label(["b", "4"], [["c", "3"], ["a", "2"], ["b", "1"]], "c")),
        ({"string": "abab", "letter": "b", "count": 1}, label(["b", "1"], [], "a")),
    )
    malformed = (
        ({"string": "abc", "letter": "z", "count": 1}, "field 'letter'"),
        ({"string": "abc", "letter": "a", "count": 0}, "field 'count'"),
    )
    pinned_draws = "57fe6c1936565396"  # a change to the draws changes the published benchmark
