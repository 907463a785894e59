"""The README's walk-through with the simulated model runs as written, offline, and the
report's horizon interval holds the horizon the model was given."""

import json
import re
import subprocess
import sys
from pathlib import Path

from tests.support.offline import offline_env
from tests.test_readme import README, repository_copy

INSPECT = str(Path(sys.executable).with_name("inspect"))


def walkthrough_block():
    """The commands between the README's simulated-walkthrough markers, fences dropped."""
    section = README.split("<!-- simulated-walkthrough -->\n", 1)[1].split("<!-- /simulated-walkthrough -->", 1)[0]
    return "".join(line for line in section.splitlines(keepends=True) if not line.startswith("```"))


def test_the_walkthrough_is_generate_inspect_eval_evaluate():
    """It is the route the README promises: a small set, the inspect run with the simulated
    model and a horizon, the report of the run's successful log in a named folder."""
    block = walkthrough_block()
    assert block.startswith(".venv/bin/procbench generate ")
    assert "--model procbench/simulated -M horizon=8" in block
    assert '.venv/bin/procbench evaluate "$(.venv/bin/inspect log list --status success' in block
    assert "--output report-simulated" in block and "`report-simulated/`" in README


def test_the_readme_walkthrough_runs_offline_and_finds_the_given_horizon(tmp_path):
    """Run in a copy of the repository with downloads impossible, the README's commands (this
    checkout's procbench and the environment's inspect in place of ``.venv/bin``) succeed;
    ``summary.json``'s pooled h50 interval holds the ``-M horizon`` the block gives, and the
    table the README shows is the one the run prints."""
    root = repository_copy(tmp_path)
    block = walkthrough_block()
    script = block.replace(".venv/bin/procbench", f"{sys.executable} -m procbench_tools").replace(
        ".venv/bin/inspect", INSPECT
    )
    env = offline_env(tmp_path)
    ran = subprocess.run(["bash", "-e", "-c", script], cwd=root, env=env, capture_output=True, text=True)
    assert ran.returncode == 0, ran.stderr[-3000:]
    horizon = float(re.search(r"-M horizon=(\d+)", block).group(1))
    summary = json.loads((root / "report-simulated" / "summary.json").read_text())
    low, high = summary["models"]["simulated"]["horizon"]["pooled"]["h50_ci"]
    assert low <= horizon <= high
    shown = README.split("The report's horizon finds the horizon", 1)[1].split("```text\n", 1)[1].split("```", 1)[0]
    assert shown in ran.stdout
