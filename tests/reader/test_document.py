"""The document's parts that the labels-first readers share (``values``, ``sections``,
``objects``) and the intermediate value that points at the steps above (``forms``): one
example per rule, each read end to end by ``read_answer`` where the rule is about a reply."""

from procbench_tools.scoring.layout import read_layout
from procbench_tools.scoring.objects import answer_parts
from procbench_tools.scoring.reader import read_answer
from procbench_tools.scoring.sections import StepsAbove, read_sections
from procbench_tools.scoring.values import parse_value, state_in_text

# --- values -------------------------------------------------------------------------------------


def test_a_literal_with_a_clause_after_it_is_that_literal():
    assert parse_value("[3, 0, 2], which adds up to 5 letters") == [3, 0, 2]


def test_a_bracketed_blank_at_the_start_of_a_sentence_state_is_no_literal():
    # FillWord's states open with "[10] in battle.": no comma, so the sentence is the value.
    assert parse_value("[10] in battle. [4] undefeated") == "[10] in battle. [4] undefeated"


def test_a_state_marked_off_whole_is_read_whole_whatever_its_words():
    # "giving" leads to a state in "... giving [1, 2]"; inside a quoted sentence state it is a word.
    sentence = "[7] been [7] means of giving [8]"
    for marked in (f'"{sentence}"', f"'{sentence}'", f"`{sentence}`", f"**{sentence}**"):
        assert state_in_text(marked, str) == sentence
    assert state_in_text("the list, giving [1, 2]", [int]) == [1, 2]


def test_a_verb_inside_a_sentence_state_leads_to_nothing():
    # "giving" leads to the state in "the list, giving [1, 2]"; in a sentence state it is a word.
    label = {
        "init": "[1] the means of giving [2]",
        "intermediate": ["Only the means of giving [2]"],
        "final": "Only the means of giving her.",
    }
    reply = 'Intermediate states: ["Only the means of giving [2]"]\nFinal state: Only the means of giving her.'
    assert read_answer(reply, label) == {
        "intermediate": ["Only the means of giving [2]"],
        "final": "Only the means of giving her.",
    }
    assert state_in_text("the means of giving her.", str, sentences=True) == "the means of giving her."


def test_the_word_filled_in_before_a_sentence_state():
    assert state_in_text('[6] → "violent": A violent attack.', str, sentences=True) == "A violent attack."
    assert state_in_text('[6] → "violent": A violent attack.', str) == "violent"  # a word state: the word


def test_a_final_list_stated_in_a_sentence_with_a_remark_after_it():
    reply = "Intermediate states:\n[[1, 0], [1, 1]]\n\nSo the final list is [2, 1], which adds up to 3."
    label = {"init": [0, 0], "intermediate": [[1, 0], [1, 1]], "final": [2, 1]}
    assert read_answer(reply, label) == {"intermediate": [[1, 0], [1, 1]], "final": [2, 1]}


# --- sections -----------------------------------------------------------------------------------


def test_a_final_clause_in_a_parenthesised_remark_is_no_final_state():
    reply = (
        "1. cdba\n2. cbda\n3. bcda\n\n"
        "The intermediate strings are steps 1 to 2 above (the final one from step 3 is left out).\n\n"
        "Final string: bcda"
    )
    label = {"init": "dcba", "intermediate": ["cdba", "cbda"], "final": "bcda"}
    assert read_answer(reply, label) == {"intermediate": ["cdba", "cbda"], "final": "bcda"}


def test_table_rows_of_one_intermediate_state_each_are_one_list():
    reply = "| | State |\n|---|---|\n| Intermediate 1 | cdba |\n| Intermediate 2 | cbda |\n| **Final** | bcda |"
    label = {"init": "dcba", "intermediate": ["cdba", "cbda"], "final": "bcda"}
    assert read_answer(reply, label) == {"intermediate": ["cdba", "cbda"], "final": "bcda"}


def test_a_quoted_pointer_where_states_are_lists_points_at_the_rows_above():
    # A JSON-mode reply: the rows are the steps; "intermediate_states" only points at them.
    reply = (
        'cut 2: ["ab", "cde"]\ncut 3: ["ab", "c", "de"]\ncut 4: ["ab", "c", "d", "e"]\n\n'
        '{"intermediate_states": "all rows above except the last", "final_pieces": ["ab", "c", "d", "e"]}'
    )
    label = {"init": ["abcde"], "intermediate": [["ab", "cde"], ["ab", "c", "de"]], "final": ["ab", "c", "d", "e"]}
    assert read_answer(reply, label) == {
        "intermediate": [["ab", "cde"], ["ab", "c", "de"]],
        "final": ["ab", "c", "d", "e"],
    }


def test_a_label_after_a_clause_with_commas_is_read_by_its_last_clause():
    reply = (
        "Leaving out the initial state [q, 2] and the final state [w, 0], the list of intermediate states is:\n"
        "[[1, 1]]\n\nFound letter: w"
    )
    label = {"init": ["q", 2], "intermediate": [["1", 1]], "final": "w"}
    # (the reference's first item is text, so each item is read as text; "1" matches 1 when scored)
    assert read_answer(reply, label) == {"intermediate": [["1", "1"]], "final": "w"}


def test_a_pointer_closing_the_reply_belongs_to_the_final_state_stated_first():
    reply = (
        "**Final state:** bcda\n\n1. dcba → cdba\n2. cdba → cbda\n3. cbda → bcda\n\n"
        "Some notes on the rule, to be sure.\nNothing changes after step 3.\n\n"
        "**Intermediate states:** steps 1-2 above."
    )
    label = {"init": "dcba", "intermediate": ["cdba", "cbda"], "final": "bcda"}
    assert read_answer(reply, label) == {"intermediate": ["cdba", "cbda"], "final": "bcda"}


def test_a_step_state_set_off_below_its_label_by_a_blank_line():
    reply = (
        '**Step 1:** Replace [1] with "The".\n\nThe [2] sat.\n\n'
        '**Step 2:** Replace [2] with "cat".\n\nThe cat sat.\n\n'
        "The intermediate sentences are the ones after steps 1 to 1.\n\nFinal answer: The cat sat."
    )
    label = {"init": "[1] [2] sat.", "intermediate": ["The [2] sat."], "final": "The cat sat."}
    assert read_answer(reply, label) == {"intermediate": ["The [2] sat."], "final": "The cat sat."}


def test_a_final_value_that_points_at_a_step_gives_no_final_state():
    reply = (
        "Intermediate sentences:\nThe [2] sat.\n\nThe final sentence is the result of Step 2.\n\n"
        "The final answer is: The cat sat."
    )
    label = {"init": "[1] [2] sat.", "intermediate": ["The [2] sat."], "final": "The cat sat."}
    assert read_answer(reply, label) == {"intermediate": ["The [2] sat."], "final": "The cat sat."}


def test_a_final_state_then_a_list_of_states_in_one_value():
    # "The final answer is: $\\boxed{40, [7, 16, 32]}$": the final state, then the steps.
    label = {"init": 6, "intermediate": [7, 16, 32], "final": 40}
    assert read_answer("The final answer is: 40, [7, 16, 32]", label) == {"intermediate": [7, 16, 32], "final": 40}


def test_a_step_heading_that_names_the_intermediate_states_is_their_label():
    reply = (
        "## Step 1: Append 00\nThe string is 00.\n\n## Step 2: Append 11\nThe string is 0011.\n\n"
        '## Step 3: List the intermediate strings\n["00"]\n\nThe final answer is: 0011'
    )
    label = {"init": "", "intermediate": ["00"], "final": "0011"}
    assert read_answer(reply, label) == {"intermediate": ["00"], "final": "0011"}


def test_an_answer_object_inside_a_walk_through_is_the_answer_not_a_step():
    reply = (
        "## Step 1: First move\nThe state is [4, 1].\n\n## Step 2: Format the answer\n"
        '{"intermediate": [["4", "1"]], "final": "a"}\n\nThe final answer is: a'
    )
    label = {"init": ["n", 2], "intermediate": [["4", 1]], "final": "a"}
    assert read_answer(reply, label) == {"intermediate": [["4", "1"]], "final": "a"}


def test_states_named_s_1_to_s_n_above_are_the_states_so_named():
    reply = (
        "**Step 1** (index 0):\nS_1 = ab\n\n**Step 2** (index 1):\nS_2 = abcd\n\n"
        "**Step 3** (index 0):\nS_3 = abcdab\n\n"
        "The intermediate strings are S_1, S_2, and the final string is\nFinal answer: abcdab"
    )
    label = {"init": "", "intermediate": ["ab", "abcd"], "final": "abcdab"}
    assert read_answer(reply, label) == {"intermediate": ["ab", "abcd"], "final": "abcdab"}
    assert state_in_text("S_3 = abcdab", str) == "abcdab"


def test_a_final_phrase_with_an_answer_word_before_is():
    reply = "Intermediate states: [m, 5], [0, 4]\n\nThe found letter is 7."
    label = {"init": ["m", 6], "intermediate": [["m", 5], ["0", 4]], "final": "7"}
    assert read_answer(reply, label) == {"intermediate": [["m", "5"], ["0", "4"]], "final": "7"}


def test_a_separator_inside_the_labels_parenthesis_is_the_phrases_own():
    reply = "Intermediate states: [[1, 0], [1, 1]]\n\n### Final counts (a → z)\n\n**`[2, 1]`**"
    label = {"init": [0, 0], "intermediate": [[1, 0], [1, 1]], "final": [2, 1]}
    assert read_answer(reply, label) == {"intermediate": [[1, 0], [1, 1]], "final": [2, 1]}


def test_a_pointer_below_an_intermediate_heading():
    reply = (
        '| Step | Pieces |\n|---|---|\n| 1 | `["ab", "cd"]` |\n| 2 | `["a", "b", "cd"]` |\n'
        '| 3 | `["a", "b", "c", "d"]` |\n\n### Intermediate states\nThe piece lists from **steps 1-2** above.\n\n'
        '### Final pieces\n`["a", "b", "c", "d"]`'
    )
    label = {"init": ["abcd"], "intermediate": [["ab", "cd"], ["a", "b", "cd"]], "final": ["a", "b", "c", "d"]}
    assert read_answer(reply, label) == {
        "intermediate": [["ab", "cd"], ["a", "b", "cd"]],
        "final": ["a", "b", "c", "d"],
    }


def test_the_first_n_states_above():
    reply = (
        '"The" adds t, h, e: [1, 2]\n"cat" adds c, a, t: [2, 3]\n"sat" adds s, a, t: [3, 5]\n\n'
        "So the final list is [3, 5], and the intermediate states are the first two lists above."
    )
    label = {"init": [0, 0], "intermediate": [[1, 2], [2, 3]], "final": [3, 5]}
    assert read_answer(reply, label) == {"intermediate": [[1, 2], [2, 3]], "final": [3, 5]}
    pointer = [section.states for section in read_sections(read_layout(reply), ([int], [int]))][-1]
    assert pointer == StepsAbove(1, 2)


def test_a_reply_that_shows_no_steps_gives_the_value_alone_on_its_line():
    reply = 'When all the blanks are filled, the sentence reads:\n\n"The cat sat."\n\nIt is a short sentence.'
    label = {"init": "[1] cat [2].", "intermediate": ["The cat [2]."], "final": "The cat sat."}
    assert read_answer(reply, label) == {"intermediate": [], "final": "The cat sat."}


def test_the_final_state_named_before_its_value_without_a_separator():
    reply = 'The answer is: final string "1c0d", with intermediate strings ["1c"].'
    label = {"init": "", "intermediate": ["1c"], "final": "1c0d"}
    assert read_answer(reply, label) == {"intermediate": ["1c"], "final": "1c0d"}


def test_intermediate_states_after_a_semicolon_then_their_list():
    reply = 'The answer is: final string "abc"; intermediate strings ["abcd", "abce"].'
    label = {"init": "abcde", "intermediate": ["abcd", "abce"], "final": "abc"}
    assert read_answer(reply, label) == {"intermediate": ["abcd", "abce"], "final": "abc"}


def test_one_bulleted_list_literal_below_an_intermediate_label_is_the_states():
    reply = (
        '* **Intermediate Strings** *(excluding initial and final)*:\n\t+ `["nkozx", "nkoz"]`\n'
        "* **Final String:** `nko`"
    )
    label = {"init": "enkozx", "intermediate": ["nkozx", "nkoz"], "final": "nko"}
    assert read_answer(reply, label) == {"intermediate": ["nkozx", "nkoz"], "final": "nko"}


# --- objects ------------------------------------------------------------------------------------


def test_a_key_named_intermediate_wins_over_steps():
    value = {"steps": [{"index": 0, "built": "ab"}], "intermediate_strings": ["ab"], "final_string": "abc"}
    assert answer_parts(value) == (["ab"], "abc")


def test_steps_written_as_objects_under_any_key_give_their_value_of_the_final_type():
    value = {"per_word": [{"word": "The", "counts": [1, 0]}, {"word": "cat", "counts": [1, 1]}], "final_counts": [2, 1]}
    assert answer_parts(value) == ([[1, 0], [1, 1]], [2, 1])


# --- an intermediate value that points at the steps above ---------------------------------------


def test_a_pointer_to_steps_passes_over_a_list_of_remarks_below_the_steps():
    reply = (
        "1. Remove x:\n   The cat sat down.\n2. Remove y:\n   The cat sat.\n3. Remove z:\n   cat sat.\n\n"
        'Checks:\n- "x" (step 1): first one\n- "y" (step 2): first one\n\n'
        "**Intermediate sentences:** steps 1-2 above.\n\n**Final sentence:** cat sat."
    )
    label = {
        "init": "The big cat sat down.",
        "intermediate": ["The cat sat down.", "The cat sat."],
        "final": "cat sat.",
    }
    assert read_answer(reply, label) == {"intermediate": ["The cat sat down.", "The cat sat."], "final": "cat sat."}
