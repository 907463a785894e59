"""The procedure horizon on simulated models with known curves: coverage of the 95% intervals
per task and pooled, and the calls each route needs for a 1.5x interval, side by side.

    python benchmarks/horizon.py [--runs 200] [--seed 0] [--part coverage|routes|all]

No model is called: a simulated reply is right with the curve's probability at its step
count (``procbench_tools.horizon.simulate``).

**coverage** (23 tasks whose true curves differ, as the benchmark's do; the paper's grid, 10
calls at each of 2..25 steps, so n = 240 per task and 5,520 pooled): per task the coverage
of the 95% intervals of h50 and h80; pooled, the same for the pooled horizon (where the mean
of the tasks' curves crosses 50% / 80%, corrected for the fits' bias: method version 3)
beside the one curve fitted to every task's examples together (version 1), with the
intervals that were a single point. Per task the intervals are version 3's likelihood-ratio
intervals (version 2's credible intervals covered h80 of gentle curves with a lapse rate in
as few as 87% of runs).

**routes**, for each curve:

- **fixed grid** (the paper's: 10 calls at each of 2..25 steps, 240 calls): coverage, the
  median interval ratio (high / low; ``inf`` when an end is open because h50 is near or
  beyond the grid's edge), and the fewest calls the grid needs for a median ratio of 1.5 or
  less, the same number at every step count (``never`` when --max-grid-calls do not reach
  it);
- **adaptive** (``procbench horizon``'s design, steps 1..100, precision 1.5, batch 10,
  budget --budget): coverage, the median calls it spent, and the share of runs that reached
  1.5x before the budget;
- **bound**: the fewest calls any design could need for a 1.5x interval, by the Cramér-Rao
  bound with the slope and lapse known and every call at the most informative step count
  (1..100), and so the largest gain over the grid that any adaptive design could show.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from arguments import positive_int  # noqa: E402

from procbench_tools.horizon.simulate import (  # noqa: E402
    TrueCurve,
    benchmark_like_curves,
    pooled_log2_horizon,
    simulate_adaptive,
    simulate_benchmark,
    simulate_fixed,
)

PAPER_GRID = list(range(2, 26))
PAPER_PER_STEP = 10
TARGET = 1.5
CURVES = {
    "h50 4, lapse 0.1": TrueCurve(2.2, 1.5, 0.1),
    "h50 10, gentle (beta 1)": TrueCurve(3.3, 1.0),
    "h50 9, steep (beta 2), lapse 0.05": TrueCurve(3.3, 2.0, 0.05),
    "h50 16, steep (beta 3)": TrueCurve(4.0, 3.0),
    "h50 45 (beyond the grid)": TrueCurve(5.5, 1.5),
    "h50 181 (beyond 100)": TrueCurve(7.5, 2.0),
}


def fixed_calls_for_target(curve: TrueCurve, runs: int, seed: int, most: int) -> int | None:
    """The fewest calls of the paper's grid (the same number at each of 2..25 steps) whose
    median interval ratio is at most TARGET: doubling from 10 per step count to a bracket,
    then bisection; ``None`` when ``most`` calls do not reach it."""

    def reaches(per_step: int) -> bool:
        return float(np.median(simulate_fixed(curve, PAPER_GRID, per_step, runs, seed).ratios())) <= TARGET

    low, high = 0, PAPER_PER_STEP  # low never reaches; high is tried
    while not reaches(high):
        if 2 * high * len(PAPER_GRID) > most:
            return None
        low, high = high, 2 * high
    while high - low > 1:
        middle = (low + high) // 2
        low, high = (low, middle) if reaches(middle) else (middle, high)
    return high * len(PAPER_GRID)


def calls_bound(curve: TrueCurve) -> int:
    """The Cramér-Rao bound on the calls for a 95% interval of h50 within TARGET (high /
    low): with beta and lapse known, each call at the step count (1..100) whose answer says
    most about log2 h50, the Fisher information per call being
    ``(dP/dtheta)^2 / (P (1 - P))``; any real design, which must also learn beta and lapse,
    needs more."""
    x = np.log2(np.arange(1, 101))
    s = 1 / (1 + np.exp(curve.beta * (x - curve.theta)))
    p = (1 - curve.lapse) * s
    information = ((1 - curve.lapse) * curve.beta * s * (1 - s)) ** 2 / (p * (1 - p))
    sd = np.log2(TARGET) / 2 / 1.96  # a 95% interval of log2 h50 as wide as log2(TARGET)
    return int(np.ceil(1 / (information.max() * sd**2)))


def coverage(runs: int, seed: int) -> None:
    """The coverage table of the heterogeneous tasks, per task and pooled."""
    curves = benchmark_like_curves()
    print(
        f"coverage: {runs} simulated runs of {len(curves)} tasks whose true curves differ, 10 calls at each of "
        f"2..25 steps per task (n = {len(PAPER_GRID) * PAPER_PER_STEP} per task, "
        f"{len(curves) * len(PAPER_GRID) * PAPER_PER_STEP} pooled)\n"
    )
    started = time.perf_counter()
    simulated = simulate_benchmark(curves, PAPER_GRID, PAPER_PER_STEP, runs, seed)
    header = f"{'task':>4} {'theta':>5} {'beta':>4} {'lapse':>5} | {'h50':>6} {'cover':>5} | {'h80':>6} {'cover':>5}"
    print(header)
    print("-" * len(header))
    covered: dict[float, list[float]] = {0.5: [], 0.8: []}
    zero = 0
    for number, (curve, levels) in enumerate(zip(curves, simulated.by_task, strict=True), start=1):
        cells = []
        for level, found in levels.items():
            truth = curve.log2_horizon(level)
            share = float(found.covers(truth).mean())
            covered[level].append(share)
            zero += int(found.zero_width().sum())
            cells.append(f"{2**truth:6.2f} {share:5.3f}")
        print(f"{number:4} {curve.theta:5.2f} {curve.beta:4.1f} {curve.lapse:5.2f} | {cells[0]} | {cells[1]}")
    for level, shares in covered.items():
        below = sum(share < 0.93 for share in shares)
        print(
            f"per task h{round(level * 100)}: coverage mean {np.mean(shares):.3f}, lowest {min(shares):.3f}, "
            f"{below} of {len(shares)} tasks below 0.93"
        )
    print(f"per task: {zero} zero-width intervals\n")
    header = (
        f"{'pooled':6} {'truth':>6} | {'v3 mean of curves: cover':>24} {'median ratio':>12} {'zero-width':>10} | "
        f"{'v1 one curve: cover':>19} {'zero-width':>10}"
    )
    print(header)
    print("-" * len(header))
    for level in simulated.pooled:
        truth = pooled_log2_horizon(curves, level)
        new, old = simulated.pooled[level], simulated.one_curve[level]
        print(
            f"{'h' + str(round(level * 100)):6} {2**truth:6.2f} | {new.covers(truth).mean():24.3f} "
            f"{np.median(new.ratios()):12.3f} {int(new.zero_width().sum()):10} | "
            f"{old.covers(truth).mean():19.3f} {int(old.zero_width().sum()):10}"
        )
    print(f"\n{time.perf_counter() - started:.0f} s; ratio = high / low of the 95% interval (inf: an end open)\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=positive_int, default=200, help="simulated runs per setting (default 200)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--budget", type=positive_int, default=1000, help="adaptive calls per run at most (1000)")
    parser.add_argument("--max-grid-calls", type=positive_int, default=3840, help="largest fixed grid tried (3840)")
    parser.add_argument(
        "--part", choices=("coverage", "routes", "all"), default="all", help="which tables to print (default all)"
    )
    args = parser.parse_args()
    if args.part in ("coverage", "all"):
        coverage(args.runs, args.seed)
    if args.part in ("routes", "all"):
        routes(args)


def routes(args: argparse.Namespace) -> None:
    """The routes table: the paper's grid, the adaptive route and the bound, per curve."""
    print(f"{args.runs} simulated runs per setting; coverage of the 95% interval of h50; ratio = high / low\n")
    header = (
        f"{'true curve':36} | {'grid 240: cover':>15} {'ratio':>6} {'calls to 1.5x':>13} | "
        f"{'adaptive: cover':>15} {'calls':>6} {'reached':>7} | {'fewer calls':>11} | {'bound':>5} {'at most':>7}"
    )
    print(header)
    print("-" * len(header))
    started = time.perf_counter()
    for name, curve in CURVES.items():
        truth = curve.log2_horizon()
        grid = simulate_fixed(curve, PAPER_GRID, PAPER_PER_STEP, args.runs, args.seed)
        grid_calls = fixed_calls_for_target(curve, args.runs, args.seed, args.max_grid_calls)
        adaptive = simulate_adaptive(curve, args.runs, args.seed, budget=args.budget)
        reached = np.mean([stop in ("precision", "above range") for stop in adaptive.stops])
        adaptive_calls = float(np.median(adaptive.calls))
        gain = "–" if grid_calls is None else f"{grid_calls / adaptive_calls:.1f}x"
        fewest = None if truth > np.log2(100) else calls_bound(curve)  # beyond 100 the route reports a bound
        bound = "–" if fewest is None else str(fewest)
        most = "–" if grid_calls is None or fewest is None else f"{grid_calls / fewest:.1f}x"
        print(
            f"{name:36} | {grid.covers(truth).mean():15.3f} {np.median(grid.ratios()):6.2f} "
            f"{'never' if grid_calls is None else grid_calls:>13} | "
            f"{adaptive.covers(truth).mean():15.3f} {adaptive_calls:6.0f} {reached:7.0%} | {gain:>11} | "
            f"{bound:>5} {most:>7}",
            flush=True,
        )
    print(f"\n{time.perf_counter() - started:.0f} s")
    print(
        "grid: the fewest calls at each of 2..25 steps (the same at each) whose median ratio is at most 1.5 "
        f"('never' past {args.max_grid_calls} calls: an end stays open); adaptive: steps 1..100, batch 10, "
        f"budget {args.budget}; 'reached': runs that stopped on precision (or with the whole interval above 100); "
        "bound: the Cramér-Rao bound on the calls for 1.5x with slope and lapse known, and 'at most' the largest "
        "gain over the grid it allows"
    )


if __name__ == "__main__":
    main()
