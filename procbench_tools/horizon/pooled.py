"""The pooled horizon: the step count where the mean of the tasks' curves falls to 50% (80%).

Each task keeps its own curve; the pooled curve is their plain mean (every task weighs the
same, whatever its calls), and the pooled h_q is where that mean crosses q:

- *Point*: where the mean of the tasks' fitted curves crosses q, each task's fitted curve
  being its maximum-likelihood curve on the grid (the posterior mode: the priors are flat).
- *Interval*: where the mean curve's pointwise 95% band crosses q. The band carries every
  task's uncertainty: :data:`settings.POOLED_DRAWS` times, one curve is drawn from each
  task's posterior and the drawn curves are averaged; at each step count the band is the
  fitted mean plus the 2.5% and 97.5% quantiles of the averaged draws' deviations from
  their own mean. (The deviations, not the draws themselves: near the top of a curve the
  flat priors pull every task's posterior a little below its data, and averaging 23 tasks
  adds those small pulls up while their spread shrinks.) Since the mean of falling curves
  falls, "the crossing is above x" is "the mean curve at x is above q", so the band's
  crossings are the quantiles of the crossing.
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
from .posterior import Posterior

PARAMETERS = ("theta", "beta", "lapse")


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
        with np.errstate(over="ignore"):
            return np.mean((1 - self.lapse) / (1 + np.exp(self.beta * (np.asarray(log2_steps) - self.theta))), axis=0)


def _points(posteriors: Sequence[Posterior], indices: Callable[[Posterior], Array]) -> Curves:
    """The curves at grid points ``indices(posterior)`` (one row per run) of each task."""
    chosen = [(posterior.grid, indices(posterior)) for posterior in posteriors]
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
    return _points(posteriors, lambda posterior: np.argmax(posterior.weights, axis=1)[:, None])


def draw_curves(posteriors: Sequence[Posterior], draws: int, rng: np.random.Generator) -> Curves:
    """``draws`` curves from each run's posterior of each task (independent draws)."""

    def drawn(posterior: Posterior) -> Array:
        cumulative = np.cumsum(posterior.weights, axis=1)
        cumulative /= cumulative[:, -1:]
        uniform = rng.random((posterior.runs, draws))
        points = np.array([np.searchsorted(row, values) for row, values in zip(cumulative, uniform, strict=True)])
        return np.minimum(points, posterior.grid.size - 1)

    return _points(posteriors, drawn)


@dataclass(frozen=True)
class PooledCurve:
    """The mean of the tasks' fitted curves and its pointwise band, per run."""

    fitted: Curves  # (tasks, runs, 1)
    drawn: Curves  # (tasks, runs, draws)

    @classmethod
    def of(cls, posteriors: Sequence[Posterior], rng: np.random.Generator) -> PooledCurve:
        return cls(fitted_curves(posteriors), draw_curves(posteriors, settings.POOLED_DRAWS, rng))

    def at(self, log2_steps: ArrayLike, probability: float | None = None) -> Array:
        """Per run, the fitted mean curve at ``log2_steps`` (one value per run, or one row
        per run); with ``probability``, that quantile of its band instead."""
        x = np.asarray(log2_steps, dtype=float)
        column = x.reshape(-1, 1) if x.ndim == 1 else x
        fitted = self.fitted.mean_success(column)
        if probability is not None:
            drawn = self.drawn.mean_success(column)
            deviation = np.quantile(drawn, probability, axis=-1, keepdims=True) - drawn.mean(axis=-1, keepdims=True)
            fitted = np.clip(fitted + deviation, 0.0, 1.0)  # a share stays a share
        return fitted[:, 0] if x.ndim == 1 else fitted

    def band(self, steps: ArrayLike, probabilities: Sequence[float]) -> Array:
        """For the first run: one row per probability (0.5: the fitted mean curve itself),
        one column per step count of ``steps`` (the pooled panel of the figure)."""
        x = np.log2(np.asarray(steps, dtype=float))
        return np.array(
            [[self.at(np.array([point]), _band(probability))[0] for point in x] for probability in probabilities]
        )


def _band(probability: float) -> float | None:
    """The band's quantile for a crossing quantile: ``None`` (the fitted mean) for the median."""
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
