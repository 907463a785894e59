"""The distribution's name, and no document telling users to install another package or
from an index (the built wheel itself is tested in ``test_wheel.py``)."""

import importlib.metadata
import re
from pathlib import Path

import procbench_tools

ROOT = Path(__file__).resolve().parent.parent


# The PyPI name procbench belongs to an unrelated project ("Process Benchmarking Tool"): ours
# is procbench-tools, and nothing may tell a user to install the other.
OTHER_PACKAGE = re.compile(r"""pip\s+install\s+(?:-\S+\s+)*['"]?procbench(?![-_\w])""")


def test_no_document_tells_users_to_install_the_other_package():
    checked = [path for path in ROOT.rglob("*") if path.suffix in (".md", ".py", ".cfg", ".toml", ".yaml", ".txt")]
    checked = [path for path in checked if not ({".venv", ".git", "build", "fixtures"} & set(path.parts))]
    checked.remove(Path(__file__))  # this file names the other package on purpose, below
    assert len(checked) > 50
    offenders = [
        f"{path.relative_to(ROOT)}: {match.group()}"
        for path in checked
        for match in OTHER_PACKAGE.finditer(path.read_text(encoding="utf-8", errors="replace"))
    ]
    assert offenders == []
    assert OTHER_PACKAGE.search("pip install 'procbench[inspect]'") and OTHER_PACKAGE.search("pip install procbench")
    assert not OTHER_PACKAGE.search("pip install 'procbench-tools[inspect]'")


def test_the_distribution_is_procbench_tools():
    assert importlib.metadata.version("procbench-tools") == procbench_tools.__version__
    assert importlib.metadata.distribution("procbench-tools").entry_points.select(name="procbench")


# No release is on a package index yet (issue #30, item 7): every install line installs from
# the repository or the built wheel, none names the distribution on an index.
FROM_AN_INDEX = re.compile(r"""pip\s+install\s+(?:-\S+\s+)*['"]?procbench-tools\b""")


def test_no_document_tells_users_to_install_from_an_index():
    checked = [path for path in ROOT.rglob("*") if path.suffix in (".md", ".py", ".cfg", ".toml", ".yaml", ".txt")]
    checked = [path for path in checked if not ({".venv", ".git", "build", "dist"} & set(path.parts))]
    checked.remove(Path(__file__))  # this file names the lines it refuses, below
    checked = [path for path in checked if path.name != "CHANGELOG.md"]  # history, not instructions
    offenders = [
        f"{path.relative_to(ROOT)}: {match.group()}"
        for path in checked
        for match in FROM_AN_INDEX.finditer(path.read_text(encoding="utf-8", errors="replace"))
    ]
    assert offenders == []
    assert FROM_AN_INDEX.search("pip install 'procbench-tools[inspect]'") and FROM_AN_INDEX.search(
        "pip install -U procbench-tools"
    )
    assert not FROM_AN_INDEX.search("pip install '.[inspect]'")
