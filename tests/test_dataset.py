"""The datasets builder and the Parquet export."""

import json
import shutil

import datasets
import pytest
import yaml

import procbench_generators
from procbench import ProcBench
from procbench_tools.cli import main
from procbench_tools.dataset import export as export_module
from procbench_tools.dataset.export import CONFIGS, export
from tests.support.sets import iter_set

datasets.disable_progress_bars()


def build(tmp_path, config="Sort", **params):
    builder = ProcBench(config_name=config, cache_dir=str(tmp_path / "cache"), **params)
    builder.download_and_prepare()
    return builder.as_dataset()


def test_configs_splits_and_columns(tmp_path):
    assert [config.name for config in ProcBench.BUILDER_CONFIGS] == ["all", *procbench_generators.TASKS]
    data = build(tmp_path)
    assert list(data) == ["short", "medium", "long"]
    assert [data[split].num_rows for split in data] == [50, 100, 90]
    assert data["short"].column_names == [
        "id", "task", "task_name", "problem_name", "steps", "prompt", "question", "label",
    ]  # fmt: skip
    first = data["short"][0]
    assert (first["id"], first["task_name"], first["problem_name"], first["steps"]) == (
        "Sort-02-000-d91414f1", "task01", "task01_0000", 2,
    )  # fmt: skip
    assert data["long"][-1]["problem_name"] == "task01_0239"
    assert set(data["medium"]["steps"]) == set(range(7, 17))


@pytest.mark.parametrize(
    ("task", "final"),
    [
        ("Sort", datasets.Value("string")),
        ("Cumulate", datasets.Value("int64")),
        ("Search", datasets.List(datasets.Value("int64"))),
    ],
)
def test_typed_labels(tmp_path, task, final):
    data = build(tmp_path, task, max_steps=3)
    assert data["short"].features["label"]["final"] == final
    row = data["short"][0]
    assert procbench_generators.solve(task, json.loads(row["question"])) == row["label"]


def test_all_config_has_json_labels(tmp_path):
    data = build(tmp_path, "all", max_steps=2, examples_per_step=1)
    assert data["short"].num_rows == 23
    assert data["short"].features["label"] == datasets.Value("string")
    for row in data["short"]:
        assert procbench_generators.solve(row["task"], json.loads(row["question"])) == json.loads(row["label"])


def test_rows_equal_procbench_generate(tmp_path):
    rows = [row for split in build(tmp_path, "Count2").values() for row in split]
    expected = list(iter_set(["Count2"], range(2, 26)))
    assert [row["id"] for row in rows] == [example["id"] for example in expected]
    for row, example in zip(rows, expected, strict=True):
        assert json.loads(row["question"]) == example["question"]
        assert row["label"] == example["label"] and row["prompt"] == example["prompt"]


def test_no_duplicate_questions(tmp_path):
    data = build(tmp_path, "Cumulate", min_steps=2, max_steps=3, examples_per_step=60)
    questions = [row["question"] for split in data.values() for row in split]
    assert len(questions) == len(set(questions)) == 120


def test_parameters_never_return_stale_data(tmp_path):
    default = build(tmp_path, "Sort", max_steps=2)["short"]["question"]
    other_seed = build(tmp_path, "Sort", max_steps=2, seed=7)["short"]["question"]
    assert default != other_seed
    assert build(tmp_path, "Sort", max_steps=2)["short"]["question"] == default
    bare = build(tmp_path, "Sort", max_steps=2, answer_format=False)["short"]["prompt"]
    assert all("Answer format" not in prompt for prompt in bare)


def test_code_change_changes_the_cache(tmp_path, monkeypatch):
    from procbench_tools.dataset import builder

    first = ProcBench(config_name="Sort", cache_dir=str(tmp_path))
    monkeypatch.setattr(builder, "_code_digest", lambda: "changed")
    second = ProcBench(config_name="Sort", cache_dir=str(tmp_path))
    assert first.cache_dir != second.cache_dir


def test_extra_split_and_task_ids(tmp_path):
    data = build(tmp_path, "task21", min_steps=1, max_steps=27, examples_per_step=2)
    assert list(data) == ["short", "medium", "long", "extra"]
    assert sorted(set(data["extra"]["steps"])) == [1, 26, 27]


def test_num_proc_gives_the_same_rows(tmp_path):
    builder = ProcBench(config_name="all", cache_dir=str(tmp_path / "a"), max_steps=4, examples_per_step=2)
    builder.download_and_prepare(num_proc=2)
    parallel = builder.as_dataset(split="short")
    serial = build(tmp_path / "b", "all", max_steps=4, examples_per_step=2)["short"]
    assert sorted(parallel["id"]) == sorted(serial["id"])
    assert sorted(parallel["label"]) == sorted(serial["label"])


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"config_name": "Sorting"}, "unknown config 'Sorting'; valid configs are all, Sort, Gather"),
        ({"config_name": "Sort", "seed": "1"}, "seed must be an int, got '1'"),
        ({"config_name": "Sort", "examples_per_step": 0}, "examples_per_step must be at least 1, got 0"),
        ({"config_name": "Sort", "min_steps": 5, "max_steps": 4}, "min_steps 5 is larger than max_steps 4"),
        ({"config_name": "Count", "min_steps": 1}, "Count takes steps from 2 to 100"),
        ({"config_name": "Sort", "answer_format": "no"}, "answer_format must be True or False"),
        ({"config_name": "Sort", "colour": 3}, "unknown parameter 'colour'; ProcBench takes seed, examples_per_step"),
        ({"config_name": "Encode", "max_steps": 2, "examples_per_step": 200}, "Encode has only 162 distinct"),
    ],
)
def test_bad_builder_arguments_leave_nothing_in_the_cache(tmp_path, kwargs, message):
    cache = tmp_path / "cache"
    with pytest.raises(ValueError, match=message):
        ProcBench(cache_dir=str(cache), **kwargs)
    assert not cache.exists()  # refused before datasets made its folder or its .lock files


# --- export ----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    return export(tmp_path_factory.mktemp("export") / "procbench-dataset", progress=False)


def test_export_layout(exported):
    files = sorted(str(path.relative_to(exported)) for path in exported.rglob("*") if path.is_file())
    expected = [
        "README.md",
        *sorted(
            f"data/{config}/{split}-00000-of-00001.parquet"
            for config in CONFIGS
            for split in ("short", "medium", "long")
        ),
    ]
    assert files == expected
    assert not list(exported.parent.glob(".procbench-dataset*"))  # no staging folder left


def test_card_yaml_lists_every_config_and_split(exported):
    text = (exported / "README.md").read_text()
    metadata = yaml.safe_load(text.split("---\n")[1])
    configs = {entry["config_name"]: entry for entry in metadata["configs"]}
    assert set(configs) == set(CONFIGS)
    assert configs["all"]["default"] is True
    assert configs["Sort"]["data_files"] == [
        {"split": split, "path": f"data/Sort/{split}-*"} for split in ("short", "medium", "long")
    ]
    infos = {entry["config_name"]: entry for entry in metadata["dataset_info"]}
    builder_features = ProcBench(config_name="Cumulate").info.features
    assert datasets.Features._from_yaml_list(infos["Cumulate"]["features"]) == builder_features
    assert [split["num_examples"] for split in infos["all"]["splits"]] == [1150, 2300, 2070]
    for phrase in ("arXiv:2410.03117", "| task01 | Sort |", "## Splits", "## Columns", "load_dataset(", "## Licence"):
        assert phrase in text


def test_load_dataset_round_trip_for_every_config(exported):
    for config in CONFIGS:
        loaded = datasets.load_dataset(str(exported), config)
        builder = ProcBench(config_name=config)
        assert list(loaded) == ["short", "medium", "long"]
        assert loaded["short"].features == builder.info.features, config
        expected_rows = 1150 if config == "all" else 50
        assert loaded["short"].num_rows == expected_rows
    default = datasets.load_dataset(str(exported), split="long[:5]+short[:2]")
    assert default.num_rows == 7 and default[0]["task"] == "Sort"


def test_export_refuses_a_non_empty_folder_and_overwrites_atomically(exported, tmp_path):
    copy = tmp_path / "copy"
    shutil.copytree(exported, copy)
    with pytest.raises(ValueError, match="is not empty; pass --overwrite to replace it"):
        export(copy, configs=["Sort"], progress=False)
    export(copy, configs=["Sort"], overwrite=True, progress=False, max_steps=3)
    assert sorted(path.name for path in (copy / "data").iterdir()) == ["Sort"]
    assert sorted(path.name for path in tmp_path.iterdir()) == ["copy"]


def test_failed_export_leaves_nothing_behind(tmp_path, monkeypatch):
    target = tmp_path / "out"
    target.mkdir()
    (target / "keep.txt").write_text("old")

    def broken(*args, **kwargs):
        raise RuntimeError("card writer broke")

    monkeypatch.setattr(export_module, "write_card", broken)
    with pytest.raises(RuntimeError, match="card writer broke"):
        export(target, configs=["Sort"], overwrite=True, progress=False, max_steps=2)
    assert [path.name for path in tmp_path.iterdir()] == ["out"]
    assert [path.name for path in target.iterdir()] == ["keep.txt"]


def test_export_command(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    assert main(["export", "--configs", "Rotate", "--max-steps", "3", "--per-step", "2"]) == 0
    loaded = datasets.load_dataset("procbench", "Rotate", split="short")
    assert loaded.num_rows == 4
    with pytest.raises(SystemExit) as exit_info:
        main(["export", "--configs", "Rotate"])
    assert exit_info.value.code == 2
    assert "is not empty; pass --overwrite" in capsys.readouterr().err
