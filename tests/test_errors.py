"""One clear line for every bad input: the user's own flags and paths, never a traceback."""

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

import procbench_generators
from procbench_tools import __version__
from procbench_tools.cli import main
from procbench_tools.commands import generate as generate_command
from procbench_tools.dataset.export import export
from procbench_tools.evaluation import run as evaluation_run
from tests.support.refusals import error_of

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def dataset(tmp_path_factory):
    return export(tmp_path_factory.mktemp("errors") / "procbench", configs=["Sort"], max_steps=3, progress=False)


@pytest.fixture(scope="module")
def answers(dataset, tmp_path_factory):
    import datasets

    rows = datasets.load_dataset(str(dataset), "Sort", split="short")
    path = tmp_path_factory.mktemp("answers") / "answers.jsonl"
    path.write_text("".join(json.dumps({"id": row["id"], "prediction": row["label"]}) + "\n" for row in rows))
    return path


def evaluate(answers, dataset, output):
    return ["evaluate", str(answers), "--dataset", str(dataset), "--output", str(output), "--no-plots"]


# --- evaluate ---------------------------------------------------------------------------


def test_a_folder_that_is_not_an_export(answers, tmp_path, capsys):
    folder = tmp_path / "notes"
    folder.mkdir()
    (folder / "todo.txt").write_text("nothing to see")
    err = error_of(evaluate(answers, folder, tmp_path / "r"), capsys)
    assert err.endswith(
        f"--dataset {folder} is a folder but not a procbench export (no README.md listing its configs); "
        f"make one with `procbench export {folder}`"
    )


def test_a_missing_path_with_one_slash_is_not_retried_as_a_hub_id(answers, tmp_path, capsys, monkeypatch):
    """With HF_HUB_OFFLINE set (as in every test), ``missing/dir`` is not looked up on the
    Hub at all: no request is made (checked by the request, not by a clock)."""
    from huggingface_hub import HfApi

    requests = []
    monkeypatch.setattr(HfApi, "dataset_info", lambda self, repo_id, **options: requests.append(repo_id))
    monkeypatch.chdir(tmp_path)
    err = error_of(evaluate(answers, "missing/dir", tmp_path / "r"), capsys)
    assert requests == []
    assert err.endswith(
        "--dataset missing/dir: no such file or folder, and HF_HUB_OFFLINE is set, so it was not looked up as a "
        "Hub dataset repo"
    )
    assert error_of(evaluate(answers, "./missing/dir", tmp_path / "r"), capsys).endswith(
        "--dataset './missing/dir': no such file or folder"
    )


def closed_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def run_offline_hub(args, tmp_path):
    """``procbench args`` in a subprocess whose Hub is a closed port on 127.0.0.1."""
    endpoint = f"http://127.0.0.1:{closed_port()}"
    env = {key: value for key, value in os.environ.items() if not key.startswith("HF_")}
    env.update(HF_ENDPOINT=endpoint, HF_TOKEN="hf_x", HF_HOME=str(tmp_path / "hf"), PYTHONPATH=str(ROOT))
    result = subprocess.run(
        [sys.executable, "-m", "procbench_tools", *args], env=env, cwd=tmp_path, capture_output=True, text=True
    )
    return result, endpoint


def test_an_unreachable_hub_is_named_when_looking_up_a_dataset(answers, tmp_path):
    """The whole command against a Hub on a closed port: exit 1 and one line naming the
    endpoint. (That it cannot hang is the next test's, which measures no time.)"""
    result, endpoint = run_offline_hub(evaluate(answers, "missing/dir", tmp_path / "r"), tmp_path)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert f"cannot reach the Hugging Face Hub at {endpoint} to look up the dataset repo missing/dir" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_dataset_lookup_is_one_request_bounded_by_its_timeout(answers, tmp_path, capsys, monkeypatch):
    """A Hub lookup that gets no answer cannot hang evaluate: it is one request given
    LOOKUP_TIMEOUT seconds (HfApi.dataset_info does not retry), and its failure is one line.
    Checked by what the code asks for, not by a clock, so a loaded machine cannot fail it."""
    from huggingface_hub import HfApi

    from procbench_tools.hub import upload

    requests = []

    def timed_out(self, repo_id, **options):
        requests.append((repo_id, options))
        raise TimeoutError("timed out")

    monkeypatch.setattr(upload.constants, "is_offline_mode", lambda: False)
    monkeypatch.setattr(HfApi, "dataset_info", timed_out)
    err = error_of(evaluate(answers, "missing/dir", tmp_path / "r"), capsys, code=1)
    assert requests == [("missing/dir", {"timeout": upload.LOOKUP_TIMEOUT})] and upload.LOOKUP_TIMEOUT == 10
    assert err.endswith(
        f"cannot reach the Hugging Face Hub at {upload.endpoint()} to look up the dataset repo missing/dir (there "
        "is no folder of that name here) (timed out); check the network, or HF_ENDPOINT if you set it"
    )


@pytest.mark.parametrize(
    "args", [["push", "user/procbench", "--from", "DATASET"], ["push-metric", "user/procbench_metric"]]
)
def test_push_to_an_unreachable_hub_names_the_endpoint(args, dataset, tmp_path):
    args = [str(dataset) if arg == "DATASET" else arg for arg in args]
    result, endpoint = run_offline_hub(args, tmp_path)
    assert result.returncode == 1 and "Traceback" not in result.stderr, result.stderr
    assert f"error: cannot reach the Hugging Face Hub at {endpoint} to upload to user/" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (
            b'{"id": "a", "response": "x"}\n{"id": "b", "response": "caf\xe9"}\n',
            ":2: not valid UTF-8 (byte 29 of the line)",
        ),
        (b"", " is empty: expected one JSON object a line"),
        (b"\n  \n", " is empty: expected one JSON object a line"),
    ],
)
def test_unreadable_answers_files_name_the_file(content, message, dataset, tmp_path, capsys):
    path = tmp_path / "bad.jsonl"
    path.write_bytes(content)
    err = error_of(evaluate(path, dataset, tmp_path / "r"), capsys)
    assert f"answers file {path}{message}" in err


def test_a_byte_order_mark_is_accepted(answers, dataset, tmp_path):
    path = tmp_path / "bom.jsonl"
    path.write_bytes(b"\xef\xbb\xbf" + answers.read_bytes())
    assert main(evaluate(path, dataset, tmp_path / "r")) == 0
    assert json.loads((tmp_path / "r" / "summary.json").read_text())["models"]["bom"]["overall"]["n"] == 20


def test_a_folder_given_as_answers_file(dataset, tmp_path, capsys):
    err = error_of(evaluate(tmp_path, dataset, tmp_path / "r"), capsys)
    assert err.endswith(
        f"answers file {tmp_path} is a folder, not a JSON Lines file, and holds no lm-eval "
        "samples_procbench_*.jsonl files (run lm_eval with --log_samples), nor the original ProcBench run's "
        "taskNN/NNNN.txt or .json files (give its preds/<model> or preds_json/<model> folder)"
    )


def test_an_existing_file_as_output_is_refused_before_scoring(answers, dataset, tmp_path, capsys, monkeypatch):
    taken = tmp_path / "report.txt"
    taken.write_text("mine")
    monkeypatch.setattr(evaluation_run, "open_dataset", lambda source: pytest.fail("scoring started"))
    err = error_of(evaluate(answers, dataset, taken), capsys)
    assert err.endswith(f"--output {taken} is a file; the report needs a folder (its files go inside it)")
    assert taken.read_text() == "mine"


def test_one_unknown_id_is_singular(dataset, tmp_path, capsys):
    path = tmp_path / "one.jsonl"
    path.write_text('{"id": "Nope-02-000-00000000", "response": "x"}\n')
    err = error_of(evaluate(path, dataset, tmp_path / "r"), capsys)
    assert f"one: no answer id is an example of {dataset} (1 unknown id, e.g. ['Nope-02-000-00000000'])" in err


def card_copy(dataset, tmp_path, edit):
    """A copy of the export ``dataset`` whose card is changed by ``edit`` (text to text)."""
    import shutil

    copy = tmp_path / "edited"
    shutil.copytree(dataset, copy)
    card = copy / "README.md"
    card.write_text(edit(card.read_text()))
    return copy


def test_a_card_with_broken_yaml_is_one_line_in_evaluate_and_show(dataset, answers, tmp_path, capsys):
    broken = card_copy(dataset, tmp_path, lambda text: text.replace("configs:", "configs: [unclosed", 1))
    err = error_of(evaluate(answers, broken, tmp_path / "r"), capsys)
    assert err.startswith(f"procbench evaluate: error: --dataset {broken}: its dataset card README.md has broken YAML")
    assert err.endswith("export the dataset again or repair the card")
    err = error_of(["show", "Sort-02-000", "--dataset", str(broken)], capsys)
    assert f"procbench show: error: --dataset {broken}: its dataset card README.md has broken YAML" in err
    assert not (tmp_path / "r").exists()


@pytest.mark.parametrize("where", ["../outside/*.parquet", "{absolute}", "link"])
def test_a_card_naming_data_files_outside_the_export_is_refused(dataset, answers, tmp_path, capsys, where):
    """Issue 29, item 15: a card's ``data_files`` could point outside the export
    (``../../...``, an absolute path, or a link inside it that leads out), and evaluate and
    show read whatever was there. Such a card is refused in one line naming the pattern."""
    import shutil

    outside = tmp_path / "outside"
    shutil.copytree(dataset / "data" / "Sort", outside)
    pattern = where.format(absolute=outside / "*.parquet")
    if where == "link":
        pattern = "data/Sort/short-*"
    edited = card_copy(dataset, tmp_path, lambda text: text.replace("path: data/Sort/short-*", f"path: {pattern}"))
    if where == "link":
        shard = next((edited / "data" / "Sort").glob("short-*"))
        shard.unlink()
        shard.symlink_to(next(outside.glob("short-*")))
    line = (
        f"{edited / 'README.md'}: config 'Sort' lists data files at {pattern!r}, outside {edited}; "
        "a card may only name files inside its folder: export the dataset again"
    )
    assert error_of(evaluate(answers, edited, tmp_path / "r"), capsys) == f"procbench evaluate: error: {line}"
    assert error_of(["show", "Sort-02-000", "--dataset", str(edited)], capsys) == f"procbench show: error: {line}"
    assert not (tmp_path / "r").exists()


@pytest.mark.parametrize(
    ("setting", "shown", "expected"),
    [("seed: [oops]", "['oops']", "a whole number"), ("unique: maybe", "'maybe'", "true or false")],
)
def test_a_card_setting_of_the_wrong_kind_is_refused(dataset, answers, tmp_path, capsys, setting, shown, expected):
    key = setting.split(":")[0]

    def edit(text):
        lines = text.splitlines(keepends=True)
        found = next(number for number, line in enumerate(lines) if line.strip().startswith(f"{key}:"))
        indent = lines[found][: len(lines[found]) - len(lines[found].lstrip())]
        lines[found] = f"{indent}{setting}\n"
        return "".join(lines)

    edited = card_copy(dataset, tmp_path, edit)
    err = error_of(evaluate(answers, edited, tmp_path / "r"), capsys)
    assert err.endswith(f"--dataset {edited}: the card's procbench setting {key} is {shown}; expected {expected}")


def test_an_unwritable_output_is_refused_before_scoring_naming_the_users_path(
    answers, dataset, tmp_path, capsys, monkeypatch
):
    blocker = tmp_path / "a-file"
    blocker.write_text("mine")
    monkeypatch.setattr(evaluation_run, "open_dataset", lambda source: pytest.fail("scoring started"))
    output = blocker / "report"
    err = error_of(evaluate(answers, dataset, output), capsys)
    assert (
        err == f"procbench evaluate: error: --output {output}: cannot write there ({blocker} is a file, not a folder)"
    )
    assert blocker.read_text() == "mine"
    unwritable = Path("/proc/procbench-report")  # even root cannot make a folder there
    err = error_of(evaluate(answers, dataset, unwritable), capsys)
    assert err.startswith(f"procbench evaluate: error: cannot write {unwritable}: ")
    assert ".procbench-" not in err and "staging" not in err


def test_an_answer_holding_nan_is_scored_and_written_as_json(dataset, tmp_path):
    import datasets

    first, second = datasets.load_dataset(str(dataset), "Sort", split="short").select(range(2))
    path = tmp_path / "nan.jsonl"
    path.write_text(
        f'{{"id": "{first["id"]}", "prediction": {{"intermediate": [NaN], "final": Infinity}}}}\n'
        f'{{"id": "{second["id"]}", "response": "[-Infinity]"}}\n'
    )
    assert main(evaluate(path, dataset, tmp_path / "r")) == 0
    lines = (tmp_path / "r" / "scores.jsonl").read_text().splitlines()
    first = json.loads(lines[0], parse_constant=lambda token: pytest.fail(f"bare {token} in scores.jsonl"))
    assert first["prediction"] == {"intermediate": ["NaN"], "final": "Infinity"}
    assert (first["prefix_accuracy"], first["valid"]) == (0.0, True)
    assert all(json.loads(line, parse_constant=lambda token: pytest.fail(token)) for line in lines)


# --- export -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["--per-step", "0"], "--per-step must be at least 1, got 0"),
        (["--num-proc", "0"], "--num-proc must be at least 1, got 0"),
        (["--min-steps", "9", "--max-steps", "3"], "--min-steps 9 is larger than --max-steps 3"),
        (["--configs", "Count", "--min-steps", "1"], "Count takes steps from 2 to 100, not 1..25"),
    ],
)
def test_export_messages_name_the_flags(flags, message, tmp_path, capsys):
    assert error_of(["export", str(tmp_path / "out"), *flags], capsys).endswith(message)
    assert not (tmp_path / "out").exists()


def test_a_bad_config_is_reported_before_the_folder_is_looked_at(tmp_path, capsys):
    (tmp_path / "full.txt").write_text("x")
    err = error_of(["export", str(tmp_path), "--configs", "Sorting"], capsys)
    assert "--configs: unknown config 'Sorting'; valid configs are all, Sort, Gather" in err
    assert "not empty" not in err


# --- generate ---------------------------------------------------------------------------


def test_generate_into_a_closed_pipe_exits_quietly():
    result = subprocess.run(
        f"{sys.executable} -m procbench_tools generate | head -1",
        shell=True,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
    )
    assert result.stderr == ""
    assert json.loads(result.stdout)["id"].startswith("Sort-02-000-")


def test_one_example_is_singular(tmp_path, capsys):
    main(["generate", "--tasks", "Sort", "--max-steps", "2", "--per-step", "1", "-o", str(tmp_path / "x.jsonl")])
    assert f"wrote 1 example to {tmp_path / 'x.jsonl'}" in capsys.readouterr().err


def test_a_task_named_twice_is_generated_once(capsys):
    main(["generate", "--tasks", "Sort", "task01", "--max-steps", "3", "--per-step", "1"])
    ids = [json.loads(line)["id"] for line in capsys.readouterr().out.splitlines()]
    assert [identifier[:-9] for identifier in ids] == ["Sort-02-000", "Sort-03-000"]


def test_help_example_counts_are_true(tmp_path, monkeypatch, capsys):
    lines = generate_command.EXAMPLES.splitlines()
    (index,) = [i for i, line in enumerate(lines) if "three Sort examples" in line]
    main(lines[index - 1].split()[1:])
    assert len(capsys.readouterr().out.splitlines()) == 3


def test_version(capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out == f"procbench {__version__}\n"


def test_prompt_for_names_a_missing_field():
    with pytest.raises(ValueError, match="Sort question is missing the field 'string'"):
        procbench_generators.prompt_for("Sort", {"strng": "x"})
