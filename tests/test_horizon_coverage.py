"""Simulated models with known curves (no model calls): over 200 runs per setting, the 95%
interval of h50 covers the true horizon in at least 93% of runs, for the paper's fixed grid
and for the adaptive design; horizons beyond the range come out as bounds. The runs of a
setting are fitted together (vectorised), so the file takes well under a minute or two."""

import numpy as np
import pytest

from procbench_tools.horizon.simulate import TrueCurve, simulate_adaptive, simulate_fixed

RUNS = 200
PAPER_GRID = list(range(2, 26))  # 10 calls at each: 240 calls
REQUIRED_COVERAGE = 0.93

FIXED_SETTINGS = {
    "h50 10, gentle": TrueCurve(3.3, 1.0),
    "h50 4, lapse 0.1": TrueCurve(2.2, 1.5, 0.1),
    "h50 15, steep, lapse 0.05": TrueCurve(4.0, 2.5, 0.05),
}
ADAPTIVE_SETTINGS = {
    "h50 9, lapse 0.05": TrueCurve(3.3, 2.0, 0.05),
    "h50 45, no lapse": TrueCurve(5.5, 1.5),
}


@pytest.mark.parametrize("curve", FIXED_SETTINGS.values(), ids=FIXED_SETTINGS.keys())
def test_fixed_grid_coverage(curve):
    runs = simulate_fixed(curve, PAPER_GRID, 10, RUNS, seed=1)
    assert runs.covers(curve.log2_horizon()).mean() >= REQUIRED_COVERAGE


def test_fixed_grid_reports_a_horizon_beyond_it_as_a_bound():
    curve = TrueCurve(6.0, 1.5)  # h50 = 64 steps, the grid stops at 25
    runs = simulate_fixed(curve, PAPER_GRID, 10, RUNS, seed=2)
    assert runs.covers(curve.log2_horizon()).mean() >= REQUIRED_COVERAGE
    assert runs.bounds_above().mean() >= 0.9
    _, high = runs.reported()
    assert np.all(np.isinf(high) | (high <= np.log2(25)))  # never an end beyond the grid


@pytest.mark.parametrize("curve", ADAPTIVE_SETTINGS.values(), ids=ADAPTIVE_SETTINGS.keys())
def test_adaptive_coverage(curve):
    runs = simulate_adaptive(curve, RUNS, seed=3, budget=200)
    assert runs.covers(curve.log2_horizon()).mean() >= REQUIRED_COVERAGE
    assert np.median(runs.calls) < 200  # most runs reach the precision before the budget
    assert set(runs.stops) <= {"precision", "budget"}


def test_adaptive_reports_a_horizon_beyond_the_range_as_a_bound():
    curve = TrueCurve(7.5, 2.0)  # h50 = 181 steps; the run asks 1..100
    runs = simulate_adaptive(curve, RUNS, seed=4, budget=200)
    assert runs.covers(curve.log2_horizon()).mean() >= REQUIRED_COVERAGE
    assert (np.array(runs.stops) == "above range").mean() >= 0.9
    assert runs.bounds_above().mean() >= 0.9
    assert np.all(runs.highest[np.array(runs.stops) == "above range"] == 100)  # it asked at the top first
