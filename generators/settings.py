"""The settings of generated examples, and the one place they are checked.

A :class:`Settings` is what a generated set is made of: its tasks, step range, examples per
step count, seed, prompt form and whether questions may repeat. It is checked when it is
made, so code that holds one never checks again: the ``datasets`` builder, ``procbench
generate`` and ``export``, Ray and the harness integrations all make one. The training
stream has settings of its own (no examples per step, a curriculum) but checks them with the
functions here, in the same words.

Every bad value raises a :class:`SettingError` (a ``ValueError``) of one line naming the
value and what is allowed. Its text names settings as Python does (``min_steps``);
:meth:`SettingError.spelled` names them as a command line does (``--min-steps``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from .registry import get_task, registered_tasks

# The default benchmark: every task, steps 2..25, 10 examples per step count, seed 2024.
DEFAULT_SEED = 2024
DEFAULT_MIN_STEPS = 2
DEFAULT_MAX_STEPS = 25
DEFAULT_PER_STEP = 10
# The training stream's defaults: every step count the tasks take, seed 0.
STREAM_MIN_STEPS = 1
STREAM_MAX_STEPS = 100
STREAM_SEED = 0

ALL = "all"  # every task: the name of the datasets config that holds them all, and of the choice
SENTENCE_CHECK_FROM = 100  # fewer per step count are always possible: the sentence tasks' bound is not computed

# How Python names the settings in messages; a command line passes its own names to ``spelled``.
PYTHON_NAMES = {"allow_repeats": "unique=False"}


Namer = Callable[[str], str]


class SettingError(ValueError):
    """A bad setting. ``describe`` writes the message given a function that names a
    setting, so that one check speaks every interface's names."""

    def __init__(self, describe: Callable[[Namer], str]) -> None:
        self.describe = describe
        super().__init__(describe(lambda setting: PYTHON_NAMES.get(setting, setting)))

    def spelled(self, names: Mapping[str, str]) -> str:
        """The message with the settings named as in ``names`` (``{"min_steps": "--min-steps"}``)."""
        return self.describe(lambda setting: names.get(setting, PYTHON_NAMES.get(setting, setting)))


def whole_number(name: str, value: object, *, at_least: int | None = None) -> int:
    """``value`` if it is an int (not a bool) of at least ``at_least``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise SettingError(lambda named: f"{named(name)} must be an int, got {value!r}")
    if at_least is not None and value < at_least:
        raise SettingError(lambda named: f"{named(name)} must be at least {at_least}, got {value}")
    return value


def true_or_false(name: str, value: object) -> bool:
    """``value`` if it is a bool."""
    if not isinstance(value, bool):
        raise SettingError(lambda named: f"{named(name)} must be True or False, got {value!r}")
    return value


def all_tasks() -> tuple[str, ...]:
    """The 23 task names in the original order."""
    return tuple(task.name for task in registered_tasks())


def task_names(tasks: str | Iterable[str] | None) -> tuple[str, ...]:
    """Canonical task names in the order given, each once (``Sort task01`` is one task);
    ``None`` and ``"all"`` mean every task."""
    given = [ALL] if tasks is None else [tasks] if isinstance(tasks, str) else list(tasks)
    if given == [ALL]:
        return all_tasks()
    if not given:
        valid = ", ".join(all_tasks())
        raise SettingError(lambda named: f"{named('tasks')} must name at least one task; valid tasks are {valid}")
    try:
        return tuple(dict.fromkeys(get_task(name).name for name in given))
    except ValueError as error:
        unknown = str(error)  # get_task's: the unknown name and the valid tasks
    raise SettingError(lambda named: unknown)


def check_step_order(min_steps: int, max_steps: int) -> None:
    if min_steps > max_steps:
        raise SettingError(
            lambda named: f"{named('min_steps')} {min_steps} is larger than {named('max_steps')} {max_steps}"
        )


def check_steps(task: str, min_steps: int, max_steps: int) -> None:
    """Every step count in ``min_steps..max_steps`` is one ``task`` takes."""
    spec = get_task(task)
    if min_steps < spec.min_steps or max_steps > spec.max_steps:
        raise SettingError(
            lambda named: (
                f"{spec.name} takes steps from {spec.min_steps} to {spec.max_steps}, not {min_steps}..{max_steps}"
            )
        )


def repeats_needed(problem: str) -> SettingError:
    """The error for a set that cannot be unique: ``problem``, then how to allow repeats."""
    return SettingError(
        lambda named: f"{problem}; lower the examples per step or pass {named('allow_repeats')} to allow repeats"
    )


def check_unique(task: str, steps: Iterable[int], per_step: int) -> None:
    """``per_step`` distinct examples of ``task`` can exist for every step count in
    ``steps``: checked before anything is generated, naming the task, the step count, how
    many distinct questions (or, for the sentence tasks, examples that share no corpus
    sentence) exist there, and how to allow repeats."""
    spec = get_task(task)
    if spec.count_questions is None:
        return
    steps = list(steps)
    if spec.overlap_keys is not None:
        from .corpus import load_corpus

        sentences = len(load_corpus())
        if per_step * len(steps) > sentences:
            raise repeats_needed(
                f"{spec.name} examples share no corpus sentence, and the corpus has only {sentences} sentences, "
                f"fewer than the {per_step * len(steps)} examples asked for"
            )
        if per_step < SENTENCE_CHECK_FROM:
            return
    what = "examples that share no corpus sentence" if spec.overlap_keys is not None else "distinct questions"
    for count in steps:
        available = spec.count_questions(count, spec.config)
        if available < per_step:
            raise repeats_needed(
                f"{spec.name} has only {available} {what} with {count} steps, "
                f"fewer than the {per_step} asked for per step count"
            )


@dataclass(frozen=True)
class Settings:
    """What a generated set is made of, checked when made (:class:`SettingError` naming
    the bad value). ``tasks`` may be given as names, ``taskNN`` ids, one name, or ``None``
    (every task); it is kept as canonical names.

    With ``unique`` no question repeats within a task (nor, for the sentence tasks, a corpus
    sentence), and a set that cannot be unique is refused here; without it every example
    is a pure function of ``(task, steps, index, seed)``.
    """

    tasks: tuple[str, ...] = field(default_factory=all_tasks)
    seed: int = DEFAULT_SEED
    examples_per_step: int = DEFAULT_PER_STEP
    min_steps: int = DEFAULT_MIN_STEPS
    max_steps: int = DEFAULT_MAX_STEPS
    answer_format: bool = True
    unique: bool = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "tasks", task_names(self.tasks))
        whole_number("seed", self.seed)
        whole_number("examples_per_step", self.examples_per_step, at_least=1)
        whole_number("min_steps", self.min_steps)
        whole_number("max_steps", self.max_steps)
        true_or_false("answer_format", self.answer_format)
        true_or_false("unique", self.unique)
        check_step_order(self.min_steps, self.max_steps)
        for task in self.tasks:
            check_steps(task, self.min_steps, self.max_steps)
        if self.unique:
            for task in self.tasks:
                check_unique(task, self.steps, self.examples_per_step)

    @property
    def steps(self) -> range:
        """The step counts of the set."""
        return range(self.min_steps, self.max_steps + 1)

    @property
    def size(self) -> int:
        """How many examples the set holds."""
        return len(self.tasks) * len(self.steps) * self.examples_per_step
