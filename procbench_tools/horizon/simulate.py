"""Simulated models with known curves: many runs of the fixed grid or of the adaptive
design at once, for the tests and ``benchmarks/horizon.py``. No model is called: a reply is
right with the curve's probability at its step count."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from . import settings
from .design import candidate_steps, decide, lapse_steps
from .estimate import PROBABILITIES, interval_in_range
from .grid import Array, Grid, default_grid
from .model import log2_horizon, success_probability
from .pooled import PARAMETERS, PooledCurve, known_curves, mean_crossing, pooled_quantiles
from .posterior import fit

BoolArray = NDArray[np.bool_]

CHUNK = 50  # runs fitted at once (memory: about 8 bytes x runs x grid points, a few times over)


@dataclass(frozen=True)
class TrueCurve:
    """A simulated model: ``P(SM = 1 | n) = (1 - lapse) * logistic(-beta * (log2 n - theta))``."""

    theta: float
    beta: float
    lapse: float = 0.0

    def probability(self, steps: Array) -> Array:
        return success_probability(steps, self.theta, self.beta, self.lapse)

    def log2_horizon(self, level: float = 0.5) -> float:
        return float(log2_horizon(level, self.theta, self.beta, self.lapse))


@dataclass
class SimulatedRuns:
    """Per run: the interval's low end, the point and the high end of log2 h (the reported
    estimate's, or for the adaptive design the posterior quantiles its decisions rest on),
    the lowest and highest step counts asked, the calls spent and why the run stopped."""

    estimates: Array
    lowest: Array
    highest: Array
    calls: Array
    stops: list[str]

    def zero_width(self) -> BoolArray:
        """Whether each run's reported interval is a single point."""
        low, high = self.reported()
        return low == high

    def reported(self) -> tuple[Array, Array]:
        """Each run's reported interval ends in log2 steps (``-inf``/``inf``: open), by the
        rule of :func:`.estimate.interval_in_range`."""
        return interval_in_range(self.estimates[:, 0], self.estimates[:, 2], self.lowest, self.highest)

    def covers(self, log2_truth: float) -> BoolArray:
        """Whether each run's reported interval holds the truth."""
        low, high = self.reported()
        return (low <= log2_truth) & (log2_truth <= high)

    def ratios(self) -> Array:
        """high / low of each run's reported interval; ``inf`` where an end is open."""
        low, high = self.reported()
        return 2 ** (high - low)

    def bounds_above(self) -> BoolArray:
        """Whether each run reports h50 as a bound above the step counts asked."""
        return self.estimates[:, 1] > np.log2(self.highest)


def simulate_fixed(
    curve: TrueCurve, steps: list[int], per_step: int, runs: int, seed: int, grid: Grid | None = None
) -> SimulatedRuns:
    """``runs`` runs of a fixed design: ``per_step`` calls at each of ``steps``."""
    grid = grid or default_grid()
    rng = np.random.default_rng(seed)
    successes = rng.binomial(per_step, curve.probability(np.asarray(steps)), size=(runs, len(steps)))
    trials = np.full((runs, len(steps)), per_step)
    estimates = np.vstack(
        [
            fit(grid, steps, successes[start : start + CHUNK], trials[start : start + CHUNK]).likelihood_interval(0.5)
            for start in range(0, runs, CHUNK)
        ]
    )
    calls = np.full(runs, per_step * len(steps))
    return SimulatedRuns(estimates, np.full(runs, min(steps)), np.full(runs, max(steps)), calls, ["fixed"] * runs)


def benchmark_like_curves() -> list[TrueCurve]:
    """23 tasks whose true curves differ, as the benchmark's do: h50 from about 3 to 37
    steps (some beyond the paper's 25), slopes from gentle to steep, lapse rates 0 to 0.15."""
    tasks = 23
    slopes = (0.8, 1.2, 1.8, 2.5, 3.5)
    lapses = (0.0, 0.03, 0.08, 0.15)
    return [
        TrueCurve(1.6 + 3.6 * task / (tasks - 1), slopes[task % len(slopes)], lapses[(3 * task) % len(lapses)])
        for task in range(tasks)
    ]


def pooled_log2_horizon(curves: list[TrueCurve], level: float) -> float:
    """The true pooled horizon: log2 of the step count where the mean of ``curves`` falls to
    ``level`` (the definition of :mod:`.pooled`, with the curves known)."""
    known = known_curves(*([getattr(curve, name) for curve in curves] for name in PARAMETERS))
    return mean_crossing(known, level, -20.0, 20.0)


@dataclass
class SimulatedBenchmark:
    """Runs of a fixed design on several tasks at once: per level, each task's runs and the
    pooled runs (every run of the pooled horizon made of the tasks' runs of the same number);
    and, for comparison, the pooled horizon of method version 1: one curve fitted to every
    task's examples together (its posterior median and credible interval)."""

    by_task: list[dict[float, SimulatedRuns]]
    pooled: dict[float, SimulatedRuns]
    one_curve: dict[float, SimulatedRuns]


def simulate_benchmark(
    curves: list[TrueCurve], steps: list[int], per_step: int, runs: int, seed: int, grid: Grid | None = None
) -> SimulatedBenchmark:
    """``runs`` runs of a fixed design (``per_step`` calls at each of ``steps``) on every
    task of ``curves``: per task the estimates of :func:`.estimate.estimate_horizons`, and
    pooled over tasks those of :mod:`.pooled`."""
    grid = grid or default_grid()
    rng = np.random.default_rng(seed)
    pooled_rng = np.random.default_rng([seed, settings.POOLED_SEED])
    levels = settings.LEVELS
    task_estimates = [{level: np.zeros((runs, 3)) for level in levels} for _ in curves]
    pooled = {level: np.zeros((runs, 3)) for level in levels}
    one_curve = {level: np.zeros((runs, 3)) for level in levels}
    chunk = max(1, CHUNK // 2)  # the draws of every task are held at once
    for start in range(0, runs, chunk):
        rows = slice(start, min(start + chunk, runs))
        count = rows.stop - rows.start
        posteriors = []
        together = np.zeros((count, len(steps)))
        for task, curve in enumerate(curves):
            successes = rng.binomial(per_step, curve.probability(np.asarray(steps)), size=(count, len(steps)))
            together += successes
            posterior = fit(grid, steps, successes, np.full((count, len(steps)), per_step))
            for level in levels:
                task_estimates[task][level][rows] = posterior.likelihood_interval(level)
            posteriors.append(posterior)
        found = pooled_quantiles(PooledCurve.of(posteriors, pooled_rng), min(steps), max(steps), PROBABILITIES)
        single = fit(grid, steps, together, np.full((count, len(steps)), per_step * len(curves)))
        for level in levels:
            pooled[level][rows] = found[level]
            one_curve[level][rows] = single.quantiles(level, PROBABILITIES)

    def runs_of(estimates: Array) -> SimulatedRuns:
        return SimulatedRuns(
            estimates, np.full(runs, min(steps)), np.full(runs, max(steps)), np.full(runs, per_step * len(steps)),
            ["fixed"] * runs,
        )  # fmt: skip

    return SimulatedBenchmark(
        [{level: runs_of(task[level]) for level in levels} for task in task_estimates],
        {level: runs_of(pooled[level]) for level in levels},
        {level: runs_of(one_curve[level]) for level in levels},
    )


def simulate_adaptive(
    curve: TrueCurve,
    runs: int,
    seed: int,
    *,
    lowest: int = settings.DEFAULT_MIN_STEPS,
    highest: int = settings.DEFAULT_MAX_STEPS,
    budget: int = settings.DEFAULT_BUDGET,
    batch: int = settings.DEFAULT_BATCH,
    precision: float = settings.DEFAULT_PRECISION,
    grid: Grid | None = None,
) -> SimulatedRuns:
    """``runs`` runs of the adaptive design (:mod:`.design`) against ``curve``."""
    grid = grid or default_grid()
    rng = np.random.default_rng(seed)
    candidates = candidate_steps(lowest, highest)
    probability = curve.probability(np.asarray(candidates))
    successes = np.zeros((runs, len(candidates)))
    trials = np.zeros((runs, len(candidates)))
    for steps in lapse_steps(candidates):
        column = candidates.index(steps)
        trials[:, column] += settings.LAPSE_TRIALS
        successes[:, column] += rng.binomial(settings.LAPSE_TRIALS, probability[column], size=runs)
    spent = trials.sum(axis=1)
    quantiles = np.zeros((runs, 3))
    stops = [""] * runs
    active = np.ones(runs, dtype=bool)
    precise = np.zeros(runs, dtype=bool)
    while active.any():
        for rows in np.array_split(np.flatnonzero(active), max(1, int(np.ceil(active.sum() / CHUNK)))):
            posterior = fit(grid, candidates, successes[rows], trials[rows])
            decision = decide(posterior, candidates, trials[rows], spent[rows], budget, batch, precision, precise[rows])
            quantiles[rows] = decision.quantiles
            precise[rows] = decision.precise
            for offset, run in enumerate(rows):
                if decision.stop[offset]:
                    stops[run] = decision.stop[offset]
                    active[run] = False
                    continue
                column = candidates.index(int(decision.steps[offset]))
                calls = int(decision.calls[offset])
                trials[run, column] += calls
                successes[run, column] += rng.binomial(calls, probability[column])
                spent[run] += calls
    asked = trials > 0
    counts = np.asarray(candidates)
    lowest_asked = counts[np.argmax(asked, axis=1)]
    highest_asked = counts[len(candidates) - 1 - np.argmax(asked[:, ::-1], axis=1)]
    return SimulatedRuns(quantiles, lowest_asked, highest_asked, spent, stops)
