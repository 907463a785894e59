"""An endless, deterministic, decontaminated stream of ProcBench examples for training.

``stream()`` yields examples with the columns of ``procbench generate``'s lines (``id``,
``task``, ``task_name``, ``steps``, ``prompt``, ``question``, ``label``; no
``problem_name``: a stream is not a set), forever.

- **Deterministic, random access.** Example ``i`` is a pure function of the stream's
  settings and ``i``, so any prefix is reproducible, ``stream(start=i)`` resumes at ``i``,
  and :meth:`Stream.example` reads any position directly.
- **Evenly spread.** Positions are taken in blocks of one example per task, in an order
  shuffled per block; each task's successive examples run through its step counts in the
  range, in an order shuffled per cycle. So every task gets the same number of examples
  (to within one block), and every step count of a task the same number (to within one
  cycle). A task whose own range is narrower (Count takes 2 to 100 steps) runs through its
  own step counts.
- **Curriculum.** With ``curriculum=``, stage after stage of the stream has its own step
  range (see :mod:`procbench_tools.training.curriculum`).
- **Decontaminated.** An example whose question is a question of the default benchmark, or
  (Count2, FillWord, DeleteWord) whose passage uses a corpus sentence that the benchmark
  uses, is re-drawn, as is one that overlaps a dataset given with ``exclude=``.
- **Ids** ``Sort-07-s0-000042-1f0c9a2e`` (task, steps, ``s`` + the seed, position, question
  digest) never equal a benchmark id (``Sort-07-003-1f0c9a2e``).
"""

from __future__ import annotations

import functools
import itertools
import os
import random
from collections.abc import Iterator, Sequence
from typing import Any

import procbench_generators
from procbench_generators.benchmark import DIGEST_LENGTH, MAX_REDRAWS, question_hash
from procbench_generators.example import example_row
from procbench_generators.rng import derive_seed
from procbench_generators.settings import (
    STREAM_MAX_STEPS,
    STREAM_MIN_STEPS,
    STREAM_SEED,
    SettingError,
    check_step_order,
    task_names,
    true_or_false,
    whole_number,
)

from .curriculum import Curriculum, Stage
from .decontamination import Exclusion, benchmark_exclusion, exclusion_from_path

PathLike = str | os.PathLike[str]


def stream_id(task: str, steps: int, seed: int, position: int, question: Any) -> str:
    """``Sort-07-s0-000042-1f0c9a2e``: task, steps, ``s`` + seed, position and the
    question's digest (as in benchmark ids: equal ids mean equal questions, whatever the
    settings); the ``s`` field keeps it from ever equalling a benchmark id."""
    return f"{task}-{steps:02d}-s{seed}-{position:06d}-{question_hash(task, question)[:DIGEST_LENGTH]}"


@functools.lru_cache(maxsize=4096)
def _order(size: int, *key: object) -> tuple[int, ...]:
    """A permutation of ``range(size)`` drawn from ``key`` (Fisher-Yates on ``random()``,
    whose stream is the same on every Python version)."""
    rng = random.Random(derive_seed("stream-order", *key))
    order = list(range(size))
    for i in range(size - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        order[i], order[j] = order[j], order[i]
    return tuple(order)


def _paths(exclude: PathLike | Sequence[PathLike] | None) -> tuple[PathLike, ...]:
    if exclude is None:
        return ()
    if isinstance(exclude, (str, os.PathLike)):
        return (exclude,)
    return tuple(exclude)


def _stage_outside(number: int, stage: Stage, min_steps: int, max_steps: int) -> SettingError:
    return SettingError(
        lambda named: (
            f"curriculum stage {number} ({stage.min_steps}..{stage.max_steps} steps) is outside "
            f"{named('min_steps')}..{named('max_steps')} ({min_steps}..{max_steps})"
        )
    )


class Stream:
    """The stream's settings, checked, and random access to its examples.

    Iterating yields examples from position 0 forever; :meth:`iterate` starts anywhere.
    """

    def __init__(
        self,
        tasks: str | Sequence[str] | None = None,
        min_steps: int = STREAM_MIN_STEPS,
        max_steps: int = STREAM_MAX_STEPS,
        seed: int = STREAM_SEED,
        *,
        curriculum: Curriculum | Sequence[Any] | None = None,
        exclude_benchmark: bool = True,
        exclude: PathLike | Sequence[PathLike] | None = None,
        answer_format: bool = True,
    ) -> None:
        self.tasks = task_names(tasks)
        self.min_steps = whole_number("min_steps", min_steps)
        self.max_steps = whole_number("max_steps", max_steps)
        self.seed = whole_number("seed", seed)
        check_step_order(min_steps, max_steps)
        lowest = min(procbench_generators.step_range(task).start for task in self.tasks)
        highest = max(procbench_generators.step_range(task).stop - 1 for task in self.tasks)
        if min_steps < lowest or max_steps > highest:
            raise SettingError(
                lambda named: f"these tasks take steps from {lowest} to {highest}, not {min_steps}..{max_steps}"
            )
        true_or_false("exclude_benchmark", exclude_benchmark)
        self.answer_format = true_or_false("answer_format", answer_format)
        self.curriculum = (
            Curriculum((Stage(None, min_steps, max_steps),)) if curriculum is None else Curriculum.of(curriculum)
        )
        for number, stage in enumerate(self.curriculum.stages):
            if stage.min_steps < min_steps or stage.max_steps > max_steps:
                raise _stage_outside(number, stage, min_steps, max_steps)
        # _steps[stage][task index]: the step counts the task takes in that stage's range.
        self._steps = [[self._task_steps(task, stage) for task in self.tasks] for stage in self.curriculum.stages]
        exclusion = benchmark_exclusion(self.tasks) if exclude_benchmark else Exclusion()
        for path in _paths(exclude):
            exclusion = exclusion | exclusion_from_path(path)
        self.exclusion = exclusion

    @staticmethod
    def _task_steps(task: str, stage: Stage) -> tuple[int, ...]:
        allowed = procbench_generators.step_range(task)
        steps = tuple(range(max(stage.min_steps, allowed.start), min(stage.max_steps, allowed.stop - 1) + 1))
        if not steps:
            raise ValueError(
                f"{task} takes steps from {allowed.start} to {allowed.stop - 1}, "
                f"none of them in {stage.min_steps}..{stage.max_steps}"
            )
        return steps

    def plan(self, position: int) -> tuple[str, int]:
        """``(task, steps)`` of the example at ``position``."""
        whole_number("position", position, at_least=0)
        stage, offset = self.curriculum.stage_at(position)
        block, slot = divmod(offset, len(self.tasks))
        index = _order(len(self.tasks), self.seed, "tasks", stage, block)[slot]
        task = self.tasks[index]
        steps = self._steps[stage][index]
        cycle, turn = divmod(block, len(steps))  # the task's ``block``-th example in this stage
        return task, steps[_order(len(steps), self.seed, "steps", stage, task, cycle)[turn]]

    def example(self, position: int) -> dict[str, Any]:
        """The example at ``position``: the first draw for it that the exclusion allows."""
        task, steps = self.plan(position)
        example = self.exclusion.first_allowed(
            task, steps, lambda attempt: derive_seed("stream", self.seed, position, attempt), self.answer_format
        )
        if example is None:
            raise ValueError(
                f"{task}: no example with {steps} steps outside the excluded data in {MAX_REDRAWS} draws; "
                "choose other step counts or exclude less"
            )
        return example_row(stream_id(task, steps, self.seed, position, example["question"]), example)

    def iterate(self, start: int = 0) -> Iterator[dict[str, Any]]:
        """The examples from ``start`` on, forever."""
        whole_number("start", start, at_least=0)
        return map(self.example, itertools.count(start))

    def __iter__(self) -> Iterator[dict[str, Any]]:
        return self.iterate()


def stream(
    tasks: str | Sequence[str] | None = None,
    min_steps: int = STREAM_MIN_STEPS,
    max_steps: int = STREAM_MAX_STEPS,
    seed: int = STREAM_SEED,
    *,
    curriculum: Curriculum | Sequence[Any] | None = None,
    exclude_benchmark: bool = True,
    exclude: PathLike | Sequence[PathLike] | None = None,
    answer_format: bool = True,
    start: int = 0,
) -> Iterator[dict[str, Any]]:
    """Examples of ``tasks`` (default: all 23) with ``min_steps``..``max_steps`` steps,
    forever, from position ``start``; see the module docstring.

    ``curriculum``: a :class:`~procbench_tools.training.curriculum.Curriculum` or a list
    of ``(examples, min_steps, max_steps)`` stages, each inside ``min_steps..max_steps``.
    ``exclude_benchmark``: keep the default benchmark's questions and sentences out.
    ``exclude``: more data to keep out (export folders, Parquet or JSON Lines files).
    ``answer_format=False`` leaves the JSON answer-format paragraph out of the prompts.
    ``start``: the position of the first example. Settings are checked here, before the
    first example is asked for.

    >>> import itertools, procbench
    >>> first = list(itertools.islice(procbench.stream(["Sort", "Cumulate"], 2, 4), 4))
    >>> sorted(example["task"] for example in first)
    ['Cumulate', 'Cumulate', 'Sort', 'Sort']
    >>> first[:2] == list(itertools.islice(procbench.stream(["Sort", "Cumulate"], 2, 4), 2))
    True
    """
    settings = Stream(
        tasks,
        min_steps,
        max_steps,
        seed,
        curriculum=curriculum,
        exclude_benchmark=exclude_benchmark,
        exclude=exclude,
        answer_format=answer_format,
    )
    return settings.iterate(start)
