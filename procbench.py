"""ProcBench's public API, in one import.

>>> import procbench
>>> procbench.TASKS[:3]
['Sort', 'Gather', 'Count']
>>> procbench.solve("Cumulate", {"n": 7, "operations": [["add", 5], ["multiply", 2]]})
{'init': 7, 'intermediate': [12], 'final': 24}

Every name is imported on first use (PEP 562), so ``import procbench`` stays fast for
users who only generate: the builder (``datasets``) and the scorer load when asked for.

- The task engine: ``TASKS``, ``TASK_IDS``, ``generate``, ``solve``, ``prompt_for`` (from
  ``procbench_generators``, the repository's ``generators/`` folder as installed), and
  ``Settings``, the checked settings of a generated set (``procbench_generators.settings``).
- The Hugging Face builder ``ProcBench`` and its ``ProcBenchConfig``
  (``procbench_tools.dataset.builder``).
- Reading and scoring answers: ``read_answer`` (free text to ``{"intermediate", "final"}``),
  ``score_row`` (one answer) and ``score`` (many: prefix accuracy, sequential match, final
  match, prefix match length), and ``length_bucket`` (the paper's short, medium and long).
- Training (``procbench_tools.training``): ``stream`` (an endless, decontaminated stream
  of examples), ``Stream``, ``Curriculum``, ``iterable_dataset`` (the stream as a
  ``datasets.IterableDataset`` for TRL), and the TRL reward functions
  ``prefix_accuracy_reward``, ``sequential_match_reward``, ``final_match_reward``,
  ``format_reward``.
"""

from __future__ import annotations

import importlib

# Public name -> the module that defines it.
_EXPORTS: dict[str, str] = {
    "TASKS": "procbench_generators",
    "TASK_IDS": "procbench_generators",
    "generate": "procbench_generators",
    "solve": "procbench_generators",
    "prompt_for": "procbench_generators",
    "Settings": "procbench_generators.settings",
    "ProcBench": "procbench_tools.dataset.builder",
    "ProcBenchConfig": "procbench_tools.dataset.builder",
    "read_answer": "procbench_tools.scoring.reader",
    "score_row": "procbench_tools.scoring.measures",
    "score": "procbench_tools.scoring.measures",
    "length_bucket": "procbench_tools.scoring.lengths",
    "stream": "procbench_tools.training.stream",
    "Stream": "procbench_tools.training.stream",
    "Curriculum": "procbench_tools.training.curriculum",
    "iterable_dataset": "procbench_tools.training.hf_dataset",
    "prefix_accuracy_reward": "procbench_tools.training.rewards",
    "sequential_match_reward": "procbench_tools.training.rewards",
    "final_match_reward": "procbench_tools.training.rewards",
    "format_reward": "procbench_tools.training.rewards",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> object:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'procbench' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_EXPORTS})
