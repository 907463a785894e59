"""The two sides of a benchmark: this checkout and a baseline revision's tree."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = "450fee8"  # the tuned code path before issue 22 made it plain


def baseline_tree(revision: str, folder: Path) -> Path:
    """The tree of ``revision`` (from this checkout's git), unpacked into ``folder``."""
    archive = subprocess.run(["git", "archive", revision], cwd=ROOT, check=True, capture_output=True).stdout
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder


def compile_tree(root: Path) -> None:
    """Bytecode for the tree's packages, as ``pip install`` makes it: imports measure
    loading, not compiling (PYTHONDONTWRITEBYTECODE may be set)."""
    for name in ("generators", "procbench_tools"):
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(root / name)], check=True, capture_output=True)
