"""Run ``procbench`` with a fault at one exact folder move of ``procbench_tools.atomic``.

    python -m tests.support.fault_at_move FAULT MOVE [--no-exchange] -- PROCBENCH_ARGS...

Every move of a folder goes through ``atomic._move``; the ``MOVE``-th one (counting from 1)
gets ``FAULT``:

- ``kill-before`` / ``kill-after``: the process kills itself with ``SIGKILL`` just before or
  just after that move (nothing of Python's runs afterwards: no ``finally``, no cleanup);
- ``pause``: before that move, create the file ``$FAULT_MARKER`` and wait until the file
  ``$FAULT_GO`` exists, so that a test can run another process at exactly that moment.

``--no-exchange`` makes the system look like one that cannot swap two folders in one step
(``renameat2`` answers ``ENOSYS``, and that attempt is not counted as a move), so that the
fallback through an aside name runs.
"""

from __future__ import annotations

import errno
import os
import signal
import sys
import time
from pathlib import Path

from procbench_tools import atomic
from procbench_tools.cli import main


def install(fault: str, chosen: int, exchange: bool) -> None:
    original = atomic._move
    count = 0

    def move(source: Path, target: Path, flags: int = 0) -> None:
        nonlocal count
        if flags and not exchange:
            raise OSError(errno.ENOSYS, os.strerror(errno.ENOSYS))
        count += 1
        if count == chosen and fault == "kill-before":
            os.kill(os.getpid(), signal.SIGKILL)
        if count == chosen and fault == "pause":
            Path(os.environ["FAULT_MARKER"]).touch()
            deadline = time.monotonic() + 600  # a test that failed meanwhile must not leave us behind
            while not Path(os.environ["FAULT_GO"]).exists() and time.monotonic() < deadline:
                time.sleep(0.01)
        original(source, target, flags)
        if count == chosen and fault == "kill-after":
            os.kill(os.getpid(), signal.SIGKILL)

    atomic._move = move


if __name__ == "__main__":
    separator = sys.argv.index("--")
    fault, chosen, *options = sys.argv[1:separator]
    install(fault, int(chosen), exchange="--no-exchange" not in options)
    sys.exit(main(sys.argv[separator + 1 :]))
