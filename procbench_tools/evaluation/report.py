"""The terminal report: PA, SM and FM by length bucket with 95% intervals (the paper's
Table 2, plus intervals and FM), then PA and SM per task, each model's horizon, counts, and
how the answers were read (the reading audit)."""

from __future__ import annotations

from typing import Any

from ..scoring.lengths import BUCKET_NAMES
from ..scoring.reader import READER_VERSION
from ..text import plural

MEASURES = [
    ("prefix_accuracy", "Prefix Accuracy"),
    ("sequential_match", "Sequential Match"),
    ("final_match", "Final Match"),
]
CELL = 20  # "0.812 [0.790, 0.833]"


def _cell(figures: dict[str, Any] | None, key: str) -> str:
    return f"{figures[key]:.3f}" if figures else "  -  "


def _interval_cell(figures: dict[str, Any] | None, key: str) -> str:
    if not figures:
        return "-"
    low, high = figures[f"{key}_ci"]
    return f"{figures[key]:.3f} [{low:.3f}, {high:.3f}]"


def columns(summaries: dict[str, dict[str, Any]]) -> list[str]:
    """The length buckets any model has (``extra`` only when the dataset has it), then
    ``overall``."""
    present = {bucket for summary in summaries.values() for bucket in summary["by_length"]}
    return [bucket for bucket in BUCKET_NAMES if bucket in present] + ["overall"]


def coverage_flags(summaries: dict[str, dict[str, Any]]) -> dict[str, str]:
    """A note for each model that answered fewer examples than the model with the most."""
    most = max(summary["overall"]["n"] for summary in summaries.values())
    leader = next(name for name, summary in summaries.items() if summary["overall"]["n"] == most)
    return {
        name: f"<- scored on {summary['overall']['n']} examples ({leader}: {most})"
        for name, summary in summaries.items()
        if summary["overall"]["n"] < most
    }


def _figures(summary: dict[str, Any], bucket: str) -> dict[str, Any] | None:
    return summary["overall"] if bucket == "overall" else summary["by_length"].get(bucket)


def horizon_block(name: str, horizon: Any) -> list[str]:
    """A model's horizon table (``procbench_tools.horizon.horizon_table``), titled."""
    if horizon is None:
        return [f"Horizon of {name}: none (no reply that was not cut off by the token limit)", ""]
    from ..horizon import horizon_table

    title = f"Horizon of {name} (steps at which sequential match falls to 50% and 80%; 95% intervals)"
    return [title, horizon_table(horizon), ""]


def _share(count: int, total: int) -> str:
    return f"{count} ({100 * count / total:.1f}%)" if total else str(count)


def reading_block(summaries: dict[str, dict[str, Any]], misreads_file: str) -> list[str]:
    """How each model's answers were read: in full, as a final state only, not at all, and
    how many may have been misread (their text shows more step states than were read)."""
    width = max(12, *(len(name) for name in summaries))
    header = f"{'model':{width}}  {'read in full':>16}  {'final state only':>16}  {'not read':>16}  possible misreads"
    lines = [
        f"How the answers were read by reader {READER_VERSION} (only answers read in full are scored on every state)",
        header,
    ]
    for name, summary in summaries.items():
        reading, total = summary["reading"], summary["overall"]["n"]
        cells = [_share(reading[key], total) for key in ("full", "final_only", "not_read")]
        lines.append(
            f"{name:{width}}  {cells[0]:>16}  {cells[1]:>16}  {cells[2]:>16}  {reading['possible_misreads']}".rstrip()
        )
    if any(summary["reading"]["possible_misreads"] for summary in summaries.values()):
        lines.append(f"possible misreads are listed in {misreads_file}: check them before trusting the scores")
    for name, summary in summaries.items():
        truncated, failed = summary["reading"].get("truncated", 0), summary["reading"].get("truncated_failed", 0)
        if truncated:
            lines.append(
                f"{name}: {plural(truncated, 'reply', 'replies')} cut off by the token limit, {failed} of them scored "
                "wrong: a cut-off reply is not a wrong procedure (the horizon leaves them out); raise the limit"
            )
    return lines


def _tokens_cell(value: float | None) -> str:
    return "-" if value is None else f"{value:.1f}"


def tokens_block(summaries: dict[str, dict[str, Any]]) -> list[str]:
    """Per model and length bucket: the replies cut off by the token limit and the mean
    output (and reasoning) tokens, where the answers report them."""
    width = max(12, *(len(name) for name in summaries))
    lines = [
        "Tokens and truncation (mean output tokens, mean reasoning tokens, replies cut off by the token limit)",
        f"{'model':{width}}  {'bucket':<8}  {'replies':>7}  {'truncated':>9}  {'output':>8}  {'reasoning':>9}",
    ]
    for name, summary in summaries.items():
        tokens = summary.get("tokens")
        if tokens is None:
            continue
        if not tokens["recorded"]:
            lines.append(f"{name:{width}}  not recorded: {tokens['note']}")
            continue
        for bucket, block in [*tokens["by_length"].items(), ("overall", tokens["overall"])]:
            lines.append(
                f"{name:{width}}  {bucket:<8}  {block['replies']:>7}  {block['truncated']:>9}  "
                f"{_tokens_cell(block['mean_output_tokens']):>8}  {_tokens_cell(block['mean_reasoning_tokens']):>9}"
            )
    return lines


def extractor_block(summaries: dict[str, dict[str, Any]], disagreements_file: str, key: str = "extractor") -> str:
    """The extractor's reading beside the reader's, a row per model that has one (its
    ``key`` block: ``extractor`` for ``--extractor``, ``paper_extraction`` for an original
    run's): the replies both read, PA, SM and FM by each, and how often they read the same
    states and give the same sequential-match verdict."""
    summaries = {name: summary for name, summary in summaries.items() if key in summary}
    width = max(12, *(len(name) for name in summaries))
    extractor = next(iter(summaries.values()))[key]["model"]
    lines = [
        f"The replies read again by {extractor} (the report's scores are the reader's)",
        f"{'model':{width}}  {'replies':>7}  {'reader PA/SM/FM':>17}  {'extractor PA/SM/FM':>18}  "
        f"{'same states':>15}  {'same SM':>15}",
    ]
    disagreements = 0
    for name, summary in summaries.items():
        block = summary[key]
        replies = block["replies"]
        if not replies:
            lines.append(f"{name:{width}}  {0:>7}  (only structured predictions: nothing to extract)")
            continue
        reader, extracted = (
            "/".join(f"{block[side][key]:.3f}" for key, _ in MEASURES) for side in ("reader", "extractor")
        )
        same = _share(replies - block["disagreements"], replies)
        verdicts = _share(round(block["sequential_match_agreement"] * replies), replies)
        lines.append(f"{name:{width}}  {replies:>7}  {reader:>17}  {extracted:>18}  {same:>15}  {verdicts:>15}")
        disagreements += block["disagreements"]
        if block["extractor_not_read"]:
            found_none = block["extractor_not_read"]
            lines.append(f"{'':{width}}  the extractor found no answer in {found_none} of these replies")
    if disagreements:
        lines.append(f"{plural(disagreements, 'reply', 'replies')} read differently: listed in {disagreements_file}")
    return "\n".join(lines)


def table(
    summaries: dict[str, dict[str, Any]],
    failed_by_all: tuple[int, int] | None = None,
    horizons: dict[str, Any] | None = None,
    misreads_file: str = "possible_misreads.jsonl",
) -> str:
    """For each of PA, SM and FM a block with a row per model: the mean and 95% interval
    for each length bucket and overall; then PA and SM per task, a column pair per model;
    then each model's horizon (given ``horizons``: name -> HorizonReport or None); then
    counts (and, given ``(failed, common)``, how many examples every model fails); then
    the reading audit."""
    width = max(12, *(len(name) for name in summaries))
    chosen = columns(summaries)
    flags = coverage_flags(summaries)
    lines: list[str] = []
    for key, title in MEASURES:
        lines += [f"{title} (mean [95% interval])", f"{'model':{width}}  " + "  ".join(f"{c:<{CELL}}" for c in chosen)]
        for name, summary in summaries.items():
            row = "  ".join(f"{_interval_cell(_figures(summary, c), key):<{CELL}}" for c in chosen)
            lines.append(f"{name:{width}}  {row}  {flags.get(name, '')}".rstrip())
        lines.append("")
    tasks: list[str] = []
    for summary in summaries.values():
        tasks += [task for task in summary["by_task"] if task not in tasks]
    pairs = "  ".join(f"{name[:15]:>15}" for name in summaries)
    units = "  ".join(f"{'PA':>7} {'SM':>7}" for _ in summaries)
    lines += [f"{'task':{width}}  {pairs}", f"{'':{width}}  {units}"]
    for task in tasks:
        pair_cells = []
        for summary in summaries.values():
            figures = summary["by_task"].get(task)
            pair_cells.append(f"{_cell(figures, 'prefix_accuracy'):>7} {_cell(figures, 'sequential_match'):>7}")
        lines.append(f"{task:{width}}  {'  '.join(pair_cells)}")
    lines.append("")
    for name, horizon in (horizons or {}).items():
        lines += horizon_block(name, horizon)
    for name, summary in summaries.items():
        overall = summary["overall"]
        lines.append(
            f"{name}: {overall['n']} scored, {overall['invalid_predictions']} without a readable answer, "
            f"{plural(overall['missing'], 'dataset example')} without a prediction, "
            f"{plural(overall['unknown_ids'], 'unknown id')}"
        )
    if failed_by_all is not None:
        failed, common = failed_by_all
        lines.append(f"every model fails (PA = 0) {failed} of the {common} examples all models answered")
    if all("reading" in summary for summary in summaries.values()):
        lines += ["", *reading_block(summaries, misreads_file)]
    if any(_reports_usage(summary) for summary in summaries.values()):
        lines += ["", *tokens_block(summaries)]
    return "\n".join(lines)


def _reports_usage(summary: dict[str, Any]) -> bool:
    """Whether the model's answers said anything of truncation or tokens (a plain answers
    file usually does not: then the table has no tokens block)."""
    tokens = summary.get("tokens")
    if tokens is None:
        return False
    overall = tokens["overall"]
    return not tokens["recorded"] or bool(overall["truncated"] or overall["replies_with_output_tokens"])
