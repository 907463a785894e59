"""The procedure horizon: the number of steps at which a model's sequential match falls to
50% (and 80%), measured from any scored run or adaptively with few calls (issue 21).

- :func:`estimate_horizons` turns per-example records (``task``, ``steps``,
  ``sequential_match``) into per-task and pooled estimates (:class:`HorizonReport`, whose
  ``to_json()`` is what ``summary.json`` holds);
- :func:`horizon_table` prints them, :func:`draw_horizon` draws the figure;
- ``procbench horizon --model MODEL`` (:mod:`procbench_tools.commands.horizon`) runs the
  adaptive route.

The model, priors and interval method are in :mod:`.settings` and :mod:`.model`.
"""

from .estimate import METHOD, HorizonEstimate, HorizonReport, LevelEstimate, estimate_horizons
from .plot import draw_horizon
from .table import horizon_table

__all__ = [
    "METHOD",
    "HorizonEstimate",
    "HorizonReport",
    "LevelEstimate",
    "draw_horizon",
    "estimate_horizons",
    "horizon_table",
]
