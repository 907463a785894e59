"""The built distribution (issue #30, items 4-5): ``python -m build`` makes a wheel and an
sdist that ``twine check`` accepts, and the wheel installs no top-level import name that
another project on PyPI installs: the repository's ``generators/`` folder is installed as
``procbench_generators``, so the wheel installs beside PyPI's ``generators`` and both
import."""

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import procbench_tools

ROOT = Path(__file__).resolve().parent.parent
# what the wheel installs at the top level: ours alone (procbench is the documented import)
TOP_LEVEL = {"procbench.py", "procbench_tools", "procbench_generators", "procbench_metric"}
PYPI_GENERATORS = "generators==2020.4.27"  # the PyPI project that owns the import name generators


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The wheel and sdist of a copy of the sources (setuptools leaves build/ and
    *.egg-info beside the sources it builds)."""
    source, dist = tmp_path_factory.mktemp("source") / "procbench", tmp_path_factory.mktemp("dist")
    skip = shutil.ignore_patterns(".*", "build", "dist", "*.egg-info", "__pycache__", "procbench-dataset", "tests")
    shutil.copytree(ROOT, source, ignore=skip, symlinks=True)  # links stay links, as in a git checkout
    command = [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(dist), str(source)]
    result = subprocess.run(command, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-2000:]
    return dist


def test_build_makes_a_wheel_and_an_sdist_that_twine_accepts(built):
    """Item 4: one wheel and one sdist named after the distribution and version; twine's
    strict check (the README renders as the long description) passes."""
    version = procbench_tools.__version__
    assert sorted(path.name for path in built.iterdir()) == [
        f"procbench_tools-{version}-py3-none-any.whl",
        f"procbench_tools-{version}.tar.gz",
    ]
    files = [str(path) for path in built.iterdir()]
    result = subprocess.run(
        [sys.executable, "-m", "twine", "check", "--strict", *files], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.count("PASSED") == 2


def test_the_wheel_installs_only_our_import_names(built):
    """Item 5: the top-level entries of the wheel are ours alone: no ``generators``."""
    (wheel,) = built.glob("*.whl")
    names = {name.split("/")[0] for name in zipfile.ZipFile(wheel).namelist()}
    assert {name for name in names if not name.endswith(".dist-info")} == TOP_LEVEL
    assert "procbench_generators/templates/FindCyclic.txt" in zipfile.ZipFile(wheel).namelist()
    assert "procbench_generators/data/sentences.tsv.gz" in zipfile.ZipFile(wheel).namelist()


def install(wheel: Path, target: Path, *requirements: str) -> None:
    """``pip install --target`` of ``requirements`` (from the package registry), then of
    ``wheel`` alone."""
    pip = [sys.executable, "-m", "pip", "install", "-q", "--target", str(target)]
    if requirements:
        subprocess.run([*pip, *requirements], check=True, capture_output=True)
    subprocess.run([*pip, "--no-deps", str(wheel)], check=True, capture_output=True)


def run_installed(script: str, target: Path) -> str:
    """What ``script`` prints, run with only ``target`` on the path (not the sources): it
    must exit 0."""
    result = subprocess.run(
        [sys.executable, "-c", script, str(target)],
        env={"PYTHONPATH": str(target), "PATH": "/usr/bin:/bin"},
        cwd=target.parent,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_the_wheel_installs_beside_pypi_generators(built, tmp_path):
    """Item 5: with PyPI's ``generators`` installed in the same place, both import: its
    ``generators`` and our ``procbench`` (whose task engine is ``procbench_generators``)."""
    (wheel,) = built.glob("*.whl")
    target = tmp_path / "site"
    install(wheel, target, PYPI_GENERATORS)
    script = (
        "import pathlib, sys\n"
        "import generators, procbench, procbench_generators\n"
        "site = pathlib.Path(sys.argv[1])\n"
        "assert pathlib.Path(generators.__file__).parent == site / 'generators', generators.__file__\n"
        "assert hasattr(generators, 'Generator')  # PyPI's generators, not ours\n"
        "assert pathlib.Path(procbench_generators.__file__).parent == site / 'procbench_generators'\n"
        "print(procbench.TASKS[:3], len(procbench.generate('Count2', 30, 0)['label']['intermediate']))\n"
    )
    assert run_installed(script, target) == "['Sort', 'Gather', 'Count'] 29\n"


def test_the_installed_wheel_finds_its_templates_data_and_entry_points(built, tmp_path):
    """A non-editable install carries the templates, the word data, the console script, the
    inspect entry point, the metric script and the lm-eval task pack."""
    (wheel,) = built.glob("*.whl")
    target = tmp_path / "site"
    install(wheel, target)
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
    printed = run_installed(script, target)
    assert printed.startswith("Sort a string of lowercase letters")
    assert "[Question]\nString: " in printed
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


def test_the_metric_script_is_a_file_in_the_wheel_and_the_sdist(built):
    """Item 6: the repository's ``procbench_metric/procbench_metric.py`` is a link to the
    top-level ``procbench_metric.py``; the wheel and the sdist carry it as a regular file
    with the top-level file's content (a link would not survive an install from the sdist)."""
    import tarfile

    source = (ROOT / "procbench_metric.py").read_bytes()
    (wheel,) = built.glob("*.whl")
    assert zipfile.ZipFile(wheel).read("procbench_metric/procbench_metric.py") == source
    (sdist,) = built.glob("*.tar.gz")
    with tarfile.open(sdist) as archive:
        name = "procbench_metric/procbench_metric.py"
        (member,) = [item for item in archive.getmembers() if item.name.endswith(name)]
        assert member.isfile()
        assert archive.extractfile(member).read() == source
