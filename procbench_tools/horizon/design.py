"""The adaptive route's choices: where to ask next, and when to stop.

Every function works on many runs at once (one row each), so that the simulations of the
tests and of ``benchmarks/horizon.py`` run vectorised; ``procbench horizon`` is one row.

- **First**, :data:`settings.LAPSE_TRIALS` calls at each of the two lowest step counts, to
  pin the lapse rate (models that fail even the shortest problems).
- **Then, each round**, ``batch`` calls at the one candidate step count that minimises the
  expected posterior variance of log2 h50 after those calls, marginalised over beta and the
  lapse rate (the psi-marginal idea: beta and lapse are nuisance parameters, only h50's
  uncertainty counts). The expectation runs over the binomial outcomes of the whole batch.
  log2 h50 is clipped to :data:`settings.DESIGN_MARGIN` doublings beyond the range, so that
  the design never chases a horizon far outside it.
- **Stop** when the 95% interval of h50 lies inside the step counts measured and within
  ``precision`` (high / low) at two decisions running (one more round confirms it: stopping
  the first time an interval happens to be narrow would favour runs whose data happen to
  look steep, and cost coverage), or wholly above the range (with calls at its top) or
  below it; but only once :data:`settings.MIN_STEP_COUNTS` step counts have
  :data:`settings.MIN_TRIALS_PER_COUNT` calls each (until then the next round goes to the
  best step count that lacks them). A run whose interval is above the range before any call
  at the top of the range asks there next. And stop when the budget is spent.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from . import settings
from .estimate import PROBABILITIES
from .grid import Array, Grid
from .posterior import Posterior

STOPS = ("precision", "above range", "below range", "budget")
NEGLIGIBLE = 1e-8  # grid points below this share of a run's largest weight are left out of the design
CERTAIN = 0.995  # a step count whose predicted success (or failure) is this sure for every run teaches nothing


def candidate_steps(lowest: int, highest: int) -> list[int]:
    """The step counts the design chooses from: the whole numbers nearest to
    ``2**(k / CANDIDATES_PER_DOUBLING)`` inside ``lowest..highest``, plus the two lowest
    and the highest."""
    if lowest > highest:
        raise ValueError(f"the lowest step count {lowest} is above the highest {highest}")
    doublings = int(np.ceil(np.log2(highest) * settings.CANDIDATES_PER_DOUBLING)) + 1
    spaced = {round(2 ** (k / settings.CANDIDATES_PER_DOUBLING)) for k in range(doublings)}
    ends = {lowest, min(lowest + 1, highest), highest}
    return sorted(ends | {count for count in spaced if lowest <= count <= highest})


def design_target(grid: Grid, lowest: int, highest: int) -> Array:
    """log2 h50 at every grid point, clipped to the design margin around the range."""
    margin = settings.DESIGN_MARGIN
    return np.clip(grid.log2_horizon(0.5), np.log2(lowest) - margin, np.log2(highest) + margin)


def _log_binomial(trials: int) -> Array:
    """log C(trials, k) for k = 0..trials."""
    return np.array(
        [math.lgamma(trials + 1) - math.lgamma(k + 1) - math.lgamma(trials - k + 1) for k in range(trials + 1)]
    )


def expected_variances(posterior: Posterior, candidates: list[int], trials: int, target: Array) -> Array:
    """The expected posterior variance of ``target`` after ``trials`` calls at each
    candidate step count: one row per run, one column per candidate (``inf`` for a step
    count whose outcome every run can already predict)."""
    weights = posterior.weights
    kept = (weights > weights.max(axis=1, keepdims=True) * NEGLIGIBLE).any(axis=0)
    weights = np.ascontiguousarray(weights[:, kept])
    centred = target[kept] - target[kept].mean()  # smaller numbers, less cancellation
    squares = centred**2
    outcomes = np.arange(trials + 1)
    log_binomial = _log_binomial(trials)
    found = np.full((posterior.runs, len(candidates)), np.inf)
    for column, steps in enumerate(candidates):
        log_success, log_failure = posterior.grid.log_likelihood(steps)
        predicted = weights @ np.exp(log_success[kept])
        if np.all((predicted > CERTAIN) | (predicted < 1 - CERTAIN)):
            continue
        likelihood = np.exp(
            log_binomial + outcomes * log_success[kept, None] + (trials - outcomes) * log_failure[kept, None]
        )
        # One product gives, per run and outcome: P(outcome), and the first and second
        # moments of the target times P(outcome).
        moments = weights @ np.hstack([likelihood, likelihood * centred[:, None], likelihood * squares[:, None]])
        evidence, first, second = np.split(moments, 3, axis=1)
        with np.errstate(divide="ignore", invalid="ignore"):
            spread = np.where(evidence > 0, second - first**2 / evidence, 0.0)
        found[:, column] = spread.sum(axis=1)
    return found


@dataclass
class Decision:
    """Per run: the step count to ask next (``0`` when stopped), how many calls, why it
    stopped (``""`` while it goes on), and the 2.5%, 50% and 97.5% quantiles of log2 h50
    the decision rests on (one row per run)."""

    steps: Array
    calls: Array
    stop: list[str]
    quantiles: Array
    precise: Array


def lapse_steps(candidates: list[int]) -> list[int]:
    """The step counts of the first round, :data:`settings.LAPSE_TRIALS` calls each: the two
    lowest, which pin the lapse rate."""
    return candidates[:2]


def decide(
    posterior: Posterior,
    candidates: list[int],
    trials: Array,
    spent: Array,
    budget: int,
    batch: int,
    precision: float,
    precise_before: Array | None = None,
) -> Decision:
    """What each run does next, given its posterior, its calls so far per candidate step
    count (``trials``, one row per run), the calls it has spent, and whether its previous
    decision found h50 precise (``precise_before``; ``None``: stop at the first)."""
    runs = posterior.runs
    quantiles = posterior.quantiles(0.5, PROBABILITIES)
    low, _, high = quantiles.T
    asked = trials > 0
    first = np.argmax(asked, axis=1)
    last = len(candidates) - 1 - np.argmax(asked[:, ::-1], axis=1)
    steps = np.asarray(candidates, dtype=float)
    floor, ceiling = np.log2(steps[first]), np.log2(steps[last])
    precise = (low >= floor) & (high <= ceiling) & (high - low <= np.log2(precision))
    above = low > ceiling
    top_asked = asked[:, -1]
    below = high < floor
    spread = (trials >= settings.MIN_TRIALS_PER_COUNT).sum(axis=1) >= settings.MIN_STEP_COUNTS
    stop = [""] * runs
    for run in range(runs):
        if not spread[run]:
            continue
        if precise[run] and (precise_before is None or precise_before[run]):
            stop[run] = "precision"
        elif above[run] and top_asked[run]:
            stop[run] = "above range"
        elif below[run]:
            stop[run] = "below range"
    calls = np.minimum(batch, budget - spent)
    for run in range(runs):
        if not stop[run] and calls[run] <= 0:
            stop[run] = "budget"
    going = np.array([not reason for reason in stop])
    choice = np.zeros(runs, dtype=int)
    if going.any():
        target = design_target(posterior.grid, int(steps[0]), int(steps[-1]))
        variances = np.full((runs, len(candidates)), np.inf)
        rows = np.flatnonzero(going)
        variances[rows] = expected_variances(
            Posterior(posterior.grid, posterior.weights[rows]), candidates, int(calls[rows].max()), target
        )
        wants_spread = going & ~spread & (precise | (above & top_asked) | below)
        variances[wants_spread] = np.where(
            trials[wants_spread] >= settings.MIN_TRIALS_PER_COUNT, np.inf, variances[wants_spread]
        )
        choice = np.argmin(variances, axis=1)
        choice[going & above & ~top_asked] = len(candidates) - 1
    next_steps = np.where(going, steps[choice], 0)
    return Decision(next_steps, np.where(going, calls, 0), stop, quantiles, precise)
