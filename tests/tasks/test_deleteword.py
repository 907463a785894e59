"""DeleteWord (task20): its rule by hand-computed labels, its malformed questions and its
pinned draws; the checks every task passes come from :class:`TaskChecks`."""

from hypothesis import given, settings
from hypothesis import strategies as st

import procbench_generators
from tests.tasks.checks import TaskChecks, label, listed_words_read_back


class TestDeleteWord(TaskChecks):
    task = "DeleteWord"
    labels = (
        # First exact, case-sensitive match.
        (
            {"sentence": "The cat and the Cat", "words": ["the", "Cat"]},
            label("The cat and the Cat", ["The cat and Cat"], "The cat and"),
        ),
    )
    malformed = (({"sentence": "a b", "words": ["c"]}, "field 'words'"),)
    pinned_draws = "a6864bb4af256111"  # a change to the draws changes the published benchmark

    def test_delete_words_are_one_a_line(self):
        question = {"sentence": "the rock. lawn. the", "words": ["the", "rock.", "lawn."]}
        block = procbench_generators.prompt_for("DeleteWord", question).split("[Question]\n", 1)[1]
        assert block == "Sentence: the rock. lawn. the\nWords:\nthe\nrock.\nlawn.\n"
        assert "a list of words, one a line" in procbench_generators.procedure_text("DeleteWord", answer_format=False)

    @settings(max_examples=30, deadline=None)
    @given(st.integers(1, 40), st.integers(0, 2**32))
    def test_the_listed_words_read_back_exactly_from_the_prompt(self, steps, seed):
        listed_words_read_back("DeleteWord", steps, seed)
