"""``evaluate.load("procbench_metric")`` from any folder, offline.

``evaluate.load`` resolves a bare name in three places, in order: the script
``./<name>/<name>.py`` (the repository root has it), the Hub's canonical metrics
(``evaluate-metric/<name>``, which has no ProcBench), and then evaluate's own module cache,
where a canonical metric once loaded from the Hub is kept as
``<HF_MODULES_CACHE>/evaluate_modules/metrics/evaluate-metric--<name>/<sha256>/<name>.py``.
:func:`install_metric` puts the installed metric script there, so that the last place finds
it; the script imports its scoring core from the installed package, so the scores stay
those of the installed version. Installing again replaces an older copy (evaluate would
otherwise load the newest by file time).
"""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

NAME = "procbench_metric"
CACHE_FOLDER = f"evaluate-metric--{NAME}"  # evaluate's name for the canonical metric NAME


def install_metric() -> Path:
    """Copy the metric script into evaluate's module cache; returns the copy's path."""
    from evaluate.loading import init_dynamic_modules

    from procbench_metric import SCRIPT

    source = SCRIPT.read_bytes()
    metrics = Path(init_dynamic_modules()) / "metrics"
    folder = metrics / CACHE_FOLDER
    copy = folder / hashlib.sha256(source).hexdigest() / f"{NAME}.py"
    for stale in (path for path in folder.glob("*") if path.is_dir() and path != copy.parent):
        shutil.rmtree(stale)
    copy.parent.mkdir(parents=True, exist_ok=True)
    for package in (metrics, folder, copy.parent):  # evaluate imports the copy as a module of these packages
        (package / "__init__.py").touch()
    temporary = copy.with_suffix(".tmp")
    temporary.write_bytes(source)
    temporary.replace(copy)
    return copy
