"""95% confidence intervals for the report's means.

- Sequential Match and Final Match are 0/1 per example: the Wilson score interval of a
  binomial proportion (closed form; sensible at 0 and 1 and for small n, unlike the normal
  approximation).
- Prefix Accuracy takes values in [0, 1]: the Clopper–Pearson interval applied to the summed
  PA, ``S = sum of PA``: ``[Beta⁻¹(2.5%; S, n − S + 1), Beta⁻¹(97.5%; S + 1, n − S)]`` (the
  ends are 0 and 1 when S is 0 and n). For 0/1 values it is the exact binomial interval,
  whose coverage is at least 95% at every n and mean; a variable in [0, 1] varies at most
  as much as a 0/1 one with the same mean, and the coverage stays at least 95% for the
  extreme (two-point) distributions in between (``tests/test_intervals.py`` computes it
  exactly, and checks other shapes by simulation). So three examples all at PA 1 give
  ``[0.292, 1]``, never the zero-width ``[1, 1]`` a bootstrap gives. It depends only on
  S and n: the same in any order of the answers.
"""

from __future__ import annotations

import math

LEVEL = 0.95
Z = 1.959963984540054  # the standard normal's 97.5% quantile
TAIL = (1 - LEVEL) / 2

METHODS = {
    "level": LEVEL,
    "sequential_match": "Wilson score interval",
    "final_match": "Wilson score interval",
    "prefix_accuracy": "Clopper-Pearson interval of the summed prefix accuracy "
    "[Beta^-1(0.025; S, n - S + 1), Beta^-1(0.975; S + 1, n - S)], S = sum of PA",
}


def _check(n: int) -> None:
    if n <= 0:
        raise ValueError("an interval needs at least one example")


def wilson(successes: int, n: int) -> list[float]:
    """The Wilson score interval ``[low, high]`` of ``successes`` out of ``n``."""
    _check(n)
    share = successes / n
    spread = Z * Z / n
    centre = (share + spread / 2) / (1 + spread)
    half = Z * math.sqrt(share * (1 - share) / n + spread / (4 * n)) / (1 + spread)
    # At 0 and n the bounds are exactly 0 and 1; rounding would leave them a hair off.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return [low, high]


def clopper_pearson(total: float, n: int) -> list[float]:
    """The Clopper–Pearson interval ``[low, high]`` of a mean of ``n`` values in [0, 1]
    that add up to ``total`` (see the module docstring)."""
    from scipy.stats import beta

    _check(n)
    total = min(max(total, 0.0), float(n))
    mean = total / n
    low = 0.0 if total <= 0 else float(beta.ppf(TAIL, total, n - total + 1))
    high = 1.0 if total >= n else float(beta.ppf(1 - TAIL, total + 1, n - total))
    return [min(low, mean), max(high, mean)]  # the ends always hold the mean (against rounding at tiny sums)
