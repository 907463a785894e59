"""``procbench evaluate`` from files to report: the dataset indexed, each model's answers
scored in a stream (each line read, scored, written to ``scores.jsonl`` and added to the
tallies, then forgotten), the summary, ``failed_by_all`` and the figures, then the report
published. Memory stays flat in the number of answers."""

from __future__ import annotations

import json
import sys
from array import array
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tqdm import tqdm

from procbench_generators.benchmark import parse_example_id

from ..text import plural
from .answers import STDIN, AnswerLine, check_answers_path, open_answers, shown_name
from .extractor_comparison import ALL, DOUBTFUL, Comparison, SecondReader, compare
from .files import EXTRACTION_DISAGREEMENTS, PAPER_EXTRACTION_DISAGREEMENTS, SCORES
from .original_runs import paper_extractions
from .references import ExampleIndex, describe_settings, open_dataset
from .report_folder import ReportFolder
from .scored import score_answer
from .summary import ModelTally

if TYPE_CHECKING:
    from .extraction import Extractor

SHOWN = 5  # ids listed in messages about unknown or missing examples


@dataclass
class ModelResult:
    """One model's tallies, and which examples it answered (per dataset position: the line
    of its answer, where that line's scores start in ``scores.jsonl``, and whether its PA is
    0), so that memory per answer is a few bytes."""

    name: str
    tally: ModelTally
    lines: array[int]  # 0: no answer
    offsets: array[int]
    failed: bytearray
    unknown_shown: list[str] = field(default_factory=list)
    missing_shown: list[str] = field(default_factory=list)
    horizon: Any = None  # its HorizonReport (None when no reply could be used)
    log_status: str | None = None  # an inspect log's status (None for other answers)
    errored: tuple[str, ...] = ()  # the ids of an inspect log's errored samples

    def log_summary(self) -> dict[str, Any] | None:
        """``summary.json``'s ``inspect_log`` block: the log's status and its errored
        samples (``None`` for answers that are not an inspect log)."""
        if self.log_status is None:
            return None
        return {"status": self.log_status, "errored_samples": len(self.errored), "errored_ids": list(self.errored)}

    @classmethod
    def empty(cls, name: str, size: int) -> ModelResult:
        return cls(name, ModelTally(name), array("l", bytes(8 * size)), array("q", bytes(8 * size)), bytearray(size))

    def answered(self, position: int) -> bool:
        return self.lines[position] != 0


def progress_bar(total: int | None, description: str, unit: str, progress: bool | None, unit_scale: bool = True) -> Any:
    """A progress bar on standard error, updated at most once a second; ``progress``: shown
    (``True``), hidden (``False``) or shown on a terminal only (``None``)."""
    return tqdm(
        total=total, desc=description, unit=unit, unit_scale=unit_scale, file=sys.stderr,
        disable=progress is False or None, mininterval=1,
    )  # fmt: skip


def _clash_message(name: str, identifier: str, known: str, clashes: int, index: ExampleIndex, source: str) -> str:
    return (
        f"{name}: {plural(clashes, 'answer')} {'is' if clashes == 1 else 'are'} for other questions than the "
        f"dataset's, e.g. {identifier} where {source} has {known} (same task, steps and index, another "
        f"question). The answers were made with other generation settings than the dataset "
        f"({describe_settings(index.settings)}); score them against the dataset their prompts came from"
    )


def _check_unknown(name: str, answer: AnswerLine, index: ExampleIndex, rest: Iterator[AnswerLine], source: str) -> None:
    """``ValueError`` when an answer id not in the dataset names an example the dataset has
    at the same place (task, steps, index) with another question (answers made with other
    settings: counted to the end of the file), when the answer's id is short (no question
    digest), or when the dataset's ids do not name their question (an older procbench)."""
    parsed = parse_example_id(answer.id)
    known = None if parsed is None else index.id_with_stem(parsed.stem)
    if parsed is None or known is None:
        return
    if not parsed.digest:
        raise ValueError(
            f"{name}: answer {answer.id} is a short id (no question digest), which an answers file cannot use: "
            f"the dataset's {known} names its question, so that answers made for another question are refused; "
            "write the dataset's full ids into the answers file"
        )
    if not index.facts.ids_name_questions:
        raise ValueError(
            f"{name}: answer {answer.id} and the dataset's {known} cannot be matched safely: the dataset's ids do "
            "not name their question (made by an older procbench); export or generate the set again and use its ids"
        )
    clashes = 1
    for later in rest:
        if index.get(later.id) is None:
            found = parse_example_id(later.id)
            clashes += found is not None and bool(found.digest) and index.id_with_stem(found.stem) is not None
    raise ValueError(_clash_message(name, answer.id, known, clashes, index, source))


def score_model(
    name: str,
    path: Path,
    index: ExampleIndex,
    folder: ReportFolder,
    progress: bool | None = None,
    *,
    allow_incomplete: bool = False,
) -> ModelResult:
    """Score every answer of ``path`` whose id is in the dataset, writing each to the report
    as it goes. ``ValueError`` for a repeated id, answers for other questions, no answer
    of the dataset at all, or an inspect log whose run did not finish (unless
    ``allow_incomplete``)."""
    result = ModelResult.empty(name, len(index))
    shown = shown_name(path)
    size = path.stat().st_size if str(path) != STDIN and path.is_file() else None
    bar = progress_bar(size, f"scoring {name}", "B", progress)
    unknown_seen: set[str] = set()
    opened = open_answers(path, bar.update, allow_incomplete=allow_incomplete)
    if opened.harness is not None:
        result.log_status, result.errored = opened.harness.status, opened.harness.errored
    result.tally.usage_note, result.tally.counted_by = opened.usage_note, opened.counted_by
    answers = iter(opened)
    with bar:
        for answer in answers:
            example = index.get(answer.id)
            where = answer.source or (shown if answer.number is None else f"{shown}:{answer.number}")
            if example is None:
                if answer.id in unknown_seen:
                    raise ValueError(f"{where}: id {answer.id!r} appears twice")
                unknown_seen.add(answer.id)
                result.tally.unknown_ids += 1
                if len(result.unknown_shown) < SHOWN:
                    result.unknown_shown.append(answer.id)
                _check_unknown(name, answer, index, answers, index.source)
                continue
            first = result.lines[example.position]
            if first:
                earlier = f" (first on line {first})" if first > 0 else ""
                raise ValueError(f"{where}: id {answer.id!r} appears twice{earlier}")
            result.lines[example.position] = answer.number or -1
            scored = score_answer(name, answer, example, where)
            result.offsets[example.position] = folder.add(scored)
            result.failed[example.position] = scored.score.prefix_accuracy == 0
            result.tally.add(scored)
    if not result.tally.groups:
        unknown = result.tally.unknown_ids
        raise ValueError(
            f"{name}: no answer id is an example of {index.source} "
            f"({plural(unknown, 'unknown id')}, e.g. {result.unknown_shown})"
        )
    missing = [position for position in range(len(index)) if not result.answered(position)]
    result.tally.missing = len(missing)
    result.missing_shown = index.ids_at(missing[:SHOWN])
    return result


def failed_by_all(results: list[ModelResult]) -> tuple[list[int], int]:
    """The positions of the examples every model answered and every model fails (PA = 0),
    and how many examples every model answered."""
    failed, common = [], 0
    for position in range(len(results[0].lines)):
        if all(result.answered(position) for result in results):
            common += 1
            if all(result.failed[position] for result in results):
                failed.append(position)
    return failed, common


def failed_records(
    positions: list[int], results: list[ModelResult], index: ExampleIndex, scores: Path
) -> Iterator[dict[str, Any]]:
    """The lines of ``failed_by_all.jsonl``, in the benchmark's order (task, then id): each
    model's prediction is read back from its line of ``scores.jsonl``."""
    with scores.open("rb") as stream:
        for example in index.in_benchmark_order(positions):
            predictions = {}
            for result in results:
                stream.seek(result.offsets[example.position])
                predictions[result.name] = json.loads(stream.readline())["prediction"]
            yield {
                "id": example.id,
                "task": example.task,
                "steps": example.steps,
                "reference": example.label,
                "predictions": predictions,
            }


def estimate_horizon(tally: ModelTally) -> Any:
    """The model's horizon (:func:`procbench_tools.horizon.estimate_horizons` on its per-step
    tallies), or ``None`` when no reply can be used (all truncated)."""
    from ..horizon import estimate_horizons

    try:
        return estimate_horizons(tally.horizon_records())
    except ValueError:
        return None


@dataclass(frozen=True)
class Evaluation:
    """What ``procbench evaluate`` reports: ``summary.json``'s content and the results."""

    summary: dict[str, Any]
    results: list[ModelResult]


def compare_with_extractor(
    extractor: SecondReader,
    folder: ReportFolder,
    records: int,
    progress: bool | None,
    mode: str,
    *,
    models: set[str] | None = None,
    disagreements_file: str = EXTRACTION_DISAGREEMENTS,
) -> dict[str, Comparison]:
    """The replies of ``scores.jsonl`` (``records`` lines; of ``models`` only, given them)
    that ``mode`` sends, read again by ``extractor``; each model's :class:`Comparison`, the
    disagreements written to the report's ``disagreements_file``."""
    bar = progress_bar(records, f"reading again: {extractor.name}", " answers", progress, unit_scale=False)
    chosen = (record for record in folder.scored_records() if models is None or record["model"] in models)
    with bar, folder.open_text(disagreements_file) as disagreements:
        return compare(extractor, chosen, disagreements, bar, mode)


def evaluate(
    files: dict[str, Path],
    dataset_source: str,
    output: Path,
    *,
    plots: bool = True,
    progress: bool | None = None,
    extractor: Extractor | None = None,
    extract: str = DOUBTFUL,
    allow_incomplete: bool = False,
) -> Evaluation:
    """Score each model's answers file against the dataset and publish the report in
    ``output`` (see the package's modules for each part); given ``extractor``, each reply
    that ``extract`` sends (``"doubtful"`` or ``"all"``) is also read by it, beside the reader
    (:mod:`.extractor_comparison`), as is every reply of an original run's ``preds/<model>``
    by the paper's extraction beside it (:mod:`.original_runs`: the model's
    ``paper_extraction`` block). An inspect log whose run did not finish is refused unless
    ``allow_incomplete``; its status and errored samples are in the model's ``inspect_log``
    block either way."""
    from .plots import FigureData
    from .provenance import dataset_provenance, provenance

    for path in files.values():
        check_answers_path(path)
    with ReportFolder(output.resolve() if str(output) else output, str(output)) as folder:
        dataset = open_dataset(dataset_source)
        rows = progress_bar(dataset.size(), "reading the dataset", " examples", progress)
        with rows:
            index = ExampleIndex.build(dataset, folder.work / "examples.sqlite", rows)
        results = [
            score_model(name, path, index, folder, progress, allow_incomplete=allow_incomplete)
            for name, path in files.items()
        ]
        total_scored = sum(result.tally.n for result in results)
        comparisons = (
            {} if extractor is None else compare_with_extractor(extractor, folder, total_scored, progress, extract)
        )
        paper = paper_extractions(files)
        paper_comparisons = (
            {}
            if paper is None
            else compare_with_extractor(
                paper,
                folder,
                sum(result.tally.n for result in results if result.name in paper.folders),
                progress,
                ALL,
                models=set(paper.folders),
                disagreements_file=PAPER_EXTRACTION_DISAGREEMENTS,
            )
        )
        summary: dict[str, Any] = {"models": {}}
        for result in results:
            result.horizon = estimate_horizon(result.tally)
            model = result.tally.summary()
            model["horizon"] = None if result.horizon is None else result.horizon.to_json()
            if result.log_status is not None:
                model["inspect_log"] = result.log_summary()
            if extractor is not None:
                model["extractor"] = comparisons.get(result.name, Comparison(extractor.name, extract)).summary()
            if paper is not None and result.name in paper.folders:
                paper_reading = paper_comparisons.get(result.name, Comparison(paper.name, ALL)).summary()
                model["paper_extraction"] = {**paper_reading, "file": PAPER_EXTRACTION_DISAGREEMENTS}
            summary["models"][result.name] = model
        failed = None
        if len(results) > 1:
            positions, common = failed_by_all(results)
            summary["failed_by_all"] = {"count": len(positions), "of": common, "file": "failed_by_all.jsonl"}
            failed = failed_records(positions, results, index, folder.staging / SCORES)
        summary["provenance"] = provenance(dataset_provenance(dataset, index.facts), files)
        figures = None
        if plots:
            answered_by_any = (
                position for position in range(len(index)) if any(result.answered(position) for result in results)
            )
            figures = FigureData(
                summary["models"],
                {result.name: result.tally for result in results},
                {result.name: result.horizon for result in results},
                index.steps_histogram(answered_by_any),
            )
        from .drilldown import drill_down

        examples = drill_down(folder.scores_file(), [result.name for result in results], dataset)
        horizons = {result.name: result.horizon for result in results}
        folder.finish(summary, failed, figures, horizons, examples)
        index.close()
    return Evaluation(summary, results)
