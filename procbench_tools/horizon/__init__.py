"""The procedure horizon: the number of steps at which a model's sequential match falls to
50% (and 80%), measured from any scored run or adaptively with few calls (issue 21).

- :func:`estimate_horizons` turns per-example records (``task``, ``steps``,
  ``sequential_match``) into per-task and pooled estimates (:class:`HorizonReport`, whose
  ``to_json()`` is what ``summary.json`` holds);
- :func:`horizon_table` prints them, :func:`draw_horizon` draws the figure
  (:func:`horizon_figure` returns it);
- ``procbench horizon --model MODEL`` (:mod:`procbench_tools.commands.horizon`) runs the
  adaptive route.

The model, priors and interval method are in :mod:`.settings` and :mod:`.model`.
"""

from __future__ import annotations

import importlib
from typing import Any

# Loaded when first used, so that the ``procbench`` command starts without numpy or matplotlib.
_HOMES = {
    "METHOD": "estimate",
    "HorizonEstimate": "estimate",
    "HorizonReport": "estimate",
    "LevelEstimate": "estimate",
    "estimate_horizons": "estimate",
    "draw_horizon": "plot",
    "horizon_figure": "plot",
    "horizon_table": "table",
}
__all__ = sorted(_HOMES)


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f".{_HOMES[name]}", __name__), name)
