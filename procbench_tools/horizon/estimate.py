"""Horizons from scored examples: per task and pooled, as numbers, intervals or bounds.

Per task, a level's point estimate is the maximum-likelihood log2 h on the grid, its
interval the likelihood-ratio 95% interval (:meth:`.posterior.Posterior.likelihood_interval`);
pooled, see :mod:`.pooled`. Nothing is extrapolated: an interval end beyond the step counts
measured is open (``None``, ``null`` in JSON), and a point beyond them is given as a bound
(``"> 25"``, ``"< 2"``) instead of a number."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

import procbench_generators

from . import settings
from .grid import Array, Grid, default_grid
from .pooled import PooledCurve, pooled_quantiles
from .posterior import Posterior, fit

TAIL = (1 - settings.CREDIBLE_MASS) / 2
PROBABILITIES = (TAIL, 0.5, 1 - TAIL)
DECIMALS = 2  # of a horizon in steps, in JSON

METHOD = {
    "version": settings.METHOD_VERSION,
    "model": settings.MODEL_TEXT,
    "prior": settings.PRIOR_TEXT,
    "interval": settings.INTERVAL_TEXT,
    "point": settings.POINT_TEXT,
    "levels": list(settings.LEVELS),
    "pooled": settings.POOLED_TEXT,
    "excluded": "replies cut off by the token limit (truncated), which are not wrong procedures",
}


@dataclass(frozen=True)
class LevelEstimate:
    """The horizon at one level: ``point``, ``low``, ``high`` in steps (``None`` where beyond
    the step counts measured) and ``bound`` (``"> 25"``) when the point is beyond them."""

    level: float
    point: float | None
    bound: str | None
    low: float | None
    high: float | None

    def covers(self, steps: float) -> bool:
        """Whether the interval (open ends unbounded) holds ``steps``."""
        return (self.low is None or self.low <= steps) and (self.high is None or steps <= self.high)

    def text(self) -> str:
        """``12.3`` or ``> 25``."""
        return self.bound if self.bound is not None else f"{self.point:.1f}"

    def interval_text(self) -> str:
        """``[9.8, 15.6]``, with ``–`` for an open end."""
        ends = ["–" if end is None else f"{end:.1f}" for end in (self.low, self.high)]
        return f"[{ends[0]}, {ends[1]}]"


def interval_in_range(low: ArrayLike, high: ArrayLike, lowest: ArrayLike, highest: ArrayLike) -> tuple[Array, Array]:
    """The reported ends, in log2 steps, of intervals whose quantiles are ``low`` and
    ``high``, measured on ``lowest``..``highest`` steps: an end beyond the range on its own
    side is open (``-inf``, ``+inf``); an end beyond the range on the other side is the
    range's edge (an interval wholly above 25 steps is ``[25, open]``)."""
    floor, ceiling = np.log2(lowest), np.log2(highest)
    low, high = np.asarray(low, dtype=float), np.asarray(high, dtype=float)
    reported_low = np.where(low < floor, -np.inf, np.minimum(low, ceiling))
    reported_high = np.where(high > ceiling, np.inf, np.maximum(high, floor))
    return reported_low, reported_high


def level_estimate(level: float, log2_estimate: Iterable[float], lowest: int, highest: int) -> LevelEstimate:
    """A :class:`LevelEstimate` from the interval's low end, the point and the high end of
    log2 h and the range of step counts measured."""
    low, middle, high = (float(value) for value in log2_estimate)
    floor, ceiling = np.log2(lowest), np.log2(highest)
    low, high = (float(end) for end in interval_in_range(low, high, lowest, highest))

    def steps(value: float) -> float | None:
        return round(float(2**value), DECIMALS) if np.isfinite(value) else None

    bound = f"> {highest}" if middle > ceiling else f"< {lowest}" if middle < floor else None
    return LevelEstimate(level, None if bound else steps(middle), bound, steps(low), steps(high))


@dataclass(frozen=True)
class HorizonEstimate:
    """h50 and h80 of one task (or pooled), with the data they rest on."""

    h50: LevelEstimate
    h80: LevelEstimate
    calls: int
    successes: int
    steps: tuple[int, int]
    truncated: int = 0

    def to_json(self) -> dict[str, Any]:
        entry: dict[str, Any] = {}
        for name, level in (("h50", self.h50), ("h80", self.h80)):
            entry[name] = level.point
            entry[f"{name}_ci"] = [level.low, level.high]
            entry[f"{name}_bound"] = level.bound
        entry.update(
            n=self.calls,
            sequential_match=round(self.successes / self.calls, 4),
            steps=list(self.steps),
            truncated=self.truncated,
        )
        return entry


def estimate_from_posterior(
    posterior: Posterior, steps: tuple[int, int], calls: int, successes: int
) -> HorizonEstimate:
    """The estimate of a one-run posterior whose data span ``steps`` (lowest, highest)."""
    levels = [level_estimate(level, posterior.likelihood_interval(level)[0], *steps) for level in settings.LEVELS]
    return HorizonEstimate(levels[0], levels[1], calls, successes, steps)


@dataclass
class Tally:
    """Successes and trials per step count (and replies left out as truncated)."""

    successes: defaultdict[int, int]
    trials: defaultdict[int, int]
    truncated: int = 0

    @classmethod
    def empty(cls) -> Tally:
        return cls(defaultdict(int), defaultdict(int))

    def add(self, steps: int, success: bool) -> None:
        self.trials[steps] += 1
        self.successes[steps] += int(success)

    @property
    def calls(self) -> int:
        return sum(self.trials.values())

    def arrays(self) -> tuple[list[int], list[int], list[int]]:
        counts = sorted(self.trials)
        return counts, [self.successes[count] for count in counts], [self.trials[count] for count in counts]

    def posterior(self, grid: Grid | None = None) -> Posterior:
        steps, successes, trials = self.arrays()
        return fit(grid or default_grid(), steps, successes, trials)

    @property
    def steps(self) -> tuple[int, int]:
        """The lowest and highest step counts measured."""
        return min(self.trials), max(self.trials)

    def estimate(self, posterior: Posterior) -> HorizonEstimate:
        """The estimate of this tally, given its posterior."""
        estimate = estimate_from_posterior(posterior, self.steps, self.calls, sum(self.successes.values()))
        return HorizonEstimate(
            estimate.h50, estimate.h80, estimate.calls, estimate.successes, estimate.steps, self.truncated
        )


@dataclass(frozen=True)
class HorizonReport:
    """Per-task estimates (in the benchmark's task order) and the pooled one."""

    by_task: dict[str, HorizonEstimate]
    pooled: HorizonEstimate

    def to_json(self) -> dict[str, Any]:
        """``{"by_task": {"Sort": {"h50", "h50_ci", "h80", "h80_ci", "n", ...}}, "pooled":
        {...}, "method": {...}}``."""
        return {
            "by_task": {task: estimate.to_json() for task, estimate in self.by_task.items()},
            "pooled": self.pooled.to_json(),
            "method": METHOD,
        }


def tallies(records: Iterable[Mapping[str, Any]]) -> dict[str, Tally]:
    """Per task, the successes and trials per step count of ``records`` (mappings with
    ``task``, ``steps``, ``sequential_match`` and optionally ``truncated``), tasks in the
    benchmark's order."""
    found: dict[str, Tally] = defaultdict(Tally.empty)
    for number, record in enumerate(records):
        try:
            task, steps, match = record["task"], record["steps"], record["sequential_match"]
        except KeyError as missing:
            raise ValueError(
                f"record {number} lacks {missing}; a record needs task, steps and sequential_match"
            ) from None
        if isinstance(steps, bool) or not isinstance(steps, int) or steps < 1:
            raise ValueError(f"record {number}: steps must be a whole number of at least 1, got {steps!r}")
        if match not in (0, 1):
            raise ValueError(f"record {number}: sequential_match must be 0 or 1, got {match!r}")
        if record.get("truncated"):
            found[task].truncated += 1
        else:
            found[task].add(steps, bool(match))
    rank = {task: number for number, task in enumerate(procbench_generators.TASKS)}
    return {task: found[task] for task in sorted(found, key=lambda task: (rank.get(task, len(rank)), task))}


def pooled_tally(parts: Iterable[Tally]) -> Tally:
    """The tasks' tallies added up: the data of the pooled curve."""
    pooled = Tally.empty()
    for tally in parts:
        pooled.truncated += tally.truncated
        for steps, trials in tally.trials.items():
            pooled.trials[steps] += trials
            pooled.successes[steps] += tally.successes[steps]
    return pooled


def pooled_curve(posteriors: list[Posterior]) -> PooledCurve:
    """The mean of the tasks' curves and its band (:mod:`.pooled`); the same posteriors
    always give the same curve (the draws are seeded with :data:`settings.POOLED_SEED`)."""
    return PooledCurve.of(posteriors, np.random.default_rng(settings.POOLED_SEED))


def pooled_estimate(posteriors: list[Posterior], pooled: Tally) -> HorizonEstimate:
    """The pooled estimate (:mod:`.pooled`) of the tasks' ``posteriors``, whose examples
    together make ``pooled``."""
    found = pooled_quantiles(pooled_curve(posteriors), pooled.steps[0], pooled.steps[1], PROBABILITIES)
    levels = [level_estimate(level, found[level][0], *pooled.steps) for level in settings.LEVELS]
    return HorizonEstimate(
        levels[0], levels[1], pooled.calls, sum(pooled.successes.values()), pooled.steps, pooled.truncated
    )


def estimate_horizons(records: Iterable[Mapping[str, Any]], grid: Grid | None = None) -> HorizonReport:
    """h50 and h80 per task and pooled over tasks, from per-example records (``task``,
    ``steps``, ``sequential_match``; ``truncated`` replies are left out and counted)."""
    by_task = tallies(records)
    measured = {task: tally for task, tally in by_task.items() if tally.trials}
    if not measured:
        raise ValueError("a horizon needs at least one scored reply that was not truncated")
    posteriors = {task: tally.posterior(grid) for task, tally in measured.items()}
    estimates = {task: tally.estimate(posteriors[task]) for task, tally in measured.items()}
    return HorizonReport(estimates, pooled_estimate(list(posteriors.values()), pooled_tally(by_task.values())))
