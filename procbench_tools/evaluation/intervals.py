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
- Prefix Match Length and the number of predicted states are mean lengths (whole numbers of
  states): Student's t interval of the mean, ``mean ± t(97.5%; n − 1) · s / √n``, from the
  count, sum and sum of squares a tally keeps, with its half-width never below a floor,
  ``(1 − 0.025^(1/n)) · range``, and clipped to the values' range (PML: 0 to the group's
  longest problem, its range; predicted states: 0 and up, range one state). The floor is
  the Clopper–Pearson bound on the share of answers that could differ unseen from ``n``
  equal ones, times the most they could differ by: it is what the interval shows where the
  t interval shows nothing, when all values are equal (``s = 0``, a zero width) or ``n = 1``
  (no ``s``: the value ± 0.975 · range, for PML nearly every value it can take), and at the
  ends of PML's range it is that of the Clopper–Pearson interval of PML / range (ten
  answers all at PML 0 give ``[0, 0.308 · range]``). Predicted states have no upper bound,
  so no interval of their mean can promise its coverage: their floor is one state's
  resolution, not a guarantee.
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
    "prefix_match_length": "Student t interval of the mean, half-width at least (1 - 0.025^(1/n)) * R, "
    "clipped to [0, R], R = the group's longest problem in steps",
    "prediction_length": "Student t interval of the mean, half-width at least (1 - 0.025^(1/n)) states, "
    "clipped below at 0",
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


def length_interval(n: int, total: int, squares: int, longest: int | None = None) -> list[float]:
    """The 95% interval ``[low, high]`` of a mean length: ``n`` whole numbers of states,
    at least 0 and at most ``longest`` (``None``: no upper bound), that add up to ``total``
    and whose squares add up to ``squares`` (see the module docstring)."""
    from scipy.stats import t

    _check(n)
    mean = total / n
    spread = 1 if longest is None else longest
    floor = (1 - TAIL ** (1 / n)) * spread
    student = 0.0
    if n > 1:
        variance = max(0, n * squares - total * total) / (n * (n - 1))  # exact: whole numbers
        student = float(t.ppf(1 - TAIL, n - 1)) * math.sqrt(variance / n)
    half = max(student, floor)
    high = mean + half if longest is None else min(float(longest), mean + half)
    return [max(0.0, mean - half), high]
