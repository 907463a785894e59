"""ProcBench as a reasoning-gym dataset (the ``reasoning-gym`` extra: ``pip install
'.[reasoning-gym]'`` from the repository).

Importing this module registers the dataset ``procbench`` in reasoning-gym's registry::

    import reasoning_gym
    import procbench_tools.integrations.reasoning_gym  # registers "procbench"

    data = reasoning_gym.create_dataset("procbench", tasks=["Sort", "Cumulate"], min_steps=2, max_steps=10,
                                        size=100, seed=0)
    entry = data[0]  # {"question": prompt, "answer": '{"intermediate": [...], "final": ...}', "metadata": {...}}
    data.score_answer(model_answer, entry)  # prefix accuracy, in [0, 1]

Entry ``i`` is example ``i`` of ``procbench.stream`` with the same settings (so it is
decontaminated from the benchmark unless ``exclude_benchmark=False``). ``score_answer``
reads the answer out of free text with the project's reader and returns its prefix
accuracy: partially right procedures earn partial credit. ``create_curriculum("procbench")``
(from ``reasoning_gym.factory``) grows the step range level by level; the dataset mixes with reasoning-gym's own in a
``CompositeDataset`` (scoring is routed by ``metadata["source_dataset"]``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reasoning_gym.coaching import BaseCurriculum, RangeAttributeDefinition
from reasoning_gym.factory import DATASETS, ProceduralDataset, register_dataset

from procbench_generators.settings import DEFAULT_MAX_STEPS, DEFAULT_MIN_STEPS, SettingError, whole_number
from procbench_tools.scoring.measures import score_row
from procbench_tools.training.hf_dataset import reference_answer
from procbench_tools.training.stream import Stream

DATASET_NAME = "procbench"
STEP_LEVELS = (2, 3, 5, 8, 12, 16, 25, 40, 60, 100)


@dataclass
class ProcBenchDatasetConfig:
    """Settings of the ``procbench`` dataset: those of ``procbench.stream``, plus
    reasoning-gym's ``seed`` (``None``: a random one) and ``size``."""

    tasks: list[str] | None = None
    min_steps: int = DEFAULT_MIN_STEPS
    max_steps: int = DEFAULT_MAX_STEPS
    exclude_benchmark: bool = True
    seed: int | None = None
    size: int = 500

    def validate(self) -> None:
        """``ValueError`` naming the bad setting (the stream checks the rest)."""
        whole_number("size", self.size, at_least=1)
        if self.seed is not None and (isinstance(self.seed, bool) or not isinstance(self.seed, int)):
            raise SettingError(lambda named: f"{named('seed')} must be an int or None, got {self.seed!r}")
        Stream(self.tasks, self.min_steps, self.max_steps, 0, exclude_benchmark=False)


class ProcBenchDataset(ProceduralDataset):
    """``size`` examples of the ProcBench stream, scored by prefix accuracy."""

    def __init__(self, config: ProcBenchDatasetConfig) -> None:
        super().__init__(config=config, seed=config.seed, size=config.size)
        self.stream = Stream(
            config.tasks,
            config.min_steps,
            config.max_steps,
            self.seed,
            exclude_benchmark=config.exclude_benchmark,
        )

    def __getitem__(self, idx: int) -> dict[str, Any]:
        example = self.stream.example(idx)
        return {
            "question": example["prompt"],
            "answer": reference_answer(example["label"]),
            "metadata": {
                "source_dataset": DATASET_NAME,
                "source_index": idx,
                "id": example["id"],
                "task": example["task"],
                "task_name": example["task_name"],
                "steps": example["steps"],
                "question": example["question"],
                "label": example["label"],
                "difficulty": {"steps": (self.config.min_steps, self.config.max_steps)},
            },
        }

    def score_answer(self, answer: str | None, entry: dict[str, Any]) -> float:
        """Prefix accuracy of ``answer`` (free text holding the answer) against the
        entry's label; 0.0 when no answer can be read."""
        if not isinstance(answer, str) or not answer.strip():
            return 0.0
        metadata = entry["metadata"]
        return score_row(answer, metadata["label"])[0]


class ProcBenchCurriculum(BaseCurriculum):
    """One attribute, ``steps``: level ``k`` covers ``STEP_LEVELS[0]`` to
    ``STEP_LEVELS[k + 1]`` steps (reasoning-gym's inclusive mode)."""

    def __init__(self) -> None:
        super().__init__(name=ProcBenchCurriculum.__name__, config_cls=ProcBenchDatasetConfig)
        self._define_attributes(
            RangeAttributeDefinition(
                name="steps",
                levels=list(STEP_LEVELS),
                description="Number of steps of the procedure",
                lower_field_name="min_steps",
                upper_field_name="max_steps",
                ensure_interval=True,
            )
        )


if DATASET_NAME not in DATASETS:  # importing twice (or reloading) registers once
    register_dataset(DATASET_NAME, ProcBenchDataset, ProcBenchDatasetConfig, ProcBenchCurriculum)
