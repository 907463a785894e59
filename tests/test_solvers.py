"""Hand-computed labels: each case pins one rule of TASKS.md."""

import pytest

import generators


def label(init, intermediate, final):
    return {"init": init, "intermediate": intermediate, "final": final}


CASES = [
    # Only swaps that change the string are steps; 's' and 't' are already in place.
    ("Sort", {"string": "itstb"}, label("itstb", ["btsti"], "bistt")),
    ("Sort", {"string": "abc"}, label("abc", [], "abc")),
    ("Gather", {"strings": ["abcdef", "xyz"], "commands": [[0, 1, 2], [1, 0, 3]]}, label("", ["bc"], "bcxyz")),
    # "007" gives 7; a string without digits gives 0; init is the string "0".
    (
        "Count",
        {"strings": ["ab007", "xyz"]},
        label("0", [["ab007", "2", "7", "14"], ["xyz", "3", "0", "0"]], 14),
    ),
    # Non-overlapping counts: "aa" twice in "aaaa", once in "aaa".
    (
        "Search",
        {"strings": ["aaaa", "aaa", "abab"], "substrings": ["aa", "ab"]},
        label([0, 0, 0], [[2, 1, 0]], [2, 1, 2]),
    ),
    ("Copy", {"strings": ["ab", "c"], "indices": [1, 0, 1]}, label("", ["c", "cab"], "cabc")),
    # No chaining: with a->b, b->c, "ab" becomes "bc".
    ("Substitute", {"pairs": [["a", "b"], ["b", "c"]], "string": "ab"}, label("ab", ["bb"], "bc")),
    # A character without a partner still takes a step.
    ("Substitute", {"pairs": [["a", "b"]], "string": "za"}, label("za", ["za"], "zb")),
    ("Encode", {"string": "1110"}, label("", [["1_3"]], ["1_3", "0_1"])),
    # Positions index the original string, in any order.
    (
        "Split1",
        {"string": "abcdef", "positions": [4, 2]},
        label(["abcdef"], [["abcd", "ef"]], ["ab", "cd", "ef"]),
    ),
    (
        "Split2",
        {"string": "abcdef", "pairs": [[0, 4], [1, 1]]},
        label(["abcdef"], [["abcd", "ef"]], ["abcd", "e", "f"]),
    ),
    # Rightmost pair first, rescanning from the right; (b, a) is not (a, b).
    (
        "Compose",
        {"rules": [["a", "b", "c"], ["c", "d", "e"], ["b", "a", "x"]], "initial": ["a", "b", "d", "b", "a"]},
        label(["a", "b", "d", "b", "a"], [["a", "b", "d", "x"], ["c", "d", "x"]], ["e", "x"]),
    ),
    # Leftmost character with a rule, each time.
    (
        "Decompose",
        {"string": "abca", "rules": [["a", "xy"], ["c", "zz"]]},
        label("abca", ["xybca", "xybzza"], "xybzzxy"),
    ),
    ("Decompose", {"string": "a", "rules": [["a", "bc"], ["b", "dd"]]}, label("a", ["bc"], "ddc")),
    # Each list wraps on its own.
    (
        "Rhythm",
        {"numbers": [1, 2], "characters": ["a", "b", "c"], "n": 3},
        label("", ["1a", "1a2b"], "1a2b1c"),
    ),
    # Stop at the first copy of the target; an unrelated candidate records "".
    (
        "Compare",
        {"target": "abc", "candidates": ["abd", "xyz", "abc", "ab"]},
        label([""], ["ab", ""], ["ab", "", "abc"]),
    ),
    ("Compare", {"target": "abc", "candidates": ["abc"]}, label([""], [], ["abc"])),
    # Case-insensitive, letters only.
    (
        "Count2",
        {"sentence": "Ab 1a."},
        label([0] * 26, [[1, 1] + [0] * 24], [2, 1] + [0] * 24),
    ),
    ("Decode", {"pieces": [["1", 2], ["0", 1]]}, label("", ["11"], "110")),
    # Popping an empty string leaves it empty, and is still a step.
    (
        "PushPop",
        {"string": "a", "actions": ["pop_left", "pop_right", "push_right(b)", "push_left(c)"]},
        label("a", ["", "", "b"], "cb"),
    ),
    ("Rotate", {"string": "abcdef", "ranges": [[1, 4], [0, 2]]}, label("abcdef", ["adbcef"], "dabcef")),
    # Blanks are filled in the order of fills, not of the sentence.
    (
        "FillWord",
        {"sentence": "[2] is [1]", "fills": [[1, "x"], [2, "y"]]},
        label("[2] is [1]", ["[2] is x"], "y is x"),
    ),
    ("DeleteChar", {"string": "abcabc", "letters": ["b", "a"]}, label("abcabc", ["acabc"], "cabc")),
    # First exact, case-sensitive match.
    (
        "DeleteWord",
        {"sentence": "The cat and the Cat", "words": ["the", "Cat"]},
        label("The cat and the Cat", ["The cat and Cat"], "The cat and"),
    ),
    # "add 0" is a step that changes nothing.
    (
        "Cumulate",
        {"n": 2, "operations": [["add", 3], ["multiply", 4], ["add", 0]]},
        label(2, [5, 20], 20),
    ),
    ("MoveCyclic", {"array": "x----", "moves": [["left", 1], ["right", 7]]}, label("x----", ["----x"], "-x---")),
    (
        "FindCyclic",
        {"string": "abc", "letter": "b", "count": 4},
        label(["b", "4"], [["c", "3"], ["a", "2"], ["b", "1"]], "c"),
    ),
    ("FindCyclic", {"string": "abab", "letter": "b", "count": 1}, label(["b", "1"], [], "a")),
]


@pytest.mark.parametrize(("task", "question", "expected"), CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_solver_reproduces_hand_computed_label(task, question, expected):
    assert generators.solve(task, question) == expected


def test_every_task_has_a_hand_computed_case():
    assert {case[0] for case in CASES} == set(generators.TASKS)


def test_solve_does_not_modify_the_question():
    question = {"rules": [["a", "b", "c"]], "initial": ["a", "b", "a", "b"]}
    generators.solve("Compose", question)
    assert question == {"rules": [["a", "b", "c"]], "initial": ["a", "b", "a", "b"]}


BAD_QUESTIONS = [
    ("Sort", {}, "missing the field 'string'"),
    ("Sort", {"string": 7}, "field 'string' must be str"),
    ("Sort", {"string": "aB"}, "field 'string'"),
    ("Sort", ["itstb"], "must be a dict"),
    ("Gather", {"strings": ["abc"], "commands": [[1, 0, 1]]}, "field 'commands': [0] names string 1"),
    ("Gather", {"strings": ["abc"], "commands": [[0, 2, 2]]}, "field 'commands'"),
    ("Gather", {"strings": ["abc"], "commands": [[0, 1]]}, "field 'commands' must be a list of a list [int, int, int]"),
    ("Count", {"strings": ["a-b"]}, "field 'strings'"),
    ("Search", {"strings": ["ab"], "substrings": [""]}, "field 'substrings'"),
    ("Copy", {"strings": ["ab"], "indices": [0, 3]}, "field 'indices': [1] = 3"),
    ("Copy", {"strings": ["ab"], "indices": [True]}, "field 'indices' must be a list of int"),
    ("Substitute", {"pairs": [["a", "b"], ["a", "c"]], "string": "a"}, "field 'pairs'"),
    ("Encode", {"string": "0120"}, "field 'string'"),
    ("Split1", {"string": "abc", "positions": [3]}, "field 'positions'"),
    ("Split1", {"string": "abc", "positions": [1, 1]}, "field 'positions'"),
    ("Split2", {"string": "abc", "pairs": [[1, 1]]}, "field 'pairs'"),
    ("Split2", {"string": "abc", "pairs": [[0, 0]]}, "field 'pairs'"),
    ("Compose", {"rules": [["a", "b", "c"], ["a", "b", "d"]], "initial": ["a"]}, "field 'rules'"),
    ("Decompose", {"string": "a", "rules": [["a", "aa"]]}, "field 'rules': the replacements do not stop"),
    ("Rhythm", {"numbers": [], "characters": ["a"], "n": 1}, "field 'numbers'"),
    ("Compare", {"target": "ab", "candidates": ["aa"]}, "field 'candidates'"),
    ("Count2", {"sentence": None}, "field 'sentence' must be str"),
    ("Decode", {"pieces": [["1", -1]]}, "field 'pieces'"),
    ("PushPop", {"string": "a", "actions": ["push_up(a)"]}, "field 'actions'"),
    ("Rotate", {"string": "abc", "ranges": [[2, 5]]}, "field 'ranges'"),
    ("FillWord", {"sentence": "a [1]", "fills": [[2, "x"]]}, "field 'fills'"),
    ("DeleteChar", {"string": "abc", "letters": ["z"]}, "field 'letters'"),
    ("DeleteWord", {"sentence": "a b", "words": ["c"]}, "field 'words'"),
    ("Cumulate", {"n": 1, "operations": [["divide", 2]]}, "field 'operations'"),
    ("MoveCyclic", {"array": "x-x", "moves": []}, "field 'array'"),
    ("MoveCyclic", {"array": "x--", "moves": [["up", 1]]}, "field 'moves'"),
    ("FindCyclic", {"string": "abc", "letter": "z", "count": 1}, "field 'letter'"),
    ("FindCyclic", {"string": "abc", "letter": "a", "count": 0}, "field 'count'"),
]


@pytest.mark.parametrize(("task", "question", "message"), BAD_QUESTIONS)
def test_malformed_question_raises_value_error_naming_the_field(task, question, message):
    with pytest.raises(ValueError) as error:
        generators.solve(task, question)
    assert message in str(error.value)
