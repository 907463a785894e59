"""The public API of ``procbench_generators`` (the ``generators/`` folder): names, ids, example shape, errors."""

import json

import pytest

import procbench_generators
from procbench_generators import benchmark
from procbench_generators.benchmark import example_id, question_hash
from procbench_generators.settings import SettingError
from tests.support.sets import iter_set


def test_tasks_in_original_order():
    assert procbench_generators.TASKS == [
        "Sort", "Gather", "Count", "Search", "Copy", "Substitute", "Encode", "Split1", "Split2", "Compose",
        "Decompose", "Rhythm", "Compare", "Count2", "Decode", "PushPop", "Rotate", "FillWord", "DeleteChar",
        "DeleteWord", "Cumulate", "MoveCyclic", "FindCyclic",
    ]  # fmt: skip
    assert procbench_generators.TASK_IDS["Sort"] == "task01"
    assert procbench_generators.TASK_IDS["FindCyclic"] == "task23"


@pytest.mark.parametrize(("task_id", "name"), [("task01", "Sort"), ("task14", "Count2"), ("task23", "FindCyclic")])
def test_original_ids_are_accepted_everywhere(task_id, name):
    assert procbench_generators.canonical_name(task_id) == name
    assert procbench_generators.step_range(task_id) == procbench_generators.step_range(name)
    assert procbench_generators.procedure_text(procbench_generators.canonical_name(task_id)).startswith(
        procbench_generators.load_template(name)[:80]
    )


def test_solve_by_id_equals_solve_by_name():
    question = {"string": "abc", "letter": "b", "count": 4}
    assert procbench_generators.solve("task23", question) == procbench_generators.solve("FindCyclic", question)


def test_generate_by_id_equals_generate_by_name():
    assert procbench_generators.generate("task21", 5, 3) == procbench_generators.generate("Cumulate", 5, 3)


@pytest.mark.parametrize("task", procbench_generators.TASKS)
def test_example_shape(task):
    example = procbench_generators.generate(task, 4, seed=11)
    assert list(example) == ["task", "steps", "question", "label", "prompt"]
    assert example["task"] == task and example["steps"] == 4
    assert list(example["label"]) == ["init", "intermediate", "final"]
    assert set(example["question"]) == set(procbench_generators.get_task(task).fields)
    assert json.loads(json.dumps(example)) == example  # plain JSON types only
    assert example["prompt"].startswith(procbench_generators.procedure_text(task))
    assert "\n\n[Question]\n" in example["prompt"]


def test_unknown_task_error_names_the_valid_tasks():
    with pytest.raises(ValueError, match=r"unknown task 'Sorting'; valid tasks are Sort, Gather, .*FindCyclic"):
        procbench_generators.generate("Sorting", 3, 0)
    with pytest.raises(ValueError, match="unknown task 'task24'"):
        procbench_generators.solve("task24", {})


@pytest.mark.parametrize(
    ("task", "steps", "message"),
    [
        ("Sort", 0, "Sort takes steps from 1 to 100, got 0"),
        ("Sort", 101, "Sort takes steps from 1 to 100, got 101"),
        ("Count", 1, "Count takes steps from 2 to 100, got 1"),
        ("Sort", 2.0, "Sort takes steps from 1 to 100, got 2.0"),
        ("Sort", True, "Sort takes steps from 1 to 100, got True"),
    ],
)
def test_steps_out_of_range(task, steps, message):
    with pytest.raises(ValueError, match=message):
        procbench_generators.generate(task, steps, 0)


def test_seed_must_be_an_int():
    with pytest.raises(ValueError, match="seed must be an int, got '1'"):
        procbench_generators.generate("Sort", 3, "1")


def test_wrong_config_type_is_rejected():
    from procbench_generators.tasks.sort import SortConfig

    with pytest.raises(ValueError, match="Cumulate takes a CumulateConfig config, got SortConfig"):
        procbench_generators.generate("Cumulate", 3, 0, config=SortConfig())


def test_task_without_configuration_rejects_one():
    from procbench_generators.tasks.sort import SortConfig

    with pytest.raises(ValueError, match="Substitute has no configuration, got SortConfig"):
        procbench_generators.generate("Substitute", 3, 0, config=SortConfig())


def test_module_docstring_examples_run():
    import doctest

    failures, tries = doctest.testmod(procbench_generators)
    assert (failures, tries) == (0, 5)


def test_config_changes_the_distribution_and_is_validated():
    from procbench_generators.tasks.rotate import RotateConfig

    example = procbench_generators.generate("Rotate", 20, 0, config=RotateConfig(pair_percent=100))
    assert example["question"]["ranges"] == [[0, 2]] * 20
    with pytest.raises(ValueError, match="pair_percent"):
        RotateConfig(pair_percent=101)


def test_length_buckets():
    from procbench_tools.scoring.lengths import BUCKET_NAMES, length_bucket

    assert BUCKET_NAMES == ("short", "medium", "long", "extra")
    assert [length_bucket(s) for s in (1, 2, 6, 7, 16, 17, 25, 26)] == [
        "extra", "short", "short", "medium", "medium", "long", "long", "extra",
    ]  # fmt: skip


def test_prompt_without_answer_format():
    example = procbench_generators.generate("Sort", 3, 0, answer_format=False)
    assert "Answer format" not in example["prompt"]
    assert example["prompt"] == procbench_generators.prompt_for("Sort", example["question"], answer_format=False)


def test_benchmark_set_ids_and_counts():
    examples = list(iter_set(["Cumulate"], range(2, 5), per_step=3, seed=1))
    assert [e["id"] for e in examples] == [
        example_id("Cumulate", e["steps"], i % 3, question_hash("Cumulate", e["question"]))
        for i, e in enumerate(examples)
    ]
    assert [e["id"].rsplit("-", 1)[0] for e in examples] == [
        f"Cumulate-{s:02d}-{i:03d}" for s in (2, 3, 4) for i in range(3)
    ]
    assert {e["task_name"] for e in examples} == {"task21"}
    assert [e["problem_name"] for e in examples] == [f"task21_{number:04d}" for number in range(9)]
    assert list(examples[0]) == ["id", "task", "task_name", "problem_name", "steps", "prompt", "question", "label"]


def test_duplicate_questions_are_redrawn():
    # Cumulate with 1 step has only 9 * 15 = 135 distinct questions: 100 draws collide.
    examples = list(iter_set(["Cumulate"], [1], per_step=100, seed=0))
    keys = {json.dumps(e["question"], sort_keys=True) for e in examples}
    assert len(keys) == 100
    duplicates = list(iter_set(["Cumulate"], [1], per_step=100, seed=0, unique=False))
    assert len({json.dumps(e["question"], sort_keys=True) for e in duplicates}) < 100


def test_impossible_unique_set_raises_before_generating(monkeypatch):
    made = []
    real = benchmark.draw_question
    monkeypatch.setattr(benchmark, "draw_question", lambda *args: made.append(args) or real(*args))
    # Cumulate with 2 steps: a start in 1..9 and 5 + 10 operations a step, 9 * 15**2 = 2025.
    with pytest.raises(ValueError) as error:
        next(iter_set(["Sort", "Cumulate"], [3, 2], per_step=2026, seed=0))
    assert str(error.value) == (
        "Cumulate has only 2025 distinct questions with 2 steps, fewer than the 2026 asked for per step count; "
        "lower the examples per step or pass unique=False to allow repeats"
    )
    assert made == []  # not even Sort, which comes first, was generated
    with pytest.raises(SettingError) as error:
        next(iter_set(["Encode"], [2], per_step=163, seed=0))
    assert error.value.spelled({"allow_repeats": "--allow-duplicates"}) == (
        "Encode has only 162 distinct questions with 2 steps, fewer than the 163 asked for per step count; "
        "lower the examples per step or pass --allow-duplicates to allow repeats"
    )


@pytest.mark.parametrize(
    ("task", "steps", "count"),
    [
        ("Encode", 1, 2 * 9),
        ("Encode", 2, 2 * 9 * 9),
        ("Decode", 2, 2 * 9 * 9),
        ("Cumulate", 1, 9 * 15),
        ("Cumulate", 3, 9 * 15**3),
        ("PushPop", 1, 26 * 54),
        ("Substitute", 1, 36 * 35),
        ("Substitute", 2, 36 * 35 + 36 * 35 * 35 * 35),  # "aa": 35 partners; "ab": 35 * 35
        ("MoveCyclic", 1, sum(w * 2 * w for w in range(5, 51, 5))),
    ],
)
def test_question_counts(task, steps, count):
    spec = procbench_generators.get_task(task)
    assert spec.count_questions(steps, spec.config) == count


@pytest.mark.parametrize(("task", "steps"), [("Encode", 1), ("Decode", 1), ("Cumulate", 1), ("Substitute", 1)])
def test_question_counts_match_the_sampler(task, steps):
    """Drawn often enough, the sampler produces exactly the counted questions."""
    spec = procbench_generators.get_task(task)
    count = spec.count_questions(steps, spec.config)
    seen = {json.dumps(procbench_generators.generate(task, steps, seed)["question"]) for seed in range(12 * count)}
    assert len(seen) == count


def test_a_full_small_question_space_is_drawn_to_the_last_question():
    examples = list(iter_set(["Encode"], [2], per_step=162, seed=0))
    assert len({e["question"]["string"] for e in examples}) == 162
