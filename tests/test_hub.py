"""``procbench push`` and ``procbench push-metric`` against a loopback Hub stand-in; each
client runs in a subprocess whose HF_ENDPOINT points at it (nothing leaves 127.0.0.1)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from procbench_tools.dataset.export import export
from tests.support.hub_standin import HubStandIn

ROOT = Path(__file__).resolve().parent.parent
TOKEN = "hf_standin_secret_token"


@pytest.fixture(scope="module")
def small_export(tmp_path_factory):
    return export(
        tmp_path_factory.mktemp("push") / "procbench-dataset",
        configs=["all", "Sort", "Cumulate"],
        max_steps=4,
        examples_per_step=2,
        progress=False,
    )


@pytest.fixture
def hub():
    with HubStandIn(token=TOKEN) as standin:
        yield standin


def run(args, hub, tmp_path, token=TOKEN, extra_env=None):
    env = {key: value for key, value in os.environ.items() if not key.startswith("HF_")}
    env.update(HF_ENDPOINT=hub.endpoint, HF_HUB_DISABLE_XET="1", HF_HOME=str(tmp_path / "hf"), PYTHONPATH=str(ROOT))
    if token:
        env["HF_TOKEN"] = token
    env.update(extra_env or {})
    return subprocess.run(args, env=env, capture_output=True, text=True, cwd=tmp_path, timeout=300)


def procbench(*args):
    return [sys.executable, "-m", "procbench_tools", *args]


def test_push_then_load_dataset_from_the_hub(small_export, hub, tmp_path):
    result = run(procbench("push", "user/procbench", "--from", str(small_export)), hub, tmp_path)
    assert result.returncode == 0, result.stderr
    assert "pushed" in result.stderr and TOKEN not in result.stdout + result.stderr
    files = hub.files("dataset", "user/procbench")
    assert "README.md" in files and "data/Sort/short-00000-of-00001.parquet" in files
    assert len(hub.store.commits["dataset", "user/procbench"]) == 1  # one commit
    card = files["README.md"].decode()
    assert 'load_dataset("user/procbench", "Sort", split="short")' in card
    assert 'load_dataset("procbench-dataset"' in (small_export / "README.md").read_text()  # export untouched
    load = (
        "import datasets\n"
        "ds = datasets.load_dataset('user/procbench', 'Cumulate', split='short')\n"
        "print(ds.num_rows, ds.features['label']['final'].dtype, ds[0]['id'])\n"
    )
    loaded = run([sys.executable, "-c", load], hub, tmp_path)
    assert loaded.returncode == 0, loaded.stderr
    assert loaded.stdout.split() == ["6", "int64", "Cumulate-02-000-f5beac26"]
    predictions = tmp_path / "answers.jsonl"
    predictions.write_text('{"id": "Sort-02-000-d91414f1", "response": "no idea"}\n')
    evaluated = run(
        procbench("evaluate", str(predictions), "--dataset", "user/procbench", "--output", "report", "--json"),
        hub,
        tmp_path,
    )
    assert evaluated.returncode == 0, evaluated.stderr
    summary = json.loads(evaluated.stdout)
    overall = summary["models"]["answers"]["overall"]
    assert (overall["n"], overall["invalid_predictions"], overall["missing"]) == (1, 1, 23 * 3 * 2 - 1)
    dataset = summary["provenance"]["dataset"]
    assert (dataset["source"], dataset["kind"], dataset["generation_from"]) == ("user/procbench", "hub", "card")
    generation = dataset["generation"]
    assert (generation["max_steps"], generation["examples_per_step"], generation["seed"]) == (4, 2, 2024)
    assert hub.store.unknown == []


def test_push_without_token_says_how_to_log_in(small_export, hub, tmp_path):
    result = run(procbench("push", "user/procbench", "--from", str(small_export)), hub, tmp_path, token=None)
    assert result.returncode == 1
    assert "no Hugging Face token found: log in with `hf auth login`" in result.stderr
    assert "Traceback" not in result.stderr
    assert hub.files("dataset", "user/procbench") == {}


def test_push_with_a_rejected_token(small_export, hub, tmp_path):
    result = run(procbench("push", "user/procbench", "--from", str(small_export)), hub, tmp_path, token="hf_wrong")
    assert result.returncode == 1
    assert "the Hub refused the upload to user/procbench (HTTP 401)" in result.stderr
    assert "hf_wrong" not in result.stderr and "Traceback" not in result.stderr


def test_push_offline_and_without_an_export(small_export, hub, tmp_path):
    offline = run(
        procbench("push", "user/procbench", "--from", str(small_export)),
        hub,
        tmp_path,
        extra_env={"HF_HUB_OFFLINE": "1"},
    )
    assert offline.returncode == 1 and "HF_HUB_OFFLINE is set: unset it to upload" in offline.stderr
    missing = run(procbench("push", "user/procbench", "--from", "nowhere"), hub, tmp_path)
    assert missing.returncode == 1
    assert "nowhere holds no exported dataset: run `procbench export nowhere` first" in missing.stderr


def test_push_metric_then_evaluate_load_from_the_space(hub, tmp_path):
    result = run(procbench("push-metric", "user/procbench_metric"), hub, tmp_path)
    assert result.returncode == 0, result.stderr
    files = hub.files("space", "user/procbench_metric")
    scoring = ROOT / "procbench_tools" / "scoring"
    carried = sorted(path.name for path in scoring.glob("*.py") if path.name != "__init__.py")
    assert "literals.py" in carried and "reader.py" in carried
    assert sorted(files) == sorted(["README.md", "app.py", "procbench_metric.py", "requirements.txt", *carried])
    assert hub.store.meta["space", "user/procbench_metric"]["sdk"] == "gradio"
    card = files["README.md"].decode()
    assert "sdk: gradio" in card and "app_file: app.py" in card and "- evaluate\n- metric" in card
    assert 'evaluate.load("user/procbench_metric")' in card and 'evaluate.load("procbench_metric")' not in card
    assert 'evaluate.load("./procbench_metric.py")' in files["app.py"].decode()
    script = files["procbench_metric.py"].decode()
    assert "from .measures import CITATION, score" in script and "class ProcbenchMetric(evaluate.Metric)" in script
    assert "procbench_tools" not in script.split('"""')[2]  # the code below the docstring
    assert all(files[name] == (scoring / name).read_bytes() for name in carried)
    use = (  # the Space alone: procbench itself cannot be imported
        "import sys\n"
        "sys.modules['procbench_tools'] = None\n"
        "import evaluate\n"
        "metric = evaluate.load('user/procbench_metric')\n"
        "result = metric.compute(predictions=[['btsti', 'bitst'], 'Step 1: btsti\\nFinal answer: bistt'], "
        "references=[{'intermediate': ['btsti'], 'final': 'bistt'}] * 2)\n"
        "print(result['prefix_accuracy'], result['prefix_match_length'], result['sequential_match'], metric.name)\n"
    )
    loaded = run([sys.executable, "-c", use], hub, tmp_path)
    assert loaded.returncode == 0, loaded.stderr
    assert loaded.stdout.split() == ["0.75", "1.5", "0.5", "procbench_metric"]


def test_space_named_after_the_repo(hub, tmp_path):
    result = run(procbench("push-metric", "user/step-scores"), hub, tmp_path)
    assert result.returncode == 0, result.stderr
    files = hub.files("space", "user/step-scores")
    assert "step-scores.py" in files and 'evaluate.load("./step-scores.py")' in files["app.py"].decode()


@pytest.mark.parametrize("planted", ["file", "folder"])
def test_push_refuses_a_symbolic_link_in_the_export(small_export, hub, tmp_path, planted):
    """Issue 29, item 11: push copied the export following links, so a link inside it
    uploaded its target (a secret outside the folder became a public file). Any link is
    refused in one line naming it, before anything is sent."""
    import shutil

    secret = tmp_path / "outside"
    secret.mkdir()
    (secret / "token.txt").write_text("hf_secret_outside_the_export")
    export = tmp_path / "export"
    shutil.copytree(small_export, export)
    link = export / "data" / ("notes.txt" if planted == "file" else "more")
    link.symlink_to(secret / "token.txt" if planted == "file" else secret)
    result = run(procbench("push", "user/procbench", "--from", str(export)), hub, tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines()[-1] == (
        f"procbench push: error: {link} is a symbolic link: only the files inside {export} are uploaded, "
        "never a link's target; replace it with the file itself, or export again"
    )
    assert hub.files("dataset", "user/procbench") == {} and hub.store.commits == {}


def test_push_redacts_the_token_a_server_echoes(small_export, tmp_path):
    """Issue 29, item 13: push relayed the server's error text verbatim, and a server that
    echoes the request's headers put ``Bearer hf_...`` on stderr. Every printed message
    now goes through procbench_tools.redaction.redact."""
    wrong = "hf_" + "Ab3" * 12  # shaped like a real token: hf_ and 36 letters and digits
    with HubStandIn(token=TOKEN, echo_headers=True) as echoing:
        result = run(procbench("push", "user/procbench", "--from", str(small_export)), echoing, tmp_path, token=wrong)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    [line] = result.stderr.strip().splitlines()
    assert line.startswith("procbench push: error: the Hub refused the upload to user/procbench (HTTP 401)")
    assert "request headers:" in line and "'authorization': 'Bearer [redacted]'" in line  # the echo, defused
    assert wrong not in result.stderr and "Bearer hf_" not in result.stderr
