"""report.html, table.md and table.tex: their content on hand-made numbers and on a small
run (what every ``procbench evaluate`` writes beside summary.json), the drill-down's
choice of examples, ``procbench view``, and the page in a real browser (headless Chromium,
tests/browser.py)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from procbench_tools.cli import main
from procbench_tools.evaluation.drilldown import earliest_failures, shortened
from procbench_tools.evaluation.html_report import escape
from procbench_tools.evaluation.paper import PAPER_TABLE_2
from procbench_tools.evaluation.states import differing_characters
from procbench_tools.evaluation.tables import latex_table, markdown_table
from tests.test_report import _model

# A model name and a reply full of markup: the page must show them as text, never run them.
HOSTILE_NAME = '<img src=x onerror="alert(1)">&'
HOSTILE_REPLY = '</pre><script>alert("reply")</script> I cannot tell.'


# --- table.md and table.tex on hand-made numbers ----------------------------------------------


def test_markdown_table_by_hand():
    """Table 2 with intervals, a row per model; a ``|`` in a name is escaped, a bucket a
    model lacks is a dash (``_model``: PA 0.8 short, 0.2 long, 0.5 overall; SM half of PA,
    intervals [PA/2, (1+PA)/2] for PA and [0, PA] for SM)."""
    summaries = {"a|b": _model(10, extra=False), "c": {**_model(10, extra=False), "by_length": {}}}
    assert markdown_table(summaries).splitlines() == [
        "| model | short PA | short SM | long PA | long SM | overall PA | overall SM |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
        "| a\\|b | 0.800 [0.400, 0.900] | 0.400 [0.000, 0.800] | 0.200 [0.100, 0.600] | 0.100 [0.000, 0.200] "
        "| 0.500 [0.250, 0.750] | 0.250 [0.000, 0.500] |",
        "| c | – | – | – | – | 0.500 [0.250, 0.750] | 0.250 [0.000, 0.500] |",
        "",
        "Prefix accuracy (PA) and sequential match (SM) by problem length: short 2-6 steps, medium 7-16, "
        "long 17-25; mean and 95% interval (PA: Clopper-Pearson interval of the summed PA; SM: Wilson score "
        "interval).",
    ]


def test_latex_table_by_hand():
    """booktabs rules, a column pair per bucket, LaTeX's special characters in a name escaped."""
    lines = latex_table({"a_b & c% <x>": _model(10, extra=True)}).splitlines()
    assert lines[:9] == [
        "\\begin{table}[t]",
        "\\centering",
        "\\small",
        "\\begin{tabular}{lcc cc cc cc}",
        "\\toprule",
        " & \\multicolumn{2}{c}{Short} & \\multicolumn{2}{c}{Long} & \\multicolumn{2}{c}{Extra} "
        "& \\multicolumn{2}{c}{Overall} \\\\",
        "\\cmidrule(lr){2-3} \\cmidrule(lr){4-5} \\cmidrule(lr){6-7} \\cmidrule(lr){8-9}",
        "Model & PA & SM & PA & SM & PA & SM & PA & SM \\\\",
        "\\midrule",
    ]
    assert lines[9] == (
        "a\\_b \\& c\\% \\textless{}x\\textgreater{} & 0.800 {\\scriptsize [0.400, 0.900]} & "
        "0.400 {\\scriptsize [0.000, 0.800]} & 0.200 {\\scriptsize [0.100, 0.600]} & "
        "0.100 {\\scriptsize [0.000, 0.200]} & 0.000 {\\scriptsize [0.000, 0.500]} & "
        "0.000 {\\scriptsize [0.000, 0.000]} & 0.500 {\\scriptsize [0.250, 0.750]} & "
        "0.250 {\\scriptsize [0.000, 0.500]} \\\\"
    )
    assert lines[10:12] == ["\\bottomrule", "\\end{tabular}"]
    assert lines[12].startswith("\\caption{") and "long 17-25, extra: any other; mean and 95\\% interval" in lines[12]


# --- the drill-down's parts ---------------------------------------------------------------------


def test_differing_characters_mark_what_a_wrong_state_got_wrong():
    """The runs of characters outside the longest matching blocks are flagged, on each side."""
    assert differing_characters('"abc"', '"abd"') == (
        [('"ab', False), ("c", True), ('"', False)],
        [('"ab', False), ("d", True), ('"', False)],
    )
    assert differing_characters("[1, 2]", "[1, 2, 3]") == ([("[1, 2", False), ("]", False)],
                                                          [("[1, 2", False), (", 3", True), ("]", False)])  # fmt: skip
    assert differing_characters('"x"', "-") == ([('"x"', True)], [("-", True)])  # a missing state


def test_earliest_failures_per_model_task_and_bucket(tmp_path):
    """Per (model, task, bucket), the failed answers with the smallest first wrong state
    (ties by id) are kept; right answers never are."""

    def line(model, identifier, steps, first_wrong):
        record = {"model": model, "id": identifier, "task": identifier.split("-")[0], "steps": steps}
        return json.dumps({**record, "first_wrong": first_wrong}) + "\n"

    scores = tmp_path / "scores.jsonl"
    scores.write_text(
        line("a", "Sort-03-0", 3, 2)
        + line("a", "Sort-04-0", 4, 0)
        + line("a", "Sort-05-0", 5, 1)
        + line("a", "Sort-02-0", 2, 1)  # ties with Sort-05-0 at 1: the smaller id wins
        + line("a", "Sort-09-0", 9, 5)  # medium: a group of its own
        + line("a", "Copy-03-0", 3, None)  # right: never chosen
        + line("b", "Sort-03-0", 3, 0)
    )
    assert earliest_failures(scores, per_group=2) == {"a": {"Sort-04-0", "Sort-02-0", "Sort-09-0"}, "b": {"Sort-03-0"}}


def test_long_replies_keep_their_start_and_end():
    """The page shows a long reply by its first 600 and last 1,800 characters (where the
    answer is), saying how many it leaves out; a short one whole."""
    assert shortened("short") == "short" and shortened(None) is None
    assert shortened("x" * 2_400) == "x" * 2_400
    reply = "a" * 600 + "b" * 5_000 + "c" * 1_800
    assert shortened(reply) == "a" * 600 + "\n[… 5,000 characters left out …]\n" + "c" * 1_800


# --- on a small run ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def small_run(tmp_path_factory):
    """Sort and Copy, steps 2..4, two examples each, scored for two models: ``good``
    (all right but its first Sort example, whose first state is wrong) and a model with a
    hostile name whose replies are markup and wrong everywhere. Reports with and without
    figures."""
    folder = tmp_path_factory.mktemp("page")
    dataset = folder / "set.jsonl"
    assert main(["generate", "--tasks", "Sort", "Copy", "--max-steps", "4", "--per-step", "2",
                 "-o", str(dataset)]) == 0  # fmt: skip
    rows = [json.loads(line) for line in dataset.read_text().splitlines()]
    good, hostile = [], []
    for number, row in enumerate(rows):
        label = row["label"]
        states = [*label["intermediate"], label["final"]]
        if number == 0:
            states[0] = states[0][::-1] + "q"
        good.append({"id": row["id"], "response": json.dumps({"intermediate": states[:-1], "final": states[-1]})})
        hostile.append({"id": row["id"], "response": HOSTILE_REPLY})
    files = []
    for name, lines in (("good", good), ("hostile", hostile)):
        path = folder / f"{name}.jsonl"
        path.write_text("".join(json.dumps(line) + "\n" for line in lines))
        files.append(str(path))
    argv = ["evaluate", *files, "--name", "good", HOSTILE_NAME, "--dataset", str(dataset)]
    assert main([*argv, "--output", str(folder / "plain"), "--no-plots"]) == 0
    return {"folder": folder, "rows": rows, "argv": argv, "plain": folder / "plain"}


def test_every_report_writes_the_page_and_the_tables(small_run):
    report = small_run["plain"]
    summary = json.loads((report / "summary.json").read_text())
    assert (report / "table.md").read_text() == markdown_table(summary["models"])
    assert (report / "table.tex").read_text() == latex_table(summary["models"])
    page = (report / "report.html").read_text()
    for anchor in ("table-2", "figures", "tasks", "horizon", "reading", "drill-down"):
        assert f'<section id="{anchor}">' in page
    # --no-plots: the tables are all there, the figures are not
    assert "<svg" not in page and "No figures: the report was made with <code>--no-plots</code>." in page


def test_the_page_escapes_everything_the_user_supplied(small_run):
    page = (small_run["plain"] / "report.html").read_text()
    assert HOSTILE_NAME not in page and escape(HOSTILE_NAME) in page
    assert '<script>alert("reply")</script>' not in page
    assert "&lt;/pre&gt;&lt;script&gt;alert(&quot;reply&quot;)&lt;/script&gt;" in page
    assert page.count("<script>") == 1  # the page's own filter script, allowed by its hash only
    assert "default-src 'none'" in page and "'unsafe-inline'" not in page.split("script-src")[1].split('"')[0]


def test_the_paper_rows_are_marked_and_carry_the_paper_numbers(small_run):
    """The paper's seven models, PA and SM as its Table 2 prints them (o1-preview overall
    0.698 and 0.496), below the run's rows, with the note on how its replies were read."""
    page = (small_run["plain"] / "report.html").read_text()
    paper = page.split('<tbody class="paper">')[1].split("</tbody>")[0]
    assert paper.count("(paper)</th>") == len(PAPER_TABLE_2) == 7
    row = paper.split("o1-preview (paper)</th>")[1].split("</tr>")[0]
    # the run has only short steps: short PA, SM, FM, PML, then overall PA, SM, FM, PML, then n (the paper
    # gives no FM or PML)
    cells = "<td>0.799</td><td>0.656</td><td>–</td><td>–</td><td>0.698</td><td>0.496</td><td>–</td><td>–</td>"
    assert row == cells + "<td>–</td><td></td>"
    assert "turned into JSON by GPT-4o with structured output" in page


def test_the_drill_down_shows_the_earliest_failure_beside_the_label(small_run):
    """good's one failure (its first Sort example, wrong at its first state) is in the
    drill-down with both models' answers, the wrong state's differing characters marked."""
    page = (small_run["plain"] / "report.html").read_text()
    first = small_run["rows"][0]
    card = page.split(f"<h3>{first['id']} · Sort · 2 steps (short)</h3>")[1].split("</article>")[0]
    assert card.startswith('<pre class="question">[Question]\nString: ')
    good = card.split('<div class="answer">')[1]
    assert 'good</span> <span class="badge">among its earliest failures</span>: first wrong: step 1' in good
    wrong = good.split('<tr class="wrong">')[1].split("</tr>")[0]
    assert wrong.startswith("<td>&gt;&gt;</td><td>1</td>") and "<mark>" in wrong
    header = page.split(f"<h3>{first['id']}")[0].rsplit("<article", 1)[1]
    assert 'data-failed-by="0 1"' in header and 'data-read-0="full"' in header and 'data-read-1="not_read"' in header


def test_view_opens_the_page_in_a_browser(small_run, tmp_path):
    """``procbench view`` hands the page's file URI to the browser (a stand-in named by
    BROWSER, as Python's webbrowser module reads it), for a folder or the file itself."""
    opened = tmp_path / "opened.txt"
    stand_in = tmp_path / "browser.sh"
    stand_in.write_text(f'#!/bin/sh\necho "$1" >> {opened}\n')
    stand_in.chmod(0o755)
    env = {**os.environ, "BROWSER": str(stand_in)}
    report = small_run["plain"]
    for target in (report, report / "report.html"):
        ran = subprocess.run([sys.executable, "-m", "procbench_tools", "view", str(target)], env=env,
                             capture_output=True, text=True)  # fmt: skip
        assert ran.returncode == 0, ran.stderr
    uri = (report / "report.html").resolve().as_uri()
    assert opened.read_text().splitlines() == [uri, uri]
    empty = tmp_path / "empty"
    empty.mkdir()
    ran = subprocess.run([sys.executable, "-m", "procbench_tools", "view", str(empty)], env=env,
                         capture_output=True, text=True)  # fmt: skip
    assert ran.returncode == 2
    assert ran.stderr.splitlines() == [
        f"procbench view: error: {empty} holds no report.html; give a report folder written by procbench "
        "evaluate, or its report.html"
    ]
    assert Path(opened).read_text().count("\n") == 2  # nothing more was opened


# --- in a real browser ---------------------------------------------------------------------------

SECTIONS = ("table-2", "figures", "tasks", "horizon", "reading", "drill-down")


def _shown(driver):
    """The ids of the drill-down's cards now shown, and the count line."""
    cards = driver.find_elements("css selector", "article.example")
    return [card.get_attribute("data-failed-by") for card in cards if card.is_displayed()], driver.find_element(
        "id", "filter-count"
    ).text


def test_the_page_in_headless_chromium(small_run, chromium, tmp_path):
    """The report with figures, opened from disk in headless Chromium: every section renders
    (its tables, its SVG figures drawn at a real size), the filters show exactly the cards
    they should, and no request leaves the page (no resource but the file itself, nothing
    blocked in the console). A screenshot of the whole page is saved in the test's folder."""
    from selenium.webdriver.support.ui import Select

    from tests import browser

    report = small_run["folder"] / "figures"
    assert main([*small_run["argv"], "--output", str(report)]) == 0
    driver = chromium
    driver.get((report / "report.html").resolve().as_uri())
    for anchor in SECTIONS:
        section = driver.find_element("id", anchor)
        assert section.is_displayed() and section.size["height"] > 100, anchor
    rows = driver.find_elements("css selector", "#table-2 table tbody tr")
    assert len(rows) == 2 + 1 + 7  # two models, the paper's title row and its seven models
    assert len(driver.find_elements("css selector", "#tasks table tbody tr")) == 2  # Sort, Copy
    assert len(driver.find_elements("css selector", "#reading table tbody tr")) == 2
    assert len(driver.find_elements("css selector", "#horizon table.horizon")) == 2
    figures = driver.find_elements("css selector", "#figures figure svg")
    assert len(figures) == 6 and len(driver.find_elements("css selector", "#horizon figure svg")) == 2
    for figure in figures:  # figures are laid out when near the screen (content-visibility: auto)
        driver.execute_script("arguments[0].scrollIntoView()", figure)
        assert figure.size["width"] > 300 and figure.size["height"] > 200

    cards = driver.find_elements("css selector", "article.example")
    tasks = [card.get_attribute("data-task") for card in cards]
    assert _shown(driver)[1] == f"{len(cards)} of {len(cards)} examples shown"
    Select(driver.find_element("id", "filter-task")).select_by_value("Copy")
    shown, line = _shown(driver)
    assert len(shown) == tasks.count("Copy") > 0 and line == f"{tasks.count('Copy')} of {len(cards)} examples shown"
    Select(driver.find_element("id", "filter-task")).select_by_value("")
    Select(driver.find_element("id", "filter-model")).select_by_visible_text("good")
    assert _shown(driver)[0] == ["0 1"]  # good fails one example only, which the other model fails too
    Select(driver.find_element("id", "filter-read")).select_by_value("not_read")
    assert _shown(driver) == ([], f"0 of {len(cards)} examples shown")  # good's failure was read in full
    Select(driver.find_element("id", "filter-model")).select_by_visible_text(HOSTILE_NAME)
    assert len(_shown(driver)[0]) == len(cards)  # every reply of the other model is unreadable
    Select(driver.find_element("id", "filter-bucket")).select_by_value("short")
    assert len(_shown(driver)[0]) == len(cards)  # steps 2..4 are all short

    resources = driver.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    assert [name for name in resources if not name.startswith("data:")] == []
    assert [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"] == []
    assert driver.execute_script("return document.title") == f"ProcBench report: good, {HOSTILE_NAME}"

    Select(driver.find_element("id", "filter-model")).select_by_value("")
    Select(driver.find_element("id", "filter-read")).select_by_value("")
    Select(driver.find_element("id", "filter-bucket")).select_by_value("")
    screenshot = tmp_path / "report.png"
    browser.save_page(driver, screenshot)
    assert screenshot.read_bytes().startswith(b"\x89PNG")
    print(f"screenshot of the report: {screenshot}")


def test_no_browser_skips_here_and_fails_in_ci(monkeypatch, tmp_path):
    """Without Chromium the browser test skips with one line; under
    PROCBENCH_REQUIRE_BROWSER=1 (CI) the same is a failure, so CI never passes it silently."""
    from tests import browser

    monkeypatch.setattr(browser, "CHROMIUM", tmp_path / "no-chromium")
    monkeypatch.delenv(browser.REQUIRE, raising=False)
    with pytest.raises(pytest.skip.Exception, match=r"^no headless Chromium here"):
        browser.skip_or_fail()
    monkeypatch.setenv(browser.REQUIRE, "1")
    with pytest.raises(pytest.fail.Exception, match=r"^PROCBENCH_REQUIRE_BROWSER=1 but no headless Chromium here"):
        browser.skip_or_fail()


def test_the_reader_version_is_shown_when_the_summary_has_one(small_run):
    """summary.json may record the answer reader's version (``provenance.reader``, a model's
    ``reader``); the page shows it in its header and the reading audit, and a scores row's
    ``reader`` beside that answer; without one, no reader line at all."""
    from procbench_tools.evaluation.drilldown import DrillExample
    from procbench_tools.evaluation.html_report import ReportPage, render
    from procbench_tools.scoring.reader import READER_VERSION

    summary = json.loads((small_run["plain"] / "summary.json").read_text())
    assert f'<p class="meta">Answer reader: {READER_VERSION}</p>' in render(ReportPage(summary, {}, None, []))
    del summary["provenance"]["reader"]
    for model in summary["models"].values():
        model["reading"].pop("reader")
    assert "Answer reader:" not in render(ReportPage(summary, {}, None, []))
    summary["provenance"]["reader"] = "reader-7"
    summary["models"]["good"]["reader"] = {"version": 7}
    record = {"valid": True, "first_wrong": 0, "prefix_accuracy": 0.0, "sequential_match": 0, "final_match": 0,
              "prefix_match_length": 0, "read": "full", "form": "object", "prediction": ["b", "c"],
              "response": "x", "reader": "reader-7"}  # fmt: skip
    example = DrillExample("Sort-02-000", "Sort", 2, {"init": "ca", "intermediate": ["ac"], "final": "ac"})
    example.answers, example.failed_by = {"good": record}, ["good"]
    page = render(ReportPage(summary, {}, None, [example]))
    assert '<p class="meta">Answer reader: reader-7</p>' in page and "· answer reader reader-7</p>" in page
    assert '<td style="text-align:left">{&quot;version&quot;: 7}</td>' in page  # good's row of the audit
    assert "read: full (object) · reader reader-7</p>" in page
