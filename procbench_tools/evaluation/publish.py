"""Who owns a report folder (``--output``): only files ``procbench evaluate`` wrote there may
be replaced.

A report folder holds a record, ``RECORD``, of the files ``procbench evaluate`` wrote in it.
``--output`` may be a new folder, an empty one, or one holding only files of that record (an
earlier report, which the new one replaces as a whole); any other folder is refused before
scoring starts, naming a file that is not ours, and checked again just before the new report
takes its place. Writing the folder itself (staging beside it, one swap into place, the
cleanup of what a killed run left) is :func:`procbench_tools.atomic.atomic_folder`'s.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

RECORD = ".procbench-report.json"  # in a report folder: the files procbench evaluate wrote
SHOWN_FOREIGN = 3


def _written_before(folder: Path) -> set[str]:
    """The names the folder's record lists (empty without a readable record)."""
    try:
        record = json.loads((folder / RECORD).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return set()
    files = record.get("files") if isinstance(record, dict) else None
    return {name for name in files if isinstance(name, str)} if isinstance(files, list) else set()


def foreign_files(folder: Path) -> list[str]:
    """The entries of ``folder`` that no earlier report of ours wrote, by name."""
    ours = _written_before(folder) | {RECORD}
    return sorted(entry.name for entry in folder.iterdir() if entry.name not in ours)


def check_output(output: Path, shown: str) -> None:
    """``ValueError`` in one line, before any scoring, when ``output`` cannot take a report:
    a file, under a file, a folder holding files this command did not write, or not
    writable."""
    if output.exists() and not output.is_dir():
        raise ValueError(f"--output {shown} is a file; the report needs a folder (its files go inside it)")
    existing = next(folder for folder in output.parents if folder.exists())
    if not existing.is_dir():
        raise ValueError(f"--output {shown}: cannot write there ({existing} is a file, not a folder)")
    if output.is_dir():
        try:
            foreign = foreign_files(output)
        except OSError as error:
            raise ValueError(f"--output {shown}: cannot read it ({error.strerror})") from None
        if foreign:
            listed = ", ".join(foreign[:SHOWN_FOREIGN]) + (", ..." if len(foreign) > SHOWN_FOREIGN else "")
            raise ValueError(
                f"--output {shown} holds files procbench evaluate did not write ({listed}); "
                "choose a new or empty folder, so that none of them is replaced"
            )
        if not os.access(output, os.W_OK | os.X_OK):
            raise ValueError(f"--output {shown}: cannot write there (permission denied)")


def write_record(staging: Path) -> None:
    """Record the files of the staged report (written last, just before it takes its place)."""
    names = sorted(entry.name for entry in staging.iterdir() if entry.name != RECORD)
    record = {"written_by": "procbench evaluate", "files": names}
    (staging / RECORD).write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")
