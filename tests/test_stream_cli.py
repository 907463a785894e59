"""``procbench generate --stream``: the stream's prefix, to JSON Lines or Parquet."""

import itertools
import json
import subprocess
import sys
from pathlib import Path

import pyarrow.parquet as pq
import pytest

import procbench
from procbench_tools.cli import main

ROOT = Path(__file__).resolve().parent.parent


def test_jsonl_holds_the_stream_prefix(tmp_path):
    out = tmp_path / "train.jsonl"
    assert main(["generate", "--stream", "--count", "50", "--tasks", "Sort", "task21", "--seed", "3",
                 "--max-steps", "30", "-o", str(out)]) == 0  # fmt: skip
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert rows == list(itertools.islice(procbench.stream(["Sort", "Cumulate"], 1, 30, seed=3), 50))


def test_parquet_holds_the_stream_prefix_with_json_columns(tmp_path):
    out = tmp_path / "train.parquet"
    assert main(["generate", "--stream", "--count", "40", "-o", str(out)]) == 0
    table = pq.read_table(out)
    assert table.column_names == ["id", "task", "task_name", "steps", "prompt", "question", "label"]
    expected = list(itertools.islice(procbench.stream(), 40))
    rows = table.to_pylist()
    assert [row["id"] for row in rows] == [example["id"] for example in expected]
    assert [json.loads(row["label"]) for row in rows] == [example["label"] for example in expected]
    assert [json.loads(row["question"]) for row in rows] == [example["question"] for example in expected]


def test_stdout_and_options(tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "procbench_tools", "generate", "--stream", "--count", "3", "--tasks", "Cumulate",
         "--min-steps", "4", "--max-steps", "4", "--keep-benchmark", "--curriculum", "2:4-4,4"],
        capture_output=True, text=True, cwd=ROOT, check=True,
    )  # fmt: skip
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    expected = procbench.stream("Cumulate", 4, 4, curriculum=[(2, 4, 4), (None, 4, 4)], exclude_benchmark=False)
    assert rows == list(itertools.islice(expected, 3))


def test_exclude_option(tmp_path):
    excluded = tmp_path / "other.jsonl"
    assert main(["generate", "--tasks", "Encode", "--min-steps", "2", "--max-steps", "2", "--per-step", "60",
                 "--seed", "9", "-o", str(excluded)]) == 0  # fmt: skip
    out = tmp_path / "train.jsonl"
    assert main(["generate", "--stream", "--count", "300", "--tasks", "Encode", "--min-steps", "2",
                 "--max-steps", "2", "--exclude", str(excluded), "-o", str(out)]) == 0  # fmt: skip
    questions = {json.dumps(json.loads(line)["question"]) for line in excluded.read_text().splitlines()}
    streamed = [json.dumps(json.loads(line)["question"]) for line in out.read_text().splitlines()]
    assert len(streamed) == 300 and not questions & set(streamed)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--stream"], "--stream needs --count N: how many examples of the endless stream to write"),
        (["--stream", "--count", "0"], "--count must be at least 1, got 0"),
        (["--stream", "--count", "5", "--per-step", "3"], "--per-step does not apply to --stream: give --count"),
        (["--stream", "--count", "5", "--allow-duplicates"], "--allow-duplicates does not apply to --stream"),
        (
            ["--stream", "--count", "5", "--min-steps", "9", "--max-steps", "3"],
            "--min-steps 9 is larger than --max-steps 3",
        ),
        (["--count", "5"], "--count needs --stream"),
        (["--count", "0"], "--count needs --stream"),
        (["--curriculum", "10:1-5,1-9"], "--curriculum needs --stream"),
        (["--keep-benchmark"], "--keep-benchmark needs --stream"),
        (["-o", "x.parquet"], "Parquet output is for --stream"),
        (["--stream", "--count", "5", "--curriculum", "10:1-x"], "curriculum stage 0 '10:1-x' is not EXAMPLES:MIN-MAX"),
        (["--stream", "--count", "5", "--tasks", "Sorting"], "unknown task 'Sorting'"),
        (["--stream", "--count", "5", "--exclude", "nowhere"], "dataset to exclude not found: nowhere"),
    ],
)
def test_bad_options_give_one_line(tmp_path, monkeypatch, capsys, args, message):
    monkeypatch.chdir(tmp_path)
    output = [] if "-o" in args else ["-o", "out.jsonl"]
    with pytest.raises(SystemExit) as exit_:
        main(["generate", *args, *output])
    assert exit_.value.code == 2
    error = capsys.readouterr().err
    assert error.startswith("procbench generate: error: ") and message in error and error.count("\n") == 1
    assert not list(tmp_path.iterdir())  # nothing written


@pytest.mark.parametrize(
    ("content", "name", "message"),
    [
        (b'{"task": "Sort", "question": {"string": "ab"}}\n{"task": "Sort", "question": "caf\xe9"}\n', "bad.jsonl",
         "dataset to exclude {path}:2: not valid UTF-8 (byte 34 of the line); save the file as UTF-8"),
        (b"not parquet", "bad.parquet", "dataset to exclude {path}: not a readable Parquet file"),
    ],
)  # fmt: skip
def test_an_unreadable_file_to_exclude_is_named(tmp_path, capsys, content, name, message):
    path = tmp_path / name
    path.write_bytes(content)
    out = tmp_path / "out.jsonl"
    with pytest.raises(SystemExit) as exit_:
        main(["generate", "--stream", "--count", "5", "--tasks", "Sort", "--exclude", str(path), "-o", str(out)])
    assert exit_.value.code == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and message.format(path=path) in error, error
    assert not out.exists()


def test_stream_prompts_without_the_answer_format(tmp_path):
    out = tmp_path / "plain.jsonl"
    assert main(["generate", "--stream", "--count", "3", "--tasks", "Sort", "--no-answer-format", "-o", str(out)]) == 0
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [row["prompt"] for row in rows] == [
        procbench.prompt_for("Sort", row["question"], answer_format=False) for row in rows
    ]
