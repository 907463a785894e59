"""ProcBench's lm-evaluation-harness task pack: ``simple_evaluate`` with a scripted ``LM``,
``local-completions`` and the ``lm_eval`` command with ``local-chat-completions`` against an
OpenAI-compatible stand-in on 127.0.0.1, with exact expected figures."""

import json
import math
import os
import subprocess
import sys
from pathlib import Path

import lm_eval  # the test extra installs lm-eval: never skipped
import pytest
import yaml
from lm_eval.api.model import LM
from lm_eval.tasks import TaskManager

import procbench_generators
from procbench_generators.benchmark import parse_example_id
from procbench_tools.cli import main
from procbench_tools.dataset.export import export
from procbench_tools.integrations.examples import benchmark_examples
from procbench_tools.integrations.lm_eval_tasks import bucket_mean, load_docs, process_results, task_pack
from tests.support.openai_standin import OpenAIStandIn
from tests.support.scripted_model import MEASURES, PARAMETERS, TASKS, ScriptedModel, expected

LM_EVAL = str(Path(sys.executable).with_name("lm_eval"))
ROOT = Path(__file__).resolve().parent.parent
BUCKETS = ("short", "medium", "long", "extra")
BUCKET_METRICS = [f"{measure}_{bucket}" for bucket in BUCKETS for measure in MEASURES[:2]]
GROUP = "procbench_all"


class ScriptedLM(LM):
    """Answers each request from its prompt with the scripted model."""

    def __init__(self, examples):
        super().__init__()
        self.model = ScriptedModel(examples)
        self.contexts = []

    def generate_until(self, requests, disable_tqdm=False):
        self.contexts.extend(request.args[0] for request in requests)
        return [self.model(request.args[0]) for request in requests]

    def loglikelihood(self, requests, disable_tqdm=False):
        raise NotImplementedError

    def loglikelihood_rolling(self, requests, disable_tqdm=False):
        raise NotImplementedError


def task_manager(**metadata):
    return TaskManager(include_path=task_pack(), include_defaults=False, metadata=metadata)


def task_name(task):
    return f"procbench_{task.lower()}"


def check_results(results, examples, names):
    """Each task's figures, and the group's when it ran, against the hand-computed ones."""
    for task in names:
        subset = [example for example in examples if example["task"] == task]
        want = expected(subset)
        figures = results[task_name(task)]
        assert figures["sample_len"] == len(subset)
        for measure in MEASURES:
            assert figures[f"{measure},none"] == pytest.approx(want["overall"][measure], abs=1e-12)
        check_buckets(figures, want["by_length"])
    if GROUP in results:
        want = expected(examples)
        group = results[GROUP]
        for measure in MEASURES:
            assert group[f"{measure},none"] == pytest.approx(want["overall"][measure], abs=1e-12)
        check_buckets(group, want["by_length"])


def check_buckets(figures, by_length):
    """Each bucket's PA and SM: the mean over its examples, NaN for a bucket without any."""
    for bucket in BUCKETS:
        for measure in MEASURES[:2]:
            value = figures[f"{measure}_{bucket},none"]
            if bucket in by_length:
                assert value == pytest.approx(by_length[bucket][measure], abs=1e-12)
            else:
                assert math.isnan(value)


def test_pack_holds_the_group_and_one_task_per_procbench_task(capsys):
    folder = Path(task_pack())
    names = [task_name(task) for task in procbench_generators.TASKS]
    assert sorted(path.stem for path in folder.glob("*.yaml")) == sorted([GROUP, *names])
    for task in procbench_generators.TASKS:
        config = yaml.safe_load((folder / f"{task_name(task)}.yaml").read_text())
        assert config == {
            "include": "_procbench_template_yaml",
            "task": task_name(task),
            "dataset_kwargs": {"task": task},
        }
    group = yaml.safe_load((folder / f"{GROUP}.yaml").read_text())
    assert group["group"] == GROUP and group["task"] == names
    assert [item["metric"] for item in group["aggregate_metric_list"]] == [*MEASURES, *BUCKET_METRICS]
    template = yaml.safe_load((folder / "_procbench_template_yaml").read_text().replace("!function", ""))
    assert [item["metric"] for item in template["metric_list"]] == [*MEASURES, *BUCKET_METRICS]
    assert set(task_manager().all_tasks) >= {GROUP, *names}
    assert main(["lm-eval-tasks"]) == 0
    assert capsys.readouterr().out == f"{folder}\n"


def test_docs_follow_the_metadata_and_come_in_spread_order():
    docs = load_docs("Sort", per_step="2", max_steps=9, seed=5, pretrained="ignored-model-arg")["test"]
    assert docs.num_rows == 8 * 2
    assert docs["length"][:3] == ["short", "medium", "short"] and docs["steps"][:4] == [2, 9, 5, 7]
    stems = [parse_example_id(identifier).stem for identifier in docs["id"]]
    assert stems[:2] == ["Sort-02-000", "Sort-09-000"] and stems[8:10] == ["Sort-02-001", "Sort-09-001"]
    generated = benchmark_examples("Sort", per_step=2, max_steps=9, seed=5)
    assert [json.loads(label) for label in docs["label"]] == [example["label"] for example in generated]
    assert docs["prompt"] == [example["prompt"] for example in generated]
    default = load_docs("Cumulate")["test"]
    assert default.num_rows == 240 and default["length"][:3] == ["short", "long", "medium"]
    with pytest.raises(ValueError, match="max_steps 1"):
        load_docs("Sort", max_steps=1)


def test_docs_from_a_published_dataset(tmp_path):
    folder = export(tmp_path / "published", configs=["all"], max_steps=4, examples_per_step=1, progress=False)
    docs = load_docs("Count", dataset=str(folder), version=1.0)["test"]
    generated = load_docs("Count", max_steps=4, per_step=1)["test"]
    assert docs.to_list() == generated.to_list()
    with pytest.raises(ValueError, match="per_step applies to generated examples"):
        load_docs("Count", dataset=str(folder), per_step=3)


def test_process_results_and_bucket_mean():
    example = benchmark_examples("Sort", min_steps=8, max_steps=8, per_step=1)[0]
    doc = {**example, "label": json.dumps(example["label"])}
    states = [*example["label"]["intermediate"], example["label"]["final"]]
    response = "step1: " + states[0] + "\nstep2: " + states[1] + "\nfinal state: zzz"
    scored = process_results(doc, [response])
    assert {key: scored[key] for key in MEASURES} == {
        "prefix_accuracy": 2 / 8,
        "sequential_match": 0.0,
        "final_match": 0.0,
        "prefix_match_length": 2.0,
    }
    assert scored["prefix_accuracy_medium"] == 2 / 8 and scored["sequential_match_medium"] == 0.0
    others = ("short", "long", "extra")
    assert all(math.isnan(scored[f"{measure}_{bucket}"]) for bucket in others for measure in MEASURES[:2])
    long_example = benchmark_examples("Sort", min_steps=30, max_steps=30, per_step=1)[0]
    gold = json.dumps({key: long_example["label"][key] for key in ("intermediate", "final")})
    scored = process_results({**long_example, "label": json.dumps(long_example["label"])}, [gold])
    assert scored["prefix_accuracy_extra"] == scored["sequential_match_extra"] == 1.0
    assert all(math.isnan(scored[f"{measure}_{bucket}"]) for bucket in BUCKETS[:3] for measure in MEASURES[:2])
    assert bucket_mean([0.5, math.nan, 1.0, math.nan]) == 0.75
    assert math.isnan(bucket_mean([math.nan]))


@pytest.fixture(scope="module")
def all_examples():
    return benchmark_examples(None, **PARAMETERS)


def test_simple_evaluate_group_exact_figures(all_examples):
    model = ScriptedLM(all_examples)
    results = lm_eval.simple_evaluate(
        model=model, tasks=[GROUP], task_manager=task_manager(**PARAMETERS), bootstrap_iters=0
    )
    assert len(model.contexts) == len(all_examples) == 23 * 24
    check_results(results["results"], all_examples, procbench_generators.TASKS)
    sample = results["samples"]["procbench_sort"][0]
    assert parse_example_id(sample["doc"]["id"]).stem == "Sort-02-000" and sample["doc"]["length"] == "short"


def test_steps_above_25_are_the_extra_bucket():
    """The README's runs above 25 steps: 26-28 steps are ``extra``, by hand from the scripted
    answers (steps % 3: 2 -> wrong, 0 -> right, 1 -> the first steps // 2 states right)."""
    parameters = {"min_steps": 25, "max_steps": 28, "per_step": 1}
    examples = benchmark_examples(None, **parameters)
    results = lm_eval.simple_evaluate(
        model=ScriptedLM(examples), tasks=[GROUP], task_manager=task_manager(**parameters), bootstrap_iters=0
    )["results"]
    for name in (GROUP, "procbench_sort", "procbench_findcyclic"):
        figures = results[name]
        assert figures["prefix_accuracy_extra,none"] == pytest.approx((0 + 1 + 14 / 28) / 3, abs=1e-12)
        assert figures["sequential_match_extra,none"] == pytest.approx(1 / 3, abs=1e-12)
        assert figures["prefix_accuracy_long,none"] == pytest.approx(12 / 25, abs=1e-12)
        assert figures["sequential_match_long,none"] == 0.0
        assert all(math.isnan(figures[f"{m}_{b},none"]) for b in ("short", "medium") for m in MEASURES[:2])
    check_results(results, examples, procbench_generators.TASKS)


def test_limit_takes_every_length():
    examples = benchmark_examples(TASKS)
    model = ScriptedLM(examples)
    results = lm_eval.simple_evaluate(
        model=model, tasks=[task_name(task) for task in TASKS], task_manager=task_manager(), limit=3, bootstrap_iters=0
    )
    for task in TASKS:
        docs = [sample["doc"] for sample in results["samples"][task_name(task)]]
        assert [doc["steps"] for doc in docs] == [2, 25, 13]
        assert [doc["length"] for doc in docs] == ["short", "long", "medium"]


def test_local_completions_against_an_openai_compatible_server():
    examples = benchmark_examples(TASKS, **PARAMETERS)
    with OpenAIStandIn(ScriptedModel(examples)) as server:
        results = lm_eval.simple_evaluate(
            model="local-completions",
            model_args={
                "model": "standin",
                "base_url": f"{server.base_url}/completions",
                "tokenizer_backend": None,
                "tokenized_requests": False,
                "num_concurrent": 2,
            },
            tasks=[task_name(task) for task in TASKS],
            task_manager=task_manager(**PARAMETERS),
            bootstrap_iters=0,
        )
    assert len([request for request in server.requests if request["path"].endswith("/completions")]) == len(examples)
    check_results(results["results"], examples, TASKS)


def test_cli_with_local_chat_completions_then_procbench_evaluate(tmp_path):
    parameters = {"min_steps": 2, "max_steps": 4, "per_step": 1}
    examples = benchmark_examples(None, **parameters)
    env = {**os.environ, "OPENAI_API_KEY": "test-key", "PYTHONPATH": str(ROOT)}  # this tree's code, from any folder
    # The export's default folder beside the run, as after the README's `procbench export`:
    # it must not shadow the group's name.
    dataset = export(tmp_path / "procbench", configs=["all"], max_steps=4, examples_per_step=1, progress=False)
    pack = subprocess.run(
        [str(Path(sys.executable).with_name("procbench")), "lm-eval-tasks"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    with OpenAIStandIn(ScriptedModel(examples)) as server:
        result = subprocess.run(
            [
                LM_EVAL,
                "--model",
                "local-chat-completions",
                "--model_args",
                f"model=standin,base_url={server.base_url}/chat/completions,num_concurrent=2",
                "--apply_chat_template",
                "--include_path",
                pack,
                "--tasks",
                GROUP,
                "--metadata",
                json.dumps(parameters),
                "--log_samples",
                "--output_path",
                str(tmp_path / "runs"),
            ],
            env=env,
            cwd=tmp_path,
            capture_output=True,
            text=True,
            timeout=900,
        )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert len([request for request in server.requests if request["path"].endswith("/chat/completions")]) == 69
    (results_file,) = (tmp_path / "runs").rglob("results_*.json")
    check_results(json.loads(results_file.read_text())["results"], examples, procbench_generators.TASKS)
    assert f"|{GROUP}" in result.stdout and "prefix_accuracy_extra" in result.stdout
    assert "A local directory named" not in result.stdout + result.stderr

    # the run's folder of samples files scores the same through procbench evaluate
    report = tmp_path / "report"
    assert (
        main(["evaluate", str(tmp_path / "runs"), "--dataset", str(dataset), "--output", str(report), "--no-plots"])
        == 0
    )
    overall = json.loads((report / "summary.json").read_text())["models"]["runs"]["overall"]
    want = expected(examples)["overall"]
    assert {measure: overall[measure] for measure in MEASURES} == pytest.approx(want, abs=1e-12)
    assert overall["missing"] == 0 and overall["n"] == 69
