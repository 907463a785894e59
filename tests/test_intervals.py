"""The prefix-accuracy interval has honest coverage at small n: computed exactly for the
two-point distributions on [0, 1] (the extremes: 0/1 values are among them) and by simulation
for other shapes of PA."""

import itertools
import math
import random

import pytest

from procbench_tools.evaluation.intervals import clopper_pearson

SMALL_N = (2, 3, 5, 10, 20)


def binomial(n, k, q):
    return math.comb(n, k) * q**k * (1 - q) ** (n - k)


@pytest.mark.parametrize("n", SMALL_N)
def test_exact_coverage_for_two_point_distributions(n):
    """PA takes the value ``a`` with probability 1 - q and ``b`` with probability q: the sum
    is ``a (n - k) + b k`` with k binomial, so the coverage is a finite sum."""
    values = [0.0, 0.25, 0.5, 0.75, 1.0]
    chances = [index / 20 for index in range(1, 20)]
    worst = 1.0
    for low_value, high_value in itertools.combinations(values, 2):
        intervals = [clopper_pearson(low_value * (n - k) + high_value * k, n) for k in range(n + 1)]
        for q in chances:
            mean = low_value * (1 - q) + high_value * q
            covered = sum(
                binomial(n, k, q) for k, (low, high) in enumerate(intervals) if low - 1e-12 <= mean <= high + 1e-12
            )
            worst = min(worst, covered)
    assert worst >= 0.95


def beta_mixture(rng):
    return rng.betavariate(2, 5)


def atoms_and_spread(rng):
    # as PA often is: many 0s and 1s, some partial credit
    draw = rng.random()
    return 0.0 if draw < 0.3 else 1.0 if draw < 0.7 else rng.random()


def thirds(rng):
    return rng.choice([0.0, 1 / 3, 2 / 3, 1.0, 1.0])


def nearly_constant(rng):
    return 1.0 if rng.random() < 0.97 else 0.5


SHAPES = {  # the true mean of each
    beta_mixture: 2 / 7,
    atoms_and_spread: 0.4 + 0.3 * 0.5,
    thirds: (1 / 3 + 2 / 3 + 2) / 5,
    nearly_constant: 0.97 + 0.03 * 0.5,
}


@pytest.mark.parametrize("n", (3, 5, 10, 30))
def test_simulated_coverage_for_other_shapes(n):
    rng = random.Random(n)
    runs = 1500
    for shape, mean in SHAPES.items():
        covered = 0
        for _ in range(runs):
            low, high = clopper_pearson(math.fsum(shape(rng) for _ in range(n)), n)
            covered += low <= mean <= high
        assert covered / runs >= 0.94, (shape.__name__, n, covered / runs)  # 0.95 less sampling error
