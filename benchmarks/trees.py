"""The two sides of a benchmark: this checkout and a baseline revision's tree."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import tempfile
from pathlib import Path
from types import ModuleType

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
    for name in ("procbench_generators", "procbench_tools"):
        subprocess.run([sys.executable, "-m", "compileall", "-q", str(root / name)], check=True, capture_output=True)


def load_module(path: Path, name: str) -> ModuleType:
    """The module at ``path`` (a package's ``__init__.py`` makes it a package), imported
    under ``name``, beside this checkout's own."""
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def module_at(revision: str, file: str, name: str) -> ModuleType:
    """The module ``file`` (a path in the repository) as it was at ``revision``, imported
    under ``name``: its absolute imports take this checkout's packages."""
    source = subprocess.run(["git", "show", f"{revision}:{file}"], cwd=ROOT, capture_output=True, text=True, check=True)
    path = Path(tempfile.mkdtemp()) / f"{name}.py"
    path.write_text(source.stdout)
    return load_module(path, name)
