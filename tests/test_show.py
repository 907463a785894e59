"""``procbench show``: one example, its reference beside a model's answer."""

import json

import pytest

from procbench_tools.cli import main
from procbench_tools.commands.show import state_rows, states_table
from procbench_tools.dataset.export import export
from procbench_tools.evaluation.references import Example


@pytest.fixture(scope="module")
def dataset(tmp_path_factory):
    folder = tmp_path_factory.mktemp("show") / "procbench-dataset"
    return export(folder, configs=["all"], max_steps=3, examples_per_step=1, progress=False)


@pytest.fixture(scope="module")
def rows(dataset):
    import datasets

    # keyed by the id without its question digest: rows["Sort-02-000"]["id"] is the whole id
    return {
        row["id"].rsplit("-", 1)[0]: row
        for split in datasets.load_dataset(str(dataset), "all").values()
        for row in split
    }


SORT = Example("Sort-03-000", "Sort", 3, {"init": "cab", "intermediate": ["acb", "abc"], "final": "abc"})


def test_state_rows_mark_the_first_wrong_state():
    prediction = {"intermediate": ["acb", "bbb"], "final": "abc"}
    assert state_rows(SORT, prediction) == [
        ("", "1", '"acb"', '"acb"'),
        (">>", "2", '"abc"', '"bbb"'),
        ("", "3 final", '"abc"', '"abc"'),
    ]


def test_state_rows_of_a_short_a_long_and_an_unreadable_answer():
    assert state_rows(SORT, ["acb"]) == [
        ("", "1", '"acb"', '"acb"'),
        (">>", "2", '"abc"', "-"),
        ("", "3 final", '"abc"', "-"),
    ]
    assert state_rows(SORT, ["acb", "abc", "abc", "abc"])[3] == (">>", "4", "-", '"abc"')
    assert [row[0] for row in state_rows(SORT, None)] == [">>", "", ""]


def test_states_table_side_by_side_and_stacked():
    table_rows = state_rows(SORT, {"intermediate": ["acb", "bbb"], "final": "abc"})
    assert states_table(table_rows, "cab", "answer", 80).splitlines() == [
        "   step     reference  answer",
        '   init     "cab"',
        '   1        "acb"      "acb"',
        '>> 2        "abc"      "bbb"   <- first wrong state',
        '   3 final  "abc"      "abc"',
    ]
    assert states_table(table_rows, "cab", "answer", 20).splitlines()[:5] == [
        'init:  "cab"',
        "   step 1",
        '     reference: "acb"',
        '     answer:    "acb"',
        ">> step 2   <- first wrong state",
    ]


def test_show_an_answer(dataset, rows, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    label = json.loads(rows["Cumulate-03-000"]["label"])
    first, wrong, second = label["intermediate"][0], label["intermediate"][1] + 1, label["final"]
    answers = tmp_path / "answers.jsonl"
    lines = [
        {"id": rows["Sort-02-000"]["id"], "response": "no idea"},
        {"id": rows["Cumulate-03-000"]["id"], "response": f"step1: {first}\nstep2: {wrong}\nfinal state: {second}"},
    ]
    answers.write_text("".join(json.dumps(line) + "\n" for line in lines))
    assert main(["show", "Cumulate-03-000", "--answers", str(answers), "--dataset", str(dataset)]) == 0
    out = capsys.readouterr().out
    whole_id = rows["Cumulate-03-000"]["id"]  # the short id finds it: one example has it
    assert out.startswith(f"{whole_id}: task Cumulate, 3 steps; answer at {answers}:2\n\n=== prompt ===\n")
    assert rows["Cumulate-03-000"]["prompt"].rstrip() in out
    assert f"=== response ===\nstep1: {first}\nstep2: {wrong}\nfinal state: {second}\n" in out
    assert "=== reference and answer (first wrong state: step 2) ===" in out
    assert f">> 2        {label['intermediate'][1]:<9}  {wrong}   <- first wrong state" in out
    assert out.endswith("PA 0.333  SM 0  FM 1  PML 1\n")


def test_show_without_answers_and_without_prompt(dataset, rows, capsys):
    assert main(["show", "Sort-02-000", "--dataset", str(dataset), "--no-prompt"]) == 0
    label = json.loads(rows["Sort-02-000"]["label"])
    assert capsys.readouterr().out.splitlines() == [
        f"{rows['Sort-02-000']['id']}: task Sort, 2 steps",
        "",
        "=== reference ===",
        f'init     "{label["init"]}"',
        f'1        "{label["intermediate"][0]}"',
        f'2 final  "{label["final"]}"',
    ]


def test_show_reports_unknown_ids(dataset, rows, tmp_path, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["show", "Sort-03-001", "--dataset", str(dataset)])
    assert exit_info.value.code == 2
    assert f"no example 'Sort-03-001' in the dataset {dataset}; did you mean Sort-03-000-" in capsys.readouterr().err
    # an id whose question digest is not the dataset's: the example at the same place is offered
    with pytest.raises(SystemExit):
        main(["show", "Sort-03-000-1f0c9a2e", "--dataset", str(dataset)])
    err = capsys.readouterr().err
    assert err.endswith(f"did you mean {rows['Sort-03-000']['id']}?\n")
    # nothing close: a real id of the dataset as the example
    with pytest.raises(SystemExit):
        main(["show", "zzz", "--dataset", str(dataset)])
    assert capsys.readouterr().err.endswith(
        f"no example 'zzz' in the dataset {dataset}; ids look like {rows['Sort-02-000']['id']}\n"
    )
    answers = tmp_path / "answers.jsonl"
    answers.write_text(json.dumps({"id": rows["Sort-02-000"]["id"], "response": "x"}) + "\n")
    with pytest.raises(SystemExit):
        main(["show", "Sort-03-000", "--answers", str(answers), "--dataset", str(dataset)])
    assert f"{answers} has no answer for {rows['Sort-03-000']['id']} (1 answer in the file)" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["show", "Sort-03-000", "--answers", str(tmp_path / "none.jsonl"), "--dataset", str(dataset)])
    assert "does not exist" in capsys.readouterr().err


def test_show_neutralises_terminal_control_characters(dataset, rows, tmp_path, capsys):
    """Issue 29, item 14: show passed a reply's escape sequences to the terminal (here: set
    the window title, clear the screen, return to the line's start, a C1 CSI, DEL). Every
    control character but newline and tab now prints as ``\\xNN``; so does one in a file
    name quoted by an error line."""
    hostile = "\x1b]0;pwned\x07\x1b[2J\rstep1:\tx\x9b31m\x7f\nfinal state: y"
    sort_id = rows["Sort-02-000"]["id"]
    answers = tmp_path / "answers.jsonl"
    answers.write_text(json.dumps({"id": sort_id, "response": hostile}) + "\n")
    assert main(["show", "Sort-02-000", "--answers", str(answers), "--dataset", str(dataset), "--no-prompt"]) == 0
    out = capsys.readouterr().out
    assert "=== response ===\n\\x1b]0;pwned\\x07\\x1b[2J\\x0dstep1:\tx\\x9b31m\\x7f\nfinal state: y\n" in out
    assert not {character for character in out if ord(character) < 0x20 or 0x7F <= ord(character) < 0xA0} - {"\n", "\t"}
    named = tmp_path / "a\x1b[2Jb.jsonl"
    named.write_text(json.dumps({"id": sort_id, "response": "x"}) + "\n")
    with pytest.raises(SystemExit):
        main(["show", "Sort-03-000", "--answers", str(named), "--dataset", str(dataset)])
    err = capsys.readouterr().err
    assert f"{tmp_path}/a\\x1b[2Jb.jsonl has no answer for {rows['Sort-03-000']['id']}" in err and "\x1b" not in err


def test_printable_keeps_text_and_shows_every_control_character():
    """The one home of the neutralising (procbench_tools.text.printable): printable text,
    newlines and tabs are kept; each C0, DEL and C1 character becomes ``\\xNN``."""
    from procbench_tools.text import printable

    assert printable("Zürich → ok\n\tend") == "Zürich → ok\n\tend"
    assert printable("\x00\x1b\r\x7f\x80\x9f\xa0") == "\\x00\\x1b\\x0d\\x7f\\x80\\x9f\xa0"
