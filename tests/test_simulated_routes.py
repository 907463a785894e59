"""The simulated model in every route, offline (no network, no tokenizer download): inspect's
``--model procbench/simulated``, lm-eval's ``procbench-simulated`` and ``procbench horizon
--model procbench/simulated``. Each route's replies are exactly the model's replies to the
prompts it was sent, and each route's scores are those replies' scores."""

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest
from inspect_ai.log import read_eval_log
from inspect_ai.model import ChatMessageSystem, ChatMessageUser, get_model

import procbench_generators
from procbench_tools.integrations.examples import benchmark_examples
from procbench_tools.integrations.scores import score_response
from procbench_tools.simulated import Settings, SimulatedModel
from tests.support.offline import offline_env

BIN = Path(sys.executable).parent
INSPECT = str(BIN / "inspect")
PROCBENCH = [sys.executable, "-m", "procbench_tools"]
DCBA = procbench_generators.prompt_for("Sort", {"string": "dcba"})


def run(command, tmp_path, **kwargs):
    return subprocess.run(command, cwd=tmp_path, env=offline_env(tmp_path), capture_output=True, text=True, **kwargs)


def inspect_eval(model, tmp_path, *options):
    return run(
        [INSPECT, "eval", "procbench_tools/procbench", "--model", model, *options,
         "-T", "tasks=Sort,Cumulate", "-T", "per_step=1", "-T", "max_steps=6", "--log-dir", "logs"],
        tmp_path,
    )  # fmt: skip


def only_log(tmp_path):
    (log,) = (tmp_path / "logs").glob("*.eval")
    return read_eval_log(str(log))


def test_the_offline_environment_does_stop_a_tokenizer_download(tmp_path):
    """The control for the test below: inspect's ``mockllm/model`` (replies without token
    counts, so inspect counts them with tiktoken's encoding, which it must download) fails
    in this environment."""
    ran = inspect_eval("mockllm/model", tmp_path)
    assert only_log(tmp_path).status == "error"
    assert "tiktoken" in ran.stdout + ran.stderr


def test_inspect_eval_with_the_simulated_model_runs_offline_and_scores_its_replies(tmp_path):
    """``inspect eval ... --model procbench/simulated -M ...`` succeeds where mockllm fails,
    each sample's reply is the model's reply to its prompt, and its scores are that reply's."""
    ran = inspect_eval("procbench/simulated", tmp_path, "-M", "horizon=4", "-M", "seed=2", "-M", "reply_style=terse")
    log = only_log(tmp_path)
    assert log.status == "success", ran.stderr[-2000:]
    model = SimulatedModel(Settings(horizon=4, seed=2, reply_style="terse"))
    examples = {example["id"]: example for example in benchmark_examples(["Sort", "Cumulate"], 2, 6, 1, None)}
    assert {sample.id for sample in log.samples} == set(examples) and len(examples) == 10
    slipped = 0
    for sample in log.samples:
        example = examples[sample.id]
        reply = model.reply(example["prompt"])
        assert sample.output.completion == reply
        figures, _, _ = score_response(reply, example["task"], example["label"])
        assert sample.scores["step_scores"].value["sequential_match"] == figures["sequential_match"]
        slipped += figures["sequential_match"] == 0
    assert 0 < slipped < 10  # at horizon 4, some of 2..6 steps slip and some do not
    assert log.stats.model_usage["procbench/simulated"].input_tokens > 0


def test_the_inspect_provider_answers_the_last_user_message_with_word_counts():
    """Through inspect's Python API: the reply of ``SimulatedModel``, tokens counted as
    words (the prompt's and the reply's), and inspect's own counting replaced by words."""
    model = get_model("procbench/simulated", horizon=1.5, seed=0, memoize=False)
    output = asyncio.run(model.generate([ChatMessageSystem(content="Be careful."), ChatMessageUser(content=DCBA)]))
    assert output.completion == '{"intermediate": ["acbd"], "final": "abce"}'  # as in test_simulated_model
    assert output.usage.input_tokens == len(DCBA.split()) and output.usage.output_tokens == 4
    assert asyncio.run(model.count_tokens("three short words")) == 3


@pytest.mark.parametrize(
    ("name", "arguments", "message"),
    [
        ("procbench/other", {}, "the procbench provider has one model, procbench/simulated"),
        ("procbench/simulated", {"reply_style": "yaml"}, "reply_style='yaml' is not one of json, walkthrough, terse"),
    ],
)
def test_a_bad_model_name_or_option_is_refused_in_one_line(name, arguments, message):
    """The same errors inspect shows on its command line (and ``procbench horizon`` prints)."""
    with pytest.raises(ValueError, match=message):
        get_model(name, memoize=False, **arguments)


def test_procbench_horizon_with_the_simulated_model_finds_its_horizon(tmp_path):
    """A few dozen calls of ``procbench horizon --model procbench/simulated``: every call's
    reply is the model's reply to that call's prompt, and the interval holds the horizon
    given (h50 = 6) for this seed."""
    ran = run(
        [*PROCBENCH, "horizon", "--model", "procbench/simulated", "-M", "horizon=6", "-M", "seed=4",
         "--tasks", "Cumulate", "--seed", "1", "--budget", "60", "--output", "run"],
        tmp_path,
    )  # fmt: skip
    assert ran.returncode == 0, ran.stderr[-2000:]
    folder = tmp_path / "run"
    calls = [json.loads(line) for line in (folder / "calls.jsonl").read_text().splitlines()]
    prompts = {json.loads(line)["id"]: json.loads(line)["prompt"] for line in (folder / "examples.jsonl").open()}
    model = SimulatedModel(Settings(horizon=6, seed=4))
    assert 20 <= len(calls) <= 60
    assert all(call["response"] == model.reply(prompts[call["id"]]) for call in calls)
    pooled = json.loads((folder / "summary.json").read_text())["pooled"]
    low, high = pooled["h50_ci"]
    assert low <= 6 <= high


LM_EVAL_CLI = [sys.executable, "-m", "procbench_tools.integrations.lm_eval_simulated"]


def lm_eval_samples(folder):
    (samples,) = Path(folder).rglob("samples_procbench_sort_*.jsonl")
    return [json.loads(line) for line in samples.read_text().splitlines()]


def test_lm_eval_command_with_the_simulated_model_runs_offline(tmp_path):
    """lm-eval's own command line, run through the module that registers
    ``procbench-simulated`` (the route for task names and groups, which lm-eval looks up
    only after the model): each doc's response is the model's reply to its prompt."""
    pack = subprocess.run([*PROCBENCH, "lm-eval-tasks"], capture_output=True, text=True, check=True).stdout.strip()
    common = [*LM_EVAL_CLI, "--include_path", pack, "--tasks", "procbench_sort", "--metadata", '{"per_step": 1}',
              "--model", "procbench-simulated", "--log_samples", "--output_path", "runs"]  # fmt: skip
    ran = run([*common, "--model_args", "horizon=5,slip_seed=3,reply_style=walkthrough"], tmp_path)
    assert ran.returncode == 0, ran.stderr[-2000:]
    model = SimulatedModel(Settings(horizon=5, seed=3, reply_style="walkthrough"))
    samples = lm_eval_samples(tmp_path / "runs")
    assert len(samples) == 24  # steps 2..25, one each
    for sample in samples:
        (response,) = sample["resps"][0]
        assert response == model.reply(sample["doc"]["prompt"])
        figures, _, _ = score_response(response, "Sort", json.loads(sample["doc"]["label"]))
        assert sample["sequential_match"] == figures["sequential_match"]


def readme_lm_eval_command():
    """The README's plain lm-eval command (from ``pack=`` to the end of the ``lm_eval`` line,
    between the simulated-routes markers), continuation lines joined."""
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    block = readme.split("<!-- simulated-routes -->\n", 1)[1].split("<!-- /simulated-routes -->", 1)[0]
    lines = block.split('pack="$(', 1)[1].split("```", 1)[0]
    return 'pack="$(' + lines


def test_the_readme_plain_lm_eval_command_runs_the_simulated_model_offline(tmp_path):
    """The README's ``lm_eval --model procbench-simulated --tasks PACK/procbench_sort.yaml
    PACK/procbench_cumulate.yaml ...`` runs as written with lm-eval's own command (no
    procbench module in front): loading a task's YAML imports its hooks, which register the
    model before lm-eval looks it up. Each response is the model's reply to the doc's prompt,
    and ``--metadata '{"per_step": 5}'`` gives 5 docs at each of 2..25 steps per task."""
    command = readme_lm_eval_command()
    assert command.count("\n.venv/bin/lm_eval --model procbench-simulated --tasks ") == 1
    script = command.replace(".venv/bin/procbench", f"{sys.executable} -m procbench_tools").replace(
        ".venv/bin/lm_eval", str(BIN / "lm_eval")
    )
    ran = run(["bash", "-e", "-c", script], tmp_path)
    assert ran.returncode == 0, ran.stderr[-3000:]
    model = SimulatedModel(Settings(horizon=8, reply_style="walkthrough"))
    for task in ("sort", "cumulate"):
        (samples_file,) = (tmp_path / "runs").rglob(f"samples_procbench_{task}_*.jsonl")
        samples = [json.loads(line) for line in samples_file.read_text().splitlines()]
        assert len(samples) == 5 * 24
        assert all(sample["resps"][0][0] == model.reply(sample["doc"]["prompt"]) for sample in samples)


def test_importing_the_lm_eval_model_keeps_lm_eval_own_models():
    """lm-eval imports its own models' table only while its registry is empty: the module
    that registers ``procbench-simulated`` imports that table first, so ``--model hf`` and
    the others stay known (a fresh interpreter: the registry is process-wide)."""
    probe = (
        "import procbench_tools.integrations.lm_eval_simulated\n"
        "from lm_eval.api.registry import get_model\n"
        "print(get_model('dummy').__name__, get_model('procbench-simulated').__name__)"
    )
    ran = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert ran.returncode == 0, ran.stderr[-2000:]
    assert ran.stdout.split() == ["DummyLM", "SimulatedLM"]


def test_the_lm_eval_model_is_registered_by_name_and_refuses_seed():
    """Registered with lm-eval's registry API; ``seed`` in --model_args (which lm-eval also
    passes to the tasks as the generated set's seed) is refused, naming ``slip_seed``."""
    from lm_eval.api.registry import get_model as lm_eval_model

    from procbench_tools.integrations.lm_eval_simulated import SimulatedLM

    assert lm_eval_model("procbench-simulated") is SimulatedLM
    made = SimulatedLM.create_from_arg_string("horizon=1.5,slip_seed=0", {"batch_size": 1, "device": None})
    assert made.simulated.settings == Settings(horizon=1.5, seed=0)
    with pytest.raises(ValueError, match=r"give the model.s seed as slip_seed=\.\.\.; lm-eval also reads seed="):
        SimulatedLM.create_from_arg_string("seed=3")
    with pytest.raises(ValueError, match="model argument 'horizon' is not KEY=VALUE"):
        SimulatedLM.create_from_arg_string("horizon")
