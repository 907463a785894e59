"""A report folder is always one run's report, whole: killed just before or after each move
of its folder (``tests/support/fault_at_move.py``), with and without the one-step swap, or
written by two runs at once, ``--output`` never mixes two runs, and the next run cleans up
what a killed one left."""

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests import test_errors

ROOT = Path(__file__).resolve().parent.parent
KILLED = -9  # the exit status of a process killed by SIGKILL

dataset = test_errors.dataset  # the fixture: a small export of Sort


@pytest.fixture(scope="module")
def answers(dataset, tmp_path_factory):
    """Two models' answers: ``first`` right on every example, ``second`` on none."""
    import datasets

    rows = datasets.load_dataset(str(dataset), "Sort", split="short")
    folder = tmp_path_factory.mktemp("answers")
    for name, right in (("first", True), ("second", False)):
        lines = [{"id": row["id"], "prediction": row["label"] if right else "no"} for row in rows]
        (folder / f"{name}.jsonl").write_text("".join(json.dumps(line) + "\n" for line in lines))
    return folder / "first.jsonl", folder / "second.jsonl"


def evaluate(answers, dataset, output, fault=None, environment=None):
    """``procbench evaluate`` in a process of its own; ``fault``: (fault, move, options...)
    as ``tests/support/fault_at_move.py`` takes them."""
    command = ["evaluate", str(answers), "--dataset", str(dataset), "--output", str(output), "--no-plots"]
    runner = ["-m", "procbench_tools"] if fault is None else ["-m", "tests.support.fault_at_move", *fault, "--"]
    env = {**os.environ, "PYTHONPATH": str(ROOT), **(environment or {})}
    return subprocess.Popen(
        [sys.executable, *runner, *command], cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip


def finished(process):
    """The exit code and the last line on standard error."""
    _, err = process.communicate(timeout=300)
    return process.returncode, (err.strip().splitlines() or [""])[-1]


def published(output):
    return (0, f"report written to {output}")


def report_of(output):
    """The model whose report ``output`` holds, after checking that every file is that one
    run's: summary.json, scores.jsonl and the record agree."""
    summary = json.loads((output / "summary.json").read_text())
    (model,) = summary["models"]
    scored = {json.loads(line)["model"] for line in (output / "scores.jsonl").read_text().splitlines()}
    assert scored == {model}
    assert summary["models"][model]["overall"]["prefix_accuracy"] == (1.0 if model == "first" else 0.0)
    record = json.loads((output / ".procbench-report.json").read_text())
    assert sorted(record["files"]) == sorted(path.name for path in output.iterdir() if path.name[0] != ".")
    return model


def leftovers(folder):
    return sorted(path.name for path in folder.iterdir() if path.name.startswith("."))


@pytest.mark.parametrize(
    ("fault", "after_kill"),
    [
        (("kill-before", "1"), "first"),  # complete, not yet in place
        (("kill-after", "1"), "second"),  # swapped in one step; the old report not yet deleted
        (("kill-before", "1", "--no-exchange"), "first"),
        (("kill-after", "1", "--no-exchange"), None),  # the old report moved aside, the new one not yet in
        (("kill-after", "2", "--no-exchange"), "second"),  # the new one in, the old one still aside
        (("kill-after", "3", "--no-exchange"), "second"),  # the old one under the staging name
    ],
)
def test_a_kill_at_each_move_leaves_one_runs_report(dataset, answers, tmp_path, fault, after_kill):
    first, second = answers
    output = tmp_path / "report"
    assert finished(evaluate(first, dataset, output)) == published(output)
    code, _ = finished(evaluate(second, dataset, output, fault))
    assert code == KILLED
    if after_kill is None:
        assert not output.exists()  # until the next run puts the old report back
    else:
        assert report_of(output) == after_kill
    assert leftovers(tmp_path)  # what the killed run left beside the report
    # the next run to the same folder puts back or removes what was left, then publishes its own report whole
    assert finished(evaluate(first, dataset, output)) == published(output)
    assert report_of(output) == "first"
    assert leftovers(tmp_path) == []


def test_a_report_set_aside_by_a_killed_run_is_back_before_the_next_run_scores(dataset, answers, tmp_path):
    first, second = answers
    output = tmp_path / "report"
    assert finished(evaluate(first, dataset, output)) == published(output)
    assert finished(evaluate(second, dataset, output, ("kill-after", "1", "--no-exchange")))[0] == KILLED
    assert not output.exists()
    assert finished(evaluate(second, dataset, output, ("kill-before", "1")))[0] == KILLED
    assert report_of(output) == "first"  # restored when the run began; it died before publishing its own


def test_two_runs_to_one_folder_never_mix(dataset, answers, tmp_path):
    """The first run is held just before it puts its report in place while the second
    publishes: the first then refuses, in one line, and the folder is the second run's."""
    first, second = answers
    output = tmp_path / "report"
    assert finished(evaluate(first, dataset, output)) == published(output)
    marker, go = tmp_path / "at-the-move", tmp_path / "go"
    held = evaluate(first, dataset, output, ("pause", "1"), {"FAULT_MARKER": str(marker), "FAULT_GO": str(go)})
    deadline = time.monotonic() + 120
    while not marker.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert marker.exists()
    assert finished(evaluate(second, dataset, output)) == published(output)
    go.touch()
    code, err = finished(held)
    assert code == 2
    assert err == (
        f"procbench evaluate: error: cannot write {output}: another process wrote it meanwhile; "
        "it is left as that process made it"
    )
    assert report_of(output) == "second"
    assert leftovers(tmp_path) == []
