"""The stream keeps the benchmark (and any dataset given) out: no shared question, no
shared corpus sentence. The checks here recompute the benchmark independently of the
stream's digests, and each is shown to bite on a stream that does not exclude."""

import itertools
import json

import pytest

import procbench
from procbench_generators.benchmark import overlap_keys, question_hash
from procbench_tools.cli import main
from procbench_tools.dataset.export import export
from procbench_tools.training import decontamination
from procbench_tools.training.decontamination import Exclusion, benchmark_exclusion, exclusion_from_path
from tests.support.sets import iter_set

SENTENCE_TASKS = ("Count2", "FillWord", "DeleteWord")


def question_key(example):
    return example["task"], json.dumps(example["question"], sort_keys=True)


@pytest.fixture(scope="module")
def benchmark():
    """The default benchmark's questions and corpus sentences, as ``procbench generate``
    makes them."""
    examples = list(iter_set(procbench.TASKS, range(2, 26)))
    assert len(examples) == 5520
    sentences = set().union(*(overlap_keys(e["task"], e) for e in examples if e["task"] in SENTENCE_TASKS))
    return {question_key(e) for e in examples}, sentences


def overlaps(examples, benchmark):
    questions, sentences = benchmark
    shared_questions = sum(question_key(e) in questions for e in examples)
    shared_sentences = sum(
        e["task"] in SENTENCE_TASKS and bool(overlap_keys(e["task"], e) & sentences) for e in examples
    )
    return shared_questions, shared_sentences


def test_many_short_examples_share_nothing_with_the_benchmark(benchmark):
    """10,000 examples of 2 and 3 steps, where question spaces are small: without the
    exclusion, some repeat benchmark questions and many reuse its sentences."""
    clean = list(itertools.islice(procbench.stream(min_steps=2, max_steps=3), 10_000))
    assert overlaps(clean, benchmark) == (0, 0)
    leaky = list(itertools.islice(procbench.stream(min_steps=2, max_steps=3, exclude_benchmark=False), 10_000))
    shared_questions, shared_sentences = overlaps(leaky, benchmark)
    assert shared_questions > 10 and shared_sentences > 50
    # Only the examples that overlapped were re-drawn; the others are the same.
    same = sum(a == b for a, b in zip(clean, leaky, strict=True))
    assert 10_000 - same == shared_questions + shared_sentences


def test_sentence_tasks_over_the_whole_step_range_share_no_sentence(benchmark):
    examples = list(itertools.islice(procbench.stream(SENTENCE_TASKS, 1, 100), 3_000))
    assert overlaps(examples, benchmark) == (0, 0)
    leaky = list(itertools.islice(procbench.stream(SENTENCE_TASKS, 1, 100, exclude_benchmark=False), 3_000))
    assert overlaps(leaky, benchmark)[1] > 100


def test_benchmark_exclusion_is_exact_and_cached(benchmark):
    questions, sentences = benchmark
    full = benchmark_exclusion()
    assert (len(full.questions), len(full.sentences)) == (len(questions), len(sentences)) == (5520, 3136)
    # the questions by the project's one question hash (as in ids), the sentences as themselves
    assert {question_hash(e["task"], e["question"]) for e in iter_set(procbench.TASKS, range(2, 26))} == full.questions
    # Tasks without sentences need only their own questions; a sentence task needs the
    # sentences of all three.
    assert benchmark_exclusion(["Sort"]).sentences == frozenset()
    assert len(benchmark_exclusion(["Sort", "task21"]).questions) == 480
    assert benchmark_exclusion(["Count2"]).sentences == full.sentences
    hits = decontamination._benchmark_task.cache_info().hits
    procbench.Stream(["Sort"])
    assert decontamination._benchmark_task.cache_info().hits == hits + 1  # not computed again


def test_exclusion_matches_questions_in_any_key_order():
    example = {"task": "Cumulate", "question": {"n": 3, "operations": [["add", 2]]}, "label": None}
    exclusion = Exclusion.of_examples([{"task": "task21", "question": {"operations": [["add", 2]], "n": 3}}])
    assert exclusion.excludes(example)
    assert not exclusion.excludes({**example, "question": {"n": 4, "operations": [["add", 2]]}})
    assert not exclusion.excludes({**example, "task": "Sort"})


@pytest.fixture(scope="module")
def other_set(tmp_path_factory):
    """A set of Encode questions of 2 steps, a small space the stream draws from often."""
    folder = tmp_path_factory.mktemp("exclude")
    path = folder / "other.jsonl"
    assert main(["generate", "--tasks", "Encode", "--min-steps", "2", "--max-steps", "2", "--per-step", "60",
                 "--seed", "9", "-o", str(path)]) == 0  # fmt: skip
    return path


def encode_stream(**kwargs):
    return list(itertools.islice(procbench.stream(["Encode"], 2, 2, seed=1, **kwargs), 400))


def test_a_generated_jsonl_file_is_excluded(other_set):
    excluded = {question_key(json.loads(line)) for line in other_set.read_text().splitlines()}
    assert len(excluded) == 60
    assert sum(question_key(e) in excluded for e in encode_stream()) > 0
    assert sum(question_key(e) in excluded for e in encode_stream(exclude=other_set)) == 0
    assert sum(question_key(e) in excluded for e in encode_stream(exclude=[str(other_set)])) == 0


def test_an_exported_folder_and_a_parquet_file_are_excluded(tmp_path, other_set):
    folder = export(tmp_path / "export", configs=["Encode", "all"], min_steps=2, max_steps=2,
                    examples_per_step=60, seed=9, progress=False)  # fmt: skip
    typed = exclusion_from_path(next((folder / "data" / "Encode").glob("*.parquet")))  # typed labels
    assert typed == exclusion_from_path(other_set)
    assert len(typed.questions) == 60
    as_json = exclusion_from_path(next((folder / "data" / "all").glob("*.parquet")))  # JSON-string labels
    assert len(as_json.questions) == 23 * 60 and typed.questions < as_json.questions
    assert len(as_json.sentences) > 0  # the sentence tasks' passages
    assert exclusion_from_path(folder) == as_json  # every Parquet file under the folder
    excluded = {question_key(json.loads(line)) for line in other_set.read_text().splitlines()}
    assert sum(question_key(e) in excluded for e in encode_stream(exclude=folder)) == 0


def test_sentences_of_an_excluded_file_are_kept_out(tmp_path):
    path = tmp_path / "fill.jsonl"
    assert main(["generate", "--tasks", "FillWord", "--min-steps", "30", "--max-steps", "40", "--per-step", "20",
                 "--seed", "4", "-o", str(path)]) == 0  # fmt: skip
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    used = set().union(*(overlap_keys("FillWord", row) for row in rows))

    def shared(examples):
        return sum(bool(overlap_keys(e["task"], e) & used) for e in examples)

    def examples(**kwargs):
        return itertools.islice(procbench.stream(SENTENCE_TASKS, 30, 40, exclude_benchmark=False, **kwargs), 1500)

    assert shared(examples()) > 0
    assert shared(examples(exclude=path)) == 0


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json\n", "bad.jsonl:1: not a JSON object"),
        ('{"task": "Sort"}\n', "bad.jsonl:1: not a ProcBench example"),
        ('{"task": "Sorting", "question": {}}\n', "unknown task 'Sorting'"),
    ],
)
def test_unreadable_files_to_exclude(tmp_path, content, message):
    path = tmp_path / "bad.jsonl"
    path.write_text(content)
    with pytest.raises(ValueError, match=message):
        procbench.stream(exclude=path)


def test_an_empty_folder_to_exclude(tmp_path):
    with pytest.raises(ValueError, match="holds no Parquet files"):
        procbench.stream(exclude=tmp_path)
