"""Search (task04): its rule by hand-computed labels, its malformed questions and its
pinned draws; the checks every task passes come from :class:`TaskChecks`."""

from tests.tasks.checks import TaskChecks, label


class TestSearch(TaskChecks):
    task = "Search"
    labels = (
        # Non-overlapping counts: "aa" twice in "aaaa", once in "aaa".
        ({"strings": ["aaaa", "aaa", "abab"], "substrings": ["aa", "ab"]}, label([0, 0, 0], [[2, 1, 0]], [2, 1, 2])),
    )
    malformed = (({"strings": ["ab"], "substrings": [""]}, "field 'substrings'"),)
    pinned_draws = "bbaf7f96c86d88bf"  # a change to the draws changes the published benchmark
