"""ProcBench as a Hugging Face ``datasets`` builder.

Current ``datasets`` no longer runs loading scripts, so this builder is used directly, and
``procbench export`` turns its output into Parquet files that ``load_dataset`` reads::

    from procbench import ProcBench

    builder = ProcBench(config_name="Sort", cache_dir="/tmp/procbench-cache")
    builder.download_and_prepare()
    short = builder.as_dataset(split="short")

Configs: one per task (``Sort`` ... ``FindCyclic``; ``task01`` ... ``task23`` are accepted
too) and ``all``. Splits: ``short`` (2-6 steps), ``medium`` (7-16), ``long`` (17-25) and
``extra`` (any other step count, when asked for). Parameters (builder keyword arguments):
``seed``, ``examples_per_step``, ``min_steps``, ``max_steps``, ``answer_format``, ``unique``.

With ``unique`` (the default) no question repeats within a task, and for the sentence tasks
no corpus sentence; a request that uniqueness makes impossible is refused when the builder
is made. ``unique=False`` lets questions repeat: every example is then a pure function of
``(task, steps, index, seed)``, nothing is remembered between examples, and a set of any
size is generated in balanced parts, one per process of ``num_proc``.
"""

from __future__ import annotations

import functools
import hashlib
import inspect
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import datasets

import procbench_generators
from procbench_generators.rows import unit_cost, unit_rows, unit_size, units
from procbench_generators.settings import (
    ALL,
    DEFAULT_MAX_STEPS,
    DEFAULT_MIN_STEPS,
    DEFAULT_PER_STEP,
    DEFAULT_SEED,
    Settings,
    all_tasks,
)
from procbench_tools.dataset.layout import config_names
from procbench_tools.scoring.lengths import BUCKET_NAMES, length_bucket
from procbench_tools.scoring.measures import CITATION as _CITATION

_DESCRIPTION = """\
ProcBench measures multi-step procedure following: each example is a procedure text plus a
question, labelled with every intermediate state, so that answers can be scored step by
step. 23 tasks; examples generated with an exact number of steps.
"""

_HOMEPAGE = "https://arxiv.org/abs/2410.03117"
_LICENSE = "MIT (the sentence tasks' text: WordNet 3.0 licence and public-domain novels)"

_VERSION = datasets.Version("1.0.0")


def _feature_of(value: Any) -> Any:
    if isinstance(value, list):
        return datasets.List(_feature_of(value[0]))
    return datasets.Value("int64" if isinstance(value, int) else "string")


@functools.cache
def label_features(task: str) -> datasets.Features:
    """The typed label struct of a task, read off a generated label."""
    label = procbench_generators.generate(task, 3, 0)["label"]
    return datasets.Features(
        {
            "init": _feature_of(label["init"]),
            "intermediate": datasets.List(_feature_of(label["intermediate"][0])),
            "final": _feature_of(label["final"]),
        }
    )


@functools.cache
def _code_digest() -> str:
    """Digest of everything the data depends on, so that a changed generator never
    returns stale cached data."""
    package = Path(procbench_generators.__file__).resolve().parent
    files = sorted(package.rglob("*.py")) + sorted(package.rglob("*.txt")) + sorted(package.rglob("*.gz"))
    templates = [procbench_generators.load_template(task) for task in procbench_generators.TASKS]
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.name.encode() + path.read_bytes())
    digest.update("\n".join(templates).encode())
    digest.update(Path(__file__).read_bytes())
    return digest.hexdigest()[:16]


@dataclass
class ProcBenchConfig(datasets.BuilderConfig):
    """A task (or ``all``) and how many examples of which step counts to generate."""

    task: str | None = None
    seed: int = DEFAULT_SEED
    examples_per_step: int = DEFAULT_PER_STEP
    min_steps: int = DEFAULT_MIN_STEPS
    max_steps: int = DEFAULT_MAX_STEPS
    answer_format: bool = True
    unique: bool = True


CONFIG_PARAMETERS = ("seed", "examples_per_step", "min_steps", "max_steps", "answer_format", "unique")
PARALLEL_MIN_ROWS = 20_000  # a split smaller than this is generated in one process: starting more costs more
BATCH = 1_000  # rows per Arrow table handed to datasets

# A job's unit of work: ("draw", unit) makes the rows of a procbench_generators.rows unit; ("rows",
# rows) yields rows made beforehand (a unique sentence task, drawn once for all splits).
Work = tuple[str, Any]
_BUILDER_PARAMETERS = set(inspect.signature(datasets.DatasetBuilder.__init__).parameters) | {"name", "data_dir"}


class ProcBench(datasets.ArrowBasedBuilder):
    """ProcBench: 23 procedure-following tasks, generated."""

    VERSION = _VERSION
    BUILDER_CONFIG_CLASS = ProcBenchConfig
    BUILDER_CONFIGS = [  # noqa: RUF012  (the datasets API)
        ProcBenchConfig(name=ALL, version=_VERSION, description="All 23 tasks; labels as JSON strings."),
        *(
            ProcBenchConfig(name=task, task=task, version=_VERSION, description=f"The {task} task.")
            for task in procbench_generators.TASKS
        ),
    ]
    DEFAULT_CONFIG_NAME = ALL

    def __init__(self, *args: Any, config_name: str | None = None, hash: str | None = None, **kwargs: Any) -> None:
        if config_name is not None:
            (config_name,) = config_names([config_name])  # task01 -> Sort; ValueError naming the configs
        unknown = set(kwargs) - _BUILDER_PARAMETERS - set(CONFIG_PARAMETERS)
        if unknown:
            raise ValueError(
                f"unknown parameter {sorted(unknown)[0]!r}; ProcBench takes {', '.join(CONFIG_PARAMETERS)} "
                "(and the usual datasets builder arguments such as cache_dir)"
            )
        # Checked before datasets touches its cache: a refused builder leaves nothing there.
        tasks = all_tasks() if config_name in (None, ALL) else (config_name,)
        self.settings = Settings(tasks, **{name: kwargs[name] for name in CONFIG_PARAMETERS if name in kwargs})
        super().__init__(*args, config_name=config_name, hash=hash or _code_digest(), **kwargs)

    def _info(self) -> datasets.DatasetInfo:
        label = datasets.Value("string") if self.config.task is None else label_features(self.config.task)
        features = datasets.Features(
            {
                "id": datasets.Value("string"),
                "task": datasets.Value("string"),
                "task_name": datasets.Value("string"),
                "problem_name": datasets.Value("string"),
                "steps": datasets.Value("int32"),
                "prompt": datasets.Value("string"),
                "question": datasets.Value("string"),
                "label": label,
            }
        )
        return datasets.DatasetInfo(
            description=_DESCRIPTION,
            features=features,
            homepage=_HOMEPAGE,
            license=_LICENSE,
            citation=_CITATION,
        )

    def download_and_prepare(self, *args: Any, num_proc: int | None = None, **kwargs: Any) -> None:
        self._num_proc = num_proc or 1  # _split_generators balances the work over this many jobs
        super().download_and_prepare(*args, num_proc=num_proc, **kwargs)

    def split_steps(self) -> dict[str, tuple[int, ...]]:
        """The step counts of each split of this configuration, in split order."""
        chosen: dict[str, list[int]] = {name: [] for name in BUCKET_NAMES}
        for steps in self.settings.steps:
            chosen[length_bucket(steps)].append(steps)
        return {name: tuple(steps) for name, steps in chosen.items() if steps}

    def _rows(self, unit: Any) -> Iterator[dict[str, Any]]:
        """The rows of a unit of work: a task's config keeps its labels typed."""
        return unit_rows(self.settings, unit, typed_label=self.config.task is not None)

    def _split_generators(self, dl_manager: Any) -> list[datasets.SplitGenerator]:
        split_of = {steps: name for name, counts in self.split_steps().items() for steps in counts}
        work: dict[str, list[Work]] = {name: [] for name in self.split_steps()}
        for unit in units(self.settings):
            if len(unit[1]) == 1:
                work[split_of[unit[1][0]]].append(("draw", unit))
                continue
            # A unique sentence task: drawn once, in order, here; the rows go to their splits.
            rows: dict[str, list[dict[str, Any]]] = {name: [] for name in work}
            for row in self._rows(unit):
                rows[split_of[row["steps"]]].append(row)
            for name, made in rows.items():
                work[name].append(("rows", made))
        jobs_wanted = getattr(self, "_num_proc", 1)
        return [
            datasets.SplitGenerator(name=name, gen_kwargs={"jobs": _balanced_jobs(split_work, jobs_wanted)})
            for name, split_work in work.items()
        ]

    def _prepare_split(self, split_generator: datasets.SplitGenerator, *args: Any, **kwargs: Any) -> None:
        if len(split_generator.gen_kwargs["jobs"]) == 1:
            kwargs["num_proc"] = None  # a small split: one process, and no warning from datasets about it
        super()._prepare_split(split_generator, *args, **kwargs)

    def _generate_tables(self, jobs: list[list[Work]]) -> Iterator[tuple[str, Any]]:
        """Arrow tables of up to ``BATCH`` rows: datasets' per-example encoding costs more
        than making the example."""
        schema = self.info.features.arrow_schema
        batch: list[dict[str, Any]] = []
        for row in self._job_rows(jobs):
            batch.append(row)
            if len(batch) == BATCH:
                yield batch[0]["id"], _table(batch, schema)
                batch = []
        if batch:
            yield batch[0]["id"], _table(batch, schema)

    def _generate_examples(self, jobs: list[list[Work]]) -> Iterator[tuple[str, dict[str, Any]]]:
        """The rows one by one (what ``_generate_tables`` batches)."""
        for row in self._job_rows(jobs):
            yield row["id"], row

    def _job_rows(self, jobs: list[list[Work]]) -> Iterator[dict[str, Any]]:
        for job in jobs:
            for kind, item in job:
                yield from item if kind == "rows" else self._rows(item)


def _table(rows: list[dict[str, Any]], schema: Any) -> Any:
    import pyarrow as pa

    return pa.Table.from_pylist(rows, schema=schema)


def _rows_and_cost(work: Work) -> tuple[int, float]:
    """Rows of a piece of work and its estimated cost (a fixed part per example and a part
    per step, measured per task); rows made beforehand cost nothing."""
    kind, item = work
    if kind == "rows":
        return len(item), 0.0
    return unit_size(item), unit_cost(item)


def _balanced_jobs(work: list[Work], wanted: int) -> list[list[Work]]:
    """``work`` cut, in order, into ``wanted`` jobs of about equal cost (one job for a
    split under ``PARALLEL_MIN_ROWS`` rows); datasets gives each job to one process, and the
    rows come out in work order whatever the number of jobs."""
    sizes = [_rows_and_cost(piece) for piece in work]
    total_rows, total_cost = sum(rows for rows, _ in sizes), sum(cost for _, cost in sizes)
    jobs = max(1, min(wanted, len(work))) if total_rows >= PARALLEL_MIN_ROWS and total_cost else 1
    parts: list[list[Work]] = [[] for _ in range(jobs)]
    done = 0.0
    for piece, (_, cost) in zip(work, sizes, strict=True):
        parts[min(jobs - 1, int((2 * done + cost) * jobs // (2 * total_cost or 1)))].append(piece)
        done += cost
    return [part for part in parts if part]
