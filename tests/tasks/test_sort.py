"""Sort (task01): its rule by hand-computed labels, its malformed questions and its
pinned draws; the checks every task passes come from :class:`TaskChecks`."""

import procbench_generators
from tests.tasks.checks import TaskChecks, label


class TestSort(TaskChecks):
    task = "Sort"
    labels = (
        # Only swaps that change the string are steps; 's' and 't' are already in place.
        ({"string": "itstb"}, label("itstb", ["btsti"], "bistt")),
        ({"string": "abc"}, label("abc", [], "abc")),
    )
    malformed = (
        ({}, "missing the field 'string'"),
        ({"string": 7}, "field 'string' must be str"),
        ({"string": "aB"}, "field 'string'"),
        (["itstb"], "must be a dict"),
    )
    pinned_draws = "9a439414bff02bcf"  # a change to the draws changes the published benchmark

    def test_the_prompt_layout(self):
        prompt = procbench_generators.prompt_for("Sort", {"string": "itstb"})
        assert prompt == procbench_generators.procedure_text("Sort") + "\n\n[Question]\nString: itstb\n"

    def test_the_free_form_prompt_asks_for_the_steps(self):
        prompt = procbench_generators.prompt_for("Sort", {"string": "itstb"}, answer_format=False)
        assert prompt.endswith(
            "Give the final sorted string, together with the list of intermediate strings: the string after each "
            "swap that changed it, in order. The list of intermediate strings leaves out the initial string and the "
            "final string.\n\n[Question]\nString: itstb\n"
        )
        assert "JSON" not in prompt

    def test_the_position_advances_after_a_swap_with_itself(self):
        text = procbench_generators.procedure_text("Sort", answer_format=False)
        assert (
            "A swap of the character at the current position with itself leaves the string unchanged and does not "
            "count as a step, but the current position still advances by one, as after any swap."
        ) in text
        # "bac": letter a swaps index 1 with index 0 ("abc", one step); letter b is then at the
        # current position 1 and swaps with itself (no step), which moves the position on to 2.
        assert procbench_generators.solve("Sort", {"string": "bac"}) == {
            "init": "bac",
            "intermediate": [],
            "final": "abc",
        }
