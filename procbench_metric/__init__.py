"""The ProcBench metric, in evaluate's layout: ``procbench_metric.py`` (the metric; in the
repository a link to the top-level ``procbench_metric.py``, its one source, which the wheel
carries as a file) and its card ``README.md``. ``evaluate.load("procbench_metric")`` loads it
from the repository root; from any other folder, run ``procbench install-metric`` once after
installing procbench."""

from pathlib import Path

SCRIPT = Path(__file__).resolve().parent / "procbench_metric.py"
CARD = Path(__file__).resolve().parent / "README.md"
