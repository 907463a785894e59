"""The README's examples run, and its quick start is what CI runs."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()


RUN_BLOCKS = """
import re, sys
blocks = re.findall(r"```python\\n(.*?)```", open("README.md").read(), re.S)
assert len(blocks) >= 4, len(blocks)
for number, block in enumerate(blocks):
    exec(compile(block, f"README.md python block {number + 1}", "exec"), {})
print("ran", len(blocks))
"""


def repository_copy(tmp_path):
    """The repository's files (no export, cache or virtual environment) in a fresh folder."""
    skip = shutil.ignore_patterns(
        ".*", "build", "*.egg-info", "__pycache__", "procbench", "procbench-dataset", "report", "answers.jsonl"
    )
    copy = tmp_path / "repo"
    shutil.copytree(ROOT, copy, ignore=skip)
    return copy


# The sections whose shell blocks must each say whether they run offline (and then run, in
# the test below) or need a model or the Hub (``<!-- needs ... -->``).
CHECKED_SECTIONS = ("## Scoring", "## Run a model", "## Evaluating a model")
MARKED_BLOCK = re.compile(r"<!-- (runs offline|needs)[^>]*-->\n```bash\n(.*?)```", re.S)


def section(title):
    return README.split(title, 1)[1].split("\n## ", 1)[0]


def offline_blocks():
    """The shell blocks marked ``<!-- runs offline -->``, in the README's order."""
    return [block for kind, block in MARKED_BLOCK.findall(README) if kind == "runs offline"]


def test_every_shell_block_of_the_scoring_sections_says_whether_it_runs_offline():
    for title in CHECKED_SECTIONS:
        text = section(title)
        if title == "## Run a model":
            text = text.split("**One report for every route.**", 1)[1]  # the harness runs above need models
        blocks = re.findall(r"```bash\n", text)
        assert len(MARKED_BLOCK.findall(text)) == len(blocks), title
    assert len(offline_blocks()) >= 2


def test_the_one_report_block_neither_exports_again_nor_takes_failed_runs():
    one_report = section("## Run a model").split("**One report for every route.**", 1)[1]
    (block,) = re.findall(r"```bash\n(.*?)```", one_report, re.S)
    assert "procbench export" not in block and "*.eval" not in block
    assert "inspect log list --status success --log-dir logs/gpt-4o-mini" in block
    assert "--dataset procbench " in block  # the folder `procbench export` writes


def test_python_examples_run_from_the_repository_root(tmp_path):
    """Run as the README says, from the repository root after ``procbench export``: there
    ``procbench/`` (the export) sits beside ``procbench.py`` (the builder), and both
    ``load_dataset("procbench", "Sort")`` and ``import procbench`` must work. Then the
    shell blocks that need no network run as written, in order."""
    root = repository_copy(tmp_path)
    env = {**os.environ, "HF_HOME": str(tmp_path / "hf"), "PYTHONPATH": ""}
    exported = subprocess.run(
        [sys.executable, "-m", "procbench_tools", "export"], cwd=root, env=env, capture_output=True, text=True
    )
    assert exported.returncode == 0, exported.stderr
    assert (root / "procbench" / "README.md").is_file() and (root / "procbench.py").is_file()
    result = subprocess.run([sys.executable, "-c", RUN_BLOCKS], cwd=root, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1] == f"ran {README.count('```python')}"
    procbench = f"{sys.executable} -m procbench_tools"  # this checkout's code, as .venv/bin/procbench runs it
    for block in offline_blocks():
        script = block.replace(".venv/bin/procbench", procbench)
        ran = subprocess.run(["bash", "-e", "-c", script], cwd=root, env=env, capture_output=True, text=True)
        assert ran.returncode == 0, (block, ran.stderr)
        if "procbench show" in block:
            assert ">>" not in ran.stdout and "PA 1.000  SM 1  FM 1  PML 7" in ran.stdout


def test_first_dataset_example_is_the_designs_own_line():
    dataset_section = README.split("## The Hugging Face dataset")[1]
    export_command = dataset_section.index(".venv/bin/procbench export ")
    first_load = dataset_section.index("load_dataset(")
    assert export_command < first_load
    assert dataset_section[first_load:].startswith('load_dataset("procbench", "Sort")')


def test_quick_start_is_two_commands_and_ci_runs_them():
    section = README.split("<!-- quickstart -->")[1].split("<!-- /quickstart -->")[0]
    commands = [line for line in section.strip().splitlines() if not line.startswith("```")]
    assert commands == [
        "python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/procbench generate -o procbench.jsonl",
        ".venv/bin/pip install '.[test]' && .venv/bin/python -m pytest",
    ]
    extracted = subprocess.run(
        [
            "bash",
            "-c",
            "sed -n '/<!-- quickstart -->/,/<!-- \\/quickstart -->/p' README.md | grep -v -e '^```' -e '^<!--'",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    assert extracted == commands
    assert "quickstart" in (ROOT / ".ci" / "run").read_text()


def test_task_table_lists_every_task():
    import procbench_generators

    for task in procbench_generators.TASKS:
        assert f"| {procbench_generators.TASK_IDS[task]} | {task} |" in README
