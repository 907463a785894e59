"""Keep evaluation data out of training data.

An :class:`Exclusion` holds the question hashes of a set of examples (the SHA-256 of task
and question that example ids are made from, :func:`procbench_generators.benchmark.question_hash`)
and the corpus sentences that the sentence tasks' passages of the set are made of (their
``overlap_keys``). A training example is excluded when its question is one of those
questions, or when its passage uses one of those sentences (so a passage that merely
overlaps a benchmark passage is excluded too).

``benchmark_exclusion(tasks)`` is the default benchmark's (the 5,520 examples of
``procbench generate`` with default settings), computed task by task on first use and
cached for the life of the process; ``exclusion_from_path`` reads an exported dataset
folder, a Parquet file or a ``procbench generate`` JSON Lines file.
"""

from __future__ import annotations

import functools
import json
import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import procbench_generators
from procbench_generators.benchmark import MAX_REDRAWS, iter_examples, question_hash
from procbench_generators.settings import Settings


def sentence_keys(task: str, question: dict[str, Any], label: dict[str, Any]) -> set[str]:
    """The corpus sentences an example of a sentence task is made of (empty for the other
    tasks). Text that is not made of corpus sentences is its own key."""
    keys = procbench_generators.get_task(task).overlap_keys
    return set() if keys is None else keys(question, label)


def sentence_tasks() -> tuple[str, ...]:
    """The tasks whose questions hold corpus passages (Count2, FillWord, DeleteWord)."""
    return tuple(
        task for task in procbench_generators.TASKS if procbench_generators.get_task(task).overlap_keys is not None
    )


@dataclass(frozen=True)
class Exclusion:
    """The question hashes and corpus sentences that training examples must avoid."""

    questions: frozenset[str] = frozenset()
    sentences: frozenset[str] = frozenset()

    def __or__(self, other: Exclusion) -> Exclusion:
        return Exclusion(self.questions | other.questions, self.sentences | other.sentences)

    def __len__(self) -> int:
        return len(self.questions) + len(self.sentences)

    def excludes(self, example: dict[str, Any]) -> bool:
        """Whether ``example`` (``task``, ``question``, ``label``) repeats an excluded
        question or uses an excluded sentence."""
        task, question = example["task"], example["question"]
        if question_hash(task, question) in self.questions:
            return True
        return bool(self.sentences) and not self.sentences.isdisjoint(sentence_keys(task, question, example["label"]))

    def first_allowed(
        self, task: str, steps: int, seed_of: Callable[[int], int], answer_format: bool
    ) -> dict[str, Any] | None:
        """The first example of ``task`` with ``steps`` steps, drawn with the seed
        ``seed_of(attempt)`` for attempt 0, 1, ..., that this exclusion allows; ``None`` when
        none of ``MAX_REDRAWS`` draws is allowed."""
        for attempt in range(MAX_REDRAWS):
            example = procbench_generators.generate(task, steps, seed_of(attempt), answer_format=answer_format)
            if not self or not self.excludes(example):  # an empty exclusion allows all, unhashed
                return example
        return None

    @classmethod
    def of_examples(cls, examples: Iterable[dict[str, Any]]) -> Exclusion:
        """The exclusion of a set of examples (each with ``task`` and ``question``; a
        missing ``label`` is solved)."""
        questions: set[str] = set()
        sentences: set[str] = set()
        for example in examples:
            task = procbench_generators.canonical_name(example["task"])
            question = example["question"]
            questions.add(question_hash(task, question))
            if procbench_generators.get_task(task).overlap_keys is not None:
                label = example.get("label") or procbench_generators.solve(task, question)
                sentences |= sentence_keys(task, question, label)
        return cls(frozenset(questions), frozenset(sentences))


@functools.cache
def _benchmark_task(task: str) -> Exclusion:
    return Exclusion.of_examples(iter_examples(Settings(tasks=(task,))))


def benchmark_exclusion(tasks: Iterable[str] | None = None) -> Exclusion:
    """The default benchmark's exclusion for training examples of ``tasks`` (default: all):
    their benchmark questions, and, when a sentence task is among them, every corpus
    sentence any sentence task of the benchmark uses. Cached per task and process."""
    chosen = set(procbench_generators.TASKS if tasks is None else map(procbench_generators.canonical_name, tasks))
    if chosen & set(sentence_tasks()):
        chosen |= set(sentence_tasks())
    result = Exclusion()
    for task in procbench_generators.TASKS:  # a fixed order
        if task in chosen:
            result = result | _benchmark_task(task)
    return result


# --- reading a dataset to exclude -------------------------------------------------------------


def _example(row: dict[str, Any]) -> dict[str, Any]:
    """``task``, ``question`` and (when present) ``label`` of a row; the last two may be
    JSON strings (Parquet) or values (JSON Lines)."""
    example = {"task": row["task"]}
    for name in ("question", "label"):
        value = row.get(name)
        example[name] = json.loads(value) if isinstance(value, str) else value
    return example


def _parquet_rows(path: Path) -> Iterator[dict[str, Any]]:
    import pyarrow as pa
    import pyarrow.parquet as pq

    try:
        table = pq.read_table(path)
    except (OSError, pa.ArrowException) as error:
        raise ValueError(f"dataset to exclude {path}: not a readable Parquet file ({error})") from None
    missing = {"task", "question"} - set(table.column_names)
    if missing:
        raise ValueError(f"{path} has no {' or '.join(sorted(missing))} column: it is not a ProcBench dataset")
    columns = [name for name in ("task", "question", "label") if name in table.column_names]
    for row in table.select(columns).to_pylist():
        yield _example(row)


def _jsonl_rows(path: Path) -> Iterator[dict[str, Any]]:
    from ..evaluation.lines import json_lines  # the project's one JSON Lines reader

    for number, row in json_lines(path, "dataset to exclude", f"dataset to exclude {path}"):
        if not isinstance(row, dict) or "task" not in row or "question" not in row:
            raise ValueError(f"dataset to exclude {path}:{number}: not a ProcBench example (needs task and question)")
        yield _example(row)


def _files(path: Path) -> list[Path]:
    if not path.is_dir():
        return [path]
    files = sorted(path.rglob("*.parquet"))
    if not files:
        raise ValueError(f"{path} holds no Parquet files: give an exported dataset folder or a JSON Lines file")
    return files


@functools.cache
def _exclusion_of_files(files: tuple[tuple[Path, int, int], ...]) -> Exclusion:
    result = Exclusion()
    for file, _, _ in files:
        rows = _parquet_rows(file) if file.suffix == ".parquet" else _jsonl_rows(file)
        result = result | Exclusion.of_examples(rows)
    return result


def exclusion_from_path(path: str | os.PathLike[str]) -> Exclusion:
    """The exclusion of a dataset on disk: a ``procbench export`` folder (every Parquet
    file under it), one Parquet file, or a ``procbench generate`` JSON Lines file. Cached
    per process while its files are unchanged."""
    resolved = Path(path).expanduser().resolve()
    if not resolved.exists():
        raise ValueError(f"dataset to exclude not found: {path}")
    stats = tuple((file, file.stat().st_size, file.stat().st_mtime_ns) for file in _files(resolved))
    return _exclusion_of_files(stats)
