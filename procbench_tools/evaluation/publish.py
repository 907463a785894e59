"""The report folder (``--output``): always one run's report, whole, and never a user's file lost.

- **Ownership.** A report folder holds a record, ``RECORD``, of the files ``procbench
  evaluate`` wrote there. ``--output`` may be a new folder, an empty one, or one holding
  only files of that record (an earlier report, which the new one replaces); any other
  folder is refused before scoring starts, naming a file that is not ours.
- **Staging.** The report is written into a staging folder beside ``--output``, named
  ``.<name>.procbench-<host>-<pid>-…`` (see :mod:`procbench_tools.atomic`); creating it is the
  first thing a run does, so an unwritable place is refused at once, naming the user's path.
  Staging left by a killed run (a process that no longer runs) is removed by the next run.
- **Publishing as one unit.** The finished folder takes ``--output``'s place in one step:
  an atomic exchange of the two folders (Linux ``renameat2(RENAME_EXCHANGE)``), after which
  the old report, now under the staging name, is deleted. Where the exchange is not
  available, the old folder is renamed aside (``….old``) and the new one renamed in; a run
  killed between the two renames leaves no ``--output``, and the next run puts the old
  report back before anything else (``atomic.remove_stale_staging``). Publishing holds a lock
  on the parent folder, so two runs to one folder publish one after the other: the folder
  is the last one's, whole, never a mix.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import json
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

from ..atomic import ASIDE_SUFFIX, make_staging_folder

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
    empty, a file, a folder holding files this command did not write, or not writable."""
    if not shown:
        raise ValueError("--output is empty: name a folder for the report")
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


def new_staging(output: Path, shown: str) -> Path:
    """A new staging folder beside ``output`` (stale ones of killed runs removed first);
    ``ValueError`` naming ``shown`` when the place cannot be written."""
    try:
        return make_staging_folder(output)
    except OSError as error:
        reason = error.strerror or str(error).rsplit(": ", 1)[-1]
        raise ValueError(f"--output {shown}: cannot write there ({reason})") from None


def write_record(staging: Path) -> None:
    """Record the files of the staged report (written last, just before publishing)."""
    names = sorted(entry.name for entry in staging.iterdir() if entry.name != RECORD)
    record = {"written_by": "procbench evaluate", "files": names}
    (staging / RECORD).write_text(json.dumps(record, indent=2) + "\n", encoding="utf-8")


@contextlib.contextmanager
def _parent_locked(folder: Path) -> Iterator[None]:
    """An exclusive lock on ``folder`` (a parent of reports) for the block; none where the
    system has no ``flock``."""
    try:
        import fcntl
    except ImportError:  # Windows
        yield
        return
    descriptor = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(descriptor, fcntl.LOCK_EX)
        yield
    finally:
        os.close(descriptor)  # releases the lock


def _exchange(first: Path, second: Path) -> bool:
    """Swap two folders atomically (Linux ``renameat2``); ``False`` where the system or the
    file system cannot."""
    try:
        renameat2 = ctypes.CDLL(None, use_errno=True).renameat2
    except (AttributeError, OSError):
        return False
    at_current_folder, exchange = -100, 2  # AT_FDCWD, RENAME_EXCHANGE
    if renameat2(at_current_folder, os.fsencode(first), at_current_folder, os.fsencode(second), exchange) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.ENOTSUP, errno.EOPNOTSUPP):
        return False
    raise OSError(code, os.strerror(code), str(second))


def publish(staging: Path, output: Path, shown: str) -> None:
    """Put the finished report ``staging`` in ``output``'s place as one unit (see the module
    docstring); ``ValueError`` when ``output`` meanwhile received files that are not ours."""
    write_record(staging)
    with _parent_locked(output.parent):
        if not output.exists():
            os.rename(staging, output)
            return
        check_output(output, shown)  # it may have changed while this run was scoring
        if not any(output.iterdir()):
            os.rename(staging, output)  # replaces an empty folder
        elif _exchange(staging, output):
            shutil.rmtree(staging, ignore_errors=True)  # the old report, now under the staging name
        else:
            aside = staging.with_name(staging.name + ASIDE_SUFFIX)  # put back by the next run if we die here
            os.rename(output, aside)
            try:
                os.rename(staging, output)
            except BaseException:
                os.rename(aside, output)
                raise
            shutil.rmtree(aside, ignore_errors=True)
