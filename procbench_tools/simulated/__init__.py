"""A simulated model for trying every route offline: it answers ProcBench prompts by solving
them, then slips as a model with a given procedure horizon would.

- :class:`SimulatedModel` (``reply(prompt) -> str``) and its :class:`Settings`;
- inspect-ai: ``--model procbench/simulated`` (:mod:`procbench_tools.integrations.inspect_simulated`);
- lm-eval: ``--model procbench-simulated`` (:mod:`procbench_tools.integrations.lm_eval_simulated`);
- ``procbench horizon --model procbench/simulated`` (through inspect's model API).

How it answers is in :mod:`.model`; its options and their defaults in :mod:`.settings`.
"""

from __future__ import annotations

from .model import SimulatedModel, first_wrong_step, slipped_states
from .settings import Settings

__all__ = ["Settings", "SimulatedModel", "first_wrong_step", "slipped_states"]
