"""The grid of the exact posterior: every combination of (theta, beta, lapse) on the axes of
:mod:`.settings`, with flat priors, and the per-step-count log-likelihood tables.

Each grid point stands for its cell: on each axis, from halfway to the point before to
halfway to the point after (the axis's own ends at its ends). An interval made of grid
points reaches to the edges of their cells (:meth:`Grid.log2_horizon_cells`), so that
the grid's spacing never narrows it, and it never shrinks to a point."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

import numpy as np
from numpy.typing import NDArray

from . import settings
from .model import log2_horizon, log_failure, log_success

Array = NDArray[np.float64]


@dataclass(eq=False)
class Grid:
    """Parameter values of every grid point (flat arrays of equal length) and the log prior.

    The tables of :meth:`log_likelihood` are kept per step count, so a run that asks the
    same step counts again computes them once."""

    theta: Array
    beta: Array
    lapse: Array
    log_prior: Array
    cells: tuple[tuple[Array, Array], ...]  # per axis (theta, beta, lapse): each point's cell's low and high ends
    _tables: dict[int, tuple[Array, Array]] = field(default_factory=dict, repr=False)
    _horizons: dict[float, Array] = field(default_factory=dict, repr=False)
    _horizon_cells: dict[float, tuple[Array, Array]] = field(default_factory=dict, repr=False)

    @classmethod
    def from_axes(cls, thetas: Array, betas: Array, lapses: Array) -> Grid:
        """Every combination of the axis values, each axis's prior flat over its values."""
        theta, beta, lapse = (axis.ravel() for axis in np.meshgrid(thetas, betas, lapses, indexing="ij"))
        ends = [
            tuple(end.ravel() for end in np.meshgrid(*edges, indexing="ij"))
            for edges in zip(*(cell_ends(axis) for axis in (thetas, betas, lapses)), strict=True)
        ]  # the low ends of every point's cell on each axis, then the high ends
        cells = tuple(zip(ends[0], ends[1], strict=True))
        log_prior = np.full(theta.size, -np.log(theta.size))
        return cls(theta, beta, lapse, log_prior, cells)

    @property
    def size(self) -> int:
        return int(self.theta.size)

    def log_likelihood(self, steps: int) -> tuple[Array, Array]:
        """``(log P(SM = 1), log P(SM = 0))`` at every grid point for ``steps`` steps."""
        tables = self._tables.get(steps)
        if tables is None:
            x = np.log2(steps)
            tables = (
                log_success(x, self.theta, self.beta, self.lapse),
                log_failure(x, self.theta, self.beta, self.lapse),
            )
            self._tables[steps] = tables
        return tables

    def log2_horizon(self, level: float) -> Array:
        """log2 h at ``level`` at every grid point (``-inf`` where the curve never reaches it)."""
        values = self._horizons.get(level)
        if values is None:
            values = log2_horizon(level, self.theta, self.beta, self.lapse)
            self._horizons[level] = values
        return values

    def log2_horizon_cells(self, level: float) -> tuple[Array, Array]:
        """The lowest and highest log2 h at ``level`` over each grid point's cell (``-inf``
        where part of the cell never reaches it): log2 h moves one way along each axis, so
        its extremes over a cell are at the cell's corners."""
        found = self._horizon_cells.get(level)
        if found is None:
            corners = np.array(
                [
                    log2_horizon(level, theta, beta, lapse)
                    for theta in self.cells[0]
                    for beta in self.cells[1]
                    for lapse in self.cells[2]
                ]
            )
            found = (corners.min(axis=0), corners.max(axis=0))
            self._horizon_cells[level] = found
        return found


def cell_ends(values: Array) -> tuple[Array, Array]:
    """The low and high ends of each value's cell on an axis of increasing ``values``:
    halfway to its neighbours, the axis's own ends at its ends (an axis of one value is a
    cell of no width)."""
    middles = (values[1:] + values[:-1]) / 2
    return np.concatenate([values[:1], middles]), np.concatenate([middles, values[-1:]])


def axes() -> tuple[Array, Array, Array]:
    """The documented axes of :mod:`.settings`: theta, beta, lapse."""
    count = round((settings.THETA_MAX - settings.THETA_MIN) / settings.THETA_STEP) + 1
    thetas = np.linspace(settings.THETA_MIN, settings.THETA_MAX, count)
    betas = np.geomspace(settings.BETA_MIN, settings.BETA_MAX, settings.BETA_COUNT)
    lapses = np.linspace(0.0, settings.LAPSE_MAX, round(settings.LAPSE_MAX / settings.LAPSE_STEP) + 1)
    return thetas, betas, lapses


@functools.cache
def default_grid() -> Grid:
    """The grid every estimate uses (made once per process)."""
    return Grid.from_axes(*axes())
