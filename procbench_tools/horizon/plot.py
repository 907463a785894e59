"""The horizon figure: sequential match against the step count (log axis), a panel per task
and one pooled: the observed share at each step count asked with its Wilson interval (marker
area grows with the calls there), the fitted (maximum-likelihood) curve with its pointwise
95% band (per task, the curves of the likelihood interval's grid points), and h50 and h80
marked with their intervals (an arrow for a bound). The pooled panel's dots are every
task's examples together; its curve is the mean of the tasks' curves, corrected for the
fits' bias, with its band (:mod:`.pooled`), whose crossings are the pooled h50 and h80."""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np
from matplotlib.ticker import FixedLocator, NullFormatter, ScalarFormatter

from ..evaluation.intervals import wilson
from .estimate import (
    PROBABILITIES,
    HorizonEstimate,
    HorizonReport,
    LevelEstimate,
    Tally,
    pooled_curve,
    pooled_tally,
    tallies,
)
from .grid import Array

COLUMNS = 4
EVERY_STEP_TICKS = 8  # up to this many step counts in a panel, each has its tick (a log axis crowds sooner)
BAND = PROBABILITIES  # the pooled curve's band: 2.5%, 50% and 97.5% (a task's is its likelihood band)
LEVEL_COLOURS = {0.5: "#c0392b", 0.8: "#8e44ad"}


def log_ticks(steps: list[int]) -> list[int]:
    """The x ticks of a panel: every step count it plots when there are few (a small run
    stays readable, its only point with a tick), else the powers of two (and 100) in
    its range."""
    if len(steps) <= EVERY_STEP_TICKS:
        return sorted(set(steps))
    lowest, highest = min(steps), max(steps)
    return [tick for tick in (1, 2, 4, 8, 16, 32, 64, 100) if lowest / 1.5 <= tick <= highest * 1.5]


def _mark(axis: Any, level: LevelEstimate, lowest: int, highest: int) -> None:
    colour = LEVEL_COLOURS.get(level.level, "black")
    label = f"h{round(level.level * 100)} {level.text()}"
    if level.point is not None:
        axis.plot([level.point], [level.level], "D", color=colour, zorder=5, label=label)
        axis.axvline(level.point, color=colour, linewidth=0.8, linestyle="--")
    low = level.low if level.low is not None else lowest
    high = level.high if level.high is not None else highest
    axis.plot([low, high], [level.level, level.level], color=colour, linewidth=3, alpha=0.6)
    if level.bound is not None:
        edge, direction = (highest, 1.25) if level.bound.startswith(">") else (lowest, 0.8)
        axis.annotate(
            "",
            xy=(edge * direction, level.level),
            xytext=(edge, level.level),
            arrowprops={"arrowstyle": "->", "color": colour},
        )
        axis.plot([], [], color=colour, label=label)


def _panel(axis: Any, title: str, tally: Tally, estimate: HorizonEstimate, band_of: Callable[[Array], Array]) -> None:
    """One panel: ``band_of(steps)`` gives the curve's 2.5%, 50% and 97.5% rows."""
    steps, successes, trials = tally.arrays()
    lowest, highest = steps[0], steps[-1]
    span = np.geomspace(lowest, highest, 80) if highest > lowest else np.array([lowest], dtype=float)
    band = band_of(span)
    axis.fill_between(span, band[0], band[2], color="#3498db", alpha=0.2, linewidth=0)
    axis.plot(span, band[1], color="#2471a3", linewidth=1.5)
    shares = [wins / count for wins, count in zip(successes, trials, strict=True)]
    bounds = np.array([wilson(wins, count) for wins, count in zip(successes, trials, strict=True)])
    errors = np.abs(bounds.T - np.array(shares))
    axis.errorbar(steps, shares, yerr=errors, fmt="none", ecolor="#555555", elinewidth=0.8, capsize=2)
    axis.scatter(steps, shares, s=[8 + 4 * math.sqrt(count) for count in trials], color="#222222", zorder=4)
    for level in (estimate.h50, estimate.h80):
        _mark(axis, level, lowest, highest)
    axis.set_xscale("log", base=2)
    axis.xaxis.set_major_locator(FixedLocator(log_ticks([int(count) for count in steps])))
    axis.xaxis.set_major_formatter(ScalarFormatter())
    axis.xaxis.set_minor_formatter(NullFormatter())
    axis.set_xlim(lowest / 1.3, highest * 1.45)
    axis.set_ylim(-0.03, 1.03)
    axis.set_title(f"{title} (n={tally.calls})", fontsize=10)
    axis.legend(fontsize=7, loc="lower left", frameon=False)
    axis.grid(alpha=0.3)


def horizon_figure(records: Iterable[Mapping[str, Any]], report: HorizonReport, title: str | None = None) -> Any:
    """The horizon figure of ``records`` (``task``, ``steps``, ``sequential_match``) and
    their ``report``, as a matplotlib figure titled ``title`` (the model's name, say)."""
    by_task = tallies(records)
    posteriors = {task: by_task[task].posterior() for task in report.by_task}
    panels: list[tuple[str, Tally, HorizonEstimate, Callable[[Array], Array]]] = [
        (task, by_task[task], estimate, posteriors[task].likelihood_band) for task, estimate in report.by_task.items()
    ]
    if len(panels) > 1:
        pooled = pooled_curve(list(posteriors.values()))
        band = functools.partial(pooled.band, probabilities=BAND)
        panels.append(("pooled (mean of tasks)", pooled_tally(by_task.values()), report.pooled, band))
    columns = min(COLUMNS, len(panels))
    rows = math.ceil(len(panels) / columns)
    width = max(3.6 * columns, 5.0)  # one panel still wide enough for its legend and ticks
    figure, axes = plt.subplots(rows, columns, figsize=(width, 2.9 * rows + 0.4), squeeze=False)
    for axis, (name, tally, estimate, band_of) in zip(axes.flat, panels, strict=False):
        _panel(axis, name, tally, estimate, band_of)
    for axis in axes.flat[len(panels) :]:
        axis.set_visible(False)
    for axis in axes[:, 0]:
        axis.set_ylabel("sequential match")
    for axis in axes[-1, :]:
        axis.set_xlabel("steps (log scale)")
    if title:
        figure.suptitle(title)
    figure.tight_layout()
    return figure


def draw_horizon(
    records: Iterable[Mapping[str, Any]], report: HorizonReport, path: str | Path, title: str | None = None
) -> None:
    """Draw the horizon figure (:func:`horizon_figure`) into the PNG file ``path``."""
    figure = horizon_figure(records, report, title)
    try:
        figure.savefig(path, dpi=110)
    finally:
        plt.close(figure)
