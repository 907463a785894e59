"""One report for every route: the same answers as a JSON Lines file, as an inspect log and
as lm-eval samples give identical ``procbench evaluate`` figures, equal to the harnesses'
own and to the hand-computed ones."""

import json

import lm_eval
import pytest
from inspect_ai import eval as inspect_eval
from inspect_ai.log import EvalError, read_eval_log, write_eval_log
from inspect_ai.model import ModelOutput, ModelUsage, get_model
from lm_eval.loggers import EvaluationTracker

from procbench_tools.cli import main
from procbench_tools.evaluation.answers import read_answers
from procbench_tools.evaluation.harness_logs import read_harness_answers
from procbench_tools.integrations.inspect_task import procbench
from tests.support.scripted_model import (
    MEASURES,
    PARAMETERS,
    TASKS,
    ScriptedModel,
    answer,
    expected,
    scripted_dataset,
    scripted_examples,
)
from tests.test_lm_eval_tasks import ScriptedLM, task_manager, task_name


@pytest.fixture(scope="module")
def examples():
    return scripted_examples()


@pytest.fixture(scope="module")
def dataset(tmp_path_factory):
    return scripted_dataset(tmp_path_factory.mktemp("routes"))


@pytest.fixture(scope="module")
def plain_answers(examples, tmp_path_factory):
    path = tmp_path_factory.mktemp("plain") / "answers.jsonl"
    path.write_text(
        "".join(json.dumps({"id": example["id"], "response": answer(example)}) + "\n" for example in examples)
    )
    return path


@pytest.fixture(scope="module")
def inspect_log(examples, tmp_path_factory):
    model = ScriptedModel(examples)

    def respond(messages, tools, tool_choice, config):
        output = ModelOutput.from_content("mockllm/model", model(messages[-1].text))
        output.usage = ModelUsage(input_tokens=1, output_tokens=1, total_tokens=2)
        return output

    folder = tmp_path_factory.mktemp("inspect")
    (log,) = inspect_eval(
        procbench(tasks=TASKS, **PARAMETERS),
        model=get_model("mockllm/model", custom_outputs=respond),
        log_dir=str(folder),
        display="none",
    )
    assert log.status == "success"
    (path,) = folder.glob("*.eval")
    return path, log


@pytest.fixture(scope="module")
def lm_eval_run(examples, tmp_path_factory):
    folder = tmp_path_factory.mktemp("lm-eval")
    results = lm_eval.simple_evaluate(
        model=ScriptedLM(examples),
        tasks=[task_name(task) for task in TASKS],
        task_manager=task_manager(**PARAMETERS),
        bootstrap_iters=0,
    )
    tracker = EvaluationTracker(output_path=str(folder))
    tracker.general_config_tracker.model_name_sanitized = "scripted"
    samples = results.pop("samples")
    tracker.save_results_aggregated(results=results, samples=samples)  # as lm_eval --log_samples does
    results["samples"] = samples
    for task in TASKS:
        tracker.save_results_samples(task_name(task), results["samples"][task_name(task)])
    return folder, results


def assert_same_figures(got, want):
    """Equal structure, counts and figures, to the last bit: the report's sums and intervals
    do not depend on the order the answers come in (each harness has its own)."""
    assert isinstance(got, type(want)) or isinstance(want, float)
    if isinstance(want, dict):
        assert list(got) == list(want)
        for key in want:
            assert_same_figures(got[key], want[key])
    elif isinstance(want, float):
        assert got == want
    else:
        assert got == want


def test_three_routes_give_identical_figures(examples, dataset, plain_answers, inspect_log, lm_eval_run, tmp_path):
    log_path, log = inspect_log
    samples_folder, lm_results = lm_eval_run
    (samples_file,) = (samples_folder / "scripted").glob("samples_procbench_sort_*.jsonl")
    routes = [str(plain_answers), str(log_path), str(samples_folder), str(samples_folder / "scripted")]
    output = tmp_path / "report"
    arguments = ["evaluate", *routes, "--name", "plain", "inspect", "lm-eval", "lm-eval-model"]
    assert main([*arguments, "--dataset", str(dataset), "--output", str(output), "--no-plots"]) == 0
    models = json.loads((output / "summary.json").read_text())["models"]
    # without --name, a run's folder is named after the folder (not a mangled "stem")
    run = tmp_path / "runs" / "Qwen__Qwen2.5-0.5B-Instruct"
    run.mkdir(parents=True)
    for path in (samples_folder / "scripted").iterdir():
        (run / path.name).write_bytes(path.read_bytes())
    single = tmp_path / "single"
    assert main(["evaluate", str(run), "--dataset", str(dataset), "--output", str(single), "--no-plots"]) == 0
    first = json.loads((single / "scores.jsonl").read_text().splitlines()[0])
    assert first["model"] == "Qwen__Qwen2.5-0.5B-Instruct"
    assert models["inspect"].pop("inspect_log") == {"status": "success", "errored_samples": 0, "errored_ids": []}
    # what each route can say of tokens differs (tests/test_tokens.py): the mock model reports 1 a reply
    tokens = {route: models[route].pop("tokens") for route in models}
    assert tokens["inspect"]["overall"]["mean_output_tokens"] == 1.0 and tokens["inspect"]["recorded"]
    assert tokens["plain"]["recorded"] and tokens["plain"]["overall"]["replies_with_output_tokens"] == 0
    assert not tokens["lm-eval"]["recorded"] and not tokens["lm-eval-model"]["recorded"]
    for route in ("inspect", "lm-eval", "lm-eval-model"):
        assert_same_figures(models[route], models["plain"])

    figures = models["plain"]
    want = expected(examples)
    assert figures["overall"]["n"] == 72 and figures["overall"]["missing"] == 0
    assert figures["overall"]["invalid_predictions"] == 24  # steps % 3 == 2: no answer
    for measure in MEASURES:
        assert figures["overall"][measure] == pytest.approx(want["overall"][measure], abs=1e-12)
        for bucket in ("short", "medium", "long"):
            assert figures["by_length"][bucket][measure] == pytest.approx(want["by_length"][bucket][measure], abs=1e-12)
        for task in TASKS:
            assert figures["by_task"][task][measure] == pytest.approx(want["by_task"][task][measure], abs=1e-12)
        # the harnesses' own figures agree with the report
        inspect_mean = next(score for score in log.results.scores if score.name == measure).metrics["mean"].value
        assert inspect_mean == pytest.approx(figures["overall"][measure], abs=1e-12)
        for task in TASKS:
            lm_value = lm_results["results"][task_name(task)][f"{measure},none"]
            assert lm_value == pytest.approx(figures["by_task"][task][measure], abs=1e-12)
    assert samples_file.name.startswith("samples_procbench_sort_")


def test_readers_return_the_answer_lines(examples, plain_answers, inspect_log, lm_eval_run):
    plain = {line.id: line.response for line in read_answers(plain_answers)}
    log_path, _ = inspect_log
    samples_folder, _ = lm_eval_run
    assert read_harness_answers(plain_answers) is None
    assert {line["id"]: line["response"] for line in read_harness_answers(log_path)} == plain
    assert {line["id"]: line["response"] for line in read_harness_answers(samples_folder)} == plain
    (sort_file,) = samples_folder.rglob("samples_procbench_sort_*.jsonl")
    sort_lines = list(read_answers(sort_file))
    assert {line.id for line in sort_lines} == {example["id"] for example in examples if example["task"] == "Sort"}


def test_inspect_json_log_and_epochs(inspect_log, tmp_path):
    log_path, _ = inspect_log
    log = read_eval_log(str(log_path))
    json_path = tmp_path / "log.json"
    write_eval_log(log, str(json_path), format="json")
    assert list(read_harness_answers(json_path)) == list(read_harness_answers(log_path))
    second = log.samples[0].model_copy(update={"epoch": 2})
    log.samples.append(second)
    twice = tmp_path / "epochs.eval"
    write_eval_log(log, str(twice), format="eval")
    with pytest.raises(ValueError, match="2 epochs; procbench evaluate scores one answer per example"):
        read_harness_answers(twice)


def failed_log(log_path, tmp_path, status, errored):
    """A copy of the scripted inspect log with ``status`` and its first ``errored`` samples
    ended in an error (as a run that crashed or was cancelled leaves it)."""
    log = read_eval_log(str(log_path))
    for number in range(errored):
        error = EvalError(message="boom", traceback="", traceback_ansi="")
        log.samples[number] = log.samples[number].model_copy(update={"error": error})
    log.status = status
    path = tmp_path / f"{status}.eval"
    write_eval_log(log, str(path), format="eval")
    return path, [str(sample.id) for sample in log.samples[:errored]]


def test_errored_samples_count_as_missing(inspect_log, tmp_path):
    """An errored sample has no answer: it is left out, and its id is reported."""
    log_path, _ = inspect_log
    path, (failed,) = failed_log(log_path, tmp_path, "success", 1)
    harness = read_harness_answers(path)
    ids = {line["id"] for line in harness}
    assert len(ids) == 71 and failed not in ids
    assert harness.status == "success" and harness.errored == (failed,) and harness.complete


@pytest.mark.parametrize("status", ["error", "cancelled"])
def test_unfinished_inspect_log_is_refused_unless_allowed(inspect_log, dataset, tmp_path, capsys, status):
    """Issue #29.3: a failed or cancelled log was scored as complete (exit 0, its status
    shown nowhere). Now it is refused in one line naming the file, its status and the flag;
    with --allow-incomplete it is scored, and the report carries the status and the errored
    samples (72 samples, 3 errored: n = 69, missing = 3)."""
    log_path, _ = inspect_log
    path, errored = failed_log(log_path, tmp_path, status, 3)
    arguments = ["evaluate", str(path), "--dataset", str(dataset), "--no-plots"]
    with pytest.raises(SystemExit) as exit:
        main([*arguments, "--output", str(tmp_path / "refused")])
    assert exit.value.code == 2
    message = capsys.readouterr().err.strip()
    assert message == (
        f"procbench evaluate: error: {path}: the inspect log's status is {status!r}, not 'success' "
        "(3 errored samples); its scores would leave out what it did not answer: run it again, or pass "
        "--allow-incomplete to score its answered samples"
    )
    assert not (tmp_path / "refused").exists()
    output = tmp_path / "allowed"
    assert main([*arguments, "--output", str(output), "--allow-incomplete"]) == 0
    warning = capsys.readouterr().err
    assert f"the inspect log's status is {status!r}; 3 samples ended in an error and are counted as missing" in warning
    model = json.loads((output / "summary.json").read_text())["models"][status]
    assert model["inspect_log"] == {"status": status, "errored_samples": 3, "errored_ids": errored}
    assert model["overall"]["n"] == 69 and model["overall"]["missing"] == 3


def test_lm_eval_folder_and_file_errors(lm_eval_run, tmp_path):
    samples_folder, _ = lm_eval_run
    (sort_file,) = samples_folder.rglob("samples_procbench_sort_*.jsonl")
    two_runs = tmp_path / "two"
    two_runs.mkdir()
    (two_runs / "samples_procbench_sort_2026-01-01T10-00-00.000001.jsonl").write_text(sort_file.read_text())
    (two_runs / "samples_procbench_sort_2026-01-02T10-00-00.000001.jsonl").write_text(sort_file.read_text())
    with pytest.raises(ValueError, match="holds 2 lm-eval runs"):
        read_harness_answers(two_runs)
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(ValueError, match="holds no lm-eval samples_procbench_"):
        read_harness_answers(empty)
    line = json.loads(sort_file.read_text().splitlines()[0])
    del line["doc"]["id"]
    foreign = tmp_path / "samples_other.jsonl"
    foreign.write_text(json.dumps(line) + "\n")
    with pytest.raises(ValueError, match=r"samples_other.jsonl:1: not a ProcBench doc"):
        list(read_harness_answers(foreign))
