"""Running a command so that file permissions bind it, even as root."""

from __future__ import annotations

import os


def unprivileged(command: list[str]) -> list[str]:
    """``command`` run so that file permissions bind it: as root (CI runs as root), without
    the capabilities that let root write anywhere."""
    if os.geteuid() != 0:
        return command
    return ["setpriv", "--bounding-set=-dac_override,-dac_read_search", *command]
