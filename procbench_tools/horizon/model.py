"""The curve of sequential match against the step count, and the horizon it implies.

    P(SM = 1 | n) = (1 - lapse) * logistic(-beta * (log2 n - theta))

``theta`` is the log2 step count where the falling part crosses one half, ``beta`` how
steeply it falls per doubling, ``lapse`` the share of replies that fail whatever the length.
The horizon at level q is the step count where the curve falls to q:

    log2 h_q = theta - logit(q / (1 - lapse)) / beta,

defined only where q < 1 - lapse; elsewhere the curve is below q at every step count and
the horizon is taken as minus infinity (below any step count).
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray


def log_success(log2_steps: ArrayLike, theta: ArrayLike, beta: ArrayLike, lapse: ArrayLike) -> NDArray[np.float64]:
    """``log P(SM = 1)``, broadcast over the arguments."""
    z = -np.asarray(beta) * (np.asarray(log2_steps) - np.asarray(theta))
    with np.errstate(divide="ignore"):
        return np.log1p(-np.asarray(lapse, dtype=float)) - np.logaddexp(0.0, -z)


def log_failure(log2_steps: ArrayLike, theta: ArrayLike, beta: ArrayLike, lapse: ArrayLike) -> NDArray[np.float64]:
    """``log P(SM = 0) = log(lapse + (1 - lapse) * logistic(+beta * (log2 n - theta)))``,
    computed without cancellation, broadcast over the arguments."""
    lapse = np.asarray(lapse, dtype=float)
    z = -np.asarray(beta) * (np.asarray(log2_steps) - np.asarray(theta))
    with np.errstate(divide="ignore"):
        return np.logaddexp(np.log(lapse), np.log1p(-lapse) - np.logaddexp(0.0, z))


def success_curve(log2_steps: ArrayLike, theta: ArrayLike, beta: ArrayLike, lapse: ArrayLike) -> NDArray[np.float64]:
    """``P(SM = 1)`` at ``log2_steps`` as the model writes it, broadcast over the arguments:
    the curves of the figures and of the pooled mean (likelihoods use :func:`log_success`)."""
    with np.errstate(over="ignore"):
        return (1 - np.asarray(lapse)) / (1 + np.exp(np.asarray(beta) * (np.asarray(log2_steps) - np.asarray(theta))))


def success_probability(steps: ArrayLike, theta: ArrayLike, beta: ArrayLike, lapse: ArrayLike) -> NDArray[np.float64]:
    """``P(SM = 1 | steps)``, broadcast over the arguments."""
    return np.exp(log_success(np.log2(np.asarray(steps, dtype=float)), theta, beta, lapse))


def log2_horizon(level: float, theta: ArrayLike, beta: ArrayLike, lapse: ArrayLike) -> NDArray[np.float64]:
    """log2 of the step count where the curve falls to ``level``; ``-inf`` where it never
    reaches ``level`` (``level >= 1 - lapse``)."""
    if not 0 < level < 1:
        raise ValueError(f"a horizon level is a share between 0 and 1, got {level!r}")
    theta, beta, lapse = np.broadcast_arrays(
        np.asarray(theta, float), np.asarray(beta, float), np.asarray(lapse, float)
    )
    ratio = level / (1 - lapse)
    defined = ratio < 1
    safe = np.where(defined, ratio, 0.5)
    return np.where(defined, theta - np.log(safe / (1 - safe)) / beta, -np.inf)
