"""Write files and folders so that a failure never leaves a half-written result behind.

A file (or a missing one) is written under a staging name beside it and renamed into place
at the end; a symlink is followed, so that its target is replaced and the link stays; a
device node or FIFO (``/dev/stdout``, a named pipe) is written straight through. A new file
gets the usual ``0666 & ~umask`` mode and a replaced one keeps its own.

A folder is built in a staging folder beside it. A missing (or empty) folder is then put in
place by one rename; an existing one is swapped with the new one in one step (Linux's
``renameat2`` with ``RENAME_EXCHANGE``), so that it is never missing, and its old content
is deleted. Where the system cannot swap (another OS, a file system such as NFS), the old
folder is moved aside and the new one moved in: a process killed between the two leaves
the folder missing until the next write of it puts the old one back. A folder that another
process wrote while ours was being built is left as that process made it, and ours is
discarded with an error naming the folder.

Staging names say who made them: ``.<name>.procbench-<host>-<pid>-<random>``. They are
removed when the write fails or the process is terminated (``SIGTERM``, see
:func:`terminate_on_sigterm`), and a staging entry left by a process of ours that was
killed outright is removed by the next write to the same target. Errors name the user's
path, never a staging one.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import functools
import hashlib
import os
import re
import shutil
import signal
import socket
import stat
import tempfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TextIO

from .errors import Terminated

TAG = "procbench"
ASIDE_SUFFIX = ".old"  # a replaced folder moved aside where two folders cannot be swapped
RENAME_EXCHANGE = 2  # renameat2's flag: swap the two paths
AT_FDCWD = -100
# What renameat2 answers where it cannot swap: no such call, or a file system without it.
NO_EXCHANGE = (errno.ENOSYS, errno.EINVAL, errno.EOPNOTSUPP)
# What a rename answers when another process put something at the target meanwhile.
TAKEN = (errno.ENOTEMPTY, errno.EEXIST, errno.ENOTDIR, errno.EISDIR, errno.ENOENT)


@functools.cache
def _host() -> str:
    """Six hex digits naming this machine, so that a shared folder's staging entries of
    another machine are never taken for dead ones of ours."""
    return hashlib.sha256(socket.gethostname().encode()).hexdigest()[:6]


def staging_prefix(target: Path) -> str:
    """``.<name>.procbench-<host>-<pid>-``: the start of every staging name of ``target``."""
    return f".{target.name}.{TAG}-{_host()}-{os.getpid()}-"


def _pid_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # it exists but belongs to someone else
        return True
    return True


def remove_stale_staging(target: Path) -> list[Path]:
    """Remove the staging files and folders of ``target`` left by processes of ours on this
    machine that no longer run, after putting back a folder moved aside when ``target`` is
    missing; returns what was removed or put back. Anything else is left alone."""
    pattern = re.compile(rf"^\.{re.escape(target.name)}\.{TAG}-{_host()}-(\d+)-")
    dead = []
    with contextlib.suppress(OSError):
        for entry in target.parent.iterdir():
            found = pattern.match(entry.name)
            if found is not None and not _pid_alive(int(found.group(1))):
                dead.append(entry)
    for entry in dead:
        if entry.name.endswith(ASIDE_SUFFIX) and not os.path.lexists(target):
            entry.rename(target)  # killed between moving the old folder aside and the new one in
        elif entry.is_dir() and not entry.is_symlink():
            shutil.rmtree(entry, ignore_errors=True)
        else:
            with contextlib.suppress(FileNotFoundError):
                entry.unlink()
    return dead


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _named(error: OSError, path: str) -> OSError:
    """The same kind of error, saying which of the user's paths could not be written."""
    reason = error.strerror or str(error)
    return type(error)(f"cannot write {path}: {reason}")


def _write_error(error: BaseException, staging: Path | None) -> OSError | None:
    """The file system's error behind ``error`` (``datasets`` wraps a full disk in an error
    of its own) when it names no file or one inside ``staging``; ``None`` for any other
    error, and for one that already names the user's path (no ``errno``)."""
    current: BaseException | None = error
    while current is not None:
        if isinstance(current, OSError):
            name = current.filename
            ours = name is None or (staging is not None and Path(os.fsdecode(name)).is_relative_to(staging))
            return current if current.errno is not None and ours else None
        if current.__cause__ is not None or current.__suppress_context__:
            current = current.__cause__
        else:
            current = current.__context__
    return None


@contextlib.contextmanager
def naming(path: str, staging: Path | None = None) -> Iterator[None]:
    """Errors of writing that name no file (a full disk) or a file under ``staging`` name the
    user's ``path`` instead: ``cannot write PATH: No space left on device``."""
    try:
        yield
    except Exception as error:
        found = _write_error(error, staging)
        if found is None:
            raise
        raise _named(found, path) from None


def _is_special(path: Path) -> bool:
    """A device node, FIFO or socket (written through, never replaced)."""
    try:
        mode = path.stat().st_mode
    except OSError:  # missing, or its folder is not one: the staged path reports it
        return False
    return not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)


@contextlib.contextmanager
def atomic_path(path: str | os.PathLike[str]) -> Iterator[Path]:
    """The path to write ``path``'s new content to, for writers that open files themselves
    (Parquet). For a regular (or new) file it is a staging file beside it that replaces
    the file only when the ``with`` block ends without an exception, and is removed
    otherwise; a special file is its own path, written through."""
    shown = os.fspath(path)
    if not shown:
        raise ValueError("the output path is empty: name a file")
    if Path(shown).is_dir():
        raise IsADirectoryError(f"cannot write {shown}: it is a folder")
    if _is_special(Path(shown)):  # /dev/stdout and the like, followed by open() itself
        with naming(shown):
            yield Path(shown)
        return
    target = Path(os.path.realpath(shown))  # a symlink's target is what gets replaced
    try:
        existing = target.stat()
    except FileNotFoundError:
        existing = None
    except OSError as error:
        raise _named(error, shown) from None
    if existing is not None and not os.access(target, os.W_OK):
        raise PermissionError(f"cannot write {shown}: the file is read-only")
    remove_stale_staging(target)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        descriptor, temporary = tempfile.mkstemp(prefix=staging_prefix(target), suffix=".tmp", dir=target.parent)
    except OSError as error:
        raise _named(error, shown) from None
    try:
        try:
            if existing is None:
                os.fchmod(descriptor, 0o666 & ~_umask())
            else:
                os.fchmod(descriptor, stat.S_IMODE(existing.st_mode))
                with contextlib.suppress(OSError):  # only root may give a file away
                    if (existing.st_uid, existing.st_gid) != (os.geteuid(), os.getegid()):
                        os.fchown(descriptor, existing.st_uid, existing.st_gid)
        finally:
            os.close(descriptor)
        with naming(shown, Path(temporary)):
            yield Path(temporary)
            os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)
        raise


@contextlib.contextmanager
def atomic_text_file(path: str | os.PathLike[str]) -> Iterator[TextIO]:
    """A UTF-8 text stream for ``path``, written as :func:`atomic_path` says."""
    with atomic_path(path) as staged, naming(os.fspath(path), staged):
        with open(staged, "w", encoding="utf-8", newline="\n") as stream:
            yield stream


@functools.cache
def _renameat2() -> Callable[..., int] | None:
    """The C library's ``renameat2``, or ``None`` where it has none."""
    try:
        function: Callable[..., int] = ctypes.CDLL(None, use_errno=True).renameat2
    except (AttributeError, OSError, TypeError):
        return None
    return function


def _move(source: Path, target: Path, flags: int = 0) -> None:
    """``rename(2)``, or ``renameat2(2)`` with ``flags``: every move of a folder goes
    through here."""
    if not flags:
        os.rename(source, target)
        return
    renameat2 = _renameat2()
    if renameat2 is None:
        raise OSError(errno.ENOSYS, os.strerror(errno.ENOSYS), str(source))
    if renameat2(AT_FDCWD, os.fsencode(source), AT_FDCWD, os.fsencode(target), flags) != 0:
        code = ctypes.get_errno()
        raise OSError(code, os.strerror(code), str(source), None, str(target))


def _swap(first: Path, second: Path) -> None:
    """Exchange two folders: in one step where the system can; otherwise through an aside
    name, which :func:`remove_stale_staging` puts back if we are killed half-way."""
    try:
        _move(first, second, RENAME_EXCHANGE)
    except OSError as error:
        if error.errno not in NO_EXCHANGE:
            raise
        aside = first.with_name(first.name + ASIDE_SUFFIX)
        _move(second, aside)
        try:
            _move(first, second)
        except BaseException:
            _move(aside, second)
            raise
        _move(aside, first)


def _identity(path: Path) -> tuple[int, int] | None:
    """(device, inode) of a non-empty folder; ``None`` when ``path`` is missing or empty."""
    try:
        with os.scandir(path) as entries:
            empty = next(entries, None) is None
        status = path.stat()
    except FileNotFoundError:
        return None
    return None if empty else (status.st_dev, status.st_ino)


def _check_deletable(folder: Path, shown: str) -> None:
    """Refuse a folder whose content could not be deleted once replaced (a read-only
    sub-folder), before anything is written."""

    def refuse(folder_inside: str) -> None:
        inside = os.path.normpath(os.path.join(shown, os.path.relpath(folder_inside, folder)))
        raise PermissionError(f"cannot replace {shown}: {inside} is read-only")

    for parent, folders, files in os.walk(folder, onerror=lambda error: refuse(str(error.filename))):
        if (folders or files) and not os.access(parent, os.W_OK | os.X_OK):
            refuse(parent)


def _taken(shown: str) -> FileExistsError:
    return FileExistsError(
        f"cannot write {shown}: another process wrote it meanwhile; it is left as that process made it"
    )


def _publish(staging: Path, target: Path, replacing: tuple[int, int] | None, shown: str) -> None:
    """Put the finished ``staging`` at ``target``, which held ``replacing`` when we began."""
    try:
        if replacing is None:
            _move(staging, target)  # fails if another process filled the target meanwhile
            return
        _swap(staging, target)
        if _identity(staging) == replacing:
            shutil.rmtree(staging, ignore_errors=True)
            return
        _swap(staging, target)  # another process replaced the target meanwhile: give it back
    except OSError as error:
        raise (_taken(shown) if error.errno in TAKEN else _named(error, shown)) from None
    raise _taken(shown)


@contextlib.contextmanager
def atomic_folder(path: str | os.PathLike[str], shown: str | None = None) -> Iterator[Path]:
    """An empty staging folder to build ``path``'s new content in, put in place as the module
    says when the ``with`` block ends without an exception and removed otherwise. Errors
    name ``shown`` (default: ``path``)."""
    target = Path(path)
    shown = os.fspath(path) if shown is None else shown
    remove_stale_staging(target)
    try:
        replacing = _identity(target)
    except OSError as error:
        raise _named(error, shown) from None
    if replacing is not None:
        _check_deletable(target, shown)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=staging_prefix(target), dir=target.parent))
    except OSError as error:
        raise _named(error, shown) from None
    try:
        with naming(shown, staging):
            staging.chmod(0o777 & ~_umask())  # mkdtemp makes it private
            yield staging
        _publish(staging, target, replacing, shown)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


def _raise_terminated(signum: int, frame: object) -> None:
    raise Terminated(signum)


@contextlib.contextmanager
def terminate_on_sigterm() -> Iterator[None]:
    """Turn ``SIGTERM`` into a :class:`Terminated` exception inside the block, so that
    every ``with``/``finally`` cleanup (staging files, temporary caches) runs as it does
    for Ctrl-C. Does nothing outside the main thread."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
