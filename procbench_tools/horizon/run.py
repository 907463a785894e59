"""The adaptive route: run a model round by round until each task's horizon is measured.

Each round, every unfinished task gets its next calls from :mod:`.design` (the lapse
trials first); all of a round's calls go out together (inspect bounds how many are in flight
at once). Each call is scored as it completes and appended to the log, so a killed run
resumes from the log: the calls there are never made again, and the design goes on from
the posterior they give."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

import procbench_generators

from ..integrations.inspect_models import Reply, ask, describe_error
from ..scoring.measures import score_example
from ..training.decontamination import Exclusion, benchmark_exclusion
from . import settings
from .design import candidate_steps, decide, lapse_steps
from .grid import default_grid
from .posterior import fit
from .questions import draw_example
from .runlog import CallLog

SCORES = ("prefix_accuracy", "sequential_match", "final_match", "prefix_match_length", "valid")


class ModelCallError(RuntimeError):
    """A call failed after inspect's retries; the message names the task and the error."""


@dataclass
class RunOptions:
    tasks: list[str]
    min_steps: int
    max_steps: int
    seed: int
    answer_format: bool
    budget: int
    batch: int
    precision: float


@dataclass
class TaskState:
    """One task's calls so far: per candidate step count, scored calls and successes;
    calls spent (truncated ones too), the next call index, tokens and why it stopped."""

    task: str
    candidates: list[int]
    trials: np.ndarray
    successes: np.ndarray
    asked: np.ndarray
    spent: int = 0
    next_index: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    truncated: int = 0
    stop: str = ""
    precise: bool = False  # the last decision found h50 precise enough (a stop needs it twice running)
    records: list[dict[str, Any]] = field(default_factory=list)

    @classmethod
    def start(cls, task: str, lowest: int, highest: int) -> TaskState:
        spec = procbench_generators.step_range(task)
        candidates = candidate_steps(max(lowest, spec.start), min(highest, spec.stop - 1))
        empty = np.zeros(len(candidates))
        return cls(task, candidates, empty.copy(), empty.copy(), empty.copy())

    def add(self, record: dict[str, Any]) -> None:
        """Count a logged call."""
        column = self.candidates.index(record["steps"])
        self.asked[column] += 1
        self.spent += 1
        self.next_index = max(self.next_index, record["index"] + 1)
        self.input_tokens += record.get("input_tokens") or 0
        self.output_tokens += record.get("output_tokens") or 0
        if record.get("truncated"):
            self.truncated += 1
        else:
            self.trials[column] += 1
            self.successes[column] += record["sequential_match"]
        self.records.append(record)

    def next_round(self, options: RunOptions) -> list[int]:
        """The step counts of this task's next calls (empty when it stops)."""
        if self.stop:
            return []
        remaining = options.budget - self.spent
        lapse = [
            steps
            for steps in lapse_steps(self.candidates)
            for _ in range(settings.LAPSE_TRIALS - int(self.asked[self.candidates.index(steps)]))
        ]
        if lapse:
            return lapse[: max(remaining, 0)] or self._stopped("budget")
        posterior = fit(default_grid(), self.candidates, self.successes, self.trials)
        decision = decide(
            posterior,
            self.candidates,
            self.trials[None, :],
            np.array([self.spent]),
            options.budget,
            options.batch,
            options.precision,
            np.array([self.precise]),
        )
        self.precise = bool(decision.precise[0])
        if decision.stop[0]:
            return self._stopped(decision.stop[0])
        return [int(decision.steps[0])] * int(decision.calls[0])

    def _stopped(self, reason: str) -> list[int]:
        self.stop = reason
        return []


def resume(options: RunOptions, logged: list[dict[str, Any]]) -> dict[str, TaskState]:
    """Every task's state after the calls already logged."""
    states = {task: TaskState.start(task, options.min_steps, options.max_steps) for task in options.tasks}
    for record in logged:
        states[record["task"]].add(record)
    return states


def call_record(example: dict[str, Any], index: int, options: RunOptions, reply: Reply) -> dict[str, Any]:
    """The log line of one completed call."""
    scores = score_example(reply.text, example["label"])
    return {
        "id": example["id"],
        "task": example["task"],
        "task_name": example["task_name"],
        "steps": example["steps"],
        "index": index,
        "prompt_variant": prompt_variant(options.answer_format),
        "question": example["question"],
        "label": example["label"],
        "response": reply.text,
        "finish_reason": reply.finish_reason,
        "truncated": reply.truncated,
        "input_tokens": reply.input_tokens,
        "output_tokens": reply.output_tokens,
        **{name: scores[name] for name in SCORES},
    }


def prompt_variant(answer_format: bool) -> str:
    return "answer-format" if answer_format else "no-answer-format"


async def _one_call(
    model: Any, state: TaskState, steps: int, options: RunOptions, exclusion: Exclusion, cache: Any, log: CallLog
) -> None:
    index = state.next_index
    state.next_index += 1
    example = draw_example(
        state.task, steps, options.seed, index, answer_format=options.answer_format, exclusion=exclusion
    )
    try:
        reply = await ask(model, example["prompt"], cache)
    except Exception as error:
        raise ModelCallError(f"{state.task}: the model call failed: {describe_error(error)}") from None
    record = call_record(example, index, options, reply)
    log.append(record)
    state.add(record)


async def run_rounds(
    model: Any,
    options: RunOptions,
    states: dict[str, TaskState],
    folder: Path,
    cache: Any = None,
    on_call: Callable[[TaskState], None] | None = None,
    on_stop: Callable[[TaskState], None] | None = None,
) -> None:
    """Rounds until every task has stopped; each call is logged as it completes."""
    exclusion = benchmark_exclusion(options.tasks)
    log = CallLog(folder)
    try:
        while True:
            planned: list[tuple[TaskState, int]] = []
            for state in states.values():
                was_going = not state.stop
                steps = state.next_round(options)
                if was_going and state.stop and on_stop is not None:
                    on_stop(state)
                planned.extend((state, count) for count in steps)
            if not planned:
                return

            async def call(state: TaskState, steps: int) -> None:
                await _one_call(model, state, steps, options, exclusion, cache, log)
                if on_call is not None:
                    on_call(state)

            await asyncio.gather(*(call(state, steps) for state, steps in planned))
    finally:
        log.close()


def progress_line(state: TaskState) -> str:
    """``Sort: stopped (precision) after 140 calls``."""
    return f"{state.task}: stopped ({state.stop}) after {state.spent} calls"


def print_stop(state: TaskState) -> None:
    print(progress_line(state), file=sys.stderr)
