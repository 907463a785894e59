"""A non-editable install carries the templates and the console script."""

import importlib.metadata
import re
import shutil
import subprocess
import sys
from pathlib import Path

import procbench_tools

ROOT = Path(__file__).resolve().parent.parent


def test_wheel_install_finds_templates(tmp_path):
    wheel_dir, target, source = tmp_path / "wheel", tmp_path / "site", tmp_path / "source"
    # Build from a copy: setuptools leaves build/ and *.egg-info beside the sources.
    skip = shutil.ignore_patterns(".*", "build", "*.egg-info", "__pycache__", "procbench", "procbench-dataset", "tests")
    shutil.copytree(ROOT, source, ignore=skip)
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(wheel_dir),
            str(source),
        ],
        check=True,
        capture_output=True,
    )
    (wheel,) = wheel_dir.glob("procbench_tools-*.whl")  # the distribution procbench-tools
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target), str(wheel)],
        check=True,
        capture_output=True,
    )
    script = (
        "import procbench_generators as engine, pathlib, sys\n"
        "assert pathlib.Path(engine.__file__).is_relative_to(sys.argv[1]), engine.__file__\n"
        "for task in engine.TASKS:\n"
        "    assert engine.load_template(task).startswith(engine.procedure_text(task, False))\n"
        "assert len(engine.generate('Count2', 30, 0)['label']['intermediate']) == 29\n"
        "import itertools, procbench\n"
        "first = itertools.islice(procbench.stream(['Sort', 'Count2']), 4)\n"
        "assert sorted(e['task'] for e in first) == ['Count2', 'Count2', 'Sort', 'Sort']\n"
        "print(engine.generate('Sort', 3, 0)['prompt'])\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script, str(target)],
        env={"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin"},
        cwd=tmp_path,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Sort a string of lowercase letters")
    assert "[Question]\nString: " in result.stdout
    assert (target / "procbench_generators" / "templates" / "FindCyclic.txt").is_file()
    assert (target / "procbench_generators" / "data" / "LICENSE.wordnet").is_file()
    assert not (target / "generators").exists()  # a PyPI project's import name
    assert (target / "procbench_tools" / "training" / "stream.py").is_file()
    assert (target / "procbench_tools" / "integrations" / "reasoning_gym.py").is_file()
    entry_points = next(target.glob("procbench_tools-*.dist-info")) / "entry_points.txt"
    assert "procbench = procbench_tools.cli:main" in entry_points.read_text()
    assert "[inspect_ai]\nprocbench_tools = procbench_tools.integrations.inspect_registry" in entry_points.read_text()
    assert (target / "procbench_tools" / "simulated" / "model.py").is_file()  # --model procbench/simulated
    assert (target / "procbench_metric" / "procbench_metric.py").is_file()
    assert (target / "procbench_metric" / "README.md").is_file()
    pack = target / "procbench_tools" / "integrations" / "lm_eval_pack"
    assert (pack / "_procbench_template_yaml").is_file()
    assert len(list(pack.glob("procbench_*.yaml"))) == 23 + 1 and (pack / "procbench_all.yaml").is_file()  # + the group


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
