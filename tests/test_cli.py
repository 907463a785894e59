"""``procbench generate``."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from procbench_tools.cli import main
from procbench_tools.commands import generate as generate_command

ROOT = Path(__file__).resolve().parent.parent


def read_jsonl(path):
    return [json.loads(line) for line in Path(path).read_text().splitlines()]


def test_generate_to_file(tmp_path, capsys):
    out = tmp_path / "set.jsonl"
    code = main(["generate", "--tasks", "Sort", "task21", "--min-steps", "3", "--max-steps", "4",
                 "--per-step", "2", "--seed", "7", "-o", str(out)])  # fmt: skip
    assert code == 0
    rows = read_jsonl(out)
    assert [r["id"] for r in rows] == [
        "Sort-03-000-60391380", "Sort-03-001-98e38ede", "Sort-04-000-089dc146", "Sort-04-001-050379cf",
        "Cumulate-03-000-f531f4f8", "Cumulate-03-001-ccf6fc48", "Cumulate-04-000-fd8c7248", "Cumulate-04-001-a9a65ae9",
    ]  # fmt: skip
    assert all(len(r["label"]["intermediate"]) + 1 == r["steps"] for r in rows)
    assert "wrote 8 examples" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == [out]


def test_generate_to_stdout_is_deterministic(capsys):
    main(["generate", "--tasks", "Rotate", "--max-steps", "3", "--per-step", "1"])
    first = capsys.readouterr().out
    main(["generate", "--tasks", "Rotate", "--max-steps", "3", "--per-step", "1"])
    assert capsys.readouterr().out == first
    assert [json.loads(line)["steps"] for line in first.splitlines()] == [2, 3]


def test_no_answer_format(capsys):
    main(["generate", "--tasks", "Sort", "--max-steps", "2", "--per-step", "1", "--no-answer-format"])
    assert "Answer format" not in json.loads(capsys.readouterr().out)["prompt"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--tasks", "Sorting"], "unknown task 'Sorting'; valid tasks are Sort, Gather"),
        (["--tasks", "Count", "--min-steps", "1"], "Count takes steps from 2 to 100, not 1..25"),
        (["--max-steps", "101"], "takes steps from 1 to 100, not 2..101"),
        (["--min-steps", "9", "--max-steps", "3"], "--min-steps 9 is larger than --max-steps 3"),
        (["--per-step", "0"], "--per-step must be at least 1, got 0"),
    ],
)
def test_bad_arguments_exit_2_with_a_clear_message(args, message, tmp_path, capsys):
    out = tmp_path / "x.jsonl"
    with pytest.raises(SystemExit) as exit_info:
        main(["generate", *args, "-o", str(out)])
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err
    assert not out.exists()


def test_failure_midway_leaves_nothing_behind(tmp_path, monkeypatch):
    def broken(*args, **kwargs):
        yield {"id": "first"}
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(generate_command, "iter_examples", broken)
    out = tmp_path / "set.jsonl"
    out.write_text("old content\n")
    with pytest.raises(RuntimeError):
        main(["generate", "--tasks", "Sort", "-o", str(out)])
    assert out.read_text() == "old content\n"
    assert list(tmp_path.iterdir()) == [out]


def test_help_shows_examples():
    result = subprocess.run(
        [sys.executable, "-m", "procbench_tools", "generate", "--help"], capture_output=True, text=True, cwd=ROOT
    )
    assert result.returncode == 0
    assert "procbench generate -o procbench.jsonl" in result.stdout
    assert "task01..task23" in result.stdout


def test_help_says_when_a_set_overlaps_the_benchmark(tmp_path):
    """Issue 29, item 5: a set made with the benchmark's seed holds the benchmark, and
    ``generate --help`` now says so. What it says is checked here: with the default seed,
    Sort's steps 3 and 4 start with the benchmark's own 10 examples (their ids); with
    ``--stream`` no example is a benchmark question."""
    from procbench_generators.benchmark import iter_task_examples, question_hash

    result = subprocess.run(
        [sys.executable, "-m", "procbench_tools", "generate", "--help"], capture_output=True, text=True, cwd=ROOT
    )
    said = " ".join(result.stdout.split())
    assert "overlap with the benchmark: without --stream a set is drawn as the default benchmark is" in said
    assert "with its seed (2024) unless --seed is given; then, in every task without sentences, each step" in said
    assert "count from 2 to 25 starts with the benchmark's own 10 examples" in said
    assert "For training data use --stream" in said
    benchmark = list(iter_task_examples("Sort", range(2, 26), 10, 2024))
    out = tmp_path / "set.jsonl"
    steps = ["--min-steps", "3", "--max-steps", "4"]
    assert main(["generate", "--tasks", "Sort", *steps, "--per-step", "12", "-o", str(out)]) == 0
    made = read_jsonl(out)
    assert [row["id"] for row in made if int(row["id"].split("-")[2]) < 10] == [
        row["id"] for row in benchmark if row["steps"] in (3, 4)
    ]
    streamed = tmp_path / "stream.jsonl"
    stream = ["generate", "--stream", "--count", "200", "--tasks", "Sort", "--max-steps", "25"]
    assert main([*stream, "-o", str(streamed)]) == 0
    hashes = {question_hash("Sort", row["question"]) for row in benchmark}
    assert not any(question_hash("Sort", row["question"]) in hashes for row in read_jsonl(streamed))


def test_help_examples_run(tmp_path, monkeypatch):
    """Every example command in ``procbench generate --help`` works as written."""
    monkeypatch.chdir(tmp_path)
    commands = [line.split()[1:] for line in generate_command.EXAMPLES.splitlines() if line.startswith("  procbench ")]
    assert len(commands) == 5
    for command in commands:
        assert main(command) == 0
    assert len(read_jsonl(tmp_path / "long.jsonl")) == 2 * 31 * 100
    import pyarrow.parquet as pq

    assert pq.read_table(tmp_path / "train.parquet").num_rows == 2000
    rows = read_jsonl(tmp_path / "cur.jsonl")
    assert [max(row["steps"] for row in rows[start : start + 1000]) for start in (0, 1000, 2000)] == [5, 15, 40]
