"""Score prediction files against a ProcBench dataset: the engine of ``procbench evaluate``."""

from __future__ import annotations

import json
import re
import sys
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tqdm import tqdm

from generators import TASKS
from generators.benchmark import parse_example_id

from ..scoring import measures
from ..scoring.lengths import length_bucket
from ..scoring.reader import read_answer
from ..text import plural
from .harness_logs import read_harness_answers
from .intervals import intervals
from .lines import json_lines

SHOWN = 5  # ids listed in messages about unknown or missing examples
LINE = "_line"  # set by read_predictions: the line number of a prediction in its file


@dataclass(frozen=True)
class Reference:
    id: str
    task: str
    steps: int
    label: dict[str, Any]
    prompt: str = ""


@dataclass
class ModelResult:
    """Everything ``procbench evaluate`` reports about one prediction file."""

    name: str
    rows: list[dict[str, Any]]
    unknown_ids: list[str]
    missing_ids: list[str]
    summary: dict[str, Any] = field(default_factory=dict)


def references_from_rows(rows: Iterable[dict[str, Any]]) -> dict[str, Reference]:
    """References keyed by id, from dataset rows (label typed or a JSON string)."""
    references = {}
    for row in rows:
        label = json.loads(row["label"]) if isinstance(row["label"], str) else row["label"]
        references[row["id"]] = Reference(row["id"], row["task"], int(row["steps"]), label, row.get("prompt", ""))
    return references


class ReferenceSet(dict[str, Reference]):
    """References keyed by id, with where they came from and the generation settings the
    dataset card records (``settings``; ``None`` when unknown, e.g. for a JSONL file)."""

    def __init__(
        self, references: dict[str, Reference], *, source: str = "", settings: dict[str, Any] | None = None
    ) -> None:
        super().__init__(references)
        self.source = source
        self.settings = settings


REQUIRED_COLUMNS = ("id", "task", "steps", "label")
_PATH_LIKE = re.compile(r"^(?:[.~/\\]|[A-Za-z]:)|\\|/.*/|\.(?:jsonl?|parquet|csv)$")
_HUB_ID = re.compile(r"^[A-Za-z0-9][\w.-]*/[\w.-]+$")


def load_references(source: str) -> ReferenceSet:
    """Every example of ``--dataset``: a folder made by ``procbench export`` (its ``all``
    config, or every config of a partial export without ``all``), a JSON Lines file made by
    ``procbench generate``, or a Hub dataset repo. ``ValueError`` (or ``HubError``) with one
    line naming the source when it is none of these."""
    path = Path(source)
    if path.is_file():
        return _references_from_jsonl(path)
    if path.is_dir():
        return _references_from_folder(path)
    if not source or _PATH_LIKE.search(source):
        raise ValueError(f"--dataset {source!r}: no such file or folder")
    if not _HUB_ID.match(source):
        raise ValueError(
            f"--dataset {source!r} is neither a folder, a JSONL file nor a Hub repo id like 'name/procbench'"
        )
    return _references_from_hub(source)


def _references_from_jsonl(path: Path) -> ReferenceSet:
    rows = []
    for number, row in json_lines(path, "--dataset", f"--dataset {path}"):
        if not isinstance(row, dict) or any(column not in row for column in REQUIRED_COLUMNS):
            raise ValueError(
                f"--dataset {path}:{number}: not an example of `procbench generate` "
                f"(a line needs {', '.join(REQUIRED_COLUMNS)})"
            )
        rows.append(row)
    return ReferenceSet(references_from_rows(rows), source=str(path))


def _references_from_folder(folder: Path) -> ReferenceSet:
    """The examples of an export, read from its Parquet files as its card lists them
    (``pyarrow`` only: no ``datasets`` import, no cache)."""
    import pyarrow.parquet as pq

    from ..dataset.layout import config_files, read_card_metadata

    card = folder / "README.md"
    metadata = read_card_metadata(card) if card.is_file() else None
    configs = [entry.get("config_name") for entry in (metadata or {}).get("configs") or []]
    if not configs:
        raise ValueError(
            f"--dataset {folder} is a folder but not a procbench export (no README.md listing its configs); "
            f"make one with `procbench export {folder}`"
        )
    chosen = ["all"] if "all" in configs else configs
    rows: list[dict[str, Any]] = []
    for config in chosen:
        files = config_files(folder, metadata or {}, config)
        if not files:
            raise ValueError(f"--dataset {folder}: its config {config!r} has no data files")
        for path in files:
            try:
                # ParquetFile, not read_table: read_table imports pyarrow.dataset (half a second)
                parquet = pq.ParquetFile(path)
                names = parquet.schema_arrow.names
                table = parquet.read(columns=[name for name in (*REQUIRED_COLUMNS, "prompt") if name in names])
            except Exception as error:  # pyarrow raises many kinds; say which file
                raise ValueError(f"--dataset {folder}: cannot read {path.relative_to(folder)} ({error})") from None
            missing = [column for column in REQUIRED_COLUMNS if column not in names]
            if missing:
                raise ValueError(f"--dataset {folder} is not a procbench export: config {config!r} lacks {missing}")
            rows.extend(table.to_pylist())
    return ReferenceSet(references_from_rows(rows), source=str(folder), settings=_settings(metadata))


def _references_from_hub(repo_id: str) -> ReferenceSet:
    from ..hub.upload import check_dataset_repo, dataset_card_metadata, dataset_config_names, load_hub_dataset

    check_dataset_repo(repo_id)
    configs = dataset_config_names(repo_id, local=False)
    chosen = ["all"] if "all" in configs else configs
    rows: list[dict[str, Any]] = []
    for config in chosen:
        for split in load_hub_dataset(repo_id, config).values():
            rows.extend(split)
    return ReferenceSet(references_from_rows(rows), source=repo_id, settings=_settings(dataset_card_metadata(repo_id)))


def _settings(metadata: dict[str, Any] | None) -> dict[str, Any] | None:
    settings = (metadata or {}).get("procbench")
    return settings if isinstance(settings, dict) else None


def describe_settings(settings: dict[str, Any] | None) -> str:
    """``seed 2024, 10 examples per step, steps 2..25`` from a card's ``procbench`` YAML."""
    if not settings:
        return "unknown settings"
    parts = []
    if "seed" in settings:
        parts.append(f"seed {settings['seed']}")
    if "examples_per_step" in settings:
        parts.append(plural(int(settings["examples_per_step"]), "example") + " per step")
    if "min_steps" in settings and "max_steps" in settings:
        parts.append(f"steps {settings['min_steps']}..{settings['max_steps']}")
    return ", ".join(parts) or "unknown settings"


def check_answer_ids(name: str, lines: list[dict[str, Any]], references: ReferenceSet) -> None:
    """``ValueError`` when answers cannot be for this dataset's questions: an answer id and a
    dataset id at the same place (task, steps, index) naming different questions (answers
    made with other generation settings), ids that do not name their question (made by an
    older procbench) where such a pair exists, or no answer id of the dataset at all."""
    by_stem = {}
    for identifier in references:
        parsed = parse_example_id(identifier)
        if parsed is not None:
            by_stem[parsed.stem] = parsed
    dataset_names_questions = any(parsed.digest for parsed in by_stem.values())
    unknown = [line["id"] for line in lines if line["id"] not in references]
    for identifier in unknown:
        parsed = parse_example_id(identifier)
        known = by_stem.get(parsed.stem) if parsed is not None else None
        if parsed is None or known is None:
            continue
        if not (parsed.digest and dataset_names_questions):
            older = "the dataset's" if parsed.digest else "the answers'"
            dataset_id = f"{known.stem}-{known.digest}" if known.digest else known.stem
            raise ValueError(
                f"{name}: answer {identifier} and the dataset's {dataset_id} "
                f"cannot be matched safely: {older} ids do not name their question (made by an older procbench); "
                "export or generate the set again and use its ids"
            )
        clashes = [
            other
            for other in unknown
            if (found := parse_example_id(other)) is not None and found.stem in by_stem and found.digest
        ]
        raise ValueError(
            f"{name}: {plural(len(clashes), 'answer')} {'is' if len(clashes) == 1 else 'are'} for other questions "
            f"than the dataset's, e.g. {identifier} where {references.source} has {known.stem}-{known.digest} "
            f"(same task, steps and index, another question). The answers were made with other generation "
            f"settings than the dataset ({describe_settings(references.settings)}); score them against the "
            "dataset their prompts came from"
        )
    if lines and len(unknown) == len(lines):
        raise ValueError(
            f"{name}: no answer id is an example of {references.source} "
            f"({plural(len(unknown), 'unknown id')}, e.g. {unknown[:SHOWN]})"
        )


def read_predictions(path: Path) -> list[dict[str, Any]]:
    """The lines of an answers file (``-``: standard input), or the answers of an inspect
    log or lm-eval samples (a file or a run's folder); ``ValueError`` naming the file and
    line at fault."""
    harness_answers = None if str(path) == "-" or not path.exists() else read_harness_answers(path)
    if harness_answers is not None:
        return harness_answers
    lines = []
    first_line_of: dict[str, int] = {}
    shown = "standard input" if str(path) == "-" else str(path)
    for number, line in json_lines(path, "answers file", shown):
        if not isinstance(line, dict) or not isinstance(line.get("id"), str):
            raise ValueError(f'{shown}:{number}: each line needs an "id" (a string)')
        if "prediction" not in line and "response" not in line:
            raise ValueError(f'{shown}:{number}: a line needs "response" (raw text) or "prediction"')
        if line["id"] in first_line_of:
            raise ValueError(
                f"{shown}:{number}: id {line['id']!r} appears twice (first on line {first_line_of[line['id']]})"
            )
        first_line_of[line["id"]] = number
        line[LINE] = number
        lines.append(line)
    return lines


def read_and_score(line: dict[str, Any], reference: Reference) -> tuple[Any, measures.Row, int | None]:
    """The prediction of one answer line (read from its ``response`` unless it has a
    ``prediction``), its scores ``(PA, SM, FM, PML, valid)`` and how many states it
    predicts (``None`` when it cannot be read). The one place that calls the answer reader
    and the scoring core."""
    prediction = line["prediction"] if "prediction" in line else read_answer(line["response"], reference.label)
    states = measures.parse_prediction(prediction, reference.label)
    row = measures.score_row(states, reference.label)  # the states, read once (None: invalid)
    return prediction, row, None if states is None else len(states)


def score_lines(
    name: str,
    lines: list[dict[str, Any]],
    references: dict[str, Reference],
    progress: bool | None = None,
    source: str | None = None,
) -> ModelResult:
    """Extract (for ``response`` lines) and score every line whose id is in the dataset.

    Each row of the result holds the scores, ``first_wrong`` (the 0-based index, in the
    reference's intermediate states then its final state, of the first state the answer
    gets wrong: its prefix match length; ``None`` when all are right),
    ``prediction_length`` (states predicted, ``None`` when unreadable), the extracted
    ``prediction``, the ``reference`` label, the raw ``response`` (``None`` for a
    ``prediction`` line) and ``source``, the answer's ``file:line`` (``source`` names the
    file)."""
    rows, unknown = [], []
    for line in tqdm(lines, desc=f"scoring {name}", unit="ex", disable=progress is False or None, file=sys.stderr):
        reference = references.get(line["id"])
        if reference is None:
            unknown.append(line["id"])
            continue
        prediction, scores, length = read_and_score(line, reference)
        accuracy, sequential, final, matched, valid = scores
        where = None if source is None else f"{source}:{line[LINE]}" if LINE in line else source
        rows.append(
            {
                "model": name,
                "id": reference.id,
                "task": reference.task,
                "steps": reference.steps,
                "prefix_accuracy": accuracy,
                "sequential_match": sequential,
                "final_match": final,
                "prefix_match_length": matched,
                "valid": valid,
                "first_wrong": None if sequential else matched,
                "prediction_length": length,
                "prediction": prediction,
                "reference": reference.label,
                "response": line.get("response"),
                "source": where,
            }
        )
    seen = {row["id"] for row in rows}
    missing = [identifier for identifier in references if identifier not in seen]
    result = ModelResult(name, rows, unknown, missing)
    result.summary = summarize(result)
    return result


def _tuple(row: dict[str, Any]) -> measures.Row:
    return (
        row["prefix_accuracy"],
        row["sequential_match"],
        row["final_match"],
        row["prefix_match_length"],
        row["valid"],
    )


def figures_of(rows: list[dict[str, Any]], with_intervals: bool = True) -> dict[str, Any]:
    """The means, invalid count and n of score rows, each of PA, SM and FM followed by its
    95% interval (``<measure>_ci: [low, high]``, see :mod:`.intervals`)."""
    means = measures.summarize([_tuple(row) for row in rows])
    if not with_intervals:
        return means
    bounds = intervals(
        [row["prefix_accuracy"] for row in rows],
        [row["sequential_match"] for row in rows],
        [row["final_match"] for row in rows],
    )
    figures: dict[str, Any] = {}
    for key, value in means.items():
        figures[key] = value
        if f"{key}_ci" in bounds:
            figures[f"{key}_ci"] = bounds[f"{key}_ci"]
    return figures


def _grouped(
    rows: list[dict[str, Any]], key: Any, order: list[Any] | None = None, with_intervals: bool = True
) -> dict[Any, dict[str, Any]]:
    groups: defaultdict[Any, list[dict[str, Any]]] = defaultdict(list)
    for row in rows:
        groups[key(row)].append(row)
    names = [name for name in order if name in groups] if order else sorted(groups)
    return {name: figures_of(groups[name], with_intervals) for name in names}


def summarize(result: ModelResult) -> dict[str, Any]:
    """``{"overall", "by_length", "by_task", "by_steps"}``; means over the examples with a
    prediction line, ``missing`` counting the dataset examples without one. Overall, by
    length and by task, PA, SM and FM each come with a 95% interval."""
    rows = result.rows
    if not rows:
        raise ValueError(
            f"{result.name}: no prediction line matches an example of the dataset "
            f"({len(result.unknown_ids)} unknown ids, e.g. {result.unknown_ids[:SHOWN]})"
        )
    overall = figures_of(rows)
    overall["missing"] = len(result.missing_ids)
    overall["unknown_ids"] = len(result.unknown_ids)
    by_steps = _grouped(rows, lambda row: row["steps"], with_intervals=False)
    return {
        "overall": overall,
        "by_length": _grouped(rows, lambda row: length_bucket(row["steps"]), ["short", "medium", "long", "extra"]),
        "by_task": _grouped(rows, lambda row: row["task"], list(TASKS)),
        "by_steps": {str(steps): figures for steps, figures in by_steps.items()},
    }


def failed_by_all(results: list[ModelResult]) -> tuple[list[str], int]:
    """The ids of the examples every model answered and every model fails (PA = 0), in
    dataset order (task, then id), and how many examples every model answered."""
    answered = [{row["id"]: row["prefix_accuracy"] for row in result.rows} for result in results]
    task_of = {row["id"]: row["task"] for row in results[0].rows}
    common = [identifier for identifier in answered[0] if all(identifier in scores for scores in answered[1:])]
    failed = [identifier for identifier in common if all(scores[identifier] == 0 for scores in answered)]
    rank = {task: number for number, task in enumerate(TASKS)}
    failed.sort(key=lambda identifier: (rank.get(task_of[identifier], len(rank)), identifier))
    return failed, len(common)
