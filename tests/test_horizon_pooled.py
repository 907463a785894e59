"""The pooled horizon (method version 3): the step count where the mean of the tasks'
curves crosses 50% / 80%, corrected for the fits' bias, with an interval that carries every
task's uncertainty and is never a single point, at any number of examples (issue 29, item 1)."""

import math

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from procbench_tools.horizon import METHOD, estimate_horizons
from procbench_tools.horizon.grid import Grid, axes
from procbench_tools.horizon.pooled import PARAMETERS, Curves, PooledCurve, Refits, known_curves, mean_crossing
from procbench_tools.horizon.posterior import fit
from procbench_tools.horizon.settings import CROSSING_TOLERANCE, METHOD_VERSION
from procbench_tools.horizon.simulate import TrueCurve, benchmark_like_curves

BETA = float(axes()[1][8])  # a slope on the grid (1.11), so that each task's fitted curve is its true one


def known(*curves):
    """Curves of known parameters: one task each, one run, one draw."""
    return known_curves(*([getattr(curve, name) for curve in curves] for name in PARAMETERS))


def test_the_mean_of_two_known_curves_crosses_where_computed_by_hand():
    """Two curves of one slope, centred at 4 and 16 steps (log2 2 and 4): at 8 steps (log2 3)
    one is logistic(-beta) and the other logistic(beta), which sum to 1, so their mean is
    exactly 50% there, while neither curve alone crosses there."""
    curves = known(TrueCurve(2.0, BETA), TrueCurve(4.0, BETA))
    assert curves.mean_success(3.0)[0, 0] == pytest.approx(0.5, abs=1e-15)
    assert mean_crossing(curves, 0.5, 0.0, 6.0) == pytest.approx(3.0, abs=CROSSING_TOLERANCE)


def test_a_crossing_beyond_the_search_stops_at_its_edge():
    """A mean curve still above 50% at the top of the search gives the top (reported as a
    bound); one already below at the bottom gives the bottom."""
    curves = known(TrueCurve(9.0, 2.0), TrueCurve(-3.0, 2.0, 0.6))  # 1.0 and 0.0 over 1..64 steps: mean 0.5 > 0.2
    assert mean_crossing(curves, 0.2, 0.0, 6.0) == 6.0
    assert mean_crossing(curves, 0.9, 0.0, 6.0) == 0.0


def test_the_corrected_curve_and_band_by_hand():
    """One task whose fitted curve is 0.5 at 8 steps (theta 3, no lapse) and two refits of
    curves also 0.5 there: one refitted right (error 0), one refitted with a lapse of 0.1
    (0.45, error -0.05). The corrected curve is the fitted one less the mean error, 0.525;
    the 97.5% band the fitted one less the errors' 2.5% quantile (-0.05 + 0.025 * 0.05 =
    -0.04875, numpy's linear rule), 0.54875; the 2.5% band less the 97.5% quantile
    (-0.00125), 0.50125."""

    def curves(lapses):
        return Curves(
            *(
                np.array(values, dtype=float).reshape(1, 1, -1)
                for values in ([3.0] * len(lapses), [BETA] * len(lapses), lapses)
            )
        )

    pooled = PooledCurve(curves([0.0]), Refits(curves([0.0, 0.0]), curves([0.0, 0.1])))
    assert pooled.at(np.array([3.0]))[0] == pytest.approx(0.525, abs=1e-15)
    assert pooled.at(np.array([3.0]), 0.975)[0] == pytest.approx(0.54875, abs=1e-15)
    assert pooled.at(np.array([3.0]), 0.025)[0] == pytest.approx(0.50125, abs=1e-15)


def test_on_a_grid_of_one_curve_the_refits_change_nothing():
    """A grid of one point: every drawn curve and every refit is that curve, so the errors
    are 0 and the corrected curve and both band ends are the fitted curve itself."""
    grid = Grid.from_axes(np.array([3.0]), np.array([BETA]), np.array([0.1]))
    posterior = fit(grid, [2, 8, 32], [7, 5, 1], [8, 8, 8])
    pooled = PooledCurve.of([posterior, posterior], np.random.default_rng(0))
    expected = 0.9 / (1 + np.exp(BETA * (np.array([1.0, 3.0, 5.0]) - 3.0)))
    for probability in (None, 0.025, 0.975):
        found = [pooled.at(np.array([x]), probability)[0] for x in (1.0, 3.0, 5.0)]
        assert found == pytest.approx(expected, abs=1e-15)


def exact_records(task, curve, steps=range(2, 26), per_step=400):
    """Records whose share right at each step count is the curve's, rounded to a call."""
    records = []
    for count in steps:
        right = round(per_step * float(curve.probability(np.array([count]))[0]))
        records += [{"task": task, "steps": count, "sequential_match": int(call < right)} for call in range(per_step)]
    return records


def test_the_pooled_horizon_of_two_tasks_is_where_their_mean_crosses():
    """The two curves above as two tasks' data: the pooled h50 is 8 steps (by hand, as
    above), though one curve fitted to both tasks' examples together, the old pooled
    horizon, need not cross there; its interval holds 8 and is not a point."""
    records = exact_records("Sort", TrueCurve(2.0, BETA)) + exact_records("Cumulate", TrueCurve(4.0, BETA))
    report = estimate_horizons(records)
    h50 = report.pooled.h50
    assert h50.point == pytest.approx(8.0, abs=0.01)
    assert h50.low < 8.0 < h50.high
    assert report.pooled.calls == 2 * 24 * 400 and report.pooled.steps == (2, 25)


def test_the_method_is_versioned_and_states_the_pooled_definition():
    """A change that moves the numbers raises the version kept in every summary.json."""
    assert METHOD["version"] == METHOD_VERSION == 3
    assert "mean of the tasks' curves" in METHOD["pooled"]


def test_a_full_benchmark_run_gives_an_interval_with_width():
    """23 tasks of 240 examples (5,520: where the old one-curve fit gave intervals such as
    [7.91, 7.92] or a single point): the pooled intervals have width."""
    rng = np.random.default_rng(3)
    records = [
        {"task": f"task{number:02d}", "steps": count, "sequential_match": int(right)}
        for number, curve in enumerate(benchmark_like_curves(), start=1)
        for count in range(2, 26)
        for right in rng.random(10) < curve.probability(np.array([count]))[0]
    ]
    report = estimate_horizons(records)
    assert report.pooled.calls == 5520
    for level in (report.pooled.h50, report.pooled.h80):
        assert level.point is not None and level.low is not None and level.high is not None
        assert level.low < level.point < level.high and level.high / level.low > 1.05


tasks_data = st.lists(
    st.lists(st.tuples(st.integers(1, 40), st.integers(0, 6), st.integers(0, 6)), min_size=1, max_size=5),
    min_size=1,
    max_size=3,
)


@settings(max_examples=20, deadline=None)
@given(tasks_data)
def test_the_pooled_interval_is_never_a_point_and_holds_its_point(data):
    """Whatever the data (few or many tasks, all right, all wrong), the pooled interval's
    ends are ordered around its point, and two finite ends are never equal."""
    records = [
        {"task": f"task{number}", "steps": steps, "sequential_match": int(call < right)}
        for number, rows in enumerate(data)
        for steps, right, wrong in rows
        for call in range(right + wrong)
    ]
    assume(records)
    pooled = estimate_horizons(records).pooled
    for level in (pooled.h50, pooled.h80):
        low = -math.inf if level.low is None else level.low
        high = math.inf if level.high is None else level.high
        assert low < high
        if level.point is not None:
            assert low <= level.point <= high
