"""A report folder is always one run's report, whole: killed at each step of publishing,
killed while scoring, or written by two runs at once, ``--output`` never mixes two runs, and
the next run cleans up what a killed one left."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests import test_errors

ROOT = Path(__file__).resolve().parent.parent

# Runs procbench evaluate with publish.py's steps watched: KILL_AT names the step after
# which the process dies at once (os._exit: no cleanup, as SIGKILL), NO_EXCHANGE forces the
# two-rename fallback, HOLD_LOCK sleeps while holding the publishing lock.
RUNNER = """
import os, sys, time
from procbench_tools.cli import main
from procbench_tools.evaluation import publish

point = os.environ.get("KILL_AT", "")
renames = []
real_rename, real_exchange, real_record = os.rename, publish._exchange, publish.write_record
real_locked = publish._parent_locked

def rename(source, target):
    real_rename(source, target)
    renames.append(target)
    if point == f"rename {len(renames)}":
        os._exit(9)

def exchange(first, second):
    if os.environ.get("NO_EXCHANGE"):
        return False
    swapped = real_exchange(first, second)
    if point == "exchange":
        os._exit(9)
    return swapped

def write_record(staging):
    if point == "publish":
        os._exit(9)
    real_record(staging)

class held:
    def __init__(self, folder):
        self.inner = real_locked(folder)
    def __enter__(self):
        self.inner.__enter__()
        time.sleep(float(os.environ.get("HOLD_LOCK", "0")))
    def __exit__(self, *error):
        return self.inner.__exit__(*error)

os.rename = rename
publish._exchange = exchange
publish.write_record = write_record
publish._parent_locked = held
sys.exit(main(sys.argv[1:]))
"""


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


def evaluate(answers, dataset, output, **environment):
    arguments = [sys.executable, "-c", RUNNER, "evaluate", str(answers), "--dataset", str(dataset)]
    arguments += ["--output", str(output), "--no-plots"]
    env = {**os.environ, "PYTHONPATH": str(ROOT), **environment}
    return subprocess.Popen(arguments, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)


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
    expected_pa = 1.0 if model == "first" else 0.0
    assert summary["models"][model]["overall"]["prefix_accuracy"] == expected_pa
    record = json.loads((output / ".procbench-report.json").read_text())
    assert sorted(record["files"]) == sorted(path.name for path in output.iterdir() if path.name[0] != ".")
    return model


def leftovers(folder):
    return sorted(path.name for path in folder.iterdir() if path.name.startswith("."))


@pytest.mark.parametrize(
    ("point", "fallback", "after_kill"),
    [
        ("publish", False, "first"),  # the staged report is complete, not yet in place
        ("exchange", False, "second"),  # swapped in; the old one not yet deleted
        ("rename 1", True, None),  # fallback: the old report moved aside, the new one not yet in
        ("rename 2", True, "second"),  # fallback: the new one in, the old one not yet deleted
    ],
)
def test_a_kill_at_each_step_of_publishing_leaves_one_runs_report(
    dataset, answers, tmp_path, point, fallback, after_kill
):
    first, second = answers
    output = tmp_path / "report"
    assert finished(evaluate(first, dataset, output)) == published(output)
    environment = {"KILL_AT": point, **({"NO_EXCHANGE": "1"} if fallback else {})}
    code, _ = finished(evaluate(second, dataset, output, **environment))
    assert code == 9
    if after_kill is None:
        assert not output.exists()  # until the next run puts the old report back
        assert [name for name in leftovers(tmp_path) if name.endswith(".old")]
    else:
        assert report_of(output) == after_kill
    assert leftovers(tmp_path)  # staging of the killed run
    # the next run (to the same folder) cleans up, then publishes its own report whole
    assert finished(evaluate(first, dataset, output)) == published(output)
    assert report_of(output) == "first"
    assert leftovers(tmp_path) == []


def test_the_next_run_puts_back_a_report_set_aside_by_a_killed_one(dataset, answers, tmp_path):
    first, second = answers
    output = tmp_path / "report"
    assert finished(evaluate(first, dataset, output))[0] == 0
    assert finished(evaluate(second, dataset, output, KILL_AT="rename 1", NO_EXCHANGE="1"))[0] == 9
    assert not output.exists()
    # the next run puts the old report back before it scores (here it is killed before publishing)
    code, _ = finished(evaluate(second, dataset, output, KILL_AT="publish"))
    assert code == 9
    assert report_of(output) == "first"


def test_a_kill_before_publishing_leaves_the_old_report_and_the_next_run_removes_the_staging(
    dataset, answers, tmp_path
):
    import signal
    import time

    first, second = answers
    output = tmp_path / "report"
    assert finished(evaluate(first, dataset, output))[0] == 0
    slow = evaluate(second, dataset, output, HOLD_LOCK="30")
    deadline = time.monotonic() + 120
    while not leftovers(tmp_path) and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.5)
    slow.send_signal(signal.SIGKILL)
    slow.communicate(timeout=60)
    assert report_of(output) == "first"
    assert leftovers(tmp_path)
    assert finished(evaluate(second, dataset, output)) == published(output)
    assert report_of(output) == "second" and leftovers(tmp_path) == []


def test_two_runs_to_one_folder_publish_one_after_the_other(dataset, answers, tmp_path):
    first, second = answers
    output = tmp_path / "report"
    holding = evaluate(first, dataset, output, HOLD_LOCK="3")  # publishes slowly, holding the lock
    waiting = evaluate(second, dataset, output)
    results = [finished(holding), finished(waiting)]
    assert results == [published(output), published(output)]
    assert report_of(output) in {"first", "second"}
    assert leftovers(tmp_path) == []
