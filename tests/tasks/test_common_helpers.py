"""The helpers every task module draws and renders with (each task's own tests are in
``tests/tasks/``)."""

import random

from procbench_generators.tasks._common import below, choice, indexed_lines, number_list, randint, random_string


def test_each_draw_takes_one_random_number():
    # random.Random(0).random() gives 0.8444, 0.7579, 0.4205, 0.2589, 0.5112, 0.4049 in turn.
    rng = random.Random(0)
    assert below(rng, 10) == 8  # int(8.44)
    assert randint(rng, 1, 6) == 5  # 1 + int(0.7579 * 6)
    assert choice(rng, "abc") == "b"  # "abc"[int(0.4205 * 3)]
    assert random_string(rng, "ab", 2) == "ab"  # int(0.2589 * 2), int(0.5112 * 2)
    assert rng.random() == 0.4049341374504143  # the sixth: five draws, five numbers


def test_the_rendering_helpers_by_hand():
    assert number_list([3, 0, 10]) == "3, 0, 10"
    assert number_list([]) == ""
    assert indexed_lines(["ab", "c"]) == "0: ab\n1: c"
