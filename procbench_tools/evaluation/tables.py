"""Table 2 for papers: ``table.md`` (Markdown) and ``table.tex`` (LaTeX with booktabs), a
row per model, prefix accuracy (PA) and sequential match (SM) per length bucket and
overall, each mean with its 95% interval (the paper's Table 2, plus intervals)."""

from __future__ import annotations

from typing import Any

from .report import columns

Summaries = dict[str, dict[str, Any]]
TABLE_MEASURES = (("prefix_accuracy", "PA"), ("sequential_match", "SM"))
CAPTION = (
    "Prefix accuracy (PA) and sequential match (SM) by problem length: short 2-6 steps, medium 7-16, "
    "long 17-25{extra}; mean and 95% interval (PA: Clopper-Pearson interval of the summed PA; SM: Wilson "
    "score interval)."
)
LATEX_SPECIAL = {
    "\\": r"\textbackslash{}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "{": r"\{",
    "}": r"\}",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
    "<": r"\textless{}",
    ">": r"\textgreater{}",
}


def _figures(summary: dict[str, Any], bucket: str) -> dict[str, Any] | None:
    return summary["overall"] if bucket == "overall" else summary["by_length"].get(bucket)


def _caption(summaries: Summaries) -> str:
    return CAPTION.format(extra=", extra: any other" if "extra" in columns(summaries) else "")


def _cells(summary: dict[str, Any], chosen: list[str]) -> list[tuple[float, float, float] | None]:
    """Per bucket of ``chosen`` and measure of ``TABLE_MEASURES``: (mean, low, high), or
    ``None`` where the model has no answer in the bucket."""
    cells: list[tuple[float, float, float] | None] = []
    for bucket in chosen:
        figures = _figures(summary, bucket)
        for key, _ in TABLE_MEASURES:
            cells.append(None if figures is None else (figures[key], *figures[f"{key}_ci"]))
    return cells


def markdown_table(summaries: Summaries) -> str:
    """Table 2 as a Markdown table (cells ``0.583 [0.103, 0.960]``), then its caption."""
    chosen = columns(summaries)
    header = ["model", *(f"{bucket} {short}" for bucket in chosen for _, short in TABLE_MEASURES)]
    lines = ["| " + " | ".join(header) + " |", "| --- |" + " ---: |" * (len(header) - 1)]
    for name, summary in summaries.items():
        cells = [name.replace("|", "\\|")]
        cells += ["–" if cell is None else "{:.3f} [{:.3f}, {:.3f}]".format(*cell) for cell in _cells(summary, chosen)]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join([*lines, "", _caption(summaries), ""])


def latex_escape(text: str) -> str:
    """``text`` with LaTeX's special characters written as text."""
    return "".join(LATEX_SPECIAL.get(character, character) for character in text)


def latex_table(summaries: Summaries) -> str:
    """Table 2 as a LaTeX ``table`` (booktabs: ``\\usepackage{booktabs}``), each cell the
    mean followed by its interval in small type."""
    chosen = columns(summaries)
    pairs = len(TABLE_MEASURES)
    spec = "l" + " ".join("c" * pairs for _ in chosen)
    groups = " & ".join(f"\\multicolumn{{{pairs}}}{{c}}{{{bucket.capitalize()}}}" for bucket in chosen)
    rules = " ".join(
        f"\\cmidrule(lr){{{2 + pairs * number}-{1 + pairs * (number + 1)}}}" for number in range(len(chosen))
    )
    units = " & ".join(short for _ in chosen for _, short in TABLE_MEASURES)
    lines = [
        "\\begin{table}[t]",
        "\\centering",
        "\\small",
        f"\\begin{{tabular}}{{{spec}}}",
        "\\toprule",
        f" & {groups} \\\\",
        rules,
        f"Model & {units} \\\\",
        "\\midrule",
    ]
    for name, summary in summaries.items():
        cells = [latex_escape(name)]
        cells += [
            "--" if cell is None else "{:.3f} {{\\scriptsize [{:.3f}, {:.3f}]}}".format(*cell)
            for cell in _cells(summary, chosen)
        ]
        lines.append(" & ".join(cells) + " \\\\")
    lines += ["\\bottomrule", "\\end{tabular}", f"\\caption{{{latex_escape(_caption(summaries))}}}", "\\end{table}", ""]
    return "\n".join(lines)
