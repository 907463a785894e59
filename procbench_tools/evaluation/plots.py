"""The report's figures (matplotlib, headless), and the numbers behind them.

Every figure has one signature, :data:`Figure`: it takes the report's :class:`FigureData`
(the summaries, each model's tallies and horizon) and returns its :class:`Chart` (or
charts): a file name, a caption and the drawing. :func:`draw_all` writes each as a PNG file
and renders it as SVG text for ``report.html``. ``FIGURES`` lists them in the paper's
order; a new figure is a function and a line there (and its test).

Every figure of means carries 95% error bars (Wilson for SM, FM and shares of examples, the
Clopper–Pearson interval of the summed PA for PA, the floored t interval for the mean
lengths, PML and predicted states: :mod:`.intervals`); each names its model(s); a run with
few step counts gets a tick at every one it plots."""

from __future__ import annotations

import io
import statistics
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
from matplotlib.ticker import FixedLocator, MaxNLocator

import procbench_generators

from .files import model_file_name
from .intervals import wilson

if TYPE_CHECKING:
    from .summary import ModelTally

Summaries = dict[str, dict[str, Any]]


@dataclass(frozen=True)
class FigureData:
    """What the figures are drawn from."""

    summaries: Summaries  # summary.json's models
    tallies: dict[str, ModelTally]
    horizons: dict[str, Any]  # each model's HorizonReport (None when it has none)
    steps_of_examples: Counter[int]  # step counts of the examples any model answered


@dataclass(frozen=True)
class Chart:
    """One figure drawn: its file's name, its caption in the report, and the matplotlib
    figure (saved cropped to its content unless ``tight`` is false: a figure laid out by hand
    saves faster without the extra measuring pass)."""

    file: str
    caption: str
    figure: Any
    tight: bool = True


@dataclass(frozen=True)
class DrawnFigure:
    """A figure as the report holds it: the PNG written, its caption and its SVG text."""

    path: Path
    caption: str
    svg: str


MEASURES = [
    ("sequential_match", "Sequential Match"),
    ("prefix_accuracy", "Prefix Accuracy"),
    ("final_match", "Final Match"),
    ("prefix_match_length", "Prefix Match Length"),
]
PA_BUCKETS = [
    ("PA = 0", lambda pa: pa == 0),
    ("0 < PA < 0.5", lambda pa: 0 < pa < 0.5),
    ("0.5 ≤ PA < 1", lambda pa: 0.5 <= pa < 1),
    ("PA = 1", lambda pa: pa == 1),
]
PA_COLOURS = ["#c0392b", "#e67e22", "#f1c40f", "#27ae60"]
DOTS = 50_000  # answers drawn as dots in Figure 13 at most (a random sample of them beyond)
FEW_DOTS = 500  # up to this many, Figure 13's dots are large and solid
EVERY_STEP_TICKS = 12  # up to this many step counts plotted, each has its tick
ERROR_BARS: dict[str, Any] = {"elinewidth": 0.8, "capsize": 2}


def tasks_of(summaries: Summaries) -> list[str]:
    """The tasks any model answered, in the benchmark's order."""
    present = {task for summary in summaries.values() for task in summary["by_task"]}
    return [task for task in procbench_generators.TASKS if task in present] + sorted(
        present - set(procbench_generators.TASKS)
    )


def _integer_ticks() -> MaxNLocator:
    """Ticks at whole numbers only, at least one even when the axis spans less than one
    (a single step count: a tick at 2, not at 1.900 … 2.100)."""
    return MaxNLocator(integer=True, min_n_ticks=1)


def set_step_ticks(axis: Any, steps: Iterable[int]) -> None:
    """Ticks on the x axis at every plotted step count when there are few (a small run stays
    readable), else at whole numbers chosen by matplotlib."""
    plotted = sorted(set(steps))
    if 0 < len(plotted) <= EVERY_STEP_TICKS:
        axis.xaxis.set_major_locator(FixedLocator(plotted))
    else:
        axis.xaxis.set_major_locator(_integer_ticks())


def models_named(names: Iterable[str]) -> str:
    """The models a figure shows, for its title."""
    listed = list(names)
    return listed[0] if len(listed) == 1 else ", ".join(listed)


def dodge(number: int, models: int, spread: float = 0.3) -> float:
    """How far sideways model ``number`` of ``models`` is drawn at each step count, so that
    their error bars do not hide each other (0 for one model)."""
    return 0.0 if models == 1 else spread * (number / (models - 1) - 0.5)


def error_bars(values: list[float], intervals: list[list[float]]) -> list[list[float]]:
    """matplotlib's ``yerr``/``xerr``: the distances from each value down and up to its
    interval's ends."""
    return [
        [max(0.0, value - low) for value, (low, _) in zip(values, intervals, strict=True)],
        [max(0.0, high - value) for value, (_, high) in zip(values, intervals, strict=True)],
    ]


def _finish_grid(axes: Any, used: int, x_label: str, y_label: str) -> None:
    """Hide the unused panels of a grid filled row by row with ``used`` panels, and label
    its axes: y on the first column, x on the lowest used panel of each column."""
    for axis in axes.flat[used:]:
        axis.set_visible(False)
    for axis in axes[:, 0]:
        axis.set_ylabel(y_label)
    _label_x_axes(axes, used, x_label)


def _label_x_axes(axes: Any, used: int, label: str) -> None:
    """Label the x axis of the lowest used panel of each column of a grid filled row by
    row with ``used`` panels (panels sharing x hide tick labels above the bottom row)."""
    rows, columns = axes.shape
    for column in range(min(columns, used)):
        lowest = max(row for row in range(rows) if row * columns + column < used)
        axes[lowest, column].set_xlabel(label)
        axes[lowest, column].xaxis.set_tick_params(labelbottom=True)


def _png(chart: Chart, path: Path) -> Path:
    """Write ``chart`` as a PNG file, put in place in one step."""
    temporary = path.with_name(f".{path.name}.tmp.png")
    chart.figure.savefig(temporary, dpi=120, bbox_inches="tight" if chart.tight else None)
    temporary.replace(path)
    return path


def svg_text(chart: Chart) -> str:
    """``chart`` as an inline ``<svg>`` element: text drawn as paths (no font needed), no
    date, ids salted with the file name (several figures share one page), dots drawn as
    a raster where the figure asks for it (an embedded ``data:`` PNG)."""
    buffer = io.StringIO()
    with plt.rc_context({"svg.fonttype": "path", "svg.hashsalt": chart.file}):
        chart.figure.savefig(
            buffer, format="svg", dpi=120, bbox_inches="tight" if chart.tight else None, metadata={"Date": None}
        )
    text = buffer.getvalue()
    return text[text.index("<svg") :]


def length_curves(data: FigureData) -> list[Chart]:
    """SM, PA, FM and PML against problem length, a line per model with 95% error bars
    (the paper's Figure 2)."""
    figure, axes = plt.subplots(2, 2, figsize=(11, 7.5), sharex=True)
    for axis, (key, title) in zip(axes.flat, MEASURES, strict=True):
        for number, (name, tally) in enumerate(data.tallies.items()):
            by_steps = {steps: totals.figures() for steps, totals in tally.by_steps().items()}
            steps = list(by_steps)
            values = [by_steps[count][key] for count in steps]
            bars = error_bars(values, [by_steps[count][f"{key}_ci"] for count in steps])
            shifted = [count + dodge(number, len(data.tallies)) for count in steps]
            axis.errorbar(shifted, values, yerr=bars, marker="o", ms=3, label=name, **ERROR_BARS)
        axis.set_title(title)
        axis.grid(alpha=0.3)
        set_step_ticks(axis, data.steps_of_examples)
        if key != "prefix_match_length":
            axis.set_ylim(-0.02, 1.02)
        else:
            axis.set_ylim(bottom=0)
    for axis in axes[1]:
        axis.set_xlabel("problem length (steps)")
        axis.xaxis.set_tick_params(labelbottom=True)
    axes[0][0].legend(fontsize="small")
    names = models_named(data.tallies)
    figure.suptitle(f"Scores by problem length: {names} (bars: 95% intervals)")
    caption = "SM, PA, FM and PML against problem length, with 95% intervals (the paper's Figure 2)"
    return [Chart("length_curves.png", caption, figure)]


def pa_bucket_shares(accuracies: Counter[float]) -> list[float]:
    """The share of answers in each bucket of ``PA_BUCKETS``, from each PA value's count."""
    n = sum(accuracies.values())
    return [sum(count for value, count in accuracies.items() if test(value)) / n for _, test in PA_BUCKETS]


def pa_distribution(data: FigureData) -> list[Chart]:
    """The share of examples in each PA bucket for each problem length (the paper's
    Figure 3), a panel per model."""
    tallies = data.tallies
    height = 3.2 * len(tallies) + 0.8  # inches: a panel per model, and the title and legend above
    figure, axes = plt.subplots(len(tallies), 1, figsize=(11, height), squeeze=False)
    for axis, (name, tally) in zip(axes[:, 0], tallies.items(), strict=True):
        by_steps = tally.by_steps()
        steps = list(by_steps)
        shares_by_steps = [pa_bucket_shares(by_steps[count].accuracies) for count in steps]
        bottom = [0.0] * len(steps)
        for bucket, ((label, _), colour) in enumerate(zip(PA_BUCKETS, PA_COLOURS, strict=True)):
            shares = [shares_of_steps[bucket] for shares_of_steps in shares_by_steps]
            axis.bar(steps, shares, bottom=bottom, color=colour, label=label)
            bottom = [b + s for b, s in zip(bottom, shares, strict=True)]
        axis.set_title(f"{name} (n={tally.n})")
        axis.set_ylabel("share of examples")
        axis.set_ylim(0, 1)
        axis.set_xticks(steps)
    axes[-1, 0].set_xlabel("problem length (steps)")
    figure.suptitle("Prefix accuracy by problem length", y=1 - 0.1 / height, va="top")
    handles, labels = axes[0, 0].get_legend_handles_labels()
    legend_top = 1 - 0.4 / height  # below the title, whatever the number of panels
    figure.legend(handles, labels, ncol=4, fontsize="small", loc="upper center", bbox_to_anchor=(0.5, legend_top))
    figure.tight_layout(rect=(0, 0, 1, 1 - 0.8 / height))
    caption = "The share of examples in each band of prefix accuracy, per problem length (Figures 3 and 10)"
    return [Chart("pa_distribution.png", caption, figure)]


# --- Figure 4: share of examples right for at least N steps ------------------------------


def threshold_shares(lengths: Counter[int], highest: int) -> list[float]:
    """For N = 1 … ``highest``, the share of answers whose prefix match length is at least
    N, from the count of answers with each length."""
    n = sum(lengths.values())
    return [
        sum(count for length, count in lengths.items() if length >= threshold) / n
        for threshold in range(1, highest + 1)
    ]


def pml_threshold(data: FigureData) -> list[Chart]:
    """For each step threshold N, the share of examples whose prefix match length is at
    least N, a curve per model with Wilson 95% error bars (the paper's Figure 4), with the
    ceiling a model that gets every state right would reach on the examples any model
    answered."""
    highest = max(data.steps_of_examples)
    thresholds = list(range(1, highest + 1))
    figure, axis = plt.subplots(figsize=(8, 5))
    for number, (name, tally) in enumerate(data.tallies.items()):
        shares = threshold_shares(tally.matched, highest)
        intervals = [wilson(round(share * tally.n), tally.n) for share in shares]
        bars = error_bars(shares, intervals)
        shifted = [threshold + dodge(number, len(data.tallies)) for threshold in thresholds]
        axis.errorbar(shifted, shares, yerr=bars, marker="o", ms=3, label=f"{name} (n={tally.n})", **ERROR_BARS)
    ceiling = threshold_shares(data.steps_of_examples, highest)
    axis.plot(thresholds, ceiling, color="grey", linestyle="--", label="every state right")
    axis.set_xlabel("step threshold N")
    axis.set_ylabel("share of examples with prefix match length ≥ N")
    axis.set_title(f"Examples answered right for at least N steps: {models_named(data.tallies)}")
    axis.set_ylim(-0.02, 1.02)
    set_step_ticks(axis, thresholds)
    axis.grid(alpha=0.3)
    axis.legend(fontsize="small")
    caption = "The share of examples answered right for at least N steps, with 95% intervals (Figure 4)"
    return [Chart("pml_threshold.png", caption, figure)]


# --- Figures 5, 11, 12: mean PML by problem length, a panel per task ---------------------


def mean_pml_by_task_and_length(tally: ModelTally) -> dict[str, dict[int, tuple[float, list[float]]]]:
    """``{task: {steps: (mean prefix match length, its 95% interval)}}``."""
    means: dict[str, dict[int, tuple[float, list[float]]]] = {}
    for (task, steps), group in sorted(tally.groups.items(), key=lambda item: item[0][1]):
        figures = group.figures()
        means.setdefault(task, {})[steps] = (figures["prefix_match_length"], figures["prefix_match_length_ci"])
    return means


def pml_by_task_length(data: FigureData) -> list[Chart]:
    """Mean prefix match length against problem length, a panel per task and a line per
    model with 95% error bars (the paper's Figures 5, 11 and 12), with the diagonal a
    perfect answer reaches."""
    tasks = tasks_of(data.summaries)
    tallies = data.tallies
    means = {name: mean_pml_by_task_and_length(tally) for name, tally in tallies.items()}
    columns = min(4, len(tasks))
    rows_count = -(-len(tasks) // columns)
    size = (max(7.0, 3.6 * columns), 2.9 * rows_count + 0.8)
    figure, axes = plt.subplots(rows_count, columns, figsize=size, sharex=True, sharey=True, squeeze=False)
    every_step = sorted(data.steps_of_examples)
    for axis, task in zip(axes.flat, tasks, strict=False):
        for number, name in enumerate(tallies):
            by_steps = means[name].get(task, {})
            values = [value for value, _ in by_steps.values()]
            bars = error_bars(values, [interval for _, interval in by_steps.values()])
            shifted = [steps + dodge(number, len(tallies)) for steps in by_steps]
            axis.errorbar(shifted, values, yerr=bars, marker="o", ms=2.5, label=name, **ERROR_BARS)
        axis.plot(every_step, every_step, color="grey", linestyle="--", linewidth=0.8, label="every state right")
        axis.set_title(task, fontsize="medium")
        axis.set_ylim(bottom=0)
        axis.grid(alpha=0.3)
        set_step_ticks(axis, every_step)
    _finish_grid(axes, len(tasks), "problem length (steps)", "mean PML")
    handles, labels = axes[0, 0].get_legend_handles_labels()
    height = figure.get_figheight()
    legend_rows = -(-len(labels) // 6)
    top = 1 - (0.65 + 0.3 * legend_rows) / height
    left, right = 0.75 / size[0], 1 - 0.15 / size[0]
    figure.subplots_adjust(left=left, right=right, bottom=0.5 / height, top=top, wspace=0.08, hspace=0.3)
    anchor = (0.5, 1 - 0.35 / height)
    figure.legend(handles, labels, ncol=min(len(labels), 6), loc="upper center", bbox_to_anchor=anchor)
    title = f"Mean prefix match length by problem length, per task: {models_named(tallies)} (bars: 95% intervals)"
    figure.suptitle(title, y=1 - 0.05 / height, va="top")
    caption = (
        "Mean prefix match length against problem length with 95% intervals, a panel per task (Figures 5, 11 and 12)"
    )
    return [Chart("pml_by_task_length.png", caption, figure)]  # cropped: a long title stays whole


# --- Figure 9: SM, PA and FM per task -----------------------------------------------------

TASK_MEASURES = [
    ("sequential_match", "Sequential Match"),
    ("prefix_accuracy", "Prefix Accuracy"),
    ("final_match", "Final Match"),
]


def task_order(summaries: Summaries) -> list[str]:
    """Tasks by median (over models) sequential match, highest first; ties by median
    prefix accuracy, then median final match, then the benchmark's order."""
    tasks = tasks_of(summaries)

    def median(task: str, key: str) -> float:
        values = [summary["by_task"][task][key] for summary in summaries.values() if task in summary["by_task"]]
        return statistics.median(values)

    return sorted(
        tasks,
        key=lambda task: (
            -median(task, "sequential_match"),
            -median(task, "prefix_accuracy"),
            -median(task, "final_match"),
            tasks.index(task),
        ),
    )


def task_scores(data: FigureData) -> list[Chart]:
    """SM, PA and FM per task, a bar per model with its 95% error bar, tasks ordered by
    median SM (the paper's Figure 9; its PA panel is Figure 6, ordered by SM here)."""
    summaries = data.summaries
    tasks = task_order(summaries)
    height = 0.8 / len(summaries)
    figure, axes = plt.subplots(
        1, 3, figsize=(14, 0.3 * len(tasks) * max(1, len(summaries) / 2) + 2.8), sharey=True, squeeze=False
    )
    for axis, (key, title) in zip(axes[0], TASK_MEASURES, strict=True):
        for number, (name, summary) in enumerate(summaries.items()):
            present = [task for task in tasks if task in summary["by_task"]]
            values = [summary["by_task"][task][key] for task in present]
            bars = error_bars(values, [summary["by_task"][task][f"{key}_ci"] for task in present])
            positions = [tasks.index(task) + number * height for task in present]
            axis.barh(positions, values, height=height, label=name, xerr=bars, error_kw=ERROR_BARS)
        axis.set_xlim(0, 1)
        axis.set_xlabel(f"mean {title.lower()}")
        axis.set_title(title)
        axis.grid(axis="x", alpha=0.3)
    axes[0, 0].set_yticks([index + 0.4 - height / 2 for index in range(len(tasks))], tasks)
    axes[0, 0].margins(y=0.01)
    axes[0, 0].invert_yaxis()
    inches = figure.get_figheight()
    title = f"Scores by task: {models_named(summaries)} (tasks ordered by median sequential match; bars: 95% intervals)"
    figure.suptitle(title, y=1 - 0.1 / inches, va="top")
    top = 1 - 0.45 / inches
    if len(summaries) > 1:
        handles, labels = axes[0, 0].get_legend_handles_labels()
        figure.legend(handles, labels, ncol=min(len(labels), 6), loc="upper center", bbox_to_anchor=(0.5, top))
        top -= 0.35 * -(-len(labels) // 6) / inches
    figure.tight_layout(rect=(0, 0, 1, top))
    caption = "SM, PA and FM per task with 95% intervals, tasks ordered by median SM (Figures 9 and 6)"
    return [Chart("task_scores.png", caption, figure)]


# --- Figure 13: problem length against prediction length ----------------------------------


def prediction_length(data: FigureData) -> list[Chart]:
    """The number of predicted states against the problem length, a panel per model: each
    readable answer a dot (jittered sideways), the mean per problem length a line with its
    95% error bars, and the diagonal where the two lengths agree (the paper's Figure 13)."""
    import numpy as np

    tallies = data.tallies
    columns = min(3, len(tallies))
    rows_count = -(-len(tallies) // columns)
    figure, axes = plt.subplots(
        rows_count, columns, figsize=(5.2 * columns, 4.4 * rows_count), sharex=True, sharey=True, squeeze=False
    )
    generator = np.random.default_rng(0)
    every_step = sorted(data.steps_of_examples)
    for number, (axis, (name, tally)) in enumerate(zip(axes.flat, tallies.items(), strict=False)):
        pairs = sorted(tally.prediction_lengths.items())  # ((steps, length), answers)
        colour = f"C{number % 10}"
        if pairs:
            counts = np.array([count for _, count in pairs])
            if counts.sum() > DOTS:  # a sample, drawn without replacement: the figure's memory stays flat
                counts = generator.multivariate_hypergeometric(counts, DOTS)
            steps = np.repeat(np.array([steps for (steps, _), _ in pairs], dtype=float), counts)
            lengths = np.repeat(np.array([length for (_, length), _ in pairs]), counts)
            jitter = generator.uniform(-0.3, 0.3, len(steps))
            readable = sum(tally.prediction_lengths.values())
            dots = "one answer" if len(steps) == readable else f"one answer ({len(steps):,} of {readable:,} at random)"
            few = len(steps) <= FEW_DOTS  # few dots are drawn large and solid, many small and faint
            axis.scatter(
                steps + jitter, lengths, s=14 if few else 6, alpha=0.8 if few else 0.25, color=colour,
                linewidths=0, label=dots, rasterized=True,
            )  # fmt: skip
            means = tally.prediction_length_by_steps()
            values = [figures["prediction_length"] for figures in means.values()]
            bars = error_bars(values, [figures["prediction_length_ci"] for figures in means.values()])
            axis.errorbar(list(means), values, yerr=bars, color="black", label="mean (95% interval)", **ERROR_BARS)
        axis.plot(every_step, every_step, color="grey", linestyle="--", linewidth=1, label="same length")
        unreadable = tally.n - sum(tally.prediction_lengths.values())
        axis.set_title(f"{name} ({unreadable} unreadable answers not shown)" if unreadable else name, fontsize="medium")
        axis.grid(alpha=0.3)
        set_step_ticks(axis, every_step)
        axis.yaxis.set_major_locator(_integer_ticks())
    _finish_grid(axes, len(tallies), "problem length (steps)", "predicted states")
    legend = axes[0, 0].legend(fontsize="small", loc="upper left")
    for handle in legend.legend_handles:
        handle.set_alpha(1)
    figure.suptitle("Problem length against prediction length (bars: 95% intervals of the mean)")
    figure.tight_layout()
    caption = (
        "The number of predicted states against problem length, the mean with 95% intervals, a panel per model "
        "(Figure 13)"
    )
    return [Chart("prediction_length.png", caption, figure)]


# --- the procedure horizon ------------------------------------------------------------------


def horizon(data: FigureData) -> list[Chart]:
    """Each model's horizon figure (``procbench_tools.horizon.horizon_figure``): sequential
    match against steps, the fitted curve, h50 and h80, titled with the model's name;
    ``horizon.png`` for one model, ``horizon-<model>.png`` for each of several."""
    from ..horizon import horizon_figure

    charts = []
    for name, report in data.horizons.items():
        if report is None:
            continue
        file = "horizon.png" if len(data.horizons) == 1 else f"horizon-{model_file_name(name)}.png"
        figure = horizon_figure(data.tallies[name].horizon_records(), report, f"Procedure horizon of {name}")
        caption = f"The procedure horizon of {name}: sequential match against steps, the fitted curve, h50 and h80"
        charts.append(Chart(file, caption, figure))
    return charts


# --- tokens and truncation ------------------------------------------------------------------


def output_tokens(data: FigureData) -> list[Chart]:
    """Mean output tokens against problem length, a line per model whose answers report
    them, and the share of replies cut off by the token limit with Wilson 95% error bars
    (the original's accounting of cost and truncation); nothing when no model's answers
    report output tokens. The mean of tokens, like PML, has no interval."""
    models = {
        name: summary["tokens"]["by_steps"]
        for name, summary in data.summaries.items()
        if summary.get("tokens", {}).get("recorded") and summary["tokens"]["overall"]["replies_with_output_tokens"]
    }
    if not models:
        return []
    figure, (tokens_axis, truncated_axis) = plt.subplots(1, 2, figsize=(11, 4), sharex=True)
    plotted: set[int] = set()
    for number, (name, by_steps) in enumerate(models.items()):
        steps = sorted(by_steps, key=int)
        plotted.update(int(count) for count in steps)
        reported = [count for count in steps if by_steps[count]["mean_output_tokens"] is not None]
        tokens_axis.plot(
            [int(count) for count in reported],
            [by_steps[count]["mean_output_tokens"] for count in reported],
            marker="o",
            ms=3,
            label=name,
        )
        shares = [by_steps[count]["truncated"] / by_steps[count]["replies"] for count in steps]
        intervals = [wilson(by_steps[count]["truncated"], by_steps[count]["replies"]) for count in steps]
        shifted = [int(count) + dodge(number, len(models)) for count in steps]
        truncated_axis.errorbar(
            shifted, shares, yerr=error_bars(shares, intervals), marker="o", ms=3, label=name, **ERROR_BARS
        )
    tokens_axis.set_title("Mean output tokens (no interval)")
    tokens_axis.set_ylim(bottom=0)
    truncated_axis.set_title("Replies cut off by the token limit")
    truncated_axis.set_ylim(-0.02, 1.02)
    for axis in (tokens_axis, truncated_axis):
        axis.grid(alpha=0.3)
        set_step_ticks(axis, plotted)
        axis.set_xlabel("problem length (steps)")
    tokens_axis.legend(fontsize="small")
    figure.suptitle(f"Output tokens and truncation by problem length: {models_named(models)} (bars: 95% intervals)")
    figure.tight_layout()
    caption = "Mean output tokens and the share of replies cut off by the token limit against problem length"
    return [Chart("output_tokens.png", caption, figure)]


# --- every figure --------------------------------------------------------------------------

Figure = Callable[[FigureData], list[Chart]]
FIGURES: list[Figure] = [
    length_curves,  # Figure 2
    pa_distribution,  # Figures 3 and 10
    pml_threshold,  # Figure 4
    pml_by_task_length,  # Figures 5, 11, 12
    task_scores,  # Figure 9 (its PA panel is Figure 6)
    prediction_length,  # Figure 13
    horizon,  # the procedure horizon (issue 21)
    output_tokens,  # tokens and truncation (issue 30)
]


def draw_all(data: FigureData, folder: Path) -> list[DrawnFigure]:
    """Every figure of ``FIGURES``: each written as a PNG file into ``folder`` and rendered
    as SVG text for the HTML report."""
    drawn = []
    for figure in FIGURES:
        for chart in figure(data):
            try:
                drawn.append(DrawnFigure(_png(chart, folder / chart.file), chart.caption, svg_text(chart)))
            finally:
                plt.close(chart.figure)
    return drawn
