"""Sets of any size: uniqueness checked before generating, each example generated once,
work cut into balanced jobs, repeats allowed on request."""

import json

import datasets
import pytest

import procbench_generators
from procbench import ProcBench
from procbench_generators import benchmark
from procbench_generators import rows as rows_module
from procbench_generators.benchmark import example_seed, iter_task_examples, parse_example_id
from procbench_generators.corpus import Corpus, load_corpus
from procbench_generators.rows import units
from procbench_generators.settings import Settings
from procbench_tools.cli import main
from procbench_tools.dataset import builder as builder_module
from procbench_tools.dataset.export import CONFIGS, export
from tests.support.sets import iter_set

datasets.disable_progress_bars()


@pytest.fixture
def counted(monkeypatch):
    """Counts the questions drawn for a set (candidates re-drawn for uniqueness included)."""
    calls = []
    real = benchmark.draw_question

    def draw_question(*args, **kwargs):
        calls.append(args[0].name)
        return real(*args, **kwargs)

    monkeypatch.setattr(benchmark, "draw_question", draw_question)
    return calls


def test_export_generates_each_example_once(tmp_path, counted):
    for config in CONFIGS[1:]:
        builder_module.label_features(config)  # the features' probe example, made once per process
    counted.clear()
    export(tmp_path / "out", progress=False, max_steps=4, examples_per_step=2)
    made = len(counted)
    counted.clear()
    assert sum(1 for _ in iter_set(procbench_generators.TASKS, range(2, 5), per_step=2)) == 23 * 3 * 2
    assert made == len(counted)  # the set drawn once, though 24 configs hold it twice
    rows = sum(datasets.load_dataset(str(tmp_path / "out"), config, split="short").num_rows for config in CONFIGS)
    assert rows == 2 * 23 * 3 * 2


def test_export_with_repeats_makes_exactly_one_example_a_row(tmp_path, counted):
    builder_module.label_features("Cumulate")
    counted.clear()
    export(tmp_path / "out", configs=["all", "Cumulate"], progress=False, max_steps=3, unique=False)
    assert len(counted) == 23 * 2 * 10


def test_task_config_cut_from_all_equals_its_own_build(tmp_path):
    export(tmp_path / "both", configs=["all", "Count2", "Cumulate"], progress=False, max_steps=7)
    export(tmp_path / "alone", configs=["Count2", "Cumulate"], progress=False, max_steps=7)
    for config in ("Count2", "Cumulate"):
        for split in ("short", "medium"):
            cut = datasets.load_dataset(str(tmp_path / "both"), config, split=split)
            alone = datasets.load_dataset(str(tmp_path / "alone"), config, split=split)
            assert cut.features == alone.features == ProcBench(config_name=config).info.features
            assert cut.to_list() == alone.to_list()


def test_builder_refuses_an_impossible_unique_set_when_made(tmp_path):
    # The example: Encode (2 * 9 * 9 questions with 2 steps) caps examples_per_step.
    with pytest.raises(ValueError) as error:
        ProcBench(config_name="all", cache_dir=str(tmp_path), examples_per_step=181, min_steps=2, max_steps=25)
    assert str(error.value) == (
        "Encode has only 162 distinct questions with 2 steps, fewer than the 181 asked for per step count; "
        "lower the examples per step or pass unique=False to allow repeats"
    )
    builder = ProcBench(config_name="Encode", cache_dir=str(tmp_path), examples_per_step=181, max_steps=2, unique=False)
    builder.download_and_prepare()
    assert builder.as_dataset(split="short").num_rows == 181


def test_sentence_task_check_counts_the_sentences_of_that_length():
    twelve = sum(1 for sentence in load_corpus().sentences if len(sentence.split()) == 12)
    assert twelve >= 100  # so Count2 draws single sentences of 12 words
    with pytest.raises(ValueError, match=f"Count2 has only {twelve} examples that share no corpus sentence with 12"):
        next(iter_set(["Count2"], [12], per_step=twelve + 1))
    with pytest.raises(ValueError, match="the corpus has only 60546 sentences, fewer than the 60552"):
        next(iter_set(["FillWord"], range(2, 26), per_step=2523))
    many = list(iter_set(["Count2"], [12], per_step=twelve + 1, unique=False))
    assert len(many) == twelve + 1


def test_export_command_names_its_flag(tmp_path, capsys):
    with pytest.raises(SystemExit):
        main(["export", str(tmp_path / "a"), "--configs", "Encode", "--per-step", "200", "--max-steps", "2"])
    err = capsys.readouterr().err
    assert "Encode has only 162 distinct questions with 2 steps" in err and "pass --allow-duplicates" in err
    args = ["export", str(tmp_path / "b"), "--configs", "Encode", "--per-step", "200", "--max-steps", "2"]
    assert main([*args, "--allow-duplicates"]) == 0
    assert datasets.load_dataset(str(tmp_path / "b"), "Encode", split="short").num_rows == 200


def test_repeats_allowed_examples_are_pure_functions_of_their_index():
    slice_ = list(iter_task_examples("Sort", [5], 1000, 7, unique=False, indices=range(990, 1000)))
    assert [parse_example_id(e["id"]).stem for e in slice_] == [f"Sort-05-{i}" for i in range(990, 1000)]
    for example, index in zip(slice_, range(990, 1000), strict=True):
        assert example["question"] == procbench_generators.generate("Sort", 5, example_seed(7, index))["question"]


def test_units_cut_the_seed_space():
    chosen = Settings(("Cumulate", "FillWord"), examples_per_step=2500, min_steps=3, max_steps=4, unique=False)
    assert units(chosen) == [
        ("Cumulate", (3,), 0, 1000), ("Cumulate", (3,), 1000, 2000), ("Cumulate", (3,), 2000, 2500),
        ("Cumulate", (4,), 0, 1000), ("Cumulate", (4,), 1000, 2000), ("Cumulate", (4,), 2000, 2500),
        ("FillWord", (3,), 0, 1000), ("FillWord", (3,), 1000, 2000), ("FillWord", (3,), 2000, 2500),
        ("FillWord", (4,), 0, 1000), ("FillWord", (4,), 1000, 2000), ("FillWord", (4,), 2000, 2500),
    ]  # fmt: skip
    unique = Settings(("Cumulate", "FillWord"), examples_per_step=5, min_steps=3, max_steps=4)
    assert units(unique) == [("Cumulate", (3,), 0, 5), ("Cumulate", (4,), 0, 5), ("FillWord", (3, 4), 0, 5)]


def test_jobs_are_balanced_by_cost_and_keep_row_order(monkeypatch):
    monkeypatch.setattr(builder_module, "PARALLEL_MIN_ROWS", 10)
    monkeypatch.setattr(rows_module, "EXAMPLE_COST", {"Sort": (10, 1), "Cumulate": (1, 0)})
    # Costs: rows * (fixed + steps * per step) = 10 * 12, 10 * 12, 10 * 30, 10 * 1 -> 120, 120, 300, 10.
    work = [("draw", ("Sort", (2,), 0, 10)), ("draw", ("Sort", (2,), 10, 20)), ("draw", ("Sort", (20,), 0, 10))]
    work.append(("draw", ("Cumulate", (2,), 0, 10)))
    # Midpoints 60, 180, 390, 545 of 550: the third piece's midpoint is past half.
    assert builder_module._balanced_jobs(work, 2) == [work[:2], work[2:]]
    assert builder_module._balanced_jobs(work, 1) == [work]
    assert builder_module._balanced_jobs(work, 8) == [[piece] for piece in work]
    monkeypatch.setattr(builder_module, "PARALLEL_MIN_ROWS", 41)
    assert builder_module._balanced_jobs(work, 2) == [work]  # small: one process


def test_jobs_are_balanced_by_each_tasks_own_cost(monkeypatch):
    monkeypatch.setattr(builder_module, "PARALLEL_MIN_ROWS", 10)
    monkeypatch.setattr(rows_module, "EXAMPLE_COST", {"Compose": (60, 10), "Cumulate": (25, 1)})
    # Equal rows, unequal work: 10 * 30 three times (900), then 10 * 110 (1100) of 2000.
    work = [("draw", ("Cumulate", (5,), start, start + 10)) for start in (0, 10, 20)]
    work.append(("draw", ("Compose", (5,), 0, 10)))
    assert builder_module._balanced_jobs(work, 2) == [work[:3], work[3:]]


def test_num_proc_with_repeats_gives_the_same_rows_in_the_same_order(tmp_path, monkeypatch):
    monkeypatch.setattr(builder_module, "PARALLEL_MIN_ROWS", 100)
    params = {"examples_per_step": 30, "max_steps": 4, "unique": False}
    serial = ProcBench(config_name="all", cache_dir=str(tmp_path / "a"), **params)
    serial.download_and_prepare()
    parallel = ProcBench(config_name="all", cache_dir=str(tmp_path / "b"), **params)
    parallel.download_and_prepare(num_proc=2)
    assert len(parallel.info.splits["short"].shard_lengths or []) == 2  # two jobs ran
    assert parallel.as_dataset(split="short").to_list() == serial.as_dataset(split="short").to_list()


def test_disjoint_passages_on_a_small_corpus():
    # Word counts 2, 3, 1 | 4, 2 (two sources).
    corpus = Corpus(["a\tA b.", "a\tC d e.", "a\tF.", "b\tG h i j.", "b\tK l."])
    assert corpus._ends == [3, 3, 3, 5, 5]
    assert corpus.disjoint_passages(1) == 5  # every sentence alone
    assert corpus.disjoint_passages(3, 3) == 1  # only "C d e."
    assert corpus.disjoint_passages(4, 4) == 2  # "C d e. F." and "G h i j."
    assert corpus.disjoint_passages(5, 6) == 2  # "A b. C d e." and "G h i j. K l."
    assert corpus.disjoint_passages(7) == 0
    assert corpus.disjoint_passages(2, 2) == 2  # "A b." and "K l."


def test_source_ends_match_a_line_by_line_scan():
    corpus = load_corpus()
    expected, stop = [0] * len(corpus), len(corpus)
    for i in range(len(corpus) - 1, -1, -1):
        if i + 1 < len(corpus) and corpus.sources[i + 1] != corpus.sources[i]:
            stop = i + 1
        expected[i] = stop
    assert corpus._ends == expected


def test_labels_of_the_all_config_are_the_typed_ones_as_json(tmp_path):
    export(tmp_path / "out", configs=["all", "Search"], progress=False, max_steps=3)
    everything = datasets.load_dataset(str(tmp_path / "out"), "all", split="short").filter(
        lambda r: r["task"] == "Search"
    )
    typed = datasets.load_dataset(str(tmp_path / "out"), "Search", split="short")
    assert [json.loads(label) for label in everything["label"]] == typed["label"]
