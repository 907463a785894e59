"""The horizon table as plain text: per task and pooled, h50 and h80 with their 95%
intervals and the examples (or calls) they rest on."""

from __future__ import annotations

from .estimate import HorizonEstimate, HorizonReport

HEADER = ("task", "h50", "95% interval", "h80", "95% interval", "n")


def _row(name: str, estimate: HorizonEstimate) -> tuple[str, ...]:
    return (
        name,
        estimate.h50.text(),
        estimate.h50.interval_text(),
        estimate.h80.text(),
        estimate.h80.interval_text(),
        str(estimate.calls),
    )


def table_rows(report: HorizonReport) -> list[tuple[str, ...]]:
    """The table's cells: one row per task, then ``pooled`` (``HEADER`` names the columns);
    horizons in steps, ``> 25`` for a bound and ``–`` for an open interval end."""
    return [*(_row(task, estimate) for task, estimate in report.by_task.items()), _row("pooled", report.pooled)]


def horizon_table(report: HorizonReport) -> str:
    """:func:`table_rows` as text, under ``HEADER``."""
    rows = [HEADER, *table_rows(report)]
    widths = [max(len(row[column]) for row in rows) for column in range(len(HEADER))]
    lines = []
    for number, row in enumerate(rows):
        cells = [
            cell.ljust(width) if column == 0 else cell.rjust(width)
            for column, (cell, width) in enumerate(zip(row, widths))
        ]
        lines.append("  ".join(cells).rstrip())
        if number == 0 or number == len(rows) - 2:
            lines.append("  ".join("-" * width for width in widths))
    return "\n".join(lines)
