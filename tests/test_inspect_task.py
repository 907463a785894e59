"""The inspect-ai task ``procbench_tools/procbench``: through the Python API with a scripted mock
model, and through the ``inspect`` command against an OpenAI-compatible stand-in on
127.0.0.1 (plain and streaming), with exact expected figures."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from inspect_ai import eval as inspect_eval  # the test extra installs inspect-ai: never skipped
from inspect_ai.log import read_eval_log
from inspect_ai.model import ModelOutput, ModelUsage, get_model

from procbench_generators.benchmark import parse_example_id
from procbench_tools.integrations.examples import benchmark_examples
from procbench_tools.integrations.inspect_task import procbench
from procbench_tools.scoring.reader import READER_VERSION
from tests.support.openai_standin import OpenAIStandIn
from tests.support.scripted_model import MEASURES, PARAMETERS, TASKS, ScriptedModel, expected

INSPECT = str(Path(sys.executable).with_name("inspect"))


def stem(identifier):
    """``Sort-02-000`` of ``Sort-02-000-1f0c9a2e``: the id without its question digest."""
    return parse_example_id(identifier).stem


def metric_values(log):
    """{measure: {(group, name): value}} of an inspect log's results: ("", "mean"),
    ("by_length", "short"), ("by_task", "Sort"), ..."""
    return {
        score.name: {(item.group or "", item.name): item.value for item in score.metrics.values()}
        for score in log.results.scores
    }


def check_figures(log, examples):
    want = expected(examples)
    values = metric_values(log)
    assert set(values) == set(MEASURES)
    for measure in MEASURES:
        figures = values[measure]
        assert figures["", "mean"] == pytest.approx(want["overall"][measure], abs=1e-12)
        for bucket, means in want["by_length"].items():
            assert figures["by_length", bucket] == pytest.approx(means[measure], abs=1e-12)
        for task, means in want["by_task"].items():
            assert figures["by_task", task] == pytest.approx(means[measure], abs=1e-12)
        assert figures["", "stderr"] > 0
        assert len(figures) == 2 + len(want["by_length"]) + len(want["by_task"])


def test_task_samples_follow_the_parameters():
    task = procbench(tasks="task01, Cumulate", min_steps=2, max_steps=4, per_step=2, seed=7)
    samples = list(task.dataset)
    examples = benchmark_examples(["Sort", "Cumulate"], 2, 4, 2, 7)
    assert [sample.id for sample in samples] == [example["id"] for example in examples]
    assert [stem(sample.id) for sample in samples][:6] == [
        "Sort-02-000",
        "Cumulate-02-000",
        "Sort-04-000",
        "Cumulate-04-000",
        "Sort-03-000",
        "Cumulate-03-000",
    ]
    first = samples[0]
    assert first.input == examples[0]["prompt"] and first.input.endswith(
        "[Question]\nString: " + examples[0]["label"]["init"] + "\n"
    )
    assert '"intermediate"' in first.input  # the answer-format paragraph
    assert first.metadata == {"task": "Sort", "steps": 2, "length": "short", "label": examples[0]["label"]}
    assert json.loads(first.target) == examples[0]["label"]
    # a list of tasks and no answer-format paragraph
    plain = procbench(tasks=["Sort"], max_steps=2, per_step=1, answer_format=False)
    assert [stem(sample.id) for sample in plain.dataset] == ["Sort-02-000"]
    assert '"intermediate"' not in plain.dataset[0].input


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"tasks": "Sort,Nope"}, "Nope"),
        ({"min_steps": 5, "max_steps": 3}, "min_steps 5 is larger than max_steps 3"),
        ({"per_step": "many"}, "per_step must be an int, got 'many'"),
        ({"answer_format": "maybe"}, "answer_format must be True or False, got 'maybe'"),
        ({"dataset": "procbench-dataset", "seed": 3}, "seed applies to generated examples"),
    ],
)
def test_bad_parameters_name_the_value(arguments, message):
    with pytest.raises(ValueError, match=message):
        procbench(**arguments)


@pytest.fixture(scope="module")
def scripted_examples():
    return benchmark_examples(TASKS, **PARAMETERS)


def mock_model(examples):
    model = ScriptedModel(examples)

    def respond(messages, tools, tool_choice, config):
        output = ModelOutput.from_content("mockllm/model", model(messages[-1].text))
        output.usage = ModelUsage(input_tokens=1, output_tokens=1, total_tokens=2)  # else tiktoken downloads
        return output

    return get_model("mockllm/model", custom_outputs=respond)


def test_mock_model_exact_figures(scripted_examples, tmp_path):
    (log,) = inspect_eval(
        procbench(tasks=",".join(TASKS), **PARAMETERS),
        model=mock_model(scripted_examples),
        log_dir=str(tmp_path),
        display="none",
    )
    assert log.status == "success", log.error
    assert len(log.samples) == len(scripted_examples) == 72
    check_figures(log, scripted_examples)
    by_id = {stem(sample.id): sample for sample in log.samples}
    # Sort-04-000: two states right, two wrong
    scores = by_id["Sort-04-000"].scores["step_scores"]
    assert scores.value == {
        "prefix_accuracy": 0.5,
        "sequential_match": 0.0,
        "final_match": 0.0,
        "prefix_match_length": 2.0,
    }
    # how the reply was read travels with the score: the reader version, the form and any doubts
    assert scores.metadata == {"valid": True, "reader": READER_VERSION, "form": "object", "doubts": []}
    assert json.loads(scores.answer)["final"] == "#"
    unreadable = by_id["Cumulate-05-000"].scores["step_scores"]
    assert unreadable.metadata == {"valid": False, "reader": READER_VERSION, "form": None, "doubts": []}
    assert unreadable.answer is None


def run_inspect(arguments, server, tmp_path):
    env = {**os.environ, "STANDIN_API_KEY": "test-key", "INSPECT_LOG_DIR": str(tmp_path / "logs")}
    env.pop("PYTHONPATH", None)  # the installed package, as a user runs it
    command = [
        INSPECT,
        "eval",
        "procbench_tools/procbench",
        "--model",
        "openai-api/standin/standin",
        "--model-base-url",
        server.base_url,
        "--display",
        "plain",
        *arguments,
    ]
    return subprocess.run(command, env=env, cwd=tmp_path, capture_output=True, text=True, timeout=600)


def the_log(tmp_path):
    (log_file,) = (tmp_path / "logs").glob("*.eval")
    return read_eval_log(str(log_file))


@pytest.mark.parametrize("stream", [False, True], ids=["plain", "streaming"])
def test_cli_against_an_openai_compatible_server(stream, tmp_path):
    parameters = {"min_steps": 2, "max_steps": 7, "per_step": 1}
    examples = benchmark_examples(["Sort", "Cumulate"], **parameters)
    arguments = ["-T", "tasks=Sort,Cumulate", *(f"-T{name}={value}" for name, value in parameters.items())]
    if stream:
        arguments += ["-M", "stream=true"]
    with OpenAIStandIn(ScriptedModel(examples)) as server:
        result = run_inspect(arguments, server, tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    log = the_log(tmp_path)
    assert log.status == "success", (log.error, result.stdout[-2000:])
    assert log.eval.task == "procbench_tools/procbench"  # as installed: the name a user types
    assert "procbench_tools/by_length_short" in log.results.scores[0].metrics
    assert log.eval.task_args == {
        "tasks": ["Sort", "Cumulate"],
        **parameters,
        "seed": None,
        "answer_format": None,
        "dataset": None,
        "extractor": None,
        "extract": "doubtful",
    }
    chats = [request for request in server.requests if request["path"].endswith("/chat/completions")]
    assert len(chats) == len(examples) == 12
    assert all(bool(request.get("stream")) is stream for request in chats)
    check_figures(log, examples)


def test_cli_exits_0_on_a_failed_run_so_the_log_status_is_checked(tmp_path):
    with OpenAIStandIn(lambda prompt: None) as server:  # every request refused (HTTP 400)
        result = run_inspect(["-T", "tasks=Sort", "-T", "max_steps=3", "-T", "per_step=1"], server, tmp_path)
    assert result.returncode == 0
    log = the_log(tmp_path)
    assert log.status == "error" and "400" in log.error.message


def test_cli_bad_parameter_is_one_clear_message(tmp_path):
    with OpenAIStandIn(lambda prompt: "") as server:
        result = run_inspect(["-T", "tasks=Sort,Nope"], server, tmp_path)
    assert result.returncode == 1 and not server.requests
    output = " ".join((result.stdout + result.stderr).split())
    assert "procbench: unknown task 'Nope'; valid tasks are Sort, Gather" in output
    assert "Traceback" not in output


def test_entry_point_and_light_import():
    from importlib.metadata import entry_points

    (entry,) = [entry for entry in entry_points(group="inspect_ai") if entry.name == "procbench_tools"]
    assert entry.value == "procbench_tools.integrations.inspect_registry"  # the task and the simulated model
    script = (
        "import sys, procbench, procbench_tools.cli, procbench_tools.integrations\n"
        "heavy = [name for name in sys.modules if name.startswith(('inspect_ai', 'lm_eval'))]\n"
        "assert not heavy, heavy\n"
    )
    subprocess.run([sys.executable, "-c", script], check=True, cwd=Path(__file__).resolve().parent.parent)


def test_the_extractor_reads_the_doubtful_replies_beside_the_reader(scripted_examples, tmp_path, monkeypatch):
    """-T extractor=MODEL: the paper's extraction where it pays. The reply the reader cannot
    read goes to the extractor (mockllm here, offline); a reply read in full without a doubt
    does not; the scores stay the reader's."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    (log,) = inspect_eval(
        procbench(tasks=",".join(TASKS), **PARAMETERS, extractor="mockllm/model"),
        model=mock_model(scripted_examples),
        log_dir=str(tmp_path),
        display="none",
    )
    assert log.status == "success", log.error
    by_id = {stem(sample.id): sample.scores["step_scores"] for sample in log.samples}
    assert "extractor" not in by_id["Sort-04-000"].metadata
    unreadable = by_id["Cumulate-05-000"]
    assert unreadable.metadata["extractor"] == {
        "model": "mockllm/model",
        "prediction": None,  # mockllm's default output holds no answer
        "sequential_match": 0,
        "same_states": True,  # two readings of nothing agree
    }
    assert unreadable.value["prefix_accuracy"] == 0.0  # the reader's score


def test_extract_all_sends_every_reply_and_a_bad_mode_is_one_line(scripted_examples, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    (log,) = inspect_eval(
        procbench(tasks="Sort", min_steps=2, max_steps=3, per_step=1, extractor="mockllm/model", extract="all"),
        model=mock_model(scripted_examples),
        log_dir=str(tmp_path),
        display="none",
    )
    assert log.status == "success", log.error
    assert all("extractor" in sample.scores["step_scores"].metadata for sample in log.samples)
    with pytest.raises(ValueError, match=r"^procbench: extract='some' is not one of doubtful, all$"):
        procbench(extract="some")
