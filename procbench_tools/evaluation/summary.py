"""A model's figures, added up answer by answer: memory stays flat however many answers come.

:class:`Totals` holds the sums of one group of scored answers (the prefix accuracies as a
count of each value, so the mean is exact: the sum of the values correctly rounded, as
``math.fsum`` gives, in any order); :class:`ModelTally` keeps one per task and step count,
plus what the figures, the reading audit and the horizon need, and :meth:`ModelTally.summary`
turns them into ``summary.json``'s block for the model."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from generators import TASKS

from ..scoring.lengths import BUCKET_NAMES, length_bucket
from ..scoring.measures import Score
from ..scoring.reader import READER_VERSION
from .intervals import clopper_pearson, length_interval, wilson
from .scored import NOT_READ, READ_FINAL_ONLY, READ_FULL, ScoredAnswer

_TASK_RANK = {task: rank for rank, task in enumerate(TASKS)}


def task_order(tasks: Iterable[str]) -> list[str]:
    """Tasks in the benchmark's order, unknown names after them by name."""
    return sorted(set(tasks), key=lambda task: (_TASK_RANK.get(task, len(_TASK_RANK)), task))


@dataclass
class Totals:
    """The sums of a group of scored answers."""

    accuracies: Counter[float] = field(default_factory=Counter)  # each PA value and how often
    sequential: int = 0
    final: int = 0
    matched: int = 0  # the prefix match lengths added up
    matched_squares: int = 0  # their squares added up (for PML's interval)
    longest: int = 0  # the most steps of an answer's problem: the largest PML can be
    valid: int = 0
    n: int = 0

    def add(self, score: Score, steps: int) -> None:
        """Add the score of an answer to a problem of ``steps`` steps."""
        self.accuracies[score.prefix_accuracy] += 1
        self.sequential += score.sequential_match
        self.final += score.final_match
        self.matched += score.prefix_match_length
        self.matched_squares += score.prefix_match_length**2
        self.longest = max(self.longest, steps)
        self.valid += score.valid
        self.n += 1

    @classmethod
    def combined(cls, parts: Iterable[Totals]) -> Totals:
        total = cls()
        for part in parts:
            total.accuracies.update(part.accuracies)
            total.sequential += part.sequential
            total.final += part.final
            total.matched += part.matched
            total.matched_squares += part.matched_squares
            total.longest = max(total.longest, part.longest)
            total.valid += part.valid
            total.n += part.n
        return total

    def accuracy_sum(self) -> float:
        """The sum of the PA values, exact and then correctly rounded."""
        return float(sum(Fraction(value) * count for value, count in self.accuracies.items()))

    def means(self) -> dict[str, Any]:
        """The four means, the invalid count and n."""
        return {
            "prefix_accuracy": self.accuracy_sum() / self.n,
            "sequential_match": self.sequential / self.n,
            "final_match": self.final / self.n,
            "prefix_match_length": self.matched / self.n,
            "invalid_predictions": self.n - self.valid,
            "n": self.n,
        }

    def figures(self) -> dict[str, Any]:
        """:meth:`means` with each of PA, SM, FM and PML followed by its 95% interval
        (``<measure>_ci: [low, high]``, see :mod:`.intervals`)."""
        means = self.means()
        intervals = {
            "prefix_accuracy": clopper_pearson(self.accuracy_sum(), self.n),
            "sequential_match": wilson(self.sequential, self.n),
            "final_match": wilson(self.final, self.n),
            "prefix_match_length": length_interval(self.n, self.matched, self.matched_squares, self.longest),
        }
        figures: dict[str, Any] = {}
        for key, value in means.items():
            figures[key] = value
            if key in intervals:
                figures[f"{key}_ci"] = intervals[key]
        return figures


@dataclass
class ModelTally:
    """Everything the report says about one model, added up answer by answer."""

    name: str
    groups: dict[tuple[str, int], Totals] = field(default_factory=dict)  # (task, steps)
    matched: Counter[int] = field(default_factory=Counter)  # prefix match lengths
    prediction_lengths: Counter[tuple[int, int]] = field(default_factory=Counter)  # (steps, states predicted)
    reading: Counter[str] = field(default_factory=Counter)  # READ_FULL, READ_FINAL_ONLY, NOT_READ
    forms: Counter[str] = field(default_factory=Counter)
    doubts: Counter[str] = field(default_factory=Counter)  # each kind of doubt raised, and how often
    possible_misreads: int = 0
    horizon_trials: Counter[tuple[str, int]] = field(default_factory=Counter)  # (task, steps), not truncated
    horizon_successes: Counter[tuple[str, int]] = field(default_factory=Counter)
    truncated: Counter[tuple[str, int]] = field(default_factory=Counter)  # (task, steps)
    missing: int = 0
    unknown_ids: int = 0

    def add(self, answer: ScoredAnswer) -> None:
        example, score = answer.example, answer.score
        key = (example.task, example.steps)
        group = self.groups.get(key)
        if group is None:
            group = self.groups[key] = Totals()
        group.add(score, example.steps)
        self.matched[score.prefix_match_length] += 1
        if answer.prediction_length is not None:
            self.prediction_lengths[example.steps, answer.prediction_length] += 1
        self.reading[answer.read] += 1
        if answer.form is not None:
            self.forms[answer.form] += 1
        self.doubts.update(answer.doubts)
        self.possible_misreads += answer.possibly_misread
        if answer.truncated:
            self.truncated[key] += 1
        else:
            self.horizon_trials[key] += 1
            self.horizon_successes[key] += score.sequential_match

    @property
    def n(self) -> int:
        return sum(group.n for group in self.groups.values())

    def totals(self, keep: Any = None) -> Totals:
        """The totals of the groups whose ``(task, steps)`` ``keep`` accepts (all by default)."""
        return Totals.combined(group for key, group in self.groups.items() if keep is None or keep(key))

    def tasks(self) -> list[str]:
        return task_order(task for task, _ in self.groups)

    def steps(self) -> list[int]:
        return sorted({steps for _, steps in self.groups})

    def by_steps(self) -> dict[int, Totals]:
        return {steps: self.totals(lambda key, steps=steps: key[1] == steps) for steps in self.steps()}

    def prediction_length_by_steps(self) -> dict[int, dict[str, Any]]:
        """Per step count, the readable answers' mean number of predicted states with its
        95% interval (:func:`.intervals.length_interval`, no upper bound) and their count:
        ``{steps: {"prediction_length", "prediction_length_ci", "n"}}``."""
        sums: dict[int, list[int]] = {}  # steps -> [answers, states, squares]
        for (steps, length), count in self.prediction_lengths.items():
            counts = sums.setdefault(steps, [0, 0, 0])
            counts[0] += count
            counts[1] += length * count
            counts[2] += length * length * count
        return {
            steps: {
                "prediction_length": total / n,
                "prediction_length_ci": length_interval(n, total, squares),
                "n": n,
            }
            for steps, (n, total, squares) in sorted(sums.items())
        }

    def horizon_records(self) -> Iterator[dict[str, Any]]:
        """One record (``task``, ``steps``, ``sequential_match``, ``truncated``) per answer,
        made from the per-step tallies: what :func:`procbench_tools.horizon.estimate_horizons`
        and ``draw_horizon`` take."""
        for (task, steps), trials in self.horizon_trials.items():
            successes = self.horizon_successes[task, steps]
            yield from (
                {"task": task, "steps": steps, "sequential_match": int(number < successes)} for number in range(trials)
            )
        for (task, steps), count in self.truncated.items():
            yield from ({"task": task, "steps": steps, "sequential_match": 0, "truncated": True} for _ in range(count))

    def reading_audit(self) -> dict[str, Any]:
        """How the answers were read: in full, as a final state only, not at all; the
        possible misreads and the count of each form."""
        return {
            "full": self.reading[READ_FULL],
            "final_only": self.reading[READ_FINAL_ONLY],
            "not_read": self.reading[NOT_READ],
            "possible_misreads": self.possible_misreads,
            "doubts": dict(self.doubts.most_common()),
            "forms": dict(self.forms.most_common()),
            "reader": READER_VERSION,
        }

    def summary(self) -> dict[str, Any]:
        """``{"overall", "by_length", "by_task", "by_steps", "reading"}``: means over the
        answered examples (PA, SM, FM and PML with 95% intervals, except per step count), plus
        ``missing`` and ``unknown_ids`` overall."""
        if not self.groups:
            raise ValueError(f"{self.name}: no answer line matches an example of the dataset")
        overall = self.totals().figures()
        overall["missing"] = self.missing
        overall["unknown_ids"] = self.unknown_ids
        buckets = {
            bucket: self.totals(lambda key, bucket=bucket: length_bucket(key[1]) == bucket) for bucket in BUCKET_NAMES
        }
        return {
            "overall": overall,
            "by_length": {bucket: totals.figures() for bucket, totals in buckets.items() if totals.n},
            "by_task": {task: self.totals(lambda key, task=task: key[0] == task).figures() for task in self.tasks()},
            "by_steps": {str(steps): totals.means() for steps, totals in self.by_steps().items()},
            "reading": self.reading_audit(),
        }
