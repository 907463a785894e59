"""Answers out of the evaluation harnesses' own files, for ``procbench evaluate``.

:func:`read_harness_answers` recognises, by content:

- an inspect-ai log (``.eval``, a zip archive, or the older ``.json`` format), read with
  inspect's own ``read_eval_log``: each sample's id and ``output.completion``; samples that
  ended in an error have no answer and count as missing;
- an lm-evaluation-harness ``samples_<task>_<date>.jsonl`` file (``--log_samples``): each
  line's ``doc["id"]`` and filtered response;
- a folder holding one lm-eval run's ``samples_procbench_*.jsonl`` files (its 23 tasks),
  searched recursively, so ``--output_path`` or the model folder under it both work;

and returns a :class:`HarnessAnswers`: the same ``{"id", "response"}`` dicts as a JSON
Lines answers file (an inspect sample also has ``"truncated"``, true when cut off by the
token limit, and the ``output_tokens`` and ``reasoning_tokens`` its usage reports; lm-eval's
samples record neither, so they are counted where the run's model allows:
:mod:`.lm_eval_tokens`), with what the harness says of its run (an inspect log's ``status``
and the ids of its errored samples); or ``None`` for anything else (a plain answers file; a
pipe or other stream, which is read once, as one). lm-eval's files are read lazily, a line
at a time; repeated ids are refused by the caller, as for any answers file.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..integrations.inspect_models import TRUNCATING_STOP_REASONS
from .lines import capped_lines, json_lines
from .lm_eval_tokens import LmEvalTokens, lm_eval_tokens, run_model

Line = dict[str, Any]

_ZIP = b"PK\x03\x04"
_SAMPLES_FILE = re.compile(r"samples_(?P<task>.+)_(?P<date>\d{4}-\d{2}-\d{2}T[\d.\-]+)\.jsonl$")
SUCCESS = "success"  # the status of an inspect log whose run finished


@dataclass(frozen=True)
class HarnessAnswers:
    """A harness file's answers (iterating gives its lines) and what it says of its run:
    ``status`` is an inspect log's (``"success"``, ``"error"``, ``"cancelled"``, ...;
    ``None`` for lm-eval, whose samples record none), ``errored`` the ids of the samples
    that ended in an error (they have no answer, so they count as missing)."""

    path: Path
    lines: Iterator[Line]
    status: str | None = None
    errored: tuple[str, ...] = ()
    counted_by: str = "the usage and stop reason inspect logs"  # what the answers' token counts come from
    usage_note: str | None = None  # why the answers cannot say how they ended and what they cost

    def __iter__(self) -> Iterator[Line]:
        return self.lines

    @property
    def complete(self) -> bool:
        """Whether the run finished (an lm-eval run always counts as finished)."""
        return self.status in (None, SUCCESS)

    def check_complete(self) -> None:
        """``ValueError`` in one line for a run that did not finish, naming the file, its
        status and the flag that scores it anyway."""
        if not self.complete:
            raise ValueError(
                f"{self.path}: the inspect log's status is {self.status!r}, not {SUCCESS!r} "
                f"({len(self.errored)} errored samples); its scores would leave out what it did not "
                "answer: run it again, or pass --allow-incomplete to score its answered samples"
            )


def read_harness_answers(path: Path) -> HarnessAnswers | None:
    """The answers of an inspect log or lm-eval samples (a file or a run's folder);
    ``None`` when ``path`` is neither; ``ValueError`` naming the file and what is wrong
    with it otherwise (a folder's layout and an inspect log at once, an lm-eval line when
    it is reached). A log that did not finish is returned as it is: the caller decides
    (:meth:`HarnessAnswers.check_complete`)."""
    if path.is_dir():
        return _lm_eval_run(path, _lm_eval_folder(path))
    if not path.is_file():
        return None  # a pipe or another stream: read once, as a JSON Lines answers file
    with path.open("rb") as stream:
        if stream.read(len(_ZIP)) == _ZIP:
            return _inspect_log(path)
        stream.seek(0)
        first_line = next(capped_lines(stream, f"answers file {path}"), (0, b""))[1]
    try:
        first = json.loads(first_line)
    except (ValueError, RecursionError):
        first = None
    if _is_lm_eval_line(first):
        return _lm_eval_run(path, [path])
    if first is None and first_line.strip() == b"{" and _is_inspect_json_log(path):
        return _inspect_log(path)
    return None


# --- inspect-ai -------------------------------------------------------------------------------


def _is_inspect_json_log(path: Path) -> bool:
    try:
        whole = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, RecursionError):
        return False
    return isinstance(whole, dict) and "eval" in whole and "version" in whole


def _inspect_log(path: Path) -> HarnessAnswers:
    try:
        from inspect_ai.log import read_eval_log
    except ImportError:
        raise ValueError(
            f"{path} is an inspect log; reading it needs inspect-ai: install the inspect extra "
            "(from this repository: .venv/bin/pip install '.[inspect]')"
        ) from None
    try:
        log = read_eval_log(str(path))
    except Exception as error:
        raise ValueError(f"{path}: cannot read the inspect log ({error})") from None
    samples = log.samples or []
    epochs = sorted({sample.epoch for sample in samples})
    if len(epochs) > 1:
        raise ValueError(
            f"{path}: an inspect log of {len(epochs)} epochs; procbench evaluate scores one answer per example "
            "(run inspect with --epochs 1)"
        )
    lines = [
        {
            "id": str(sample.id),
            "response": sample.output.completion,
            "truncated": sample.output.stop_reason in TRUNCATING_STOP_REASONS,
            "output_tokens": None if sample.output.usage is None else sample.output.usage.output_tokens,
            "reasoning_tokens": None if sample.output.usage is None else sample.output.usage.reasoning_tokens,
        }
        for sample in samples
        if sample.error is None and sample.output is not None and sample.output.choices
    ]
    errored = tuple(str(sample.id) for sample in samples if sample.error is not None)
    if not lines:
        raise ValueError(
            f"{path}: the inspect log holds no answered sample (status {log.status!r}, "
            f"{len(errored)} errored samples); run it again"
        )
    return HarnessAnswers(path, iter(lines), log.status, errored)


# --- lm-evaluation-harness --------------------------------------------------------------------


def _is_lm_eval_line(line: Any) -> bool:
    return isinstance(line, dict) and isinstance(line.get("doc"), dict) and "resps" in line and "doc_id" in line


def _response(line: Line) -> str:
    filtered = line.get("filtered_resps")
    if isinstance(filtered, list) and filtered and isinstance(filtered[0], str):
        return filtered[0]
    if isinstance(filtered, str):
        return filtered
    first = line["resps"][0] if line["resps"] else ""
    return first[0] if isinstance(first, list) and first else str(first)


def _lm_eval_run(path: Path, files: list[Path]) -> HarnessAnswers:
    """The answers of one lm-eval run's samples ``files``, counted in tokens where the run's
    model allows (:mod:`.lm_eval_tokens`)."""
    match = _SAMPLES_FILE.match(files[0].name)
    tokens = lm_eval_tokens(None if match is None else run_model(files[0], match["date"]))
    lines = (line for file in files for line in _lm_eval_lines(file, tokens))
    return HarnessAnswers(path, lines, counted_by=tokens.counted_by or "", usage_note=tokens.note)


def _lm_eval_lines(path: Path, tokens: LmEvalTokens) -> Iterator[Line]:
    for number, line in json_lines(path, "lm-eval samples file", str(path)):
        if not _is_lm_eval_line(line) or not isinstance(line["doc"].get("id"), str):
            raise ValueError(
                f"{path}:{number}: not a ProcBench doc of lm-eval's samples file (no doc id); "
                "run the tasks of `procbench lm-eval-tasks`"
            )
        yield {"id": line["doc"]["id"], "response": _response(line), **tokens.usage(line)}


def _lm_eval_folder(folder: Path) -> list[Path]:
    runs: dict[tuple[Path, str], list[Path]] = {}
    for path in sorted(folder.rglob("samples_procbench*.jsonl")):
        match = _SAMPLES_FILE.match(path.name)
        key = (path.parent, match["date"] if match else "")
        runs.setdefault(key, []).append(path)
    if not runs:
        raise ValueError(
            f"answers file {folder} is a folder, not a JSON Lines file, and holds no lm-eval "
            "samples_procbench_*.jsonl files (run lm_eval with --log_samples), nor the original ProcBench "
            "run's taskNN/NNNN.txt or .json files (give its preds/<model> or preds_json/<model> folder)"
        )
    if len(runs) > 1:
        shown = ", ".join(
            f"{parent.relative_to(folder) if parent != folder else '.'} at {date}" for parent, date in runs
        )
        raise ValueError(f"{folder} holds {len(runs)} lm-eval runs ({shown}); pass the samples files of one run")
    (files,) = runs.values()
    return files
