"""``report.html``: the whole report in one self-contained page, opened from disk with no
server and no network.

Table 2 with 95% intervals (and the paper's own Table 2 as reference rows), every figure
as inline SVG, PA, SM and FM per task, each model's horizon, the reading audit, and the
drill-down (:mod:`.drilldown`): the answers that failed earliest, each beside the label
state by state (:mod:`.states`, as ``procbench show`` prints them), with filters by model,
task, length bucket and reading. Everything that comes from the user (names, ids, replies,
paths) is HTML-escaped; a Content-Security-Policy of ``default-src 'none'`` (the one
script allowed by its hash, inline styles, ``data:`` images) keeps any request from
leaving the page."""

from __future__ import annotations

import base64
import hashlib
import html
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..scoring.lengths import BUCKET_NAMES
from .paper import PAPER_BUCKETS, PAPER_READING, PAPER_SOURCE, PAPER_TABLE_2
from .references import Example
from .report import columns, coverage_flags
from .states import MARK, differing_characters, state_rows, state_text

if TYPE_CHECKING:
    from .drilldown import DrillExample
    from .plots import DrawnFigure

MEASURES = (("prefix_accuracy", "PA"), ("sequential_match", "SM"), ("final_match", "FM"))
# the tables' columns: the three scores, then the mean prefix match length (in steps)
TABLE_MEASURES = (*MEASURES, ("prefix_match_length", "PML"))
READINGS = (("full", "read in full"), ("final_only", "final state only"), ("not_read", "not read"))
SECTIONS = (
    ("table-2", "Table 2"),
    ("figures", "Figures"),
    ("tasks", "Per task"),
    ("horizon", "Horizon"),
    ("reading", "Reading audit"),
    ("drill-down", "Drill-down"),
)

STYLE = """
:root { --ink: #1d2733; --muted: #5c6b7a; --rule: #d5dde5; --wrong: #fde2e1; --mark: #f5b7b1; --paper: #f3f6f9; }
* { box-sizing: border-box; }
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink);
       margin: 0 auto; max-width: 1700px; padding: 0 1.5rem 4rem; }
header { border-bottom: 2px solid var(--ink); padding: 1rem 0 .5rem; }
h1 { margin: 0 0 .3rem; font-size: 1.6rem; }
h2 { margin-top: 2.5rem; border-bottom: 1px solid var(--rule); padding-bottom: .2rem; }
nav a { margin-right: 1rem; }
.meta { color: var(--muted); margin: .2rem 0; }
table { border-collapse: collapse; margin: .6rem 0; }
th, td { padding: .25rem .4rem; border-bottom: 1px solid var(--rule); text-align: right; vertical-align: top; }
tbody th { white-space: nowrap; }
table.table-2, table.per-task { display: block; overflow-x: auto; max-width: 100%; }
th:first-child, td:first-child { text-align: left; }
thead th { border-bottom: 2px solid var(--ink); }
thead th[colspan] { text-align: center; }
.ci { color: var(--muted); font-size: .75em; white-space: nowrap; display: block; }
tbody.paper td, tbody.paper th { background: var(--paper); color: #34495e; }
tbody.paper .label { font-style: italic; text-align: left; white-space: normal; }
thead tr + tr th:first-child { text-align: right; }
.note { color: var(--muted); max-width: 60rem; }
figure { margin: 1.2rem 0 2rem; }
/* laid out and painted only near the screen: a page of thousands of states opens at once */
figure, .example { content-visibility: auto; contain-intrinsic-size: auto 700px; }
figure svg { max-width: 100%; height: auto; }
figcaption { color: var(--muted); }
.filters { position: sticky; top: 0; background: #fff; padding: .5rem 0; border-bottom: 1px solid var(--rule);
           z-index: 1; display: flex; gap: 1rem; flex-wrap: wrap; align-items: center; }
.example { border: 1px solid var(--rule); border-radius: 6px; padding: .6rem .9rem; margin: 1rem 0; }
.example h3 { margin: .1rem 0 .4rem; font-size: 1.05rem; }
.question { background: var(--paper); padding: .4rem .6rem; max-height: 10em; overflow: auto; }
.answers { display: grid; grid-template-columns: repeat(auto-fit, minmax(24rem, 1fr)); gap: 1rem; }
.answer h4 { margin: .5rem 0 .2rem; }
.answer .scores { color: var(--muted); margin: 0 0 .3rem; font-size: .9em; }
table.states td, table.states th { text-align: left; font-size: .88em; }
table.states code { white-space: pre-wrap; word-break: break-all; }
tr.wrong td { background: var(--wrong); }
mark { background: var(--mark); color: inherit; }
pre { white-space: pre-wrap; word-break: break-word; font-size: .85em; margin: 0; }
pre.reply { max-height: 16em; overflow: auto; border: 1px solid var(--rule); padding: .4rem; }
.chosen { font-weight: bold; }
.badge { font-size: .75em; font-weight: normal; background: var(--wrong); border-radius: 3px; padding: 0 .3em; }
"""

SCRIPT = """
(function () {
  var ids = ["filter-model", "filter-task", "filter-bucket", "filter-read"];
  var cards = document.querySelectorAll("article.example");
  function value(id) { return document.getElementById(id).value; }
  function apply() {
    var model = value("filter-model"), task = value("filter-task");
    var bucket = value("filter-bucket"), read = value("filter-read"), shown = 0;
    for (var i = 0; i < cards.length; i++) {
      var card = cards[i];
      var chosen = card.getAttribute("data-failed-by").split(" ");
      if (model !== "") { chosen = chosen.indexOf(model) >= 0 ? [model] : []; }
      var ok = chosen.length > 0 && (task === "" || card.getAttribute("data-task") === task)
        && (bucket === "" || card.getAttribute("data-bucket") === bucket)
        && (read === "" || chosen.some(function (m) { return card.getAttribute("data-read-" + m) === read; }));
      card.hidden = !ok;
      if (ok) { shown++; }
    }
    document.getElementById("filter-count").textContent = shown + " of " + cards.length + " examples shown";
  }
  ids.forEach(function (id) { document.getElementById(id).addEventListener("change", apply); });
  apply();
})();
"""


@dataclass(frozen=True)
class ReportPage:
    """What the page is made of: ``summary.json``'s content, each model's horizon report
    (``None`` when it has none), the figures drawn (``None`` with ``--no-plots``) and the
    drill-down's examples."""

    summary: dict[str, Any]
    horizons: dict[str, Any]
    figures: list[DrawnFigure] | None
    examples: list[DrillExample]


def escape(value: Any) -> str:
    """Any value as HTML text (quotes escaped too: safe inside attributes)."""
    return html.escape(str(value), quote=True)


def _number(value: float) -> str:
    return f"{value:.3f}"


def _cell(figures: dict[str, Any] | None, key: str) -> str:
    if figures is None:
        return "<td>–</td>"
    low, high = figures[f"{key}_ci"]
    return f'<td>{_number(figures[key])}<span class="ci">[{_number(low)}, {_number(high)}]</span></td>'


def _figures(summary: dict[str, Any], bucket: str) -> dict[str, Any] | None:
    return summary["overall"] if bucket == "overall" else summary["by_length"].get(bucket)


def table_2(summaries: dict[str, dict[str, Any]]) -> str:
    """Table 2: a row per model, PA, SM, FM and PML per length bucket and overall with 95%
    intervals, then the paper's seven models as reference rows and the note on them."""
    chosen = columns(summaries)
    flags = coverage_flags(summaries)
    head = "".join(f'<th colspan="{len(TABLE_MEASURES)}">{escape(bucket)}</th>' for bucket in chosen)
    units = "".join(f"<th>{short}</th>" for _ in chosen for _, short in TABLE_MEASURES)
    rows = []
    for name, summary in summaries.items():
        cells = "".join(_cell(_figures(summary, bucket), key) for bucket in chosen for key, _ in TABLE_MEASURES)
        flag = escape(flags.get(name, "").removeprefix("<- "))
        rows.append(f"<tr><th>{escape(name)}</th>{cells}<td>{summary['overall']['n']}</td><td>{flag}</td></tr>")
    paper = [
        f'<tr><th class="label" colspan="{2 + len(chosen) * len(TABLE_MEASURES) + 1}">'
        f"The paper's Table 2 (reference rows: {escape(PAPER_SOURCE)}; not this run)</th></tr>"
    ]
    for model, buckets in PAPER_TABLE_2.items():
        paper_cells = []
        for bucket in chosen:
            pair = buckets.get(bucket) if bucket in PAPER_BUCKETS else None
            for key, _ in TABLE_MEASURES:
                if pair is None or key not in ("prefix_accuracy", "sequential_match"):
                    paper_cells.append("<td>–</td>")
                else:
                    paper_cells.append(f"<td>{_number(pair[0] if key == 'prefix_accuracy' else pair[1])}</td>")
        paper.append(f"<tr><th>{escape(model)} (paper)</th>{''.join(paper_cells)}<td>–</td><td></td></tr>")
    return (
        '<table class="table-2"><thead>'
        f'<tr><th rowspan="2">model</th>{head}<th rowspan="2">n</th><th rowspan="2"></th></tr><tr>{units}</tr>'
        f'</thead><tbody>{"".join(rows)}</tbody><tbody class="paper">{"".join(paper)}</tbody></table>'
        f'<p class="note">Mean and 95% interval: PA, the Clopper–Pearson interval of the summed prefix accuracy; '
        f"SM and FM, the Wilson score interval; PML, the mean prefix match length in steps, Student's t "
        f"interval, never narrower than (1 − 0.025<sup>1/n</sup>) × the longest problem's steps (so never a "
        f"point when all answers agree; one answer gives nearly every value PML can take). Buckets: short 2–6 "
        f"steps, medium 7–16, long 17–25, extra any other. {escape(PAPER_READING)}</p>"
    )


def counts(summary: dict[str, Any]) -> str:
    """Each model's counts: scored, without a readable answer, missing, unknown ids; and
    how many examples every model fails."""
    items = []
    for name, model in summary["models"].items():
        overall = model["overall"]
        items.append(
            f"<li>{escape(name)}: {overall['n']} scored, {overall['invalid_predictions']} without a readable answer, "
            f"{overall['missing']} dataset examples without an answer, {overall['unknown_ids']} unknown ids</li>"
        )
    failed = summary.get("failed_by_all")
    if failed:
        items.append(
            f"<li>every model fails (PA = 0) {failed['count']} of the {failed['of']} examples all models "
            f"answered ({escape(failed['file'])})</li>"
        )
    return f"<ul>{''.join(items)}</ul>"


def per_task(summaries: dict[str, dict[str, Any]]) -> str:
    """PA, SM, FM and PML (95% intervals) and n per task, a column group per model."""
    tasks: list[str] = []
    for summary in summaries.values():
        tasks += [task for task in summary["by_task"] if task not in tasks]
    head = "".join(f'<th colspan="{len(TABLE_MEASURES) + 1}">{escape(name)}</th>' for name in summaries)
    units = "".join("".join(f"<th>{short}</th>" for _, short in TABLE_MEASURES) + "<th>n</th>" for _ in summaries)
    rows = []
    for task in tasks:
        cells = []
        for summary in summaries.values():
            figures = summary["by_task"].get(task)
            cells += [_cell(figures, key) for key, _ in TABLE_MEASURES]
            cells.append(f"<td>{figures['n'] if figures else '–'}</td>")
        rows.append(f"<tr><th>{escape(task)}</th>{''.join(cells)}</tr>")
    return (
        f'<table class="per-task"><thead><tr><th rowspan="2">task</th>{head}</tr><tr>{units}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )


def _svg_figure(figure: DrawnFigure) -> str:
    caption = f"{escape(figure.caption)} ({escape(figure.path.name)})"
    return f"<figure>{figure.svg}<figcaption>{caption}</figcaption></figure>"


def _is_horizon(figure: DrawnFigure) -> bool:
    return figure.path.name.startswith("horizon")


def figures_section(figures: list[DrawnFigure] | None) -> str:
    if figures is None:
        return '<p class="note">No figures: the report was made with <code>--no-plots</code>.</p>'
    return "".join(_svg_figure(figure) for figure in figures if not _is_horizon(figure))


def horizon_section(horizons: dict[str, Any], figures: list[DrawnFigure] | None) -> str:
    """Each model's horizon table (``procbench_tools.horizon.table``'s rows) and figure."""
    from ..horizon.table import HEADER, table_rows

    parts = [
        '<p class="note">The step counts at which sequential match falls to 50% (h50) and 80% (h80), with 95% '
        "intervals; <code>&gt; 25</code> is a bound beyond the step counts measured, <code>–</code> an open end.</p>"
    ]
    drawn = [figure for figure in figures or [] if _is_horizon(figure)]
    for name, report in horizons.items():
        parts.append(f"<h3>{escape(name)}</h3>")
        if report is None:
            parts.append('<p class="note">No horizon: no reply that was not cut off by the token limit.</p>')
            continue
        head = "".join(f"<th>{escape(cell)}</th>" for cell in HEADER)
        body = "".join(
            "<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in row) + "</tr>" for row in table_rows(report)
        )
        parts.append(f'<table class="horizon"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>')
        titled = f"The procedure horizon of {name}:"
        parts += [_svg_figure(figure) for figure in drawn if figure.caption.startswith(titled)]
    return "".join(parts)


def _version_text(value: Any) -> str | None:
    if value is None or value == {}:
        return None
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def reader_version(summary: dict[str, Any]) -> str | None:
    """The answer reader's version, when ``summary.json`` records one (``provenance.reader``,
    or ``reader`` at its top)."""
    return _version_text(summary.get("provenance", {}).get("reader", summary.get("reader")))


def model_reader_version(model: dict[str, Any]) -> str | None:
    """A model's reader version, when its block of ``summary.json`` records one (``reader``,
    or ``reading.reader``)."""
    return _version_text(model.get("reader", model["reading"].get("reader")))


def reading_section(summary: dict[str, Any]) -> str:
    """The reading audit: per model, how many answers were read in full, as a final state
    only, not at all; the possible misreads; the forms; and the extractor's second
    reading when there is one."""
    rows = []
    versions = any(model_reader_version(model) for model in summary["models"].values())
    for name, model in summary["models"].items():
        reading, total = model["reading"], model["overall"]["n"]
        cells = "".join(
            f'<td>{reading[key]} <span class="ci">{100 * reading[key] / total:.1f}%</span></td>' for key, _ in READINGS
        )
        forms = ", ".join(f"{escape(form)}: {count}" for form, count in reading["forms"].items())
        model_version = model_reader_version(model) or "–"
        reader = f'<td style="text-align:left">{escape(model_version)}</td>' if versions else ""
        rows.append(
            f"<tr><th>{escape(name)}</th><td>{total}</td>{cells}<td>{reading['possible_misreads']}</td>"
            f'<td style="text-align:left">{forms}</td>{reader}</tr>'
        )
    head = "".join(f"<th>{label}</th>" for _, label in READINGS)
    version = reader_version(summary)
    parts = [
        f'<p class="meta">Answer reader: {escape(version)}</p>' if version else "",
        f'<table class="reading"><thead><tr><th>model</th><th>answers</th>{head}<th>possible misreads</th>'
        f"<th>forms</th>{'<th>reader</th>' if versions else ''}</tr></thead><tbody>{''.join(rows)}</tbody></table>",
        '<p class="note">Only answers read in full are scored on every state; an answer read as a final state '
        "only scores PA 0 unless the problem has one step. Possible misreads (readings that carry a doubt: "
        "the two readings disagree, not the expected number of states where the reader chose them, states "
        "left unread, a state of the wrong shape, more steps shown than read) are listed in "
        "possible_misreads.jsonl: read some before quoting the scores.</p>",
    ]
    parts.append(tokens_table(summary))
    extracted = [(name, model["extractor"]) for name, model in summary["models"].items() if "extractor" in model]
    if extracted:
        lines = []
        for name, block in extracted:
            if not block["replies"]:
                continue
            reader, extractor = (
                " / ".join(_number(block[side][key]) for key, _ in MEASURES) for side in ("reader", "extractor")
            )
            lines.append(
                f"<tr><th>{escape(name)}</th><td>{block['replies']}</td><td>{reader}</td><td>{extractor}</td>"
                f"<td>{block['replies'] - block['disagreements']}</td></tr>"
            )
        parts.append(
            f"<h3>Read again by {escape(extracted[0][1]['model'])}</h3><table><thead><tr><th>model</th>"
            "<th>replies</th><th>reader PA / SM / FM</th><th>extractor PA / SM / FM</th><th>same states</th></tr>"
            f"</thead><tbody>{''.join(lines)}</tbody></table>"
        )
    return "".join(parts)


def _reports_tokens(block: dict[str, Any]) -> bool:
    return bool(block["replies_with_output_tokens"] or block["truncated"])


def tokens_table(summary: dict[str, Any]) -> str:
    """Per model and length bucket: the replies cut off by the token limit and the mean
    output and reasoning tokens, where the answers report them (a line saying why not where
    they cannot); empty when no model's answers report any."""
    rows = []
    for name, model in summary["models"].items():
        tokens = model.get("tokens")
        if tokens is None or (tokens["recorded"] and not _reports_tokens(tokens["overall"])):
            continue  # the answers report no tokens and no cut-off reply: nothing to show
        if not tokens["recorded"]:
            rows.append(
                f'<tr><th>{escape(name)}</th><td colspan="5" style="text-align:left">not recorded: '
                f"{escape(tokens['note'])}</td></tr>"
            )
            continue
        for bucket, block in [*tokens["by_length"].items(), ("overall", tokens["overall"])]:
            means = [
                "–" if block[key] is None else f"{block[key]:.1f}"
                for key in ("mean_output_tokens", "mean_reasoning_tokens")
            ]
            rows.append(
                f"<tr><th>{escape(name)}</th><td>{escape(bucket)}</td><td>{block['replies']}</td>"
                f"<td>{block['truncated']}</td><td>{means[0]}</td><td>{means[1]}</td></tr>"
            )
    if not rows:
        return ""
    return (
        '<h3>Tokens and truncation</h3><table class="tokens"><thead><tr><th>model</th><th>bucket</th>'
        "<th>replies</th><th>cut off by the token limit</th><th>mean output tokens</th>"
        f"<th>mean reasoning tokens</th></tr></thead><tbody>{''.join(rows)}</tbody></table>"
    )


def _marked(segments: list[tuple[str, bool]]) -> str:
    return "".join(f"<mark>{escape(text)}</mark>" if differs else escape(text) for text, differs in segments)


def states_html(example: DrillExample, prediction: Any) -> str:
    """The label beside the states read, step by step (``procbench show``'s rows), the first
    wrong step's row marked and, in it, the characters that differ."""
    init = escape(state_text(example.label["init"]))
    rows = [f"<tr><td></td><td>init</td><td><code>{init}</code></td><td></td></tr>"]
    reference = Example(example.id, example.task, example.steps, example.label)
    for mark, step, expected, predicted in state_rows(reference, prediction):
        if mark == MARK:
            left, right = differing_characters(expected, predicted)
            rows.append(
                f'<tr class="wrong"><td>{escape(MARK)}</td><td>{escape(step)}</td>'
                f"<td><code>{_marked(left)}</code></td><td><code>{_marked(right)}</code></td></tr>"
            )
        else:
            rows.append(
                f"<tr><td></td><td>{escape(step)}</td><td><code>{escape(expected)}</code></td>"
                f"<td><code>{escape(predicted)}</code></td></tr>"
            )
    head = "<thead><tr><th></th><th>step</th><th>label</th><th>read from the reply</th></tr></thead>"
    return f'<table class="states">{head}<tbody>{"".join(rows)}</tbody></table>'


def _verdict(record: dict[str, Any]) -> str:
    if not record["valid"]:
        return "no readable answer"
    if record["first_wrong"] is None:
        return "all states right"
    return f"first wrong: step {record['first_wrong'] + 1}"


def answer_html(model: str, record: dict[str, Any], example: DrillExample, chosen: bool) -> str:
    form = f" ({escape(record['form'])})" if record.get("form") else ""
    scores = (
        f"PA {_number(record['prefix_accuracy'])} · SM {record['sequential_match']} · FM {record['final_match']} · "
        f"PML {record['prefix_match_length']} · read: {escape(record['read'])}{form}"
    )
    reader = _version_text(record.get("reader"))
    scores += f" · reader {escape(reader)}" if reader else ""
    reply = record.get("response")
    reply_html = (
        f'<pre class="reply">{escape(reply)}</pre>'
        if reply is not None
        else '<p class="note">a structured prediction, no reply</p>'
    )
    badge = ' <span class="badge">among its earliest failures</span>' if chosen else ""
    title = f'<span class="chosen">{escape(model)}</span>{badge}' if chosen else escape(model)
    return (
        f'<div class="answer"><h4>{title}: {escape(_verdict(record))}</h4><p class="scores">{scores}</p>'
        f"{states_html(example, record['prediction'])}{reply_html}</div>"
    )


def drill_down_section(models: list[str], examples: list[DrillExample]) -> str:
    """The filters, then a card per example: its question, and every model's answer side
    by side (the models it was chosen for in bold)."""
    number = {model: str(index) for index, model in enumerate(models)}
    tasks = list(dict.fromkeys(example.task for example in examples))
    buckets = [bucket for bucket in BUCKET_NAMES if any(example.bucket == bucket for example in examples)]

    def select(name: str, label: str, options: list[tuple[str, str]]) -> str:
        choices = "".join(f'<option value="{escape(value)}">{escape(text)}</option>' for value, text in options)
        return f'<label>{label} <select id="filter-{name}"><option value="">any</option>{choices}</select></label>'

    filters = (
        '<div class="filters">'
        + select("model", "failed earliest by", [(number[model], model) for model in models])
        + select("task", "task", [(task, task) for task in tasks])
        + select("bucket", "length", [(bucket, bucket) for bucket in buckets])
        + select("read", "reading", [(key, label) for key, label in READINGS])
        + '<span id="filter-count"></span></div>'
    )
    cards = []
    for example in examples:
        reads = "".join(
            f' data-read-{number[model]}="{escape(record["read"])}"' for model, record in example.answers.items()
        )
        failed_by = " ".join(number[model] for model in example.failed_by)
        answers = "".join(
            answer_html(model, record, example, model in example.failed_by) for model, record in example.answers.items()
        )
        question = escape(example.question) if example.question else "(the dataset has no prompt)"
        cards.append(
            f'<article class="example" data-task="{escape(example.task)}" data-bucket="{escape(example.bucket)}" '
            f'data-failed-by="{failed_by}"{reads}><h3>{escape(example.id)} · {escape(example.task)} · '
            f"{example.steps} steps ({escape(example.bucket)})</h3>"
            f'<pre class="question">{question}</pre><div class="answers">{answers}</div></article>'
        )
    note = (
        '<p class="note">For each model, the failed answers whose first wrong state comes earliest (a few per task '
        "and length bucket), with every model's answer to the same example beside them; long replies are shown "
        "by their start and end. <code>procbench show ID --answers FILE</code> prints one in full.</p>"
    )
    if not examples:
        return note + '<p class="note">No failed answer: nothing to drill into.</p>'
    return note + filters + "".join(cards)


def header(summary: dict[str, Any]) -> str:
    provenance = summary.get("provenance", {})
    dataset = provenance.get("dataset", {})
    models = ", ".join(escape(name) for name in summary["models"])
    answers = provenance.get("answers", {})
    files = "; ".join(
        f"{escape(name)}: {escape(entry.get('file', ''))} (sha256 {escape(str(entry.get('sha256', ''))[:12])}…)"
        for name, entry in answers.items()
    )
    version = reader_version(summary)
    nav = "".join(f'<a href="#{anchor}">{title}</a>' for anchor, title in SECTIONS)
    return (
        f"<header><h1>ProcBench report: {models}</h1>"
        f'<p class="meta">dataset {escape(dataset.get("source", "?"))} ({escape(dataset.get("examples", "?"))} '
        f"examples) · procbench {escape(provenance.get('procbench_version', '?'))} · "
        f"{escape(provenance.get('time', ''))}"
        + (f" · answer reader {escape(version)}" if version else "")
        + f'</p><p class="meta">{files}</p><nav>{nav}</nav></header>'
    )


def render(page: ReportPage) -> str:
    """The whole page."""
    summary = page.summary
    summaries = summary["models"]
    models = list(summaries)
    bodies = {
        "table-2": table_2(summaries) + counts(summary),
        "figures": figures_section(page.figures),
        "tasks": per_task(summaries),
        "horizon": horizon_section(page.horizons, page.figures),
        "reading": reading_section(summary),
        "drill-down": drill_down_section(models, page.examples),
    }
    titles = {
        "table-2": "Table 2: scores by problem length",
        "figures": "Figures",
        "tasks": "Scores per task",
        "horizon": "The procedure horizon",
        "reading": "Can the numbers be trusted? The reading audit",
        "drill-down": "Drill-down: the answers that failed earliest",
    }
    sections = "".join(
        f'<section id="{anchor}"><h2>{titles[anchor]}</h2>{bodies[anchor]}</section>' for anchor, _ in SECTIONS
    )
    script_hash = base64.b64encode(hashlib.sha256(SCRIPT.encode("utf-8")).digest()).decode("ascii")
    policy = f"default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'sha256-{script_hash}'"
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f'<meta http-equiv="Content-Security-Policy" content="{policy}">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>ProcBench report: {', '.join(escape(name) for name in models)}</title>"
        f"<style>{STYLE}</style></head><body>{header(summary)}{sections}"
        f"<script>{SCRIPT}</script></body></html>\n"
    )
