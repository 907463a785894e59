"""Fresh questions for a horizon run: drawn from the run's own seed (in a seed space of
their own, never the benchmark's), and re-drawn when a draw repeats a question (or, for the
sentence tasks, a corpus sentence) of the default benchmark, so a run does not leak it."""

from __future__ import annotations

from typing import Any

from procbench_generators.benchmark import DIGEST_LENGTH, MAX_REDRAWS, question_hash
from procbench_generators.example import example_row
from procbench_generators.rng import derive_seed

from ..training.decontamination import Exclusion

SEED_SPACE = "horizon"


def horizon_id(task: str, steps: int, seed: int, index: int, question: Any) -> str:
    """``Sort-07-h5-000042-1f0c9a2e``: task, steps, ``h`` + the run's seed, the call's index
    within its task, and the question's digest (as in benchmark ids: equal ids mean equal
    questions); the ``h`` field keeps it from ever equalling a benchmark or stream id."""
    return f"{task}-{steps:02d}-h{seed}-{index:06d}-{question_hash(task, question)[:DIGEST_LENGTH]}"


def draw_example(
    task: str, steps: int, seed: int, index: int, *, answer_format: bool, exclusion: Exclusion
) -> dict[str, Any]:
    """Call ``index`` of ``task`` in a run seeded ``seed``: an example shaped like a
    ``procbench generate`` line without ``problem_name`` (``id``, ``task``, ``task_name``,
    ``steps``, ``prompt``, ``question``, ``label``), a pure function of the arguments."""
    example = exclusion.first_allowed(
        task, steps, lambda attempt: derive_seed(SEED_SPACE, seed, task, steps, index, attempt), answer_format
    )
    if example is None:
        raise ValueError(f"{task}: no question with {steps} steps outside the default benchmark in {MAX_REDRAWS} draws")
    return example_row(horizon_id(task, steps, seed, index, example["question"]), example)
