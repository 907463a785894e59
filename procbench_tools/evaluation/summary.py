"""A model's figures, added up answer by answer: memory stays flat however many answers come.

:class:`Totals` holds the sums of one group of scored answers (the prefix accuracies as a
count of each value, so the mean is exact: the sum of the values correctly rounded, as
``math.fsum`` gives, in any order); :class:`ModelTally` keeps one per task and step count,
plus what the figures, the reading audit, the horizon and the token accounting
(:class:`Usage`) need, and :meth:`ModelTally.summary`
turns them into ``summary.json``'s block for the model."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from procbench_generators import TASKS

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
class Usage:
    """What a group of replies cost, as far as the answers say: the output and reasoning
    tokens summed over the replies that report them."""

    replies: int = 0
    with_output_tokens: int = 0
    output_tokens: int = 0
    with_reasoning_tokens: int = 0
    reasoning_tokens: int = 0

    def add(self, answer: ScoredAnswer) -> None:
        self.replies += 1
        if answer.output_tokens is not None:
            self.with_output_tokens += 1
            self.output_tokens += answer.output_tokens
        if answer.reasoning_tokens is not None:
            self.with_reasoning_tokens += 1
            self.reasoning_tokens += answer.reasoning_tokens

    @classmethod
    def combined(cls, parts: Iterable[Usage]) -> Usage:
        total = cls()
        for part in parts:
            total.replies += part.replies
            total.with_output_tokens += part.with_output_tokens
            total.output_tokens += part.output_tokens
            total.with_reasoning_tokens += part.with_reasoning_tokens
            total.reasoning_tokens += part.reasoning_tokens
        return total

    def figures(self, truncated: int) -> dict[str, Any]:
        """``replies``, ``truncated`` (given), the mean output and reasoning tokens (``None``
        where no reply reports them) and how many replies report each."""
        return {
            "replies": self.replies,
            "truncated": truncated,
            "mean_output_tokens": self.output_tokens / self.with_output_tokens if self.with_output_tokens else None,
            "replies_with_output_tokens": self.with_output_tokens,
            "mean_reasoning_tokens": (
                self.reasoning_tokens / self.with_reasoning_tokens if self.with_reasoning_tokens else None
            ),
            "replies_with_reasoning_tokens": self.with_reasoning_tokens,
        }


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
    truncated_failed: int = 0  # truncated replies scored wrong (SM 0)
    usage: dict[tuple[str, int], Usage] = field(default_factory=dict)  # (task, steps)
    usage_note: str | None = None  # why the answers cannot say how replies ended and what they cost
    counted_by: str | None = None  # what the answers' token counts come from
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
        self.usage.setdefault(key, Usage()).add(answer)
        if answer.truncated:
            self.truncated[key] += 1
            self.truncated_failed += not score.sequential_match
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
            "truncated": sum(self.truncated.values()),
            "truncated_failed": self.truncated_failed,
        }

    def usage_summary(self) -> dict[str, Any]:
        """``summary.json``'s ``tokens`` block: per length bucket, overall and per step
        count, the replies, those cut off by the token limit, and the mean output and
        reasoning tokens where the answers report them (``recorded`` false, with the
        reason, when the answers cannot say)."""

        def figures(keep: Any) -> dict[str, Any]:
            usage = Usage.combined(part for key, part in self.usage.items() if keep(key))
            return usage.figures(sum(count for key, count in self.truncated.items() if keep(key)))

        by_length = {
            bucket: figures(lambda key, bucket=bucket: length_bucket(key[1]) == bucket) for bucket in BUCKET_NAMES
        }
        return {
            "recorded": self.usage_note is None,
            "counted_by": self.counted_by if self.usage_note is None else None,
            "note": self.usage_note,
            "overall": figures(lambda key: True),
            "by_length": {bucket: block for bucket, block in by_length.items() if block["replies"]},
            "by_steps": {str(steps): figures(lambda key, steps=steps: key[1] == steps) for steps in self.steps()},
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
            "tokens": self.usage_summary(),
        }
