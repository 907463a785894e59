"""Adapters to evaluation and training harnesses, one small module each: ``inspect_task``
and ``lm_eval_tasks`` over a harness-neutral core (``examples`` builds the examples,
``scores`` reads and scores an answer), ``reasoning_gym`` and ``ray_dataset``. Each imports
its harness, so import only the one you use; nothing here is imported by ``import
procbench`` or by the ``procbench`` command's start."""

from pathlib import Path

LM_EVAL_TASK_PACK = Path(__file__).resolve().parent / "lm_eval_pack"
"""lm-eval's ``--include_path`` for ProcBench: group ``procbench`` and 23 ``procbench_<task>``."""

LM_EVAL_SIMULATED_MODEL = "procbench-simulated"
"""lm-eval's name of the simulated model (``--model procbench-simulated``)."""
