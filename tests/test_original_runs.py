"""The original ProcBench pipeline's runs (``experiment/<exp>/preds/<model>/taskNN/NNNN.txt``
and ``preds_json/<model>/taskNN/NNNN.json``) score as they are (issue #30, items 1-2).

The folder is built in the original's layout from our own generated examples: three models
over two tasks (Sort = task01, Search = task04; steps 2..25, one example each, so 24 a
task, numbered 0000..0023 from the fewest steps), with the scripted replies of
tests/support/scripted_model.py, whose figures are computed by hand there."""

import json
import pickle

import pytest

from procbench_tools.cli import main
from tests.support.scripted_model import answer, expected

TASKS = ["Sort", "Search"]
ORIGINAL_NOTE = (
    "an original run's .txt and .json files hold no tokens; its preds_raw pickles, which do, are never loaded"
)


class Planted:
    """A pickle that leaves a file behind when it is loaded: the original's ``preds_raw``
    pickles must never be."""

    def __init__(self, marker):
        self.marker = marker

    def __reduce__(self):
        return (open, (str(self.marker), "w"))


@pytest.fixture(scope="module")
def examples(tmp_path_factory):
    path = tmp_path_factory.mktemp("set") / "set.jsonl"
    arguments = ["generate", "--tasks", *TASKS, "--per-step", "1", "--min-steps", "2", "--max-steps", "25"]
    assert main([*arguments, "-o", str(path)]) == 0
    return path, [json.loads(line) for line in path.read_text().splitlines()]


def state(example):
    return {"intermediate": example["label"]["intermediate"], "final": example["label"]["final"]}


REPLIES = {
    "alpha": answer,  # the scripted model: right, half right, or no answer, by steps % 3
    "beta": lambda example: json.dumps(state(example)),  # always right
    "gamma": lambda example: "No idea.",  # never an answer
}


def paper_extraction(model, example):
    """What the paper's GPT-4o extraction made of the reply: alpha's unanswered replies
    (steps % 3 == 2, 8 a task) are read as a wrong state, the others as they are."""
    if model == "gamma" or (model == "alpha" and example["steps"] % 3 == 2):
        return {"intermediate": [], "final": "?"}
    reply = json.loads(REPLIES[model](example).split("\n")[-1])
    return {"intermediate": reply["intermediate"], "final": reply["final"]}


@pytest.fixture(scope="module")
def experiment(examples, tmp_path_factory):
    _, rows = examples
    root = tmp_path_factory.mktemp("experiment") / "experiment" / "run1"
    for model in REPLIES:
        for row in rows:
            task_folder, number = row["problem_name"].split("_")
            reply = root / "preds" / model / task_folder / f"{number}.txt"
            reply.parent.mkdir(parents=True, exist_ok=True)
            reply.write_text(REPLIES[model](row))
            extraction = root / "preds_json" / model / task_folder / f"{number}.json"
            extraction.parent.mkdir(parents=True, exist_ok=True)
            extraction.write_text(json.dumps(paper_extraction(model, row)))
            raw = root / "preds_raw" / model / task_folder / f"{number}.pkl"
            raw.parent.mkdir(parents=True, exist_ok=True)
            raw.write_bytes(pickle.dumps(Planted(root / "unpickled")))
    (root / "preds" / "alpha" / "task01" / "0000.pkl").write_bytes(pickle.dumps(Planted(root / "unpickled")))
    return root


def summary(output):
    return json.loads((output / "summary.json").read_text())


def test_problem_names_score_as_ids(examples, tmp_path):
    """Answers whose ids are ``problem_name`` s (task01_0000) score exactly as the same
    answers keyed by our ids; scores.jsonl names the examples by our ids either way."""
    dataset, rows = examples
    by_id, by_name = tmp_path / "by_id.jsonl", tmp_path / "by_name.jsonl"
    by_id.write_text("".join(json.dumps({"id": row["id"], "response": answer(row)}) + "\n" for row in rows))
    by_name.write_text("".join(json.dumps({"id": row["problem_name"], "response": answer(row)}) + "\n" for row in rows))
    output = tmp_path / "report"
    arguments = ["evaluate", str(by_id), str(by_name), "--dataset", str(dataset), "--output", str(output)]
    assert main([*arguments, "--no-plots"]) == 0
    models = summary(output)["models"]
    assert models["by_id"] == models["by_name"]
    assert models["by_id"]["overall"]["n"] == 48 and models["by_id"]["overall"]["missing"] == 0
    want = expected(rows)["overall"]
    assert models["by_name"]["overall"]["prefix_accuracy"] == pytest.approx(want["prefix_accuracy"], abs=1e-12)
    scored = [json.loads(line) for line in (output / "scores.jsonl").read_text().splitlines()]
    assert {line["id"] for line in scored if line["model"] == "by_name"} == {row["id"] for row in rows}


def test_preds_folder_scores_every_model_as_one_report(examples, experiment, tmp_path, capsys):
    """The ``preds`` folder of three models: one report row each, each equal to the same
    replies given as an answers file; alpha's figures are the scripted model's (computed by
    hand); the paper's extraction beside them is read as a second reading: for alpha it
    differs on the 16 replies with no answer (8 a task), for beta on none, for gamma on
    all 48 (the reader finds nothing, the extraction a wrong state)."""
    dataset, rows = examples
    output = tmp_path / "report"
    assert main(["evaluate", str(experiment / "preds"), "--dataset", str(dataset), "--output", str(output)]) == 0
    printed = capsys.readouterr().out
    models = summary(output)["models"]
    assert list(models) == ["alpha", "beta", "gamma"]
    assert not (experiment / "unpickled").exists()
    for model in REPLIES:
        plain = tmp_path / f"{model}.jsonl"
        plain.write_text("".join(json.dumps({"id": row["id"], "response": REPLIES[model](row)}) + "\n" for row in rows))
        alone = tmp_path / f"alone-{model}"
        assert main(["evaluate", str(plain), "--dataset", str(dataset), "--output", str(alone), "--no-plots"]) == 0
        paper = models[model].pop("paper_extraction")
        tokens, alone_summary = models[model].pop("tokens"), summary(alone)["models"][model]
        alone_tokens = alone_summary.pop("tokens")
        assert models[model] == alone_summary
        # the .txt replies hold no tokens, and the report says so rather than reporting none
        assert tokens == {**alone_tokens, "recorded": False, "counted_by": None, "note": ORIGINAL_NOTE}
        assert paper["model"] == "the paper's extraction (preds_json)" and paper["replies"] == 48
        assert paper["disagreements"] == {"alpha": 16, "beta": 0, "gamma": 48}[model]
        assert paper["file"] == "paper_extraction_disagreements.jsonl"
    want = expected(rows)["overall"]
    assert models["alpha"]["overall"]["prefix_accuracy"] == pytest.approx(want["prefix_accuracy"], abs=1e-12)
    assert models["beta"]["overall"]["sequential_match"] == 1.0
    assert models["gamma"]["overall"]["invalid_predictions"] == 48
    disagreements = (output / "paper_extraction_disagreements.jsonl").read_text().splitlines()
    assert len(disagreements) == 16 + 48
    first = json.loads(disagreements[0])
    assert first["source"] == str(experiment / "preds" / "alpha" / "task01" / "0000.txt")
    assert first["extractor"] == {"intermediate": [], "final": "?"} and first["reader"] is None
    assert "The replies read again by the paper's extraction (preds_json)" in printed


def test_preds_json_model_is_scored_as_structured_predictions(examples, experiment, tmp_path):
    """A ``preds_json/<model>`` folder is the paper's extraction, scored as it stands (no
    reading): beta's are the labels (all right), gamma's a wrong state (all wrong but
    read), alpha's score as its replies except the 16 the extraction guessed."""
    dataset, rows = examples
    output = tmp_path / "report"
    folders = [str(experiment / "preds_json" / model) for model in ("alpha", "beta", "gamma")]
    assert main(["evaluate", *folders, "--dataset", str(dataset), "--output", str(output), "--no-plots"]) == 0
    models = summary(output)["models"]
    assert list(models) == ["alpha (preds_json)", "beta (preds_json)", "gamma (preds_json)"]
    assert models["beta (preds_json)"]["overall"]["sequential_match"] == 1.0
    gamma = models["gamma (preds_json)"]["overall"]
    assert gamma["prefix_accuracy"] == 0.0 and gamma["invalid_predictions"] == 0 and gamma["n"] == 48
    assert models["alpha (preds_json)"]["reading"]["forms"] == {"prediction": 48}
    want = expected(rows)["overall"]
    alpha = models["alpha (preds_json)"]["overall"]
    assert alpha["prefix_accuracy"] == pytest.approx(want["prefix_accuracy"], abs=1e-12)
    assert alpha["invalid_predictions"] == 0  # the 16 guesses are read (and wrong)
    assert "paper_extraction" not in models["beta (preds_json)"]


def test_preds_raw_is_not_an_answers_folder(examples, experiment, tmp_path, capsys):
    """The original's pickles are never loaded: a ``preds_raw`` folder is refused in one
    line, and the planted pickle leaves no file."""
    dataset, _ = examples
    with pytest.raises(SystemExit):
        main(["evaluate", str(experiment / "preds_raw" / "alpha"), "--dataset", str(dataset), "--output", "x"])
    (line,) = capsys.readouterr().err.strip().splitlines()
    assert "holds no lm-eval samples_procbench_*.jsonl files" in line
    assert not (experiment / "unpickled").exists()
