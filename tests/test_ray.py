"""The Ray integration, on a local Ray instance (2 CPUs, no dashboard, loopback only)."""

import json

import datasets
import pyarrow.parquet as pq
import pytest
import ray  # the test extra installs procbench[ray]: this test runs in CI, never skipped

from generators.settings import Settings
from procbench import ProcBench
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
    rows = ray_dataset.build_dataset(shard_size=3, **params).take_all()
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
