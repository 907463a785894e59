"""``procbench evaluate`` end to end on an exported dataset, with exact expected figures."""

import datetime
import hashlib
import importlib.metadata
import json

import pytest

import procbench_tools
from procbench_tools.cli import main
from procbench_tools.dataset.export import export
from procbench_tools.scoring.reader import READER_VERSION


@pytest.fixture(scope="module")
def dataset(tmp_path_factory):
    folder = tmp_path_factory.mktemp("evaluate") / "procbench-dataset"
    return export(folder, configs=["all"], max_steps=4, examples_per_step=1, progress=False)


def row_of(dataset, stem):
    """The row whose id starts with ``stem`` (``Sort-02-000``): ids end with a digest."""
    import datasets

    for split in datasets.load_dataset(str(dataset), "all").values():
        for row in split:
            if row["id"].startswith(stem + "-"):
                return row
    raise KeyError(stem)


def id_of(dataset, stem):
    return row_of(dataset, stem)["id"]


def label_of(dataset, stem):
    return json.loads(row_of(dataset, stem)["label"])


@pytest.fixture(scope="module")
def predictions(dataset, tmp_path_factory):
    sort2, sort3 = label_of(dataset, "Sort-02-000"), label_of(dataset, "Sort-03-000")
    cumulate2 = label_of(dataset, "Cumulate-02-000")
    first, _, last = [*sort3["intermediate"], sort3["final"]]
    lines = [
        # right, in the template's JSON format after some reasoning: PA 1, PML 2
        {"id": id_of(dataset, "Sort-02-000"), "response": "I swap step by step [0, 1].\n" + json.dumps(sort2)},
        # first state right, second wrong, final right: PML 1, PA 1/3, FM 1
        {"id": id_of(dataset, "Sort-03-000"), "response": f"step1: {first}\nstep2: zzzzz\nfinal state: {last}"},
        # no answer at all: invalid, 0 everywhere
        {"id": id_of(dataset, "Cumulate-04-000"), "response": "Sorry, I cannot do arithmetic."},
        # structured, ints written as strings: the metric's rules match them, PML 2
        {
            "id": id_of(dataset, "Cumulate-02-000"),
            "prediction": {"intermediate": [str(cumulate2["intermediate"][0])], "final": str(cumulate2["final"])},
        },
        {"id": "Nope-09-000", "response": "{}"},  # not in the dataset
    ]
    path = tmp_path_factory.mktemp("predictions") / "model-a.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


# The figures in the report's order (pa_by_task.png is gone: it repeated task_scores.png's PA panel).
FIGURES = [
    "length_curves.png",
    "pa_distribution.png",
    "pml_threshold.png",
    "pml_by_task_length.png",
    "task_scores.png",
    "prediction_length.png",
]

# What every report holds, with or without figures.
ALWAYS_WRITTEN = [
    "summary.json",
    "scores.jsonl",
    "possible_misreads.jsonl",
    "table.md",
    "table.tex",
    "report.html",
]

# 95% intervals of model-a's four scored examples (PA 1, 1/3, 0, 1; SM 1, 0, 0, 1; FM 1, 1, 0, 1).
# Wilson, z = 1.959964 (z^2 = 3.841459): 2 of 4 -> centre 0.5, half-width
# z * sqrt(0.25 / 4 + z^2 / 64) / (1 + z^2 / 4) = 0.349961; 3 of 4 -> centre
# (0.75 + z^2 / 8) / (1 + z^2 / 4) = 0.627527, half-width z * sqrt(0.1875 / 4 + z^2 / 64) / (1 + z^2 / 4) = 0.326885.
SM_CI = [0.150039, 0.849961]
FM_CI = [0.300642, 0.954412]
# PA: the Clopper-Pearson interval of the summed PA, S = 1 + 1/3 + 0 + 1 = 7/3 of n = 4: its
# ends are where the distribution functions of Beta(S, n - S + 1) and Beta(S + 1, n - S) reach
# 2.5% and 97.5% (checked with scipy's regularized incomplete beta in test_report_figures).
PA_CI = [0.102603, 0.960321]


def assert_clopper_pearson(interval, total, n):
    from scipy.special import betainc

    low, high = interval
    assert betainc(total, n - total + 1, low) == pytest.approx(0.025, abs=1e-9)
    assert betainc(total + 1, n - total, high) == pytest.approx(0.975, abs=1e-9)


def test_report_figures(dataset, predictions, tmp_path, capsys):
    output = tmp_path / "report"
    assert main(["evaluate", str(predictions), "--dataset", str(dataset), "--output", str(output)]) == 0
    summary = json.loads((output / "summary.json").read_text())
    assert list(summary) == ["models", "provenance"]
    model = summary["models"]["model-a"]
    overall = model["overall"]
    assert overall == {
        "prefix_accuracy": pytest.approx((1 + 1 / 3 + 0 + 1) / 4),
        "prefix_accuracy_ci": pytest.approx(PA_CI, abs=1e-6),
        "sequential_match": 0.5,
        "sequential_match_ci": pytest.approx(SM_CI, abs=1e-6),
        "final_match": 0.75,
        "final_match_ci": pytest.approx(FM_CI, abs=1e-6),
        "prefix_match_length": 1.25,
        # PML 2, 1, 0, 2 (problems of at most 4 steps): the floor 4 * (1 - 0.025^(1/4)) = 2.409460
        # is wider than t's 3.182446 * sqrt(11/12) / 2 = 1.523481 (tests/test_length_intervals.py)
        "prefix_match_length_ci": pytest.approx([0.0, 1.25 + 4 * (1 - 0.025**0.25)], abs=1e-12),
        "invalid_predictions": 1,
        "n": 4,
        "missing": 69 - 4,
        "unknown_ids": 1,
    }
    assert_clopper_pearson(overall["prefix_accuracy_ci"], 7 / 3, 4)
    assert list(model["by_length"]) == ["short"]
    assert model["by_length"]["short"]["sequential_match_ci"] == pytest.approx(SM_CI, abs=1e-6)
    assert model["by_task"]["Sort"]["prefix_accuracy"] == pytest.approx(2 / 3)
    # Sort: PA 1 and 1/3, SM 1 of 2 -> Wilson centre 0.5, half z*sqrt(0.125 + z^2/16)/(1 + z^2/2) = 0.405469;
    assert model["by_task"]["Sort"]["sequential_match_ci"] == pytest.approx([0.094531, 0.905469], abs=1e-6)
    assert_clopper_pearson(model["by_task"]["Sort"]["prefix_accuracy_ci"], 4 / 3, 2)
    assert model["by_task"]["Cumulate"]["prefix_accuracy"] == 0.5
    assert {steps: figures["prefix_accuracy"] for steps, figures in model["by_steps"].items()} == {
        "2": 1.0,
        "3": pytest.approx(1 / 3),
        "4": 0.0,
    }
    assert "prefix_accuracy_ci" not in model["by_steps"]["2"]

    scores = [json.loads(line) for line in (output / "scores.jsonl").read_text().splitlines()]
    assert [row["id"] for row in scores] == [
        id_of(dataset, stem) for stem in ["Sort-02-000", "Sort-03-000", "Cumulate-04-000", "Cumulate-02-000"]
    ]
    assert [row["first_wrong"] for row in scores] == [None, 1, 0, None]
    assert [row["prediction_length"] for row in scores] == [2, 3, None, 2]
    assert [row["read"] for row in scores] == ["full", "full", "not_read", "full"]
    assert [row["form"] for row in scores] == ["object", "labelled/walk-through", None, "prediction"]
    assert model["reading"] == {
        "full": 3,
        "final_only": 0,
        "not_read": 1,
        "possible_misreads": 0,
        "doubts": {},
        "forms": {"object": 1, "labelled/walk-through": 1, "prediction": 1},
        "reader": READER_VERSION,
        "truncated": 0,  # no line says it was cut off by the token limit
        "truncated_failed": 0,
    }
    assert model["horizon"]["pooled"]["n"] == 4 and set(model["horizon"]["by_task"]) == {"Sort", "Cumulate"}
    assert {"h50", "h50_ci", "h80", "h80_ci", "n"} <= set(model["horizon"]["by_task"]["Sort"])
    assert model["horizon"]["method"]["model"].startswith("P(SM = 1 | n steps)")
    assert [row["source"] for row in scores] == [f"{predictions}:{line}" for line in (1, 2, 3, 4)]
    assert scores[1]["prediction"]["intermediate"][1] == "zzzzz" and scores[2]["prediction"] is None
    assert scores[1]["response"].startswith("step1: ") and scores[3]["response"] is None
    assert scores[1]["reference"] == label_of(dataset, "Sort-03-000")

    provenance = summary["provenance"]
    assert (
        provenance["procbench_version"] == importlib.metadata.version("procbench-tools") == procbench_tools.__version__
    )
    assert datetime.datetime.fromisoformat(provenance["time"]).tzinfo is not None
    assert provenance["answers"] == {
        "model-a": {
            "file": str(predictions.resolve()),
            "sha256": hashlib.sha256(predictions.read_bytes()).hexdigest(),
            "bytes": predictions.stat().st_size,
        }
    }
    assert provenance["dataset"] == {
        "source": str(dataset.resolve()),
        "kind": "folder",
        "examples": 69,
        "generation_from": "card",  # the export's card records how it was made
        "generation": {
            "version": procbench_tools.__version__,
            "seed": 2024,
            "examples_per_step": 1,
            "min_steps": 2,
            "max_steps": 4,
            "answer_format": True,
            "unique": True,
            "configs": ["all"],
            "splits": {"short": "2-4"},
            "id_format": "<task>-<steps>-<index>-<first 8 hex digits of SHA-256 of the question>",
        },
    }
    assert provenance["confidence_intervals"]["level"] == 0.95
    assert provenance["confidence_intervals"]["prefix_accuracy"].startswith("Clopper-Pearson interval")
    assert provenance["confidence_intervals"]["prefix_match_length"].startswith("Student t interval of the mean")

    for name in [*FIGURES, "horizon.png"]:
        data = (output / name).read_bytes()
        assert data.startswith(b"\x89PNG") and len(data) > 10_000
    written = [*ALWAYS_WRITTEN, *FIGURES, "horizon.png"]
    assert sorted(path.name for path in output.iterdir()) == sorted([*written, ".procbench-report.json"])
    record = json.loads((output / ".procbench-report.json").read_text())
    assert record == {"written_by": "procbench evaluate", "files": sorted(written)}
    assert (output / "possible_misreads.jsonl").read_text() == ""
    assert not [path for path in tmp_path.iterdir() if path.name.startswith(".")]  # no staging folder left
    captured = capsys.readouterr()
    assert "model-a       0.583 [0.103, 0.960]  0.583 [0.103, 0.960]" in captured.out
    assert "model-a       0.500 [0.150, 0.850]  0.500 [0.150, 0.850]" in captured.out
    assert "model-a       0.750 [0.301, 0.954]  0.750 [0.301, 0.954]" in captured.out
    assert "extra" not in captured.out.split("task")[0]
    assert "model-a: 1 id is not in the dataset and was skipped, e.g. ['Nope-09-000']" in captured.err
    assert "65 dataset examples have no prediction" in captured.err
    assert "Horizon of model-a (steps at which sequential match falls to 50% and 80%; 95% intervals)" in captured.out
    reading = captured.out.split("How the answers were read")[1].splitlines()
    assert reading[2] == "model-a              3 (75.0%)          0 (0.0%)         1 (25.0%)  0"


def test_json_output_and_comparison(dataset, predictions, tmp_path, capsys):
    second = tmp_path / "model-b.jsonl"
    second.write_text(json.dumps({"id": id_of(dataset, "Sort-02-000"), "response": "no idea"}) + "\n")
    output = tmp_path / "cmp"
    code = main(["evaluate", str(predictions), str(second), "--name", "A", "B", "--dataset", str(dataset),
                 "--output", str(output), "--json", "--no-plots"])  # fmt: skip
    assert code == 0
    printed = json.loads(capsys.readouterr().out)
    assert printed == json.loads((output / "summary.json").read_text())
    assert list(printed) == ["models", "failed_by_all", "provenance"]
    assert list(printed["models"]) == ["A", "B"]
    assert printed["models"]["B"]["overall"]["invalid_predictions"] == 1
    assert not list(output.glob("*.png"))


def test_examples_every_model_fails(dataset, predictions, tmp_path, capsys):
    """A answers four examples and fails (PA = 0) only Cumulate-04-000; B answers three:
    Sort-02-000 wrong, Cumulate-04-000 wrong, Cumulate-03-000 (which A lacks) wrong. Both
    answered two examples; both fail one of them."""
    second = tmp_path / "b.jsonl"
    second.write_text(
        "".join(
            json.dumps({"id": id_of(dataset, stem), "response": "no idea"}) + "\n"
            for stem in ("Cumulate-04-000", "Sort-02-000", "Cumulate-03-000")
        )
    )
    output = tmp_path / "cmp"
    code = main(["evaluate", str(predictions), str(second), "--name", "A", "B", "--dataset", str(dataset),
                 "--output", str(output), "--no-plots"])  # fmt: skip
    assert code == 0
    summary = json.loads((output / "summary.json").read_text())
    assert summary["failed_by_all"] == {"count": 1, "of": 2, "file": "failed_by_all.jsonl"}
    listed = [json.loads(line) for line in (output / "failed_by_all.jsonl").read_text().splitlines()]
    assert listed == [
        {
            "id": id_of(dataset, "Cumulate-04-000"),
            "task": "Cumulate",
            "steps": 4,
            "reference": label_of(dataset, "Cumulate-04-000"),
            "predictions": {"A": None, "B": None},
        }
    ]
    out = capsys.readouterr().out
    assert "every model fails (PA = 0) 1 of the 2 examples all models answered" in out
    table_2 = out.split("\ntask ")[0]
    b_rows = [line for line in table_2.splitlines() if line.startswith("B ")]
    assert len(b_rows) == 3 and all(row.endswith("<- scored on 3 examples (A: 4)") for row in b_rows)
    assert not any("<- scored" in line for line in out.splitlines() if line.startswith("A "))


def test_a_rerun_replaces_the_whole_report(dataset, predictions, tmp_path):
    output = tmp_path / "report"
    second = tmp_path / "b.jsonl"
    second.write_text(json.dumps({"id": id_of(dataset, "Sort-02-000"), "response": "no idea"}) + "\n")
    argv = ["--dataset", str(dataset), "--output", str(output)]
    assert main(["evaluate", str(predictions), str(second), *argv]) == 0
    assert {"failed_by_all.jsonl", *FIGURES, "horizon-model-a.png", "horizon-b.png"} <= {
        path.name for path in output.iterdir()
    }
    assert main(["evaluate", str(second), *argv, "--no-plots"]) == 0
    assert sorted(path.name for path in output.iterdir()) == sorted([".procbench-report.json", *ALWAYS_WRITTEN])
    assert list(json.loads((output / "summary.json").read_text())["models"]) == ["b"]


def test_a_folder_holding_other_files_is_refused_and_left_alone(dataset, predictions, tmp_path, capsys):
    output = tmp_path / "mine"
    output.mkdir()
    (output / "summary.json").write_text("my own summary")
    (output / "length_curves.png").write_text("my own figure")
    argv = ["evaluate", str(predictions), "--dataset", str(dataset), "--output", str(output)]
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    assert capsys.readouterr().err.endswith(
        f"--output {output} holds files procbench evaluate did not write (length_curves.png, summary.json); "
        "choose a new or empty folder, so that none of them is replaced\n"
    )
    assert sorted(path.name for path in output.iterdir()) == ["length_curves.png", "summary.json"]
    assert (output / "summary.json").read_text() == "my own summary"
    # a report's folder that received a file of the user's afterwards is refused too
    report = tmp_path / "report"
    assert main([*argv[:-1], str(report), "--no-plots"]) == 0
    (report / "notes.txt").write_text("mine")
    with pytest.raises(SystemExit):
        main([*argv[:-1], str(report), "--no-plots"])
    assert "holds files procbench evaluate did not write (notes.txt)" in capsys.readouterr().err
    assert (report / "notes.txt").read_text() == "mine"
    # an empty folder takes a report
    empty = tmp_path / "empty"
    empty.mkdir()
    assert main([*argv[:-1], str(empty), "--no-plots"]) == 0
    assert (empty / "summary.json").is_file()


def test_a_failed_report_keeps_the_previous_one(dataset, predictions, tmp_path, monkeypatch):
    from procbench_tools.evaluation import plots

    output = tmp_path / "report"
    argv = ["evaluate", str(predictions), "--dataset", str(dataset), "--output", str(output)]
    assert main([*argv, "--no-plots"]) == 0
    before = {path.name: path.read_bytes() for path in output.iterdir()}

    def broken(*args):
        raise OSError("disk full")

    monkeypatch.setattr(plots, "draw_all", broken)  # fails after every answer is scored
    with pytest.raises(SystemExit):
        main(argv)
    assert {path.name: path.read_bytes() for path in output.iterdir()} == before
    assert [path.name for path in tmp_path.iterdir() if path.name.startswith(".")] == []


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (
            '{"id": "SORT", "response": "a"}\n{"id": "SORT", "response": "b"}\n',
            ":2: id 'SORT' appears twice (first on line 1)",
        ),
        (
            '{"id": "Nope", "response": "a"}\n{"id": "Nope", "response": "b"}\n',
            ":2: id 'Nope' appears twice",
        ),
        ("not json\n", ":1: not a JSON object"),
        ('{"response": "a"}\n', ':1: each line needs an "id"'),
        ('{"id": "Sort-02-000"}\n', ':1: a line needs "response" (raw text) or "prediction"'),
        # a response that holds no text is refused, never scored 0 in silence (the metric
        # scores a dict as a structured answer: it goes under "prediction")
        (
            '{"id": "SORT", "response": {"intermediate": [], "final": "x"}}\n',
            ":1: a response of type dict holds no text; a response must be text, a chat message list, or an "
            'OpenAI-style completion object; a structured answer goes under "prediction"',
        ),
        ('{"id": "SORT", "response": 42}\n', ":1: a response of type int holds no text"),
        ('{"id": "SORT", "response": ["a", "b"]}\n', ":1: a response of type list holds no text"),
    ],
)
def test_bad_prediction_files(dataset, tmp_path, capsys, content, message):
    path = tmp_path / "bad.jsonl"
    path.write_text(content.replace("SORT", id_of(dataset, "Sort-02-000")))
    message = message.replace("SORT", id_of(dataset, "Sort-02-000"))
    with pytest.raises(SystemExit) as exit_info:
        main(["evaluate", str(path), "--dataset", str(dataset), "--output", str(tmp_path / "out")])
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err
    assert sorted(path.name for path in tmp_path.iterdir()) == ["bad.jsonl"]  # no report, no staging


def test_bad_arguments(dataset, predictions, tmp_path, capsys):
    with pytest.raises(SystemExit):
        main(["evaluate", str(predictions), "--name", "A", "B", "--dataset", str(dataset), "--output", str(tmp_path)])
    assert "got 2 --name values for 1 model (one per answers file" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["evaluate", str(tmp_path / "none.jsonl"), "--dataset", str(dataset), "--output", str(tmp_path)])
    assert "does not exist" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["evaluate", str(predictions), "--dataset", "not a repo", "--output", str(tmp_path)])
    assert "is neither a folder, a JSONL file nor a Hub repo id" in capsys.readouterr().err


def test_names_that_make_one_file_name_are_refused_up_front(dataset, predictions, tmp_path, capsys):
    """Two models whose names differ only in characters a file name cannot hold would write
    one horizon figure over the other (issue 29, item 10): refused in one line, nothing written."""
    output = tmp_path / "report"
    with pytest.raises(SystemExit) as stopped:
        main(["evaluate", str(predictions), str(predictions), "--name", "org/model", "org model",
              "--dataset", str(dataset), "--output", str(output)])  # fmt: skip
    assert stopped.value.code == 2
    assert capsys.readouterr().err.strip().splitlines() == [
        "procbench evaluate: error: model names 'org/model' and 'org model' both make the file name "
        "horizon-org_model.png; give names that differ in letters, digits, '.', '_' or '-' with --name"
    ]
    assert not output.exists()


def test_every_answer_form_reads_right_through_evaluate(dataset, tmp_path):
    import datasets

    from tests.support.answer_forms import FORMS, render

    rows = [row for split in datasets.load_dataset(str(dataset), "all").values() for row in split]
    lines = []
    for index, row in enumerate(rows):  # each example answered in one form, every form used
        form = FORMS[index % len(FORMS)]
        lines.append({"id": row["id"], "response": render(json.loads(row["label"]), form, "double")})
    assert len(rows) >= len(FORMS)
    answers = tmp_path / "forms.jsonl"
    answers.write_text("".join(json.dumps(line) + "\n" for line in lines))
    output = tmp_path / "report"
    assert main(["evaluate", str(answers), "--dataset", str(dataset), "--output", str(output), "--no-plots"]) == 0
    overall = json.loads((output / "summary.json").read_text())["models"]["forms"]["overall"]
    assert overall["prefix_accuracy"] == 1.0 and overall["sequential_match"] == 1.0
    assert overall["invalid_predictions"] == 0 and overall["n"] == len(rows)


def test_a_possible_misread_is_counted_listed_and_shown(dataset, tmp_path, capsys):
    """A reading with a sign of a misread (here three states where the question has four, in
    a chain the reader took as the steps: ``count``) is counted in the audit, listed in
    possible_misreads.jsonl with its doubts and the reader's version, and flagged by show:
    never a silent score."""
    label = label_of(dataset, "Sort-04-000")
    first, second, _, final = [*label["intermediate"], label["final"]]
    response = f"{first}\n{second}\nFinal state: {final}"
    identifier = id_of(dataset, "Sort-04-000")
    answers = tmp_path / "walk.jsonl"
    answers.write_text(json.dumps({"id": identifier, "response": response}) + "\n")
    output = tmp_path / "report"
    assert main(["evaluate", str(answers), "--dataset", str(dataset), "--output", str(output), "--no-plots"]) == 0
    reading = json.loads((output / "summary.json").read_text())["models"]["walk"]["reading"]
    assert reading == {
        "full": 1,
        "final_only": 0,
        "not_read": 0,
        "possible_misreads": 1,
        "doubts": {"count": 1},
        "forms": {"chain/labelled final": 1},
        "reader": READER_VERSION,
        "truncated": 0,
        "truncated_failed": 0,
    }
    (flagged,) = [json.loads(line) for line in (output / "possible_misreads.jsonl").read_text().splitlines()]
    assert flagged == {
        "model": "walk",
        "id": identifier,
        "source": f"{answers}:1",
        "form": "chain/labelled final",
        "states_read": 3,
        "doubts": ["count"],
        "reader": READER_VERSION,
        "response": response,
    }
    out = capsys.readouterr().out
    assert f"possible misreads are listed in {output / 'possible_misreads.jsonl'}" in out
    assert main(["show", identifier, "--answers", str(answers), "--dataset", str(dataset), "--no-prompt"]) == 0
    shown = capsys.readouterr().out
    assert "(first wrong state: step 3; a possible misread (count))" in shown


def test_a_chat_message_list_or_an_openai_object_is_read_as_its_text(dataset, tmp_path):
    """A response saved as the chat messages, or as the API's completion object, is read as
    the assistant's text: the same answer as the text itself."""
    label = label_of(dataset, "Sort-02-000")
    text = json.dumps({"intermediate": label["intermediate"], "final": label["final"]})
    shapes = [
        text,
        [{"role": "user", "content": "..."}, {"role": "assistant", "content": text}],
        {"choices": [{"message": {"role": "assistant", "content": text}}]},
    ]
    identifier = id_of(dataset, "Sort-02-000")
    for number, response in enumerate(shapes):
        answers = tmp_path / f"shape{number}.jsonl"
        answers.write_text(json.dumps({"id": identifier, "response": response}) + "\n")
        output = tmp_path / f"report{number}"
        assert main(["evaluate", str(answers), "--dataset", str(dataset), "--output", str(output), "--no-plots"]) == 0
        (row,) = [json.loads(line) for line in (output / "scores.jsonl").read_text().splitlines()]
        assert (row["sequential_match"], row["read"], row["form"]) == (1, "full", "object")
