"""A curriculum for the training stream: step ranges that grow along the stream.

A curriculum is a list of stages; stage ``i`` gives the step range of the next
``examples`` examples of the stream, and the last stage lasts forever::

    Curriculum.of([(1000, 1, 5), (4000, 1, 15), (None, 1, 100)])
    # examples 0..999: 1-5 steps; 1000..4999: 1-15 steps; from 5000 on: 1-100 steps

    Curriculum.linear(start=(1, 5), end=(1, 100), examples=10_000, stages=5)
    # five stages of 2,000 examples whose ranges go evenly from 1-5 to 1-100

    Curriculum.parse("1000:1-5,4000:1-15,1-100")  # the command line's spelling

Within a stage the stream spreads examples evenly over the tasks and over each task's step
counts in the stage's range, exactly as without a curriculum.
"""

from __future__ import annotations

import bisect
import functools
import itertools
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Stage:
    """``examples`` examples (``None``: forever) with ``min_steps``..``max_steps`` steps."""

    examples: int | None
    min_steps: int
    max_steps: int


@dataclass(frozen=True)
class Curriculum:
    """Stages of step ranges, in stream order; the last one lasts forever."""

    stages: tuple[Stage, ...]

    def __post_init__(self) -> None:
        from procbench_generators.settings import whole_number  # on first use: importing the rewards stays light

        if not self.stages:
            raise ValueError("a curriculum needs at least one stage")
        for number, stage in enumerate(self.stages):
            where = f"curriculum stage {number}"
            if stage.examples is not None or number < len(self.stages) - 1:
                whole_number(f"{where}: examples", stage.examples, at_least=1)
            whole_number(f"{where}: min_steps", stage.min_steps, at_least=1)
            whole_number(f"{where}: max_steps", stage.max_steps, at_least=1)
            if stage.min_steps > stage.max_steps:
                raise ValueError(f"{where}: min_steps {stage.min_steps} is larger than max_steps {stage.max_steps}")

    @classmethod
    def of(cls, stages: Curriculum | Sequence[Stage | Sequence[int | None]]) -> Curriculum:
        """A curriculum from stages or ``(examples, min_steps, max_steps)`` triples."""
        if isinstance(stages, Curriculum):
            return stages
        if isinstance(stages, (str, bytes)) or not isinstance(stages, Sequence):
            raise ValueError(f"a curriculum is a list of (examples, min_steps, max_steps) stages, got {stages!r}")
        built = []
        for number, stage in enumerate(stages):
            if not isinstance(stage, Stage):
                if isinstance(stage, (str, bytes)) or not isinstance(stage, Sequence) or len(stage) != 3:
                    raise ValueError(
                        f"curriculum stage {number} must be (examples, min_steps, max_steps), got {stage!r}"
                    )
                examples, min_steps, max_steps = stage
                stage = Stage(examples, min_steps, max_steps)  # type: ignore[arg-type]  # checked in __post_init__
            built.append(stage)
        return cls(tuple(built))

    @classmethod
    def linear(cls, start: tuple[int, int], end: tuple[int, int], examples: int, stages: int) -> Curriculum:
        """``stages`` stages sharing ``examples`` examples, their ranges going evenly from
        ``start`` to ``end`` (the last stage, at ``end``, lasts forever)."""
        from procbench_generators.settings import whole_number

        whole_number("stages", stages, at_least=1)
        whole_number("examples", examples, at_least=stages)
        bounds = []
        for number in range(stages):
            fraction = number / (stages - 1) if stages > 1 else 1.0
            low = round(start[0] + (end[0] - start[0]) * fraction)
            high = round(start[1] + (end[1] - start[1]) * fraction)
            bounds.append((low, high))
        # Earlier stages take the examples' remainder, so that the counts add up exactly.
        share, extra = divmod(examples, stages)
        built = [Stage(share + (number < extra), low, high) for number, (low, high) in enumerate(bounds)]
        return cls((*built[:-1], Stage(None, *bounds[-1])))

    @classmethod
    def parse(cls, text: str) -> Curriculum:
        """``"1000:1-5,4000:1-15,1-100"``: comma-separated ``EXAMPLES:MIN-MAX`` stages, the
        last one without a count (it lasts forever)."""
        stages = []
        for number, part in enumerate(text.split(",")):
            count, _, steps = part.strip().rpartition(":")
            low, dash, high = steps.partition("-")
            try:
                stage = Stage(int(count) if count else None, int(low), int(high if dash else low))
            except ValueError:
                raise ValueError(
                    f"curriculum stage {number} {part.strip()!r} is not EXAMPLES:MIN-MAX (e.g. 1000:1-5)"
                ) from None
            stages.append(stage)
        return cls(tuple(stages))

    @property
    def min_steps(self) -> int:
        return min(stage.min_steps for stage in self.stages)

    @property
    def max_steps(self) -> int:
        return max(stage.max_steps for stage in self.stages)

    @functools.cached_property
    def starts(self) -> tuple[int, ...]:
        """The stream position at which each stage starts."""
        counts = [stage.examples or 0 for stage in self.stages[:-1]]
        return (0, *itertools.accumulate(counts))

    def stage_at(self, position: int) -> tuple[int, int]:
        """``(stage number, position within the stage)`` of a stream position."""
        starts = self.starts
        number = bisect.bisect_right(starts, position) - 1
        return number, position - starts[number]
