"""The pooled horizon: the step count where the mean of the tasks' curves falls to 50% (80%).

Each task keeps its own curve; the pooled curve is their plain mean (every task weighs the
same, whatever its calls), and the pooled h_q is where that mean crosses q:

- *Fitted mean*: the mean of the tasks' maximum-likelihood curves on the grid (each
  posterior's mode: the priors are flat).
- *Simulated refits* carry every task's uncertainty and measure the fits' bias:
  :data:`settings.POOLED_REFITS` times per task, a curve is drawn from the task's posterior,
  replies are simulated from it with the task's own calls (the same trials at the same step
  counts), and they are refitted by maximum likelihood. A refit's *error* at a step count is
  the refitted curve less the drawn one; averaged over tasks, the errors are what the fitted
  mean's own error could be. (Drawn curves, not the fitted one, are refitted: a fitted lapse
  of exactly 0 would make replies near the top of the curve never fail, and understate the
  spread there.)
- *Point*: where the fitted mean less the mean error (its bias) crosses q. Each task's fit
  is biased a little (of the order of 1/n), and 23 tasks add their biases up while the
  spread of their mean shrinks by about sqrt(23): uncorrected, the band missed the truth in
  about 9% of simulated runs instead of 5%.
- *Interval*: where the pointwise 95% band crosses q, the band being the fitted mean less
  the 97.5% and 2.5% quantiles of the averaged errors (the basic bootstrap interval). Since
  the mean of falling curves falls, "the crossing is above x" is "the mean curve at x is
  above q", so the band's crossings bound the crossing.
- Crossings are found by bisection (no grid: exact to :data:`settings.CROSSING_TOLERANCE`
  doublings at any number of examples). One more than :data:`settings.CROSSING_MARGIN`
  doublings beyond the step counts measured stops at that margin: it is reported as a bound
  or an open end either way (:func:`.estimate.level_estimate`).

Everything works on many runs at once (a posterior with one row per run), so that the
simulations of ``benchmarks/horizon.py`` use the very code a report does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from . import settings
from .grid import Array
from .model import success_curve
from .posterior import Posterior, log_likelihood_tables

PARAMETERS = ("theta", "beta", "lapse")
REFIT_ROWS = 100  # refits scored at once (memory: 8 bytes x rows x grid points within reach)


@dataclass(frozen=True)
class Curves:
    """Curves of the model, one per task, run and draw: each parameter has the shape
    ``(tasks, runs, draws)``."""

    theta: Array
    beta: Array
    lapse: Array

    def mean_success(self, log2_steps: ArrayLike) -> Array:
        """The mean over tasks of ``P(SM = 1)`` at ``log2_steps`` (broadcast against
        ``(runs, draws)``): one row per run, one column per draw."""
        return np.mean(success_curve(log2_steps, self.theta, self.beta, self.lapse), axis=0)


def _points(posteriors: Sequence[Posterior], indices: Sequence[Array]) -> Curves:
    """The curves at grid points ``indices`` (per task, one row per run) of each task."""
    chosen = list(zip((posterior.grid for posterior in posteriors), indices, strict=True))
    return Curves(*(np.array([getattr(grid, name)[points] for grid, points in chosen]) for name in PARAMETERS))


def known_curves(thetas: ArrayLike, betas: ArrayLike, lapses: ArrayLike) -> Curves:
    """Curves of known parameters, one task each (one run, one draw)."""
    return Curves(*(np.reshape(np.asarray(values, dtype=float), (-1, 1, 1)) for values in (thetas, betas, lapses)))


def mean_crossing(curves: Curves, level: float, low: float, high: float) -> float:
    """Where the mean of known ``curves`` (one run, one draw) crosses ``level``, searched in
    ``low``..``high`` (log2 steps)."""
    found = crossing(lambda x: curves.mean_success(x[:, None])[:, 0], level, np.array([low]), np.array([high]))
    return float(found[0])


def fitted_curves(posteriors: Sequence[Posterior]) -> Curves:
    """Each task's maximum-likelihood curve on the grid (its posterior mode), per run: one draw."""
    return _points(posteriors, [np.argmax(posterior.weights, axis=1)[:, None] for posterior in posteriors])


@dataclass(frozen=True)
class Refits:
    """Per task, run and refit: the curve drawn from the task's posterior (``truth``) and the
    maximum-likelihood curve of data simulated from it with the task's design (``refit``)."""

    truth: Curves
    refit: Curves


def simulated_refits(posteriors: Sequence[Posterior], refits: int, rng: np.random.Generator) -> Refits:
    """``refits`` simulated refits per task and run: a curve drawn from the run's posterior,
    a reply at each of the design's calls right with that curve's probability, and the
    maximum-likelihood curve of those replies among the grid points whose likelihood, on the
    run's own data, is within :data:`settings.REFIT_REACH` of the largest."""
    truths, found = [], []
    for posterior in posteriors:
        if posterior.trials is None:
            raise ValueError("a pooled horizon needs each task's design (fit() records it)")
        trials = np.broadcast_to(posterior.trials, (posterior.runs, len(posterior.steps))).astype(int)
        log_success, log_failure = log_likelihood_tables(posterior.grid, posterior.steps)
        cumulative = np.cumsum(posterior.weights, axis=1)
        reach = posterior.relative_likelihood() >= np.exp(-settings.REFIT_REACH)
        truth = np.empty((posterior.runs, refits), dtype=int)
        refit = np.empty((posterior.runs, refits), dtype=int)
        for run in range(posterior.runs):
            points = np.searchsorted(cumulative[run] / cumulative[run, -1], rng.random(refits))
            truth[run] = np.minimum(points, posterior.grid.size - 1)
            successes = rng.binomial(trials[run], np.exp(log_success[:, truth[run]]).T).astype(float)
            near = np.flatnonzero(reach[run])
            # successes @ log P(right) + failures @ log P(wrong), with one product
            log_odds, failures_only = log_success[:, near] - log_failure[:, near], trials[run] @ log_failure[:, near]
            for start in range(0, refits, REFIT_ROWS):
                rows = slice(start, start + REFIT_ROWS)
                refit[run, rows] = near[np.argmax(successes[rows] @ log_odds + failures_only, axis=1)]
        truths.append(truth)
        found.append(refit)
    return Refits(_points(posteriors, truths), _points(posteriors, found))


@dataclass(frozen=True)
class PooledCurve:
    """The mean of the tasks' fitted curves, corrected for the fits' bias, and its pointwise
    band, per run."""

    fitted: Curves  # (tasks, runs, 1)
    refits: Refits  # (tasks, runs, refits)

    @classmethod
    def of(cls, posteriors: Sequence[Posterior], rng: np.random.Generator) -> PooledCurve:
        return cls(fitted_curves(posteriors), simulated_refits(posteriors, settings.POOLED_REFITS, rng))

    def at(self, log2_steps: ArrayLike, probability: float | None = None) -> Array:
        """Per run, the bias-corrected mean curve at ``log2_steps`` (one value per run, or
        one row per run); with ``probability``, that quantile of its band instead: the
        fitted mean less the (1 - probability) quantile of the simulated refits' errors
        (refitted mean less the mean of the curves they were simulated from)."""
        x = np.asarray(log2_steps, dtype=float)
        column = x.reshape(-1, 1) if x.ndim == 1 else x
        errors = self.refits.refit.mean_success(column) - self.refits.truth.mean_success(column)
        if probability is None:
            error = errors.mean(axis=-1, keepdims=True)
        else:
            error = np.quantile(errors, 1 - probability, axis=-1, keepdims=True)
        found = np.clip(self.fitted.mean_success(column) - error, 0.0, 1.0)  # a share stays a share
        return found[:, 0] if x.ndim == 1 else found

    def band(self, steps: ArrayLike, probabilities: Sequence[float]) -> Array:
        """For the first run: one row per probability (0.5: the corrected mean curve itself),
        one column per step count of ``steps`` (the pooled panel of the figure)."""
        x = np.log2(np.asarray(steps, dtype=float))
        return np.array(
            [[self.at(np.array([point]), _band(probability))[0] for point in x] for probability in probabilities]
        )


def _band(probability: float) -> float | None:
    """The band's quantile for a crossing quantile: ``None`` (the corrected mean) for the point."""
    return None if probability == 0.5 else probability


def crossing(curve: Callable[[Array], Array], level: float, low: Array, high: Array) -> Array:
    """Per run, the log2 step count in ``low``..``high`` where ``curve`` (one value per run
    at each run's point, falling) falls to ``level``, by bisection; a curve already at or
    below ``level`` at ``low`` gives ``low``, one still at or above it at ``high`` gives
    ``high``."""
    left, right = low.astype(float), high.astype(float)
    while np.max(right - left) > settings.CROSSING_TOLERANCE:
        middle = (left + right) / 2
        above = curve(middle) > level
        left, right = np.where(above, middle, left), np.where(above, right, middle)
    found = (left + right) / 2
    found = np.where(curve(high) >= level, high, found)
    return np.where(curve(low) <= level, low, found)


def pooled_quantiles(
    pooled: PooledCurve,
    lowest: ArrayLike,
    highest: ArrayLike,
    probabilities: Sequence[float],
    levels: Sequence[float] = settings.LEVELS,
) -> dict[float, Array]:
    """Per level, the pooled log2 h: one row per run, one column per probability (the
    middle one, 0.5, is the point). ``lowest`` and ``highest``: the step counts measured,
    per run or for all; the search runs :data:`settings.CROSSING_MARGIN` doublings beyond
    them."""
    runs = pooled.fitted.theta.shape[1]
    low = np.broadcast_to(np.log2(np.asarray(lowest, dtype=float)) - settings.CROSSING_MARGIN, runs)
    high = np.broadcast_to(np.log2(np.asarray(highest, dtype=float)) + settings.CROSSING_MARGIN, runs)
    found = {}
    for level in levels:
        columns = []
        for probability in probabilities:

            def curve(x: Array, band: float | None = _band(probability)) -> Array:
                return pooled.at(x, band)

            columns.append(crossing(curve, level, low, high))
        found[level] = np.stack(columns, axis=1)
    return found
