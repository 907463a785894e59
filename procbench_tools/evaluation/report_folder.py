"""Every file of a report, written in one place: a staging folder beside ``--output``
(:func:`procbench_tools.atomic.atomic_folder`) that takes its place as one unit when the
report is complete, or is removed when anything fails; only an earlier report of ours is
ever replaced (:mod:`.publish`)."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterable, Iterator
from pathlib import Path
from types import TracebackType
from typing import IO, TYPE_CHECKING, Any

from ..atomic import atomic_folder
from .files import FAILED_BY_ALL, POSSIBLE_MISREADS, REPORT_HTML, SCORES, SUMMARY, TABLE_LATEX, TABLE_MARKDOWN
from .publish import check_output, write_record
from .scored import ScoredAnswer, json_line

if TYPE_CHECKING:
    from .drilldown import DrillExample
    from .plots import FigureData

WORK = ".work"  # inside the staging folder: files the run needs and the report does not


class ReportFolder:
    """The report being written. ``add`` appends an answer's lines as it is scored;
    ``finish`` writes the rest; leaving the ``with`` block then puts the report in place,
    and leaving it by an exception removes everything written."""

    def __init__(self, output: Path, shown: str) -> None:
        check_output(output, shown)  # before anything is written
        self.output, self.shown = output, shown
        self.folder = atomic_folder(output, shown)
        self.staging = self.folder.__enter__()  # made now: an unwritable place is refused before scoring
        self.work = self.staging / WORK
        self.work.mkdir()
        self.scores = (self.staging / SCORES).open("wb")
        self.offset = 0  # bytes of scores.jsonl written so far
        self.misreads = (self.staging / POSSIBLE_MISREADS).open("wb")

    def __enter__(self) -> ReportFolder:
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self._close()
        self.folder.__exit__(kind, error, traceback)  # in place, or removed after an error

    def _close(self) -> None:
        self.scores.close()
        self.misreads.close()

    def add(self, answer: ScoredAnswer) -> int:
        """Write the answer's line of ``scores.jsonl`` (and of ``possible_misreads.jsonl``
        when flagged); returns where its ``scores.jsonl`` line starts."""
        start = self.offset
        line = json_line(answer.record()).encode("utf-8")
        self.scores.write(line)
        self.offset += len(line)
        if answer.possibly_misread:
            self.misreads.write(json_line(answer.misread_record()).encode("utf-8"))
        return start

    def scores_file(self) -> Path:
        """``scores.jsonl`` as written so far (flushed), to read back."""
        self.scores.flush()
        return self.staging / SCORES

    def scored_records(self) -> Iterator[dict[str, Any]]:
        """The records of ``scores.jsonl`` written so far, in order."""
        with self.scores_file().open("rb") as stream:
            yield from (json.loads(line) for line in stream)

    def open_text(self, name: str) -> IO[str]:
        """A new file of the report, for writing text."""
        return (self.staging / name).open("w", encoding="utf-8")

    def write_lines(self, name: str, records: Iterable[dict[str, Any]]) -> None:
        with self.open_text(name) as stream:
            for record in records:
                stream.write(json_line(record))

    def finish(
        self,
        summary: dict[str, Any],
        failed: Iterable[dict[str, Any]] | None,
        figures: FigureData | None,
        horizons: dict[str, Any],
        examples: list[DrillExample],
    ) -> None:
        """Write ``summary.json``, ``failed_by_all.jsonl`` (given ``failed``, which may read
        ``scores.jsonl``: it is complete by then), the figures (given ``figures``), Table 2
        as ``table.md`` and ``table.tex``, ``report.html`` (with each model's horizon report
        and the drill-down's ``examples``) and the record of the files; ``--output`` is
        checked again, in case files of someone else's arrived there meanwhile."""
        from .html_report import ReportPage, render
        from .tables import latex_table, markdown_table

        self._close()
        if failed is not None:
            self.write_lines(FAILED_BY_ALL, failed)
        drawn = None
        if figures is not None:
            from .plots import draw_all

            drawn = draw_all(figures, self.staging)
        with (self.staging / SUMMARY).open("w", encoding="utf-8") as stream:
            json.dump(summary, stream, indent=2, ensure_ascii=False)
            stream.write("\n")
        (self.staging / TABLE_MARKDOWN).write_text(markdown_table(summary["models"]), encoding="utf-8")
        (self.staging / TABLE_LATEX).write_text(latex_table(summary["models"]), encoding="utf-8")
        page = ReportPage(summary, horizons, drawn, examples)
        (self.staging / REPORT_HTML).write_text(render(page), encoding="utf-8")
        shutil.rmtree(self.work)
        write_record(self.staging)
        check_output(self.output, self.shown)
