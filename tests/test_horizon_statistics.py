"""The horizon's statistics: the curve, the grid posterior, the estimates and their bounds,
the design's candidates, and a cross-check against an unregularised maximum-likelihood fit."""

import json
import math
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from procbench_tools.horizon import METHOD, estimate_horizons, horizon_table
from procbench_tools.horizon.design import candidate_steps
from procbench_tools.horizon.estimate import PROBABILITIES, HorizonEstimate, HorizonReport, level_estimate
from procbench_tools.horizon.grid import Grid, cell_ends, default_grid
from procbench_tools.horizon.model import log2_horizon, success_probability
from procbench_tools.horizon.posterior import fit
from procbench_tools.horizon.settings import CREDIBLE_MASS, LIKELIHOOD_DROP
from procbench_tools.horizon.simulate import TrueCurve

LOGISTIC_OF_MINUS_ONE = 1 / (1 + math.e)  # 0.2689414213699951


def test_the_curve_at_hand_computed_points():
    assert success_probability(4, 2.0, 1.0, 0.0) == pytest.approx(0.5, abs=1e-15)
    assert success_probability(8, 2.0, 1.0, 0.2) == pytest.approx(0.8 * LOGISTIC_OF_MINUS_ONE, rel=1e-12)
    assert success_probability(2, 2.0, 1.0, 0.2) == pytest.approx(0.8 * (1 - LOGISTIC_OF_MINUS_ONE), rel=1e-12)


def test_the_horizon_formula():
    # lapse 0.2: the curve falls to 0.5 where logistic(...) = 0.625, i.e. 0.5 * ln(5/3) before theta
    assert log2_horizon(0.5, 3.0, 2.0, 0.2) == pytest.approx(3 - math.log(5 / 3) / 2, rel=1e-12)
    assert log2_horizon(0.5, 3.0, 2.0, 0.0) == 3.0
    assert log2_horizon(0.8, 3.0, 2.0, 0.0) == pytest.approx(3 - math.log(4) / 2, rel=1e-12)
    # 0.8 is never reached when a fifth of the replies fail whatever the length
    assert log2_horizon(0.8, 3.0, 2.0, 0.2) == -math.inf
    with pytest.raises(ValueError, match="between 0 and 1"):
        log2_horizon(1.0, 3.0, 2.0, 0.0)


def test_posterior_on_a_two_point_grid_by_hand():
    grid = Grid.from_axes(np.array([1.0, 2.0]), np.array([1.0]), np.array([0.0]))
    # one success at 2 steps (log2 = 1): likelihood 0.5 at theta 1, logistic(1) at theta 2
    posterior = fit(grid, [2], [1], [1])
    likely = 1 - LOGISTIC_OF_MINUS_ONE
    assert posterior.weights[0] == pytest.approx([0.5 / (0.5 + likely), likely / (0.5 + likely)], rel=1e-12)
    # and a failure there: 0.5 and logistic(-1)
    posterior = fit(grid, [2], [0], [1])
    assert posterior.weights[0] == pytest.approx(
        [0.5 / (0.5 + LOGISTIC_OF_MINUS_ONE), LOGISTIC_OF_MINUS_ONE / (0.5 + LOGISTIC_OF_MINUS_ONE)], rel=1e-12
    )


def test_cells_reach_halfway_to_the_neighbours():
    """Each grid value stands for the stretch halfway to its neighbours; the axis's ends
    close the first and last cells."""
    low, high = cell_ends(np.array([0.0, 0.25, 0.5]))  # binary fractions: exact
    assert low.tolist() == [0.0, 0.125, 0.375] and high.tolist() == [0.125, 0.375, 0.5]


def test_a_cells_horizons_by_hand():
    """theta 1 and 2 (cells [1, 1.5] and [1.5, 2]), beta 1, no lapse: h50 is theta, so the
    cells' h50 run over those stretches; h80 is theta - ln 4 at every corner."""
    grid = Grid.from_axes(np.array([1.0, 2.0]), np.array([1.0]), np.array([0.0]))
    low, high = grid.log2_horizon_cells(0.5)
    assert low.tolist() == [1.0, 1.5] and high.tolist() == [1.5, 2.0]
    low, high = grid.log2_horizon_cells(0.8)
    assert low == pytest.approx([1 - math.log(4), 1.5 - math.log(4)], abs=1e-15)
    assert high == pytest.approx([1.5 - math.log(4), 2 - math.log(4)], abs=1e-15)


def test_the_likelihood_drop_is_half_the_chi_squared_point():
    """The likelihood-ratio interval's cut-off: half the 95% point of chi-squared with one
    degree of freedom, the mass the credible intervals used."""
    from scipy.stats import chi2

    assert LIKELIHOOD_DROP == pytest.approx(chi2.ppf(CREDIBLE_MASS, 1) / 2, rel=1e-15)


@pytest.mark.parametrize(
    ("right", "interval"),
    [
        # 5 of 5 right at 2 steps: theta 1's likelihood over theta 2's is (0.5 / logistic(1))**5
        # = 0.14965 > exp(-1.9207) = 0.14650, so both points are kept: h50 in [1, 2]
        (5, [1.0, 2.0, 2.0]),
        # 6 of 6: 0.10235 < 0.14650, only theta 2 is kept, with its cell [1.5, 2]
        (6, [1.5, 2.0, 2.0]),
    ],
)
def test_the_likelihood_interval_by_hand(right, interval):
    """On the two-point grid above, the maximum-likelihood h50 is theta 2 (all right), and the
    interval spans the cells of the points within the likelihood drop."""
    assert (0.5 / (1 - LOGISTIC_OF_MINUS_ONE)) ** 5 == pytest.approx(0.14965, abs=1e-5)
    assert math.exp(-LIKELIHOOD_DROP) == pytest.approx(0.14650, abs=1e-5)
    grid = Grid.from_axes(np.array([1.0, 2.0]), np.array([1.0]), np.array([0.0]))
    assert fit(grid, [2], [right], [right]).likelihood_interval(0.5)[0].tolist() == interval


def test_without_data_the_posterior_is_the_flat_prior():
    grid = default_grid()
    posterior = fit(grid, [], np.zeros((1, 0)), np.zeros((1, 0)))
    assert np.allclose(posterior.weights, 1 / grid.size)
    assert grid.size == 115 * 20 * 21  # theta every 1/12 on [-1.5, 8], 20 betas, lapse every 0.025 on [0, 0.5]


def test_bad_counts_are_refused():
    with pytest.raises(ValueError, match="between 0 and the trials"):
        fit(default_grid(), [2], [3], [2])
    with pytest.raises(ValueError, match="one column per step count"):
        fit(default_grid(), [2, 3], [1], [2])


def test_level_estimates_never_extrapolate():
    # quantiles 2, 8, 32 steps measured on 2..25: the high end is open
    inside = level_estimate(0.5, [1.0, 3.0, 5.0], 2, 25)
    assert (inside.point, inside.bound, inside.low, inside.high) == (8.0, None, 2.0, None)
    assert inside.text() == "8.0" and inside.interval_text() == "[2.0, –]"
    # the point beyond 25: a bound, no number
    beyond = level_estimate(0.5, [4.0, 5.0, 6.0], 2, 25)
    assert (beyond.point, beyond.bound, beyond.low, beyond.high) == (None, "> 25", 16.0, None)
    # the whole interval beyond 25: its low end is the range's edge, not an extrapolation
    above = level_estimate(0.5, [5.0, 5.5, 6.0], 2, 25)
    assert (above.point, above.bound, above.low, above.high) == (None, "> 25", 25.0, None)
    below = level_estimate(0.5, [-math.inf, -math.inf, 0.5], 2, 25)
    assert (below.point, below.bound, below.low, below.high) == (None, "< 2", None, 2.0)
    assert above.covers(1000) and not above.covers(24) and below.covers(0.5) and not below.covers(3)


def test_candidate_step_counts():
    assert candidate_steps(1, 100) == [
        1,
        2,
        3,
        4,
        5,
        6,
        7,
        8,
        10,
        11,
        13,
        16,
        19,
        23,
        27,
        32,
        38,
        45,
        54,
        64,
        76,
        91,
        100,
    ]
    assert candidate_steps(2, 25) == [2, 3, 4, 5, 6, 7, 8, 10, 11, 13, 16, 19, 23, 25]
    assert candidate_steps(30, 33) == [30, 31, 32, 33]
    with pytest.raises(ValueError, match="above the highest"):
        candidate_steps(5, 4)


def records_of(curve, tasks=("Sort",), steps=range(2, 26), per_step=10, seed=0):
    rng = np.random.default_rng(seed)
    return [
        {"task": task, "steps": count, "sequential_match": int(rng.random() < curve.probability(count))}
        for task in tasks
        for count in steps
        for _ in range(per_step)
    ]


def test_all_right_and_all_wrong_data_give_bounds():
    right = [{"task": "Sort", "steps": count, "sequential_match": 1} for count in range(2, 26) for _ in range(10)]
    wrong = [{"task": "Cumulate", "steps": count, "sequential_match": 0} for count in range(2, 26) for _ in range(10)]
    report = estimate_horizons(right + wrong)
    sort, cumulate = report.by_task["Sort"], report.by_task["Cumulate"]
    assert (sort.h50.point, sort.h50.bound, sort.h50.high, sort.h80.bound) == (None, "> 25", None, "> 25")
    assert sort.h50.low == 25.0  # the whole interval above the range
    assert (cumulate.h50.point, cumulate.h50.bound, cumulate.h50.low) == (None, "< 2", None)
    assert cumulate.h50.high == 2.0
    assert (sort.calls, sort.successes, sort.steps) == (240, 240, (2, 25))


def test_summary_json_shape():
    report = estimate_horizons(records_of(TrueCurve(3.3, 1.5), tasks=("Sort", "Cumulate")))
    summary = json.loads(json.dumps(report.to_json()))
    assert list(summary["by_task"]) == ["Sort", "Cumulate"]
    for entry in [*summary["by_task"].values(), summary["pooled"]]:
        assert {"h50", "h50_ci", "h50_bound", "h80", "h80_ci", "h80_bound", "n"} <= set(entry)
        assert len(entry["h50_ci"]) == 2 and len(entry["h80_ci"]) == 2
    assert summary["pooled"]["n"] == 480 and summary["by_task"]["Sort"]["n"] == 240
    assert summary["method"] == METHOD and "lapse" in summary["method"]["prior"]


def test_truncated_replies_are_left_out_and_counted():
    records = records_of(TrueCurve(3.3, 1.5))
    cut = [{"task": "Sort", "steps": 25, "sequential_match": 0, "truncated": True}] * 7
    plain, with_cut = estimate_horizons(records), estimate_horizons(records + cut)
    assert with_cut.by_task["Sort"].h50 == plain.by_task["Sort"].h50
    assert (with_cut.by_task["Sort"].truncated, with_cut.by_task["Sort"].calls) == (7, 240)


@pytest.mark.parametrize(
    "record, message",
    [
        ({"task": "Sort", "steps": 3}, "lacks 'sequential_match'"),
        ({"task": "Sort", "steps": 0, "sequential_match": 1}, "steps must be a whole number"),
        ({"task": "Sort", "steps": 3, "sequential_match": 0.5}, "must be 0 or 1"),
    ],
)
def test_bad_records_are_named(record, message):
    with pytest.raises(ValueError, match=message):
        estimate_horizons([record])


def test_table():
    level = level_estimate(0.5, [3.0, 3.5, 4.0], 2, 25)
    bound = level_estimate(0.8, [5.0, 5.5, 6.0], 2, 25)
    estimate = HorizonEstimate(level, bound, 240, 120, (2, 25))
    table = horizon_table(HorizonReport({"Sort": estimate}, estimate))
    assert table.splitlines() == [
        "task     h50  95% interval   h80  95% interval    n",
        "------  ----  ------------  ----  ------------  ---",
        "Sort    11.3   [8.0, 16.0]  > 25     [25.0, –]  240",
        "------  ----  ------------  ----  ------------  ---",
        "pooled  11.3   [8.0, 16.0]  > 25     [25.0, –]  240",
    ]


def negative_log_likelihood(parameters, steps, successes, trials):
    theta, log_beta, logit_lapse = parameters
    lapse = 1 / (1 + math.exp(-logit_lapse))
    p = np.clip(success_probability(steps, theta, math.exp(log_beta), lapse), 1e-12, 1 - 1e-12)
    return -float(np.sum(successes * np.log(p) + (trials - successes) * np.log(1 - p)))


def maximum_likelihood_fit(steps, successes, trials):
    from scipy.optimize import minimize

    fitted = minimize(
        negative_log_likelihood,
        x0=[3.0, 0.0, -2.0],
        args=(steps, successes, trials),
        method="Nelder-Mead",
        options={"xatol": 1e-7, "fatol": 1e-9, "maxiter": 10000},
    )
    return fitted.x[0], math.exp(fitted.x[1]), 1 / (1 + math.exp(-fitted.x[2]))


@pytest.fixture(scope="module")
def plentiful_data():
    curve = TrueCurve(3.5, 1.5, 0.1)
    steps = np.array(candidate_steps(1, 64))
    trials = np.full(steps.size, 400)
    successes = np.random.default_rng(7).binomial(trials, curve.probability(steps))
    return curve, steps, successes, trials


def test_a_fine_grid_agrees_with_an_unregularised_maximum_likelihood_fit(plentiful_data):
    """With 9,200 calls the flat priors hardly matter: the posterior median of the exact
    grid posterior (on a grid fine around the answer) is the maximum-likelihood estimate."""
    curve, steps, successes, trials = plentiful_data
    theta, beta, lapse = maximum_likelihood_fit(steps, successes, trials)
    fine = Grid.from_axes(np.arange(2.5, 4.5, 1 / 128), np.geomspace(0.8, 3.0, 48), np.arange(0.0, 0.3, 0.005))
    posterior = fit(fine, list(steps), successes, trials)
    for level in (0.5, 0.8):
        maximum_likelihood = float(log2_horizon(level, theta, beta, lapse))
        low, median, high = posterior.quantiles(level, PROBABILITIES)[0]
        assert median == pytest.approx(maximum_likelihood, abs=0.02)
        assert low <= maximum_likelihood <= high and low <= curve.log2_horizon(level) <= high
        assert high - low < 0.3
        low, point, high = posterior.likelihood_interval(level)[0]
        assert point == pytest.approx(maximum_likelihood, abs=0.02)
        assert low <= maximum_likelihood <= high and low <= curve.log2_horizon(level) <= high
        assert high - low < 0.3


def test_the_default_grid_agrees_within_its_resolution(plentiful_data):
    """The default grid puts theta every 1/12 doubling and beta 1.32x apart: its median is
    within 0.1 doubling (7% in steps) of the maximum-likelihood estimate."""
    _, steps, successes, trials = plentiful_data
    theta, beta, lapse = maximum_likelihood_fit(steps, successes, trials)
    posterior = fit(default_grid(), list(steps), successes, trials)
    for level in (0.5, 0.8):
        median = posterior.quantiles(level, PROBABILITIES)[0][1]
        assert median == pytest.approx(float(log2_horizon(level, theta, beta, lapse)), abs=0.1)
        point = posterior.likelihood_interval(level)[0][1]
        assert point == pytest.approx(float(log2_horizon(level, theta, beta, lapse)), abs=0.1)


counts = st.lists(st.tuples(st.integers(1, 60), st.integers(0, 8), st.integers(0, 8)), min_size=1, max_size=8)


@settings(max_examples=25, deadline=None)
@given(counts)
def test_quantiles_are_ordered_and_h80_never_above_h50(data):
    """Credible and likelihood intervals are ordered around their points, h80 below h50."""
    steps = sorted({count for count, _, _ in data})
    wins = {count: 0 for count in steps}
    tries = {count: 0 for count in steps}
    for count, right, wrong in data:
        wins[count] += right
        tries[count] += right + wrong
    posterior = fit(default_grid(), steps, [wins[c] for c in steps], [tries[c] for c in steps])
    assert posterior.weights.sum() == pytest.approx(1.0)
    h50 = posterior.quantiles(0.5, PROBABILITIES)[0]
    h80 = posterior.quantiles(0.8, PROBABILITIES)[0]
    assert h50[0] <= h50[1] <= h50[2] and h80[0] <= h80[1] <= h80[2]
    assert all(h80 <= h50)  # at every grid point h80 <= h50, so at every quantile too
    h50 = posterior.likelihood_interval(0.5)[0]
    h80 = posterior.likelihood_interval(0.8)[0]
    assert h50[0] < h50[2] and h50[0] <= h50[1] <= h50[2]  # never a point: a cell has width
    assert h80[0] <= h80[1] <= h80[2] and all(h80 <= h50)  # the same kept points and cells


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_record_order_does_not_matter(seed):
    records = records_of(TrueCurve(2.5, 1.0, 0.1), tasks=("Sort", "Count"), steps=range(2, 9), per_step=3, seed=seed)
    shuffled = records[:]
    random.Random(seed).shuffle(shuffled)
    assert estimate_horizons(shuffled).to_json() == estimate_horizons(records).to_json()
