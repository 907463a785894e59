"""Hostile and damaged inputs (issue #29, items 6 to 9 and the misleading advice): each is
refused in one line naming the file, the line or row, and the fix, before any scoring and
without a traceback, a hang or unbounded memory; and a stream of answers is read once."""

import json
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
import yaml

from procbench_tools.cli import main
from procbench_tools.dataset import layout
from procbench_tools.dataset.export import export
from procbench_tools.evaluation import lines as lines_module
from procbench_tools.evaluation import references
from procbench_tools.evaluation import run as evaluation_run
from procbench_tools.evaluation.extraction import ExtractionCache
from tests.support.refusals import error_of

ROOT = Path(__file__).resolve().parent.parent
DEEP = "[" * 100_000 + "]" * 100_000  # nested far beyond Python's recursion limit
JUST_TOO_DEEP = "[" * 101 + "]" * 101  # one level more than lines.MAX_DEPTH, well within it


def evaluate(answers, dataset, output):
    return ["evaluate", str(answers), "--dataset", str(dataset), "--output", str(output), "--no-plots"]


def write_lines(path, lines):
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def generated(tmp_path_factory):
    """A `procbench generate` file of 4 Sort examples (steps 2 and 3) and its rows."""
    path = tmp_path_factory.mktemp("generated") / "sort.jsonl"
    assert main(["generate", "--tasks", "Sort", "--max-steps", "3", "--per-step", "2", "-o", str(path)]) == 0
    return path, [json.loads(line) for line in path.read_text().splitlines()]


@pytest.fixture(scope="module")
def answers(generated, tmp_path_factory):
    """A right answer to each example of ``generated``."""
    _, rows = generated
    path = tmp_path_factory.mktemp("answers") / "answers.jsonl"
    return write_lines(path, [json.dumps({"id": row["id"], "prediction": row["label"]}) for row in rows])


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    return export(tmp_path_factory.mktemp("export") / "procbench", configs=["Sort"], max_steps=3, progress=False)


@pytest.fixture
def no_scoring(monkeypatch):
    """Scoring fails the test: a refusal must come before any answer is scored."""
    monkeypatch.setattr(evaluation_run, "score_model", lambda *args, **kwargs: pytest.fail("scoring started"))


def card_copy(exported, tmp_path, edit):
    """A copy of the export whose card's YAML metadata is changed by ``edit`` (dict to
    dict, dumped again by PyYAML, which writes dates, sets and bytes with their tags), or
    whose YAML text is replaced when ``edit`` returns a string."""
    copy = tmp_path / "edited"
    shutil.copytree(exported, copy)
    card = copy / "README.md"
    text = card.read_text()
    front, rest = text[4:].split("\n---", 1)
    edited = edit(yaml.safe_load(front))
    new_front = edited if isinstance(edited, str) else yaml.safe_dump(edited, sort_keys=False)
    card.write_text("---\n" + new_front.rstrip("\n") + "\n---" + rest)
    return copy


# --- 6. a card whose YAML expands without end --------------------------------------------

LAUGHS = "a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{name}: &{name} [{', '.join(['*' + previous] * 10)}]\n" for previous, name in zip("abcdefgh", "bcdefghi")
)  # "i" stands for 10**9 values in 90 lines


def test_a_billion_laughs_card_is_refused_before_it_expands(exported, answers, tmp_path, capsys):
    """Issue #29.6: aliases of aliases under ``procbench:`` made evaluate write summary.json
    without end; the card is now counted as it would expand, and refused, in a subprocess
    bounded by a timeout so that a regression fails rather than hangs."""

    def laughs(metadata):
        front = yaml.safe_dump({key: value for key, value in metadata.items() if key != "procbench"})
        return front + "procbench:\n" + "".join("  " + line + "\n" for line in LAUGHS.splitlines())

    edited = card_copy(exported, tmp_path, laughs)
    result = subprocess.run(
        [sys.executable, "-m", "procbench_tools", *evaluate(answers, edited, tmp_path / "r")],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert result.returncode == 2
    assert result.stderr == (
        f"procbench evaluate: error: --dataset {edited}: its dataset card README.md expands to more than 100,000 "
        "values (YAML aliases used over and over); export the dataset again or write the card without aliases\n"
    )
    assert not (tmp_path / "r").exists()


def test_a_card_that_holds_itself_is_refused(exported, answers, tmp_path, capsys):
    """A YAML anchor used inside itself makes a value that contains itself: refused, not
    followed."""

    def recursive(metadata):
        return yaml.safe_dump(metadata) + "loop: &loop [1, *loop]\n"

    edited = card_copy(exported, tmp_path, recursive)
    assert error_of(evaluate(answers, edited, tmp_path / "r"), capsys) == (
        f"procbench evaluate: error: --dataset {edited}: its dataset card README.md refers to itself "
        "(a YAML alias inside its own anchor); repair the card"
    )


def test_aliases_that_stay_small_are_read_and_counted_as_expanded(tmp_path):
    """The cap counts every use of an alias in full, and a card under the cap reads as
    before."""
    card = tmp_path / "README.md"
    card.write_text("---\nx: &x {k: [1, 2]}\ny: [*x, *x]\n---\nprose\n")
    assert layout.read_card_metadata(card) == {"x": {"k": [1, 2]}, "y": [{"k": [1, 2]}, {"k": [1, 2]}]}
    loader = yaml.SafeLoader("x: &x {k: [1, 2]}\ny: [*x, *x]\n")
    # {k: [1, 2]} is 5 values (mapping, key, list, 1, 2); the top mapping 1, its keys x and y 2,
    # x's value 5, y's list 1 and its two uses of x 10: 19
    assert layout._expanded_values(loader.get_single_node()) == 19


def test_a_hub_card_takes_the_same_cap(tmp_path, monkeypatch):
    """Hub cards are read by the same function (``dataset_card_metadata``); a billion
    laughs there is refused too, instead of being taken as "no card"."""
    import huggingface_hub

    from procbench_tools.hub.upload import dataset_card_metadata

    card = tmp_path / "README.md"
    card.write_text("---\n" + LAUGHS + "---\n")
    monkeypatch.setattr(huggingface_hub, "hf_hub_download", lambda *args, **kwargs: str(card))
    with pytest.raises(ValueError, match=r"^--dataset someone/procbench: its dataset card README.md expands to "):
        dataset_card_metadata("someone/procbench")


# --- 7. a line without end ---------------------------------------------------------------


def test_dev_zero_as_answers_is_refused_after_the_line_cap(generated, tmp_path, capsys):
    """Issue #29.7: ``/dev/zero`` was read until the kernel killed the process (24 GB); a
    line now stops at ``MAX_LINE_BYTES`` (64 MB) and is refused naming file and line."""
    dataset, _ = generated
    assert error_of(evaluate("/dev/zero", dataset, tmp_path / "r"), capsys) == (
        "procbench evaluate: error: answers file /dev/zero:1: a line longer than 64 MB (no line break in it); "
        "expected one JSON object a line"
    )


def test_a_binary_file_is_refused_at_the_cap_and_a_line_of_the_cap_is_read(
    generated, answers, tmp_path, capsys, monkeypatch
):
    """A regular file without line breaks (here with the cap lowered to 20,000 bytes, above
    the dataset's lines) is refused at the line that passes the cap, while a line of exactly
    the cap (newline included) is read: the bound is exact."""
    dataset, rows = generated
    cap = 20_000
    monkeypatch.setattr(lines_module, "MAX_LINE_BYTES", cap)
    binary = tmp_path / "answers.bin"
    binary.write_bytes(bytes(range(256)).replace(b"\n", b"") * 100)
    assert error_of(evaluate(binary, dataset, tmp_path / "r"), capsys) == (
        f"procbench evaluate: error: answers file {binary}:1: a line longer than 0 MB (no line break in it); "
        "expected one JSON object a line"
    )
    line = json.dumps({"id": rows[0]["id"], "response": ""})
    padded = line[:-1] + " " * (cap - 1 - len(line)) + "}"  # cap - 1 characters and the newline: cap bytes
    exact = write_lines(tmp_path / "exact.jsonl", [padded])
    assert main(evaluate(exact, dataset, tmp_path / "r")) == 0
    capsys.readouterr()
    longer = write_lines(
        tmp_path / "longer.jsonl", [json.dumps({"id": rows[1]["id"], "response": ""}), padded[:-1] + " }"]
    )
    assert error_of(evaluate(longer, dataset, tmp_path / "r2"), capsys) == (
        f"procbench evaluate: error: answers file {longer}:2: a line longer than 0 MB (no line break in it); "
        "expected one JSON object a line"
    )


@pytest.mark.parametrize(
    ("signum", "code", "said"), [(signal.SIGTERM, 143, "terminated"), (signal.SIGINT, 130, "interrupted")]
)
def test_a_signal_stops_a_read_that_waits(signum, code, said, generated, tmp_path):
    """A read that waits for more of a line (a pipe whose writer sends half a line) ends at
    SIGTERM or Ctrl-C with the usual exit code, and leaves no report behind."""
    dataset, rows = generated
    fifo = tmp_path / "answers.fifo"
    os.mkfifo(fifo)
    process = subprocess.Popen(
        [sys.executable, "-m", "procbench_tools", *evaluate(fifo, dataset, tmp_path / "r")],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        with fifo.open("wb") as writer:  # returns once the command opened the pipe, signal handlers set
            writer.write(json.dumps({"id": rows[0]["id"], "prediction": rows[0]["label"]}).encode() + b'\n{"id": ')
            writer.flush()
            process.send_signal(signum)
            _, err = process.communicate(timeout=60)
    finally:
        process.kill()
    assert (process.returncode, err) == (code, said + "\n")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["answers.fifo"]


# --- 8. deeply nested JSON and lone surrogates, wherever JSON is read -----------------------


@pytest.mark.parametrize("nesting", [DEEP, JUST_TOO_DEEP])
def test_deeply_nested_answers_are_one_line(nesting, generated, tmp_path, capsys):
    """Issue #29.8: nesting beyond the recursion limit was a RecursionError traceback;
    nesting past ``MAX_DEPTH`` (100) is refused the same way, whether or not Python could
    have parsed it."""
    dataset, rows = generated
    path = write_lines(
        tmp_path / "deep.jsonl",
        [json.dumps({"id": rows[0]["id"], "response": "x"}), f'{{"id": "{rows[1]["id"]}", "prediction": {nesting}}}'],
    )
    assert error_of(evaluate(path, dataset, tmp_path / "r"), capsys) == (
        f"procbench evaluate: error: {path}:2: JSON nested more than 100 levels deep (procbench's lines nest a "
        "few levels); the line is damaged or not procbench's"
    )


def test_nesting_of_the_limit_is_read(generated, tmp_path):
    """100 levels (the limit) are read: the cap refuses only what passes it."""
    dataset, rows = generated
    at_limit = "[" * 98 + "]" * 98  # in "prediction": {"final": ...}, inside the line's object: 100 levels
    path = write_lines(
        tmp_path / "deep.jsonl",
        [f'{{"id": "{rows[0]["id"]}", "prediction": {{"intermediate": [], "final": {at_limit}}}}}'],
    )
    assert main(evaluate(path, dataset, tmp_path / "r")) == 0


def test_a_deeply_nested_dataset_line_is_one_line(generated, answers, tmp_path, capsys, no_scoring):
    """The same reader serves a `procbench generate` dataset, read before any scoring."""
    _, rows = generated
    deep_dataset = write_lines(tmp_path / "deep.jsonl", [json.dumps(rows[0]), '{"id": ' + DEEP + "}"])
    assert error_of(evaluate(answers, deep_dataset, tmp_path / "r"), capsys) == (
        f"procbench evaluate: error: --dataset {deep_dataset}:2: JSON nested more than 100 levels deep "
        "(procbench's lines nest a few levels); the line is damaged or not procbench's"
    )


def test_deeply_nested_lm_eval_samples_are_one_line(generated, tmp_path, capsys):
    """And lm-eval's samples files: a deep line after the first, and a first line too deep
    to be taken for lm-eval's (then read, and refused, as an answers file)."""
    dataset, rows = generated
    first = {"doc_id": 0, "doc": {"id": rows[0]["id"]}, "resps": [["x"]], "filtered_resps": ["x"]}
    samples = write_lines(tmp_path / "samples_procbench_sort_2024-01-01T00-00-00.jsonl", [json.dumps(first), DEEP])
    assert error_of(evaluate(samples, dataset, tmp_path / "r"), capsys) == (
        f"procbench evaluate: error: {samples}:2: JSON nested more than 100 levels deep "
        "(procbench's lines nest a few levels); the line is damaged or not procbench's"
    )
    only_deep = write_lines(tmp_path / "samples_procbench_sort_2024-01-02T00-00-00.jsonl", [DEEP])
    assert error_of(evaluate(only_deep, dataset, tmp_path / "r"), capsys) == (
        f"procbench evaluate: error: {only_deep}:1: JSON nested more than 100 levels deep (procbench's lines nest "
        "a few levels); the line is damaged or not procbench's"
    )


def test_a_deeply_nested_or_odd_extractor_cache_line_is_one_line(tmp_path):
    """The extractor's cache: a line cut short by a kill is still asked again, but a whole
    line nested too deep or holding no text is refused naming the line."""
    cache = ExtractionCache(tmp_path, "mockllm/model")
    write_lines(cache.path, [json.dumps({"key": "k", "output": "{}"}), '{"key": "j", "output": ' + DEEP + "}"])
    with pytest.raises(ValueError) as refused:
        ExtractionCache(tmp_path, "mockllm/model")
    assert str(refused.value) == (
        f"--extractor-cache {cache.path}:2: JSON nested more than 100 levels deep (procbench's lines nest a few "
        "levels); the line is damaged or not procbench's; remove that line (its extraction is asked again)"
    )
    write_lines(cache.path, [json.dumps({"key": "k", "output": 5}), '{"key": "cut sh'])
    with pytest.raises(ValueError, match=rf"^--extractor-cache {cache.path}:1: output is 5; expected text: "):
        ExtractionCache(tmp_path, "mockllm/model")


def test_a_lone_surrogate_names_the_file_and_line(generated, answers, tmp_path, capsys):
    """Issue #29.8: ``"\\ud83d"`` (half of an emoji's UTF-16 pair) aborted the run when the
    report was written, naming no file; it is refused where it is read. A whole pair is a
    character and is read."""
    dataset, rows = generated
    path = write_lines(
        tmp_path / "half.jsonl",
        [
            f'{{"id": "{rows[0]["id"]}", "response": "\\ud83d\\ude00 fine"}}',
            f'{{"id": "{rows[1]["id"]}", "response": "\\ud83d"}}',
        ],
    )
    assert error_of(evaluate(path, dataset, tmp_path / "r"), capsys) == (
        f"procbench evaluate: error: {path}:2: a lone surrogate \\ud83d in a string (half of a UTF-16 pair, "
        "no character); write the whole character or remove it"
    )
    whole = write_lines(tmp_path / "whole.jsonl", [f'{{"id": "{rows[0]["id"]}", "response": "\\ud83d\\ude00"}}'])
    assert main(evaluate(whole, dataset, tmp_path / "r")) == 0
    capsys.readouterr()
    dataset_line = json.dumps(rows[0])[:-1] + ', "note": "\\udc00"}'
    half_dataset = write_lines(tmp_path / "half-set.jsonl", [dataset_line])
    assert error_of(evaluate(answers, half_dataset, tmp_path / "r2"), capsys).endswith(
        f"--dataset {half_dataset}:1: a lone surrogate \\udc00 in a string (half of a UTF-16 pair, no character); "
        "write the whole character or remove it"
    )


# --- 8. card values and dataset rows of the wrong kind, checked before scoring -------------


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        (__import__("datetime").date(2024, 1, 1), "datetime.date(2024, 1, 1) (date)"),
        ({"b", "a"}, "{'a', 'b'} (set)"),  # a !!set, shown sorted: the same line at every hash seed
        (b"\x00secret", "b'\\x00secret' (bytes)"),
    ],
)
def test_a_card_setting_json_cannot_hold_is_refused_before_scoring(
    value, shown, exported, answers, tmp_path, capsys, no_scoring
):
    """Issue #29.8: dates, sets and binary under ``procbench:`` were a traceback after all
    the scoring (when summary.json was written); each is named before scoring."""

    def edit(metadata):
        metadata["procbench"]["made"] = value
        return metadata

    edited = card_copy(exported, tmp_path, edit)
    err = error_of(evaluate(answers, edited, tmp_path / "r"), capsys)
    start = f"procbench evaluate: error: --dataset {edited}: the card's procbench setting made holds "
    end = "; a setting is text, a number, true/false or a list of them: export the dataset again or repair the card"
    assert err.startswith(start) and err.endswith(end), err
    assert err[len(start) : -len(end)] == shown


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            lambda metadata: {**metadata, "configs": 5},
            "the card's configs is 5; expected a list of configs, each with config_name and data_files: "
            "export the dataset again or repair the card",
        ),
        (
            lambda metadata: {**metadata, "configs": ["Sort"]},
            "the card's config 1 is 'Sort'; expected a mapping with a config_name (text) and data_files: "
            "export the dataset again or repair the card",
        ),
        (
            lambda metadata: {**metadata, "configs": [{"config_name": "Sort", "data_files": "data/Sort/*.parquet"}]},
            "the card's config Sort has data_files 'data/Sort/*.parquet'; expected a list of {split, path} "
            "entries: export the dataset again or repair the card",
        ),
    ],
)
def test_a_card_config_of_the_wrong_shape_is_one_line(edit, message, exported, answers, tmp_path, capsys, no_scoring):
    """Issue #29.8: a non-list ``configs`` or a string ``data_files`` was a traceback."""
    edited = card_copy(exported, tmp_path, edit)
    assert error_of(evaluate(answers, edited, tmp_path / "r"), capsys) == (
        f"procbench evaluate: error: --dataset {edited}: {message}"
    )


@pytest.mark.parametrize(
    ("column", "value", "shown", "expected"),
    [
        ("id", 7, "7 (int)", "text (the example's id)"),
        ("id", None, "None (NoneType)", "text (the example's id)"),
        ("label", 3, "3 (int)", "an object {init, intermediate, final}, or its JSON text"),
        ("steps", None, "None (NoneType)", "a whole number, 1 or more"),
        ("steps", "1e400", "inf (float)", "a whole number, 1 or more"),
    ],
)
def test_a_dataset_row_of_the_wrong_kind_is_named_before_scoring(
    column, value, shown, expected, generated, answers, tmp_path, capsys, no_scoring
):
    """Issue #29.8: an int or null id, an int label, a null or 1e400 step count were
    tracebacks after the scoring, or lines naming no row."""
    _, rows = generated
    written = "1e400" if value == "1e400" else json.dumps(value)  # 1e400: a JSON number Python reads as inf
    line = json.dumps({**rows[1], column: "PLACEHOLDER"}).replace('"PLACEHOLDER"', written)
    dataset = write_lines(tmp_path / "set.jsonl", [json.dumps(rows[0]), line])
    assert error_of(evaluate(answers, dataset, tmp_path / "r"), capsys) == (
        f"procbench evaluate: error: --dataset {dataset}:2: {column} is {shown}; expected {expected}: "
        "generate or export the dataset again"
    )


def test_an_export_row_of_the_wrong_kind_names_its_file_and_row(exported, answers, tmp_path, capsys, no_scoring):
    """The same check on an export's Parquet rows names the file and the row in it."""
    copy = tmp_path / "copy"
    shutil.copytree(exported, copy)
    (first,) = sorted((copy / "data" / "Sort").glob("short-*.parquet"))
    table = pq.read_table(first)
    ids = table.column("id").to_pylist()
    ids[2] = None
    pq.write_table(table.set_column(table.schema.get_field_index("id"), "id", pa.array(ids, pa.string())), first)
    assert error_of(evaluate(answers, copy, tmp_path / "r"), capsys) == (
        f"procbench evaluate: error: --dataset {copy}: {first.relative_to(copy)} row 3: id is None (NoneType); "
        "expected text (the example's id): generate or export the dataset again"
    )


# --- 8. a full disk while indexing ------------------------------------------------------------


def test_a_full_disk_while_indexing_is_one_line_and_leaves_nothing(generated, answers, tmp_path, capsys, monkeypatch):
    """Issue #29.8: a full disk during evaluate's index was a sqlite3.OperationalError
    traceback. SQLite's own limit on pages gives exactly a full disk's error (SQLITE_FULL,
    "database or disk is full"); the report's staging folder is removed whole."""
    dataset, _ = generated
    real_connect = sqlite3.connect

    def small_disk(*args, **kwargs):
        connection = real_connect(*args, **kwargs)
        connection.execute("PRAGMA max_page_count = 2")
        return connection

    monkeypatch.setattr(references.sqlite3, "connect", small_disk)
    output = tmp_path / "out" / "report"
    output.parent.mkdir()
    assert error_of(evaluate(answers, dataset, output), capsys) == (
        f"procbench evaluate: error: cannot index --dataset {dataset} beside the report: database or disk is full; "
        "free disk space there or choose an --output on another disk"
    )
    assert list(output.parent.iterdir()) == []


# --- 8. a damaged but parseable horizon calls.jsonl ------------------------------------------


@pytest.fixture(scope="module")
def horizon_run(tmp_path_factory):
    """A finished `procbench horizon` run of inspect's mock model on Sort (20 calls)."""
    folder = tmp_path_factory.mktemp("horizon") / "run"
    assert main(horizon_args(folder)) == 0
    return folder


def horizon_args(folder):
    return ["horizon", "--model", "mockllm/model", "--tasks", "Sort", "--budget", "20", "--seed", "1",
            "--output", str(folder)]  # fmt: skip


@pytest.mark.parametrize(
    ("damage", "problem"),
    [
        (lambda call: {}, "a call of task None, which is not one of this run's tasks ['Sort']"),
        (
            lambda call: {**call, "task": "Cumulate"},
            "a call of task 'Cumulate', which is not one of this run's tasks ['Sort']",
        ),
        (lambda call: {**call, "sequential_match": "1"}, "sequential_match is '1'; expected a number"),
        (
            lambda call: {**call, "steps": 99},
            # the candidates: round(2 ** (k / 4)) within 1..100, and the ends 1, 2 and 100
            "steps is 99; this run asks Sort at "
            "[1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 13, 16, 19, 23, 27, 32, 38, 45, 54, 64, 76, 91, 100] steps",
        ),
        (lambda call: ["a list"], "not a call but ['a list']"),
    ],
)
def test_a_damaged_calls_line_stops_the_resume_in_one_line(damage, problem, horizon_run, tmp_path, capsys):
    """Issue #29.8: a parseable but damaged ``calls.jsonl`` line (``{}``, another task's
    call, a string score, steps the run never asks: "99 is not in list") was a traceback on
    resume; it is named, with the fix."""
    folder = tmp_path / "run"
    shutil.copytree(horizon_run, folder)
    log = folder / "calls.jsonl"
    calls = [json.loads(line) for line in log.read_text().splitlines()]
    calls[1] = damage(calls[1])
    write_lines(log, [json.dumps(call) for call in calls])
    assert error_of(horizon_args(folder), capsys) == (
        f"procbench horizon: error: {log}:2: {problem}; the log is damaged: remove that line (its call is made "
        "again) or use another --output"
    )


# --- 9. answers from a pipe ------------------------------------------------------------------


def test_answers_from_a_pipe_are_scored(generated, answers, tmp_path):
    """Issue #29.9: ``procbench evaluate <(cat answers.jsonl)`` failed "not seekable"; a
    pipe is read once, as standard input is."""
    dataset, rows = generated
    read, write = os.pipe()
    feeder = threading.Thread(target=lambda: (os.write(write, answers.read_bytes()), os.close(write)))
    feeder.start()
    try:
        assert main(evaluate(f"/dev/fd/{read}", dataset, tmp_path / "r")) == 0
    finally:
        feeder.join()
        os.close(read)
    summary = json.loads((tmp_path / "r" / "summary.json").read_text())
    assert summary["models"][str(read)]["overall"]["n"] == len(rows) == 4
    assert summary["models"][str(read)]["overall"]["prefix_accuracy"] == 1.0


def test_process_substitution_in_a_shell(generated, answers, tmp_path):
    """The command of the issue, as a shell runs it."""
    dataset, _ = generated
    output = tmp_path / "r"
    command = f"{sys.executable} -m procbench_tools evaluate <(cat {answers}) --dataset {dataset} --output {output}"
    result = subprocess.run(["bash", "-c", command], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr


# --- also: advice that misleads --------------------------------------------------------------


def test_a_folder_inside_an_export_points_to_the_export(exported, answers, tmp_path, capsys, monkeypatch):
    """``--dataset procbench/data/Sort`` was told to export into that subfolder; it is told
    to give the export, spelled as the user spelled the path."""
    inside = exported / "data" / "Sort"
    assert error_of(evaluate(answers, inside, tmp_path / "r"), capsys) == (
        f"procbench evaluate: error: --dataset {inside} is a folder inside the export {exported}, not an export "
        f"itself; give the export's folder: --dataset {exported}"
    )
    monkeypatch.chdir(exported / "data")
    assert error_of(evaluate(answers, "Sort", tmp_path / "r"), capsys) == (
        "procbench evaluate: error: --dataset Sort is a folder inside the export .., not an export itself; "
        "give the export's folder: --dataset .."
    )


def test_a_parquet_file_as_dataset_is_told_what_is_wrong(exported, answers, tmp_path, capsys):
    """A Parquet ``--dataset`` was told to re-save it as UTF-8; it is named as a Parquet
    file, and pointed to its export when it is inside one."""
    (first,) = sorted((exported / "data" / "Sort").glob("short-*.parquet"))
    assert error_of(evaluate(answers, first, tmp_path / "r"), capsys) == (
        f"procbench evaluate: error: --dataset {first} is one Parquet file of the export {exported}; "
        f"give the export's folder: --dataset {exported}"
    )
    alone = tmp_path / "alone.parquet"
    shutil.copy(first, alone)
    assert error_of(evaluate(answers, alone, tmp_path / "r"), capsys) == (
        f"procbench evaluate: error: --dataset {alone} is a Parquet file; --dataset reads an export's folder "
        "(its README.md lists the Parquet files), a JSONL file of `procbench generate`, or a Hub dataset"
    )


def test_a_short_id_in_an_answers_file_is_named_as_such(generated, tmp_path, capsys):
    """A short id (``Sort-02-000``, which ``show`` accepts) was blamed on "an older
    procbench"; the message says what is wrong and what to write."""
    dataset, rows = generated
    short = rows[0]["id"].rsplit("-", 1)[0]
    path = write_lines(tmp_path / "short.jsonl", [json.dumps({"id": short, "prediction": rows[0]["label"]})])
    assert error_of(evaluate(path, dataset, tmp_path / "r"), capsys) == (
        f"procbench evaluate: error: short: answer {short} is a short id (no question digest), which an answers "
        f"file cannot use: the dataset's {rows[0]['id']} names its question, so that answers made for another "
        "question are refused; write the dataset's full ids into the answers file"
    )
