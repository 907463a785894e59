"""``procbench horizon`` end to end and offline: against a loopback OpenAI-compatible
stand-in whose answers are right with a known probability falling with the step count, and
against inspect's ``mockllm/model``; killed and resumed; scored again by ``procbench
evaluate``; and every bad value refused in one line."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import procbench_generators
from procbench_tools.cli import main
from procbench_tools.horizon.simulate import TrueCurve
from tests.support.openai_standin import OpenAIStandIn
from tests.support.procedure_standin import KnownHorizonModel

ROOT = Path(__file__).resolve().parent.parent
CURVE = TrueCurve(3.0, 2.0, 0.05)  # h50 = 7.7 steps, h80 = 4.5
STANDIN = ["--model", "openai-api/standin/standin", "--model-base-url"]


def lines(path):
    return [json.loads(line) for line in path.read_text().splitlines()]


@pytest.fixture(scope="module")
def finished_run(tmp_path_factory):
    """One run of two tasks, made in this process; the stand-in's model and the folder."""
    folder = tmp_path_factory.mktemp("horizon") / "run"
    model = KnownHorizonModel(CURVE)
    os.environ["STANDIN_API_KEY"] = "test-key"
    with OpenAIStandIn(model) as server:
        code = main(
            [
                "horizon",
                *STANDIN,
                server.base_url,
                "--tasks",
                "Sort",
                "Cumulate",
                "--max-steps",
                "60",
                "--seed",
                "5",
                "--budget",
                "240",
                "--output",
                str(folder),
            ]
        )
        requests = len(server.requests)
    assert code == 0
    return model, folder, requests


def test_the_interval_covers_the_true_horizon(finished_run):
    _, folder, _ = finished_run
    summary = json.loads((folder / "summary.json").read_text())
    for name in ("Sort", "Cumulate", "pooled"):
        entry = summary["by_task"].get(name) or summary["pooled"]
        for level, key in ((0.5, "h50"), (0.8, "h80")):
            low, high = entry[f"{key}_ci"]
            truth = 2 ** CURVE.log2_horizon(level)
            assert (low is None or low <= truth) and (high is None or truth <= high), (name, key, entry)
        assert entry["h50"] is not None and entry["calls"] <= (480 if name == "pooled" else 240)
    assert summary["by_task"]["Sort"]["stop"] in ("precision", "budget")
    assert summary["provenance"]["settings"]["seed"] == 5
    assert summary["method"]["prior"].startswith("grid posterior, flat priors")


def test_every_call_is_logged_once_with_its_scores(finished_run):
    model, folder, requests = finished_run
    calls = lines(folder / "calls.jsonl")
    assert len(calls) == requests == len(model.prompts)  # every prompt asked once
    assert len({call["id"] for call in calls}) == len(calls)
    first = next(call for call in calls if call["task"] == "Sort" and call["index"] == 0)  # calls complete in any order
    assert first["steps"] == 1 and first["finish_reason"] == "stop" and first["truncated"] is False
    assert first["prompt_variant"] == "answer-format" and first["id"].startswith("Sort-01-h5-000000-")
    assert {"response", "input_tokens", "output_tokens", "sequential_match", "prefix_accuracy"} <= set(first)
    # a call's score is the stand-in's coin: right answers score 1
    label = first["label"]
    right = first["response"].endswith(json.dumps({"intermediate": label["intermediate"], "final": label["final"]}))
    assert first["sequential_match"] == int(right)
    examples = lines(folder / "examples.jsonl")
    assert [example["id"] for example in examples] == [call["id"] for call in calls]
    example = next(example for example in examples if example["id"] == first["id"])
    assert example["prompt"] == procbench_generators.prompt_for("Sort", first["question"])
    assert set(example) == {"id", "task", "task_name", "steps", "prompt", "question", "label"}


def test_the_questions_are_fresh(finished_run):
    from procbench_tools.training.decontamination import benchmark_exclusion

    _, folder, _ = finished_run
    exclusion = benchmark_exclusion(["Sort", "Cumulate"])
    assert not any(exclusion.excludes(example) for example in lines(folder / "examples.jsonl"))


def test_procbench_evaluate_scores_the_log(finished_run, tmp_path):
    _, folder, _ = finished_run
    code = main(
        [
            "evaluate",
            str(folder / "calls.jsonl"),
            "--dataset",
            str(folder / "examples.jsonl"),
            "--output",
            str(tmp_path / "report"),
            "--no-plots",
        ]
    )
    assert code == 0
    calls = {call["id"]: call for call in lines(folder / "calls.jsonl")}
    scores = lines(tmp_path / "report" / "scores.jsonl")
    assert len(scores) == len(calls)
    assert all(row["sequential_match"] == calls[row["id"]]["sequential_match"] for row in scores)
    summary = json.loads((tmp_path / "report" / "summary.json").read_text())
    assert summary["models"]["calls"]["overall"]["missing"] == 0
    # the report's horizon is the run's own: the same replies, the same estimate
    run = json.loads((folder / "summary.json").read_text())
    horizon = summary["models"]["calls"]["horizon"]
    for task in ("Sort", "Cumulate"):
        for key in ("h50", "h50_ci", "h80", "h80_ci"):
            assert horizon["by_task"][task][key] == run["by_task"][task][key], (task, key)
    assert horizon["pooled"]["h50"] == run["pooled"]["h50"]


def test_the_figure_is_written(finished_run):
    _, folder, _ = finished_run
    assert (folder / "horizon.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_killed_and_restarted_it_finishes_without_repeating_a_call(tmp_path):
    folder = tmp_path / "run"
    model = KnownHorizonModel(CURVE)

    def slow(prompt):
        time.sleep(0.03)
        return model(prompt)

    env = {**os.environ, "STANDIN_API_KEY": "test-key", "PYTHONPATH": str(ROOT)}
    with OpenAIStandIn(slow) as server:
        command = [
            sys.executable,
            "-m",
            "procbench_tools",
            "horizon",
            *STANDIN,
            server.base_url,
            "--tasks",
            "Sort",
            "--seed",
            "9",
            "--batch",
            "4",
            "--budget",
            "120",
            "--output",
            str(folder),
        ]
        process = subprocess.Popen(command, env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        log = folder / "calls.jsonl"
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and (not log.exists() or log.read_text().count("\n") < 20):
            time.sleep(0.05)
        process.send_signal(signal.SIGKILL)
        process.communicate()
        before = lines(log)
        assert 20 <= len(before) < 120
        logged_prompts = {procbench_generators.prompt_for("Sort", call["question"]) for call in before}
        asked_before = len(server.requests)
        result = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True, timeout=300)
        assert result.returncode == 0, result.stderr
        asked_after = [request["messages"][-1]["content"] for request in server.requests[asked_before:]]
    assert f"resuming {folder}: {len(before)} calls already made" in result.stderr
    assert not logged_prompts & {text if isinstance(text, str) else text[0]["text"] for text in asked_after}
    after = lines(log)
    assert after[: len(before)] == before
    assert len({call["id"] for call in after}) == len(after)
    summary = json.loads((folder / "summary.json").read_text())
    assert summary["by_task"]["Sort"]["calls"] == len(after)
    assert summary["provenance"]["calls_file"]["lines"] == len(after)


def mock_sort_run(folder, budget):
    """``procbench horizon`` of inspect's mock model on Sort, seed 1; its exit code."""
    return main(["horizon", "--model", "mockllm/model", "--tasks", "Sort", "--budget", str(budget), "--seed", "1",
                 "--output", str(folder)])  # fmt: skip


def test_mockllm_model_works_offline(tmp_path, capsys):
    folder = tmp_path / "mock"
    code = mock_sort_run(folder, 20)
    assert code == 0
    summary = json.loads((folder / "summary.json").read_text())
    sort = summary["by_task"]["Sort"]
    # its one reply has no answer in it: wrong at every length, a bound below the range; on
    # these few calls, a curve crossing 50% at 1.03 steps (a grid cell's edge) is still within
    # the likelihood interval (method version 3), so its high end is just past 1 step
    assert (sort["h50"], sort["h50_bound"], sort["h50_ci"]) == (None, "< 1", [None, 1.03])
    assert sort["sequential_match"] == 0.0 and sort["stop"] == "below range"
    assert "Sort    < 1" in capsys.readouterr().out


@pytest.mark.parametrize(
    "arguments, message",
    [
        (["--tasks", "Nope"], "unknown task 'Nope'"),
        (["--min-steps", "9", "--max-steps", "3"], "--min-steps 9 is larger than --max-steps 3"),
        (["--max-steps", "101"], "these tasks take steps from 1 to 100, not 1..101"),
        (["--tasks", "Count", "--min-steps", "2", "--max-steps", "3"], "leaves it fewer than 3 step counts"),
        (["--min-steps", "0"], "these tasks take steps from 1 to 100, not 0..100"),
        (["--budget", "5"], "--budget must be at least 6 calls per task, got 5"),
        (["--budget", "0"], "argument --budget: expected a whole number of at least 1, got 0"),
        (["--batch", "x"], "argument --batch: expected a whole number, got 'x'"),
        (["--precision", "1"], "argument --precision: expected a ratio above 1 (high / low), got 1"),
        (["--seed", "2024"], "--seed 2024 is the default benchmark's seed"),
        (["-M", "novalue"], "argument -M: expected key=value, got 'novalue'"),
        (["--model", "nosuchprovider/x"], "--model nosuchprovider/x:"),
    ],
)
def test_bad_values_are_one_line(arguments, message, tmp_path, capsys):
    base = ["horizon", "--model", "mockllm/model", "--output", str(tmp_path / "out")]
    with pytest.raises(SystemExit) as stopped:
        main(base + arguments)
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert message in error and "Traceback" not in error
    assert error.strip().splitlines()[-1].startswith("procbench horizon: error:")
    assert not (tmp_path / "out").exists()  # nothing written for a run that never started


def test_a_folder_of_another_run_is_refused(tmp_path, capsys):
    folder = tmp_path / "run"
    assert mock_sort_run(folder, 6) == 0
    with pytest.raises(SystemExit):
        main(["horizon", "--model", "mockllm/model", "--tasks", "Sort", "--seed", "2", "--output", str(folder)])
    assert "holds a run with other settings (seed: 1, now 2)" in capsys.readouterr().err
    (tmp_path / "file").write_text("")
    with pytest.raises(SystemExit):
        main(["horizon", "--model", "mockllm/model", "--output", str(tmp_path / "file")])
    assert "is a file; a horizon run needs a folder" in capsys.readouterr().err


def test_a_failed_call_is_one_line_and_the_run_can_resume(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("STANDIN_API_KEY", "test-key")
    with OpenAIStandIn(lambda prompt: None) as server:  # every request refused (HTTP 400)
        with pytest.raises(SystemExit) as stopped:
            main(["horizon", *STANDIN, server.base_url, "--tasks", "Sort", "--seed", "3", "--output", str(tmp_path)])
    assert stopped.value.code == 2
    error = capsys.readouterr().err
    assert "procbench horizon: error: Sort: the model call failed: " in error and "Traceback" not in error
    assert f"(the calls made so far are in {tmp_path}; run again to resume)" in error
    assert json.loads((tmp_path / "run.json").read_text())["seed"] == 3


def test_a_second_run_into_a_held_folder_stops_at_once_and_a_kill_frees_it(tmp_path):
    """Two runs into one folder would make every call twice and count duplicates on resume
    (issue 29, item 2): while one real process runs, a second fails at once in one line;
    once the first is killed (SIGKILL: no clean-up of its own), the folder is free again."""
    folder = tmp_path / "run"
    model = KnownHorizonModel(CURVE)

    def slow(prompt):
        time.sleep(0.05)
        return model(prompt)

    env = {**os.environ, "STANDIN_API_KEY": "test-key", "PYTHONPATH": str(ROOT)}
    with OpenAIStandIn(slow) as server:
        command = [sys.executable, "-m", "procbench_tools", "horizon", *STANDIN, server.base_url, "--tasks", "Sort",
                   "--seed", "9", "--batch", "4", "--budget", "60", "--output", str(folder)]  # fmt: skip
        first = subprocess.Popen(command, env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        log = folder / "calls.jsonl"
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and (not log.exists() or log.read_text().count("\n") < 6):
            time.sleep(0.05)
        second = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True, timeout=120)
        assert first.poll() is None  # the first run was still going
        assert second.returncode == 2
        assert second.stderr.strip().splitlines() == [
            f"procbench horizon: error: --output {folder} is in use: another procbench horizon run holds it; "
            "wait for that run to end or use another folder"
        ]
        # the second made no call: both would draw the same questions, and none was asked twice
        prompts = [json.dumps(request["messages"]) for request in server.requests]
        assert len(set(prompts)) == len(prompts)
        first.send_signal(signal.SIGKILL)
        first.communicate()
        third = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert third.returncode == 0, third.stderr
    assert "resuming" in third.stderr
    calls = lines(log)
    assert len({call["id"] for call in calls}) == len(calls) <= 60


@pytest.mark.parametrize(
    "option, before, after, shown",
    [
        ("--temperature", "0.5", "0.7", "temperature: 0.5, now 0.7"),
        ("--max-tokens", "100", "200", "max_tokens: 100, now 200"),
        ("--model-base-url", "http://127.0.0.1:9/v1", "http://127.0.0.1:8/v1",
         "model_base_url: 'http://127.0.0.1:9/v1', now 'http://127.0.0.1:8/v1'"),
    ],
)  # fmt: skip
def test_a_resume_with_another_model_setting_is_refused(option, before, after, shown, tmp_path, capsys):
    """A resume that changed how the model answers would mix two models' replies in one
    estimate (issue 29, item 10): the setting is kept in run.json, and a change is one line
    naming it, the old value and the new."""
    folder = tmp_path / "run"
    base = ["horizon", "--model", "mockllm/model", "--tasks", "Sort", "--budget", "6", "--seed", "1"]
    assert main([*base, option, before, "--output", str(folder)]) == 0
    key = option.removeprefix("--").replace("-", "_")
    assert str(json.loads((folder / "run.json").read_text())[key]) == before
    capsys.readouterr()
    with pytest.raises(SystemExit) as stopped:
        main([*base, option, after, "--output", str(folder)])
    assert stopped.value.code == 2
    error = capsys.readouterr().err.strip().splitlines()
    assert error == [
        f"procbench horizon: error: --output {folder} holds a run with other settings ({shown}); "
        "resume it with the same settings or use another folder"
    ]
