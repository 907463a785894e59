"""The original ProcBench pipeline's runs, read as they are.

Its ``predict.py`` and ``extract.py`` leave a run as folders::

    experiment/<exp>/preds/<model>/task01/0000.txt        the raw reply
    experiment/<exp>/preds_json/<model>/task01/0000.json  the extraction, {"intermediate": [...], "final": ...}

An example is named by its task folder and file, ``task01_0000``: the ``problem_name`` of
our rows. A ``preds/<model>`` folder gives answers with a ``response`` (read by the
reader), a ``preds_json/<model>`` folder answers with a structured ``prediction``; a
``preds`` (or ``preds_json``) folder holding several model folders gives one model each
(:func:`expand`). Only ``.txt`` and ``.json`` files are read: nothing else of the original
(never its ``preds_raw`` pickles). The paper's extractions of a ``preds/<model>`` run are
found beside it in ``preds_json/<model>`` (:class:`PaperExtractions`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .extraction import Extraction

RAW, EXTRACTED = "preds", "preds_json"  # the original's folders of replies and of extractions
SUFFIX = {RAW: ".txt", EXTRACTED: ".json"}
PAPER_EXTRACTION = "the paper's extraction (preds_json)"  # its name in the report
_TASK_FOLDER = re.compile(r"^task\d{2}$")
_EXAMPLE_FILE = re.compile(r"^\d{4}$")


@dataclass(frozen=True)
class OriginalModel:
    """One model's folder of an original run: ``kind`` is :data:`RAW` or :data:`EXTRACTED`."""

    folder: Path
    kind: str

    @property
    def name(self) -> str:
        """The model's default name in the report: the folder's, marked for extractions."""
        return self.folder.name if self.kind == RAW else f"{self.folder.name} ({EXTRACTED})"

    def files(self) -> Iterator[tuple[str, Path]]:
        """Each example's ``problem_name`` and file, task by task, in order."""
        suffix = SUFFIX[self.kind]
        for task in sorted(path for path in self.folder.iterdir() if _TASK_FOLDER.match(path.name)):
            for path in sorted(task.glob(f"*{suffix}")):
                if _EXAMPLE_FILE.match(path.stem):
                    yield f"{task.name}_{path.stem}", path

    def answers(self) -> Iterator[dict[str, Any]]:
        """The model's answers: ``{"id": problem_name, "response": text, "source": file}``
        for replies, ``{"id", "prediction", "source"}`` for extractions; ``ValueError``
        naming a file that cannot be read."""
        for identifier, path in self.files():
            if self.kind == RAW:
                yield {"id": identifier, "response": _text(path), "source": str(path)}
            else:
                yield {"id": identifier, "prediction": read_extraction(path), "source": str(path)}


def _text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise ValueError(f"{path}: not UTF-8 text (byte {error.start}); save the reply as UTF-8") from None


def read_extraction(path: Path) -> Any:
    """The prediction a ``preds_json`` file holds; ``ValueError`` naming the file when it
    is not JSON."""
    try:
        return json.loads(_text(path))
    except json.JSONDecodeError as error:
        raise ValueError(
            f"{path}:{error.lineno}: not a JSON extraction ({error.msg}); the original's extract.py writes "
            '{"intermediate": [...], "final": ...}'
        ) from None
    except RecursionError:
        raise ValueError(f"{path}: JSON nested too deeply to be an extraction") from None


def _holds_examples(folder: Path, suffix: str) -> bool:
    return any(
        _TASK_FOLDER.match(task.name) and any(_EXAMPLE_FILE.match(path.stem) for path in task.glob(f"*{suffix}"))
        for task in folder.iterdir()
        if task.is_dir()
    )


def _kind(folder: Path) -> str:
    """:data:`RAW` or :data:`EXTRACTED`: by the name of the folder above the model's, or
    else by the files it holds (``.txt`` replies, ``.json`` extractions)."""
    if folder.parent.name in SUFFIX:
        return folder.parent.name
    return RAW if _holds_examples(folder, SUFFIX[RAW]) else EXTRACTED


def original_model(folder: Path) -> OriginalModel | None:
    """The model of ``folder`` when it is one model's folder of an original run (it holds
    ``taskNN/NNNN.txt`` or ``.json`` files), else ``None``."""
    if not folder.is_dir() or not any(_holds_examples(folder, suffix) for suffix in SUFFIX.values()):
        return None
    return OriginalModel(folder, _kind(folder))


def expand(path: Path) -> list[OriginalModel] | None:
    """The models ``path`` holds in the original's layout: one for a model's folder, one
    per model folder for a ``preds`` or ``preds_json`` folder; ``None`` when it is not in
    that layout."""
    single = original_model(path)
    if single is not None:
        return [single]
    if not path.is_dir():
        return None
    models = [model for folder in sorted(path.iterdir()) if (model := original_model(folder)) is not None]
    return models or None


class PaperExtractions:
    """The paper's extractions of ``preds/<model>`` replies, read from ``preds_json/<model>``
    beside them, as a second reading for :func:`.extractor_comparison.compare` (in the place
    of an ``--extractor`` model): a reply's extraction is the file of the same task and
    number; a reply without one counts as found no answer."""

    name = PAPER_EXTRACTION

    def __init__(self, folders: dict[str, Path]) -> None:
        self.folders = folders  # model name -> its preds_json/<model> folder

    async def read(self, record: dict[str, Any]) -> Extraction:
        source = Path(record["source"])
        path = self.folders[record["model"]] / source.parent.name / (source.stem + SUFFIX[EXTRACTED])
        if not path.is_file():
            return Extraction(None, "")
        prediction = read_extraction(path)
        return Extraction(prediction if isinstance(prediction, dict) else None, json.dumps(prediction))


def paper_extractions(models: dict[str, Path]) -> PaperExtractions | None:
    """The paper's extractions beside the ``preds/<model>`` folders among ``models`` (model
    name -> answers path), or ``None`` when none has any."""
    found = {}
    for name, path in models.items():
        model = original_model(path)
        if model is not None and model.kind == RAW and path.parent.name == RAW:
            beside = path.parent.parent / EXTRACTED / path.name
            if original_model(beside) is not None:
                found[name] = beside
    return PaperExtractions(found) if found else None
