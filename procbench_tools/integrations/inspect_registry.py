"""What procbench registers with inspect-ai; the ``inspect_ai`` entry point (setup.cfg)
imports this module.

inspect names a registered object ``<top-level package that defines it>/<name>`` and finds
the package through the entry point of that name, ``procbench_tools``:

- the task ``procbench_tools/procbench`` and its scorer and metrics (:mod:`.inspect_task`);
- the model provider ``procbench``, whose one model is ``procbench/simulated``
  (:mod:`.inspect_simulated`), imported only when it is used, as inspect's own providers are.
"""

from __future__ import annotations

from typing import Any

from inspect_ai.model import modelapi

from .inspect_task import by_length, by_task, procbench, step_scores

__all__ = ["by_length", "by_task", "procbench", "simulated", "step_scores"]


@modelapi(name="procbench")
def simulated() -> Any:
    """The simulated model: ``--model procbench/simulated`` (options: -M horizon=8 ...)."""
    from .inspect_simulated import SimulatedModelAPI

    return SimulatedModelAPI
