"""The Ray integration, on a local Ray instance (2 CPUs, no dashboard, loopback only)."""

import json
from pathlib import Path

import datasets
import pyarrow.parquet as pq
import pytest
import ray  # the test extra installs procbench[ray]: this test runs in CI, never skipped

from procbench import ProcBench
from procbench_generators.benchmark import iter_task_examples, question_hash
from procbench_generators.settings import Settings
from procbench_tools.integrations import ray_dataset

datasets.disable_progress_bars()


@pytest.fixture(scope="module")
def local_ray():
    ray.init(
        num_cpus=2,
        include_dashboard=False,
        _node_ip_address="127.0.0.1",
        configure_logging=False,
        log_to_driver=False,
    )
    yield
    ray.shutdown()


def builder_rows(tmp_path, **params):
    builder = ProcBench(config_name="all", cache_dir=str(tmp_path / "cache"), **params)
    builder.download_and_prepare()
    return [row for split in builder.as_dataset().values() for row in split]


def test_shards_cover_the_seed_space_in_order():
    chosen = Settings(("Sort", "Count2"), examples_per_step=5, min_steps=2, max_steps=3, unique=False)
    assert ray_dataset.shards(chosen, shard_size=2) == [
        {"task": "Sort", "steps": [2], "start": 0, "stop": 2},
        {"task": "Sort", "steps": [2], "start": 2, "stop": 4},
        {"task": "Sort", "steps": [2], "start": 4, "stop": 5},
        {"task": "Sort", "steps": [3], "start": 0, "stop": 2},
        {"task": "Sort", "steps": [3], "start": 2, "stop": 4},
        {"task": "Sort", "steps": [3], "start": 4, "stop": 5},
        {"task": "Count2", "steps": [2], "start": 0, "stop": 2},
        {"task": "Count2", "steps": [2], "start": 2, "stop": 4},
        {"task": "Count2", "steps": [2], "start": 4, "stop": 5},
        {"task": "Count2", "steps": [3], "start": 0, "stop": 2},
        {"task": "Count2", "steps": [3], "start": 2, "stop": 4},
        {"task": "Count2", "steps": [3], "start": 4, "stop": 5},
    ]
    unique = Settings(("Sort", "Count2"), examples_per_step=5, min_steps=2, max_steps=3)
    assert ray_dataset.shards(unique, shard_size=2) == [
        {"task": "Sort", "steps": [2], "start": 0, "stop": 5},
        {"task": "Sort", "steps": [3], "start": 0, "stop": 5},
        {"task": "Count2", "steps": [2, 3], "start": 0, "stop": 5},  # no sentence twice: one sequence
    ]


@pytest.mark.parametrize("unique", [False, True])
def test_rows_equal_the_single_process_builder(local_ray, tmp_path, unique):
    params = {"examples_per_step": 7, "min_steps": 5, "max_steps": 8, "seed": 3, "unique": unique}
    rows = ray_dataset.build_dataset(shard_size=3, keep_benchmark=True, **params).take_all()
    expected = builder_rows(tmp_path, **params)
    assert len(rows) == len(expected) == 23 * 4 * 7
    assert sorted(rows, key=lambda row: row["id"]) == sorted(expected, key=lambda row: row["id"])


def test_write_parquet_shards(local_ray, tmp_path):
    target = tmp_path / "parquet"
    ray_dataset.write_parquet(str(target), tasks=["Cumulate", "task14"], examples_per_step=3, max_steps=4, unique=False)
    files = sorted(target.glob("*.parquet"))
    assert len(files) >= 2  # one or more per shard, as Ray writes them
    table = pq.read_table(files)
    assert table.num_rows == 2 * 3 * 3
    rows = sorted(table.to_pylist(), key=lambda row: row["id"])
    assert rows[0]["id"].startswith("Count2-02-000-") and rows[-1]["id"].startswith("Cumulate-04-002-")
    label = json.loads(rows[-1]["label"])
    assert len(label["intermediate"]) + 1 == 4


def test_impossible_unique_request_fails_before_ray_runs():
    with pytest.raises(ValueError, match="Encode has only 162 distinct questions with 2 steps"):
        ray_dataset.build_dataset(tasks=["Encode"], examples_per_step=200, max_steps=2)


README_RAY_EXAMPLE = 'build_dataset(tasks=["Sort", "Cumulate"], examples_per_step=1_000, unique=False)'


def benchmark_sort_questions(rows):
    """How many of ``rows`` (Ray rows, question as JSON text) are Sort questions of the
    default benchmark with 2 to 10 steps (90 questions)."""
    benchmark = {question_hash("Sort", e["question"]) for e in iter_task_examples("Sort", range(2, 11), 10, 2024)}
    assert len(benchmark) == 90
    return sum(question_hash(row["task"], json.loads(row["question"])) in benchmark for row in rows)


def test_the_readme_example_holds_no_benchmark_question(local_ray):
    """Issue 29, item 5: the README's Ray example builds a training set with the benchmark's
    seed; with no exclusion all 90 benchmark Sort questions of steps 2 to 10 were in it. The
    builders now keep the default benchmark out, as the training stream does."""
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    assert f"examples = {README_RAY_EXAMPLE}" in readme  # the call below is the README's
    examples = ray_dataset.build_dataset(tasks=["Sort", "Cumulate"], examples_per_step=1_000, unique=False)
    sort = examples.filter(lambda row: row["task"] == "Sort" and row["steps"] <= 10).take_all()
    assert len(sort) == 9 * 1_000 and benchmark_sort_questions(sort) == 0
    # Told to keep it, the set is the builder's: the benchmark's questions come first.
    kept = ray_dataset.build_dataset(
        tasks="Sort", examples_per_step=10, max_steps=10, unique=False, keep_benchmark=True
    )
    assert benchmark_sort_questions(kept.take_all()) == 90


def test_a_redrawn_row_is_a_pure_function_of_its_place(local_ray):
    """The exclusion re-draws a benchmark question where it stands, so shards still cut
    anywhere: the same rows whatever the shard size, and the rows the benchmark does not
    hold are the unfiltered set's."""
    params = {"tasks": ["Sort", "Count2"], "examples_per_step": 12, "max_steps": 3, "unique": False}
    small = ray_dataset.build_dataset(shard_size=5, **params).take_all()
    large = ray_dataset.build_dataset(shard_size=1_000, **params).take_all()
    assert sorted(small, key=lambda row: row["id"]) == sorted(large, key=lambda row: row["id"])
    kept = ray_dataset.build_dataset(keep_benchmark=True, **params).take_all()
    ids = {row["id"] for row in small}
    changed = [row for row in kept if row["id"] not in ids]
    assert len(changed) == 2 * 2 * 10  # seed 2024 is the benchmark's: its first 10 per step count are re-drawn
    assert all(int(row["id"].split("-")[2]) < 10 for row in changed)


def test_keep_benchmark_must_be_true_or_false():
    with pytest.raises(ValueError, match="keep_benchmark must be True or False, got 'yes'"):
        ray_dataset.build_dataset(keep_benchmark="yes")
