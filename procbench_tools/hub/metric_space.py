"""The metric as a Hugging Face Space: the script (named after the repo), its card,
``app.py`` and ``requirements.txt`` (``evaluate-cli`` no longer works with current
``huggingface_hub``). The script and card are ``procbench_metric/``'s; the scoring core it
imports from the package is carried beside it."""

from __future__ import annotations

import shutil
from pathlib import Path

import procbench_metric
from procbench_tools import scoring

LOAD_LINE = 'evaluate.load("procbench_metric")'  # in the card; on the Space, the repo id

APP = """import evaluate
from evaluate.utils import launch_gradio_widget

module = evaluate.load("./{script}")
launch_gradio_widget(module)
"""

REQUIREMENTS = "evaluate==0.4.6\ndatasets>=4.0\n"


# The metric imports the scoring core from the installed package; the Space carries those
# files beside the script and imports them relatively. evaluate copies a script's relative
# imports one level deep only, so the Space's script names every carried file in an import
# of its own; the metric itself imports two of them (``DIRECT``).
SCORING_DIR = Path(scoring.__file__).parent
CARRIED = tuple(sorted(path.stem for path in SCORING_DIR.glob("*.py") if path.stem != "__init__"))
DIRECT = ("measures",)
PACKAGE_IMPORT = "from procbench_tools.scoring.{module} import"


def space_script(source: str) -> str:
    """The metric script as the Space runs it: its package imports made sibling imports,
    and one import line for each other file the Space carries (so that evaluate copies it)."""
    for module in DIRECT:
        package_import = PACKAGE_IMPORT.format(module=module)
        if package_import not in source:
            raise RuntimeError(f"procbench_metric/procbench_metric.py no longer has the line {package_import!r}")
        source = source.replace(package_import, f"from .{module} import")
    first_import = source.index("\nfrom .")
    carried = "".join(f"\nfrom .{module} import __name__ as _{module}" for module in CARRIED if module not in DIRECT)
    return source[:first_import] + carried + source[first_import:]


def build_space(folder: Path, repo_id: str) -> Path:
    """Write the Space's files into ``folder``; the script is named after the repo, as
    ``evaluate.load(repo_id)`` expects, and carries the scoring core beside it."""
    script = f"{repo_id.split('/')[-1]}.py"
    folder.mkdir(parents=True, exist_ok=True)
    source = procbench_metric.SCRIPT.read_text(encoding="utf-8")
    (folder / script).write_text(space_script(source), encoding="utf-8")
    for module in CARRIED:
        shutil.copyfile(SCORING_DIR / f"{module}.py", folder / f"{module}.py")
    card = procbench_metric.CARD.read_text(encoding="utf-8")
    if LOAD_LINE not in card:
        raise RuntimeError(f"procbench_metric/README.md no longer has the line {LOAD_LINE!r}")
    (folder / "README.md").write_text(card.replace(LOAD_LINE, f'evaluate.load("{repo_id}")'), encoding="utf-8")
    (folder / "app.py").write_text(APP.format(script=script), encoding="utf-8")
    (folder / "requirements.txt").write_text(REQUIREMENTS, encoding="utf-8")
    return folder
