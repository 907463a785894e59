"""FillWord (task18): its rule by hand-computed labels, its malformed questions and its
pinned draws; the checks every task passes come from :class:`TaskChecks`."""

from hypothesis import given, settings
from hypothesis import strategies as st

import procbench_generators
from tests.tasks.checks import TaskChecks, label, listed_words_read_back


class TestFillWord(TaskChecks):
    task = "FillWord"
    labels = (
        # Blanks are filled in the order of fills, not of the sentence.
        ({"sentence": "[2] is [1]", "fills": [[1, "x"], [2, "y"]]}, label("[2] is [1]", ["[2] is x"], "y is x")),
    )
    malformed = (({"sentence": "a [1]", "fills": [[2, "x"]]}, "field 'fills'"),)
    pinned_draws = "f0c356273d59e3cd"  # a change to the draws changes the published benchmark

    def test_fill_words_are_one_a_line(self):
        question = {"sentence": "He [2] was [3] [4]", "fills": [[2, "obliged"], [3, "Crawford,"], [4, "impatient."]]}
        block = procbench_generators.prompt_for("FillWord", question).split("[Question]\n", 1)[1]
        assert block == "Sentence: He [2] was [3] [4]\nFills:\n[2] obliged\n[3] Crawford,\n[4] impatient.\n"
        assert "a list of fills, one a line" in procbench_generators.procedure_text("FillWord", answer_format=False)

    @settings(max_examples=30, deadline=None)
    @given(st.integers(1, 40), st.integers(0, 2**32))
    def test_the_listed_fills_read_back_exactly_from_the_prompt(self, steps, seed):
        listed_words_read_back("FillWord", steps, seed)
