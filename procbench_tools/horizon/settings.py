"""Every constant of the procedure horizon, in one place: the curve's levels, the grid and
priors of the posterior, the credible mass, and the adaptive route's defaults and rules."""

from __future__ import annotations

# The levels of sequential match whose step counts are reported: h50 and h80.
LEVELS = (0.5, 0.8)
CREDIBLE_MASS = 0.95  # equal-tailed credible intervals: the 2.5% and 97.5% posterior quantiles
# The likelihood-ratio interval of a task's horizon: the grid points whose log-likelihood is
# within half the 95% point of chi-squared with one degree of freedom (3.8415 / 2) of the largest.
LIKELIHOOD_DROP = 1.920729410347062  # scipy.stats.chi2.ppf(0.95, 1) / 2

# The grid of the posterior over (theta, beta, lapse); each prior is flat on its axis.
# theta: log2 of the 50% point of the falling part of the curve, uniform from 2**-1.5 (0.35)
# to 2**8 (256) steps, every 1/12 of a doubling (log-uniform in steps).
THETA_MIN, THETA_MAX, THETA_STEP = -1.5, 8.0, 1 / 12
# beta: how steeply the curve falls per doubling of the step count (logit units), log-uniform
# from 0.25 (nearly flat) to 16 (a cliff), 20 values.
BETA_MIN, BETA_MAX, BETA_COUNT = 0.25, 16.0, 20
# lapse: the share of replies that fail whatever the length (format errors, refusals),
# uniform from 0 to 0.5 every 0.025.
LAPSE_MAX, LAPSE_STEP = 0.5, 0.025

MODEL_TEXT = "P(SM = 1 | n steps) = (1 - lapse) * logistic(-beta * (log2 n - theta))"
PRIOR_TEXT = (
    "grid posterior, flat priors: "
    f"theta uniform on [{THETA_MIN}, {THETA_MAX}] (log2 steps, every 1/{round(1 / THETA_STEP)} doubling), "
    f"beta log-uniform on [{BETA_MIN}, {BETA_MAX}] ({BETA_COUNT} values), "
    f"lapse uniform on [0, {LAPSE_MAX}] (step {LAPSE_STEP})"
)
INTERVAL_TEXT = (
    "likelihood-ratio (profile-likelihood) 95% interval: every grid point whose log-likelihood is within "
    f"{LIKELIHOOD_DROP:.4f} (chi-squared 95%, one degree of freedom, halved) of the largest, each taken with its "
    "whole grid cell; an end (or the point) outside the step counts measured is left open (null) or given as a bound"
)
POINT_TEXT = "maximum likelihood on the grid"

# The pooled horizon: where the mean of the tasks' curves crosses a level (see .pooled).
POOLED_REFITS = 400  # simulated refits per task for the pooled band and the fits' bias
POOLED_SEED = 0  # of those refits, so the same data always give the same pooled numbers
# A refit looks for its maximum among the grid points within this log-likelihood of the
# task's largest (on simulated benchmarks, 40 gave the same intervals to 0.01 step, slower).
REFIT_REACH = 12.0
CROSSING_TOLERANCE = 1e-4  # bisection stops when a crossing is known to this many doublings (0.007%)
CROSSING_MARGIN = 1.0  # doublings beyond the step counts measured where the search stops
POOLED_TEXT = (
    "where the mean of the tasks' curves (each task weighing the same) crosses the level: the mean of their "
    "maximum-likelihood curves less the fits' bias, the interval where its pointwise 95% band crosses; bias and "
    f"band from {POOLED_REFITS} simulated refits per task (a curve drawn from the task's posterior, replies "
    "simulated from it with the task's calls, refitted; the band is the fitted mean less the quantiles of the "
    "refits' errors, averaged over tasks); crossings by bisection"
)
# The method's version in summary.json: raised whenever a change moves a reported number.
# 1: the pooled horizon was one curve fitted to every task's examples together.
# 2: the pooled horizon is the crossing of the mean of the tasks' curves, band from posterior draws.
# 3: per task, the maximum-likelihood point and likelihood-ratio interval (were the posterior
#    median and credible interval); pooled, corrected for the fits' bias and banded by
#    simulated refits (POOLED_TEXT).
METHOD_VERSION = 3

# The adaptive route (procbench horizon).
DEFAULT_BUDGET = 300  # calls per task
DEFAULT_BATCH = 10  # calls per task per round
DEFAULT_PRECISION = 1.5  # stop when the 95% interval of h50 is within this ratio (high / low)
DEFAULT_MIN_STEPS, DEFAULT_MAX_STEPS = 1, 100
LAPSE_TRIALS = 3  # calls at each of the two lowest step counts first, to pin the lapse rate
MIN_TRIALS_PER_COUNT = 3  # a step count counts towards the spread rule with this many calls
MIN_STEP_COUNTS = 3  # no stop before that many step counts have MIN_TRIALS_PER_COUNT calls
CANDIDATES_PER_DOUBLING = 4  # the step counts the design chooses from: about 2**(k/4), whole numbers
DESIGN_MARGIN = 1.0  # the design's target, log2 h50, is clipped to this many doublings beyond the range
