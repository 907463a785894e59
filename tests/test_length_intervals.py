"""The interval of a mean length (PML, predicted states): Student's t interval from the
count, sum and sum of squares, never narrower than the floor ``(1 - 0.025^(1/n)) * range``,
clipped to the values' range. Exact values are computed by hand (t quantiles in closed form
for 1 and 2 degrees of freedom: tan(0.475 pi) and 0.95 / sqrt(2 * 0.975 * 0.025)); the
coverage is simulated for shapes PML takes."""

import math
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from procbench_tools.evaluation.intervals import clopper_pearson, length_interval

T1 = math.tan(0.475 * math.pi)  # t(97.5%; 1 df) = 12.706205
T2 = 0.95 / math.sqrt(2 * 0.975 * 0.025)  # t(97.5%; 2 df) = 4.302653
T3 = 3.182446305284263  # t(97.5%; 3 df), from tables


def interval_of(values, longest=None):
    return length_interval(len(values), sum(values), sum(value * value for value in values), longest)


def test_three_lengths_give_the_student_interval():
    """[3, 4, 5]: mean 4, s = 1, half-width t(2 df) / sqrt(3) = 2.484138; the floor
    (1 - 0.025^(1/3)) = 0.707598 of a state is narrower, so the t interval stands."""
    half = T2 / math.sqrt(3)
    assert interval_of([3, 4, 5]) == pytest.approx([4 - half, 4 + half], abs=1e-12)
    assert interval_of([3, 4, 5]) == pytest.approx([1.515862, 6.484138], abs=1e-6)


def test_the_interval_is_clipped_to_the_values_range():
    """[2, 4, 6]: mean 4, s = 2, t half-width 2 * 4.302653 / sqrt(3) = 4.968275: below 0 it
    is cut at 0 (no length is negative); for PML of problems of at most 6 steps, also at 6;
    of at most 10 steps the floor 10 * (1 - 0.025^(1/3)) = 7.075976 is wider than t, and
    the interval is the whole range."""
    half = 2 * T2 / math.sqrt(3)
    assert interval_of([2, 4, 6]) == pytest.approx([0.0, 4 + half], abs=1e-12)
    assert interval_of([2, 4, 6]) == pytest.approx([0.0, 8.968275], abs=1e-6)
    assert interval_of([2, 4, 6], longest=6) == [0.0, 6.0]
    assert interval_of([2, 4, 6], longest=10) == [0.0, 10.0]


def test_equal_values_get_the_floor_never_a_point():
    """Ten answers with 5 predicted states: s = 0 would make the t interval a point; the
    floor 1 - 0.025^(1/10) = 0.308497 of a state stands instead."""
    floor = 1 - 0.025**0.1
    assert interval_of([5] * 10) == pytest.approx([5 - floor, 5 + floor], abs=1e-12)
    assert interval_of([5] * 10) == pytest.approx([4.691503, 5.308497], abs=1e-6)


def test_equal_pml_at_the_ends_of_its_range_is_clopper_pearson():
    """Ten answers to 7-step problems all at PML 0 (or all at 7): the interval is that of
    the Clopper-Pearson interval of PML / 7, [0, 1 - 0.025^(1/10)] * 7 = [0, 2.159480]."""
    assert interval_of([0] * 10, longest=7) == pytest.approx([0.0, 2.159480], abs=1e-6)
    assert interval_of([7] * 10, longest=7) == pytest.approx([4.840520, 7.0], abs=1e-6)
    assert interval_of([0] * 10, longest=7) == pytest.approx([7 * end for end in clopper_pearson(0, 10)])
    assert interval_of([7] * 10, longest=7) == pytest.approx([7 * end for end in clopper_pearson(10, 10)])


def test_one_answer_gives_nearly_the_whole_range():
    """n = 1 has no standard deviation: the interval is the value +- 0.975 * range, so a
    PML of 3 of 7 steps gives [0, 7] (every value PML can take) and 3 predicted states
    (no upper bound, range one state) give [2.025, 3.975]."""
    assert interval_of([3], longest=7) == [0.0, 7.0]
    assert interval_of([3]) == pytest.approx([2.025, 3.975], abs=1e-12)
    assert interval_of([0], longest=25) == pytest.approx([0.0, 24.375], abs=1e-12)


def test_two_answers():
    """n = 2: [1, 3] has s = sqrt(2) and half-width t(1 df) * sqrt(2) / sqrt(2) = 12.706205;
    [4, 4] has s = 0 and gets the floor 1 - sqrt(0.025) = 0.841886."""
    assert interval_of([1, 3]) == pytest.approx([0.0, 2 + T1], abs=1e-12)
    floor = 1 - math.sqrt(0.025)
    assert interval_of([4, 4]) == pytest.approx([4 - floor, 4 + floor], abs=1e-12)
    assert interval_of([4, 4]) == pytest.approx([3.158114, 4.841886], abs=1e-6)


def test_four_answers_as_the_evaluate_test_has_them():
    """PML 2, 1, 0, 2 on problems of at most 4 steps: mean 1.25, s^2 = 11/12, t half-width
    3.182446 * sqrt(11/12) / 2 = 1.523481 is narrower than the floor 4 * (1 - 0.025^(1/4))
    = 2.409460, so the interval is [0, 1.25 + 2.409460]."""
    assert T3 * math.sqrt(11 / 12) / 2 == pytest.approx(1.523481, abs=1e-6)
    assert interval_of([2, 1, 0, 2], longest=4) == pytest.approx([0.0, 1.25 + 4 * (1 - 0.025**0.25)], abs=1e-12)


def test_no_answer_is_refused():
    with pytest.raises(ValueError, match="at least one example"):
        length_interval(0, 0, 0)


@given(
    st.integers(min_value=1, max_value=30).flatmap(
        lambda longest: st.tuples(
            st.just(longest), st.lists(st.integers(min_value=0, max_value=longest), min_size=1, max_size=80)
        )
    ),
    st.booleans(),
)
def test_the_interval_always_holds_the_mean_inside_the_range_with_width(case, bounded):
    """Whatever the lengths: finite ends, 0 <= low <= mean <= high (<= the longest problem
    when bounded), never zero width, and the same for the lengths in any order (it reads
    only n, the sum and the sum of squares)."""
    longest, values = case
    low, high = interval_of(values, longest if bounded else None)
    mean = sum(values) / len(values)
    assert math.isfinite(low) and math.isfinite(high)
    assert 0.0 <= low <= mean <= high and high > low
    if bounded:
        assert high <= longest
    assert interval_of(list(reversed(values)), longest if bounded else None) == [low, high]


def geometric_pml(steps, keep):
    """PML of a model that gets each next state right with chance ``keep``: its mean is
    keep + keep^2 + ... + keep^steps."""

    def draw(rng):
        length = 0
        while length < steps and rng.random() < keep:
            length += 1
        return length

    return draw, sum(keep**step for step in range(1, steps + 1))


def all_or_nothing(steps, right):
    return (lambda rng: steps if rng.random() < right else 0), steps * right


def mixed_lengths():
    """A bucket of problems of 2 to 6 steps, equally many of each, every state kept with
    chance 0.8."""
    draws = [geometric_pml(steps, 0.8) for steps in range(2, 7)]
    return (lambda rng: rng.choice(draws)[0](rng)), sum(mean for _, mean in draws) / len(draws)


SHAPES = {  # name: (draw, true mean, longest problem)
    "geometric, 10 steps, keep 0.9": (*geometric_pml(10, 0.9), 10),
    "geometric, 20 steps, keep 0.7": (*geometric_pml(20, 0.7), 20),
    "all or nothing, 8 steps, 30% right": (*all_or_nothing(8, 0.3), 8),
    "all or nothing, 8 steps, 5% right": (*all_or_nothing(8, 0.05), 8),
    "a bucket of 2-6 steps": (*mixed_lengths(), 6),
}


@pytest.mark.parametrize("n", (2, 5, 10, 30, 100))
def test_simulated_coverage_of_pml_shapes(n):
    """The 95% interval holds the true mean PML in at least 93% of 1,000 runs (0.95 less
    sampling error) for shapes PML takes: a model slipping at a geometric step, one right
    all the way or not at all (rarely, too), problems of mixed lengths."""
    rng = random.Random(n)
    runs = 1000
    for name, (draw, mean, longest) in SHAPES.items():
        covered = 0
        for _ in range(runs):
            low, high = interval_of([draw(rng) for _ in range(n)], longest)
            covered += low <= mean <= high
        assert covered / runs >= 0.93, (name, n, covered / runs)
