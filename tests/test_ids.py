"""Scores are never silently wrong: an id names its question across every setting, and
``procbench evaluate`` refuses answers made for another set, naming what differs."""

import hashlib
import io
import json
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import procbench_generators
from procbench_generators.benchmark import example_id, parse_example_id, question_hash
from procbench_tools.cli import main
from procbench_tools.dataset.export import export
from tests.support.sets import iter_set


def test_example_id_is_readable_and_ends_with_the_question_hash():
    question = {"string": "itstb"}
    digest = hashlib.sha256(b'["Sort",{"string":"itstb"}]').hexdigest()
    assert question_hash("Sort", question) == digest
    assert example_id("Sort", 7, 3, digest) == f"Sort-07-003-{digest[:8]}"
    assert example_id("Sort", 100, 1234, digest) == f"Sort-100-1234-{digest[:8]}"
    digest = digest[:8]
    parsed = parse_example_id(f"Sort-07-003-{digest}")
    assert (parsed.task, parsed.steps, parsed.index, parsed.digest, parsed.stem) == (
        "Sort",
        7,
        3,
        digest,
        "Sort-07-003",
    )
    assert parse_example_id("Sort-07-003").digest == "" and parse_example_id("not an id") is None


def test_the_question_hash_is_of_canonical_json_sorted_keys_no_spaces_no_escapes():
    text = '["Cumulate",{"a":[1,"\u00e9"],"b":{"c":null,"d":true}}]'
    question = {"b": {"d": True, "c": None}, "a": [1, "\u00e9"]}
    assert question_hash("Cumulate", question) == hashlib.sha256(text.encode("utf-8")).hexdigest()


@settings(max_examples=25, deadline=None)
@given(
    st.sampled_from(["Sort", "Cumulate", "FillWord", "DeleteWord", "Count2"]),
    st.lists(st.tuples(st.integers(0, 3), st.integers(1, 4)), min_size=2, max_size=3),
)
def test_an_id_names_one_question_whatever_the_settings(task, set_settings):
    """Across seeds and examples per step (which change the sentence tasks' re-draws), two
    examples with the same id have the same question."""
    seen = {}
    for seed, per_step in set_settings:
        for example in iter_set([task], range(2, 5), per_step, seed):
            assert seen.setdefault(example["id"], example["question"]) == example["question"]


def test_sentence_tasks_at_the_same_place_differ_across_examples_per_step():
    """The case digest-less ids got wrong: a sentence task's example depends on the examples
    drawn before it (no sentence twice), so ``FillWord-21-000`` of the default set (10 per
    step) and of a 1-per-step set are different questions; now their ids differ too."""
    ten = {e["id"][:-9]: e for e in iter_set(["FillWord"], range(2, 26), 10)}
    one = {e["id"][:-9]: e for e in iter_set(["FillWord"], range(2, 26), 1)}
    differing = [stem for stem in one if one[stem]["question"] != ten[stem]["question"]]
    assert differing == ["FillWord-21-000", "FillWord-24-000"]
    assert all(one[stem]["id"] != ten[stem]["id"] for stem in differing)
    assert all(one[stem]["id"] == ten[stem]["id"] for stem in one if stem not in differing)


@pytest.fixture(scope="module")
def default_export(tmp_path_factory):
    folder = tmp_path_factory.mktemp("ids") / "procbench"
    return export(folder, configs=["all"], max_steps=3, examples_per_step=1, progress=False)


def perfect_answers(examples):
    return "".join(json.dumps({"id": e["id"], "response": json.dumps(e["label"])}) + "\n" for e in examples)


def test_answers_for_another_seed_are_refused_naming_what_differs(default_export, tmp_path, capsys):
    answers = tmp_path / "seed1.jsonl"
    seed1 = list(iter_set(procbench_generators.TASKS, range(2, 4), 1, seed=1))
    answers.write_text(perfect_answers(seed1))
    with pytest.raises(SystemExit) as exit_info:
        main(["evaluate", str(answers), "--dataset", str(default_export), "--output", str(tmp_path / "r")])
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    dataset_ids = {e["id"][:-9]: e["id"] for e in iter_set(procbench_generators.TASKS, range(2, 4), 1)}
    assert (
        f"seed1: 46 answers are for other questions than the dataset's, e.g. {seed1[0]['id']} where "
        f"{default_export} has {dataset_ids[seed1[0]['id'][:-9]]} (same task, steps and index, another question)"
    ) in err
    assert "settings than the dataset (seed 2024, 1 example per step, steps 2..3)" in err
    assert not (tmp_path / "r").exists()


def test_perfect_answers_for_the_dataset_score_1(default_export, tmp_path, capsys):
    answers = tmp_path / "right.jsonl"
    answers.write_text(perfect_answers(iter_set(procbench_generators.TASKS, range(2, 4), 1)))
    assert main(["evaluate", str(answers), "--dataset", str(default_export), "--output", str(tmp_path / "r")]) == 0
    summary = json.loads((tmp_path / "r" / "summary.json").read_text())
    assert summary["models"]["right"]["overall"]["prefix_accuracy"] == 1.0
    assert summary["models"]["right"]["overall"]["n"] == 46


def test_ids_without_a_digest_are_refused(default_export, tmp_path, capsys):
    answers = tmp_path / "old.jsonl"
    answers.write_text('{"id": "Sort-02-000", "response": "x"}\n')
    with pytest.raises(SystemExit):
        main(["evaluate", str(answers), "--dataset", str(default_export), "--output", str(tmp_path / "r")])
    assert (
        "old: answer Sort-02-000 is a short id (no question digest), which an answers file cannot use: the "
        "dataset's Sort-02-000-d91414f1 names its question" in capsys.readouterr().err
    )


def test_a_generate_jsonl_is_a_dataset_and_answers_come_from_stdin(tmp_path, monkeypatch, capsys):
    dataset = tmp_path / "set.jsonl"
    assert (
        main(["generate", "--tasks", "Sort", "Cumulate", "--max-steps", "3", "--per-step", "2", "-o", str(dataset)])
        == 0
    )
    examples = [json.loads(line) for line in dataset.read_text().splitlines()]
    stdin = io.TextIOWrapper(io.BytesIO(perfect_answers(examples[:3]).encode()), encoding="utf-8")
    monkeypatch.setattr(sys, "stdin", stdin)
    output = tmp_path / "report"
    assert main(["evaluate", "-", "--dataset", str(dataset), "--output", str(output), "--no-plots"]) == 0
    models = json.loads((output / "summary.json").read_text())["models"]
    assert list(models) == ["stdin"]
    overall = models["stdin"]["overall"]
    assert (overall["n"], overall["prefix_accuracy"], overall["missing"]) == (3, 1.0, 5)
    assert "stdin: 5 dataset examples have no prediction" in capsys.readouterr().err
