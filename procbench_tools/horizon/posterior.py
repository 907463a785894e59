"""The exact posterior over the grid, given successes and trials per step count.

Weights have one row per run (a single fit is one row), so that many simulated runs are
fitted at once with matrix products; everything here works row by row."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from . import settings
from .grid import Array, Grid
from .model import success_curve


def log_likelihood_tables(grid: Grid, steps: Sequence[int]) -> tuple[Array, Array]:
    """``(log P(SM = 1), log P(SM = 0))``, one row per step count, one column per grid point."""
    pairs = [grid.log_likelihood(int(count)) for count in steps]
    return np.array([pair[0] for pair in pairs]), np.array([pair[1] for pair in pairs])


@dataclass
class Posterior:
    """Normalised weights over ``grid``: one row per run; and the design they were fitted
    on, when known: the step counts and the trials at each (one row per run)."""

    grid: Grid
    weights: Array
    steps: tuple[int, ...] = ()
    trials: Array | None = None

    @property
    def runs(self) -> int:
        return int(self.weights.shape[0])

    def quantiles(self, level: float, probabilities: Sequence[float]) -> Array:
        """The posterior quantiles of log2 h at ``level`` (``-inf`` where the mass below that
        probability is on curves that never reach ``level``): one row per run, one column
        per probability. The quantile is the smallest grid value whose cumulative weight
        reaches the probability."""
        values = self.grid.log2_horizon(level)
        order = np.argsort(values, kind="stable")
        cumulative = np.cumsum(self.weights[:, order], axis=1)
        cumulative /= cumulative[:, -1:]
        found = np.empty((self.runs, len(probabilities)))
        for column, probability in enumerate(probabilities):
            index = np.minimum((cumulative < probability).sum(axis=1), values.size - 1)
            found[:, column] = values[order][index]
        return found

    def relative_likelihood(self) -> Array:
        """Each grid point's likelihood over the largest, per run (the priors are flat, so
        the weights are the likelihood up to a factor)."""
        relative = self.weights * np.exp(self.grid.log_prior.max() - self.grid.log_prior)
        return relative / relative.max(axis=1, keepdims=True)

    def likelihood_interval(self, level: float) -> Array:
        """The maximum-likelihood log2 h at ``level`` and its likelihood-ratio interval, one
        row per run: ``[low, point, high]``. The interval spans the cells of every grid point
        whose likelihood is within :data:`settings.LIKELIHOOD_DROP` of the largest (the
        profile-likelihood interval, which needs no prior); ``-inf`` where such a cell
        holds curves that never reach ``level``."""
        relative = self.relative_likelihood()
        kept = relative >= np.exp(-settings.LIKELIHOOD_DROP)
        lowest, highest = self.grid.log2_horizon_cells(level)
        point = self.grid.log2_horizon(level)[np.argmax(relative, axis=1)]
        low = np.where(kept, lowest, np.inf).min(axis=1)
        high = np.where(kept, highest, -np.inf).max(axis=1)
        return np.stack([low, point, high], axis=1)

    def likelihood_band(self, steps: ArrayLike, run: int = 0) -> Array:
        """For one run, P(SM = 1) at each of ``steps``: the lowest over the grid points of the
        likelihood interval (:meth:`likelihood_interval`), the maximum-likelihood curve, and
        the highest (three rows, one column per step count): the band of the figure."""
        relative = self.relative_likelihood()[run]
        kept = relative >= np.exp(-settings.LIKELIHOOD_DROP)
        best = np.argmax(relative)
        x = np.log2(np.asarray(steps, dtype=float))[:, None]
        theta, beta, lapse = (
            np.append(values[kept], values[best]) for values in (self.grid.theta, self.grid.beta, self.grid.lapse)
        )
        curves = success_curve(x, theta, beta, lapse)  # one row per step count; the last column is the best
        return np.array([curves.min(axis=1), curves[:, -1], curves.max(axis=1)])


def fit(grid: Grid, steps: Sequence[int], successes: ArrayLike, trials: ArrayLike) -> Posterior:
    """The posterior after ``successes`` out of ``trials`` at each of ``steps`` (arrays with
    one entry per step count, or one row per run for many runs at once)."""
    wins = np.atleast_2d(np.asarray(successes, dtype=float))
    counts = np.atleast_2d(np.asarray(trials, dtype=float))
    if wins.shape != counts.shape or wins.shape[1] != len(steps):
        raise ValueError(f"successes {wins.shape} and trials {counts.shape} must have one column per step count")
    if np.any(wins < 0) or np.any(wins > counts):
        raise ValueError("successes must lie between 0 and the trials at each step count")
    log_weights = np.broadcast_to(grid.log_prior, (wins.shape[0], grid.size)).copy()
    if len(steps):
        log_success, log_failure = log_likelihood_tables(grid, steps)
        log_weights += wins @ log_success + (counts - wins) @ log_failure  # every entry is finite
    return Posterior(grid, normalise(log_weights), tuple(int(count) for count in steps), counts)


def normalise(log_weights: Array) -> Array:
    """Weights summing to 1 in each row, from their logs."""
    peak = log_weights.max(axis=1, keepdims=True)
    weights = np.exp(log_weights - peak)
    return weights / weights.sum(axis=1, keepdims=True)
