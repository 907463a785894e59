"""The report's parts on hand-made numbers: intervals, the tallies, the figures' data, the
table, the provenance block."""

import json
import math
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from procbench_generators.benchmark import iter_task_examples
from procbench_tools.evaluation import plots
from procbench_tools.evaluation.intervals import Z, clopper_pearson, wilson
from procbench_tools.evaluation.provenance import data_parameters, dataset_provenance
from procbench_tools.evaluation.references import Dataset, DatasetFacts, Example
from procbench_tools.evaluation.report import columns, coverage_flags, table
from procbench_tools.evaluation.run import ModelResult, failed_by_all
from procbench_tools.evaluation.scored import READ_FULL, ScoredAnswer
from procbench_tools.evaluation.summary import ModelTally, Totals
from procbench_tools.scoring.measures import Score
from procbench_tools.scoring.reader import READER_VERSION
from tests.test_evaluate import FIGURES

# --- intervals ----------------------------------------------------------------------------


def test_wilson_by_hand():
    # 0 of 5: centre (z^2 / 10) / (1 + z^2 / 5), half-width the same: [0, 2 * centre].
    assert wilson(0, 5) == pytest.approx([0.0, 0.434482], abs=1e-6)
    # 5 of 5 mirrors it.
    assert wilson(5, 5) == pytest.approx([0.565518, 1.0], abs=1e-6)
    # 1 of 10: centre (0.1 + z^2 / 20) / (1 + z^2 / 10) = 0.211013, half z*sqrt(0.009 + z^2 / 400) / (1 + z^2 / 10)
    # = 0.193137
    assert wilson(1, 10) == pytest.approx([0.017876, 0.404150], abs=1e-6)
    assert Z == pytest.approx(1.959964, abs=1e-6)


def test_wilson_needs_examples():
    with pytest.raises(ValueError, match="at least one example"):
        wilson(0, 0)


def test_clopper_pearson_by_hand():
    # All n right: the lower end solves low^n = 0.025; none right: (1 - high)^n = 0.025.
    assert clopper_pearson(3, 3) == pytest.approx([0.025 ** (1 / 3), 1.0])
    assert clopper_pearson(3.0, 3) == pytest.approx([0.292402, 1.0], abs=1e-6)  # never [1, 1] from 3 examples
    assert clopper_pearson(0, 5) == pytest.approx([0.0, 1 - 0.025 ** (1 / 5)])
    # 1 of 2: P(X >= 1 | p) = 1 - (1 - p)^2 = 0.025 at the lower end, and P(X <= 1 | p) = 1 - p^2 = 0.025 at
    # the upper one.
    assert clopper_pearson(1, 2) == pytest.approx([1 - math.sqrt(0.975), math.sqrt(0.975)])


def test_clopper_pearson_needs_examples():
    with pytest.raises(ValueError, match="at least one example"):
        clopper_pearson(0, 0)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(0, 1, allow_nan=False), min_size=1, max_size=40))
def test_clopper_pearson_holds_the_mean_and_ignores_order(values):
    low, high = clopper_pearson(math.fsum(values), len(values))
    mean = math.fsum(values) / len(values)
    assert 0 <= low <= mean + 1e-12 and mean - 1e-12 <= high <= 1
    assert low < high  # never a zero-width interval
    assert clopper_pearson(math.fsum(reversed(values)), len(values)) == [low, high]


@given(st.integers(1, 500).flatmap(lambda n: st.tuples(st.integers(0, n), st.just(n))))
def test_wilson_holds_the_share(pair):
    successes, n = pair
    low, high = wilson(successes, n)
    assert 0 <= low <= successes / n <= high <= 1


# --- the tallies ----------------------------------------------------------------------------


def scored(task, steps, score, *, length=None, read=READ_FULL, form="object", misread=False, truncated=False):
    example = Example(f"{task}-{steps:02d}-000", task, steps, {"intermediate": [], "final": ""})
    doubts = ("count",) if misread else ()
    return ScoredAnswer("m", example, score, None, length, "text", None, read, form, doubts, truncated)


def test_totals_sum_prefix_accuracy_exactly_in_any_order():
    values = [0.1] * 10 + [1 / 3] * 3 + [1.0]
    forward, backward = Totals(), Totals()
    for value in values:
        forward.add(Score(value, 0, 0, 0, True), 3)
    for value in reversed(values):
        backward.add(Score(value, 0, 0, 0, True), 3)
    exact = sum(Fraction(value) for value in values)
    assert forward.accuracy_sum() == backward.accuracy_sum() == float(exact) == math.fsum(values)
    assert forward.means()["prefix_accuracy"] == math.fsum(values) / len(values)


def test_model_tally_by_hand():
    tally = ModelTally("m")
    tally.add(scored("Sort", 2, Score(1.0, 1, 1, 2, True), length=2))
    tally.add(scored("Sort", 2, Score(0.5, 0, 1, 1, True), length=2, misread=True))
    tally.add(scored("Sort", 3, Score(0.0, 0, 0, 0, False), read="not_read", form=None))
    tally.add(scored("Rotate", 3, Score(1 / 3, 0, 0, 1, True), length=1, read="final_only", form="final line"))
    tally.add(scored("Rotate", 3, Score(0.0, 0, 0, 0, True), length=3, truncated=True))
    tally.missing, tally.unknown_ids = 7, 1
    summary = tally.summary()
    assert summary["overall"]["n"] == 5 and summary["overall"]["prefix_accuracy"] == (1 + 0.5 + 1 / 3) / 5
    assert (summary["overall"]["missing"], summary["overall"]["unknown_ids"]) == (7, 1)
    assert summary["overall"]["invalid_predictions"] == 1
    assert list(summary["by_task"]) == ["Sort", "Rotate"]  # the benchmark's order
    assert summary["by_task"]["Rotate"]["prefix_match_length"] == 0.5
    # Rotate: PML 1 and 0 on 3-step problems: t(1 df) = tan(0.475 pi) = 12.706 times s / sqrt(2) = 0.5
    # gives 6.35, cut at 0 and at 3 steps, PML's largest value there
    assert summary["by_task"]["Rotate"]["prefix_match_length_ci"] == [0.0, 3.0]
    assert summary["by_steps"] == {
        "2": {"prefix_accuracy": 0.75, "sequential_match": 0.5, "final_match": 1.0, "prefix_match_length": 1.5,
              "invalid_predictions": 0, "n": 2},
        "3": {"prefix_accuracy": (1 / 3) / 3, "sequential_match": 0.0, "final_match": 0.0,
              "prefix_match_length": 1 / 3, "invalid_predictions": 1, "n": 3},
    }  # fmt: skip
    assert summary["reading"] == {
        "full": 3,
        "final_only": 1,
        "not_read": 1,
        "possible_misreads": 1,
        "doubts": {"count": 1},
        "forms": {"object": 3, "final line": 1},
        "reader": READER_VERSION,
        "truncated": 1,  # the Rotate answer cut off by the token limit, scored wrong (SM 0)
        "truncated_failed": 1,
    }
    assert tally.matched == Counter({0: 2, 1: 2, 2: 1})
    assert tally.prediction_lengths == Counter({(2, 2): 2, (3, 1): 1, (3, 3): 1})
    # the horizon's records: one per answer, the truncated one marked
    records = sorted(
        tally.horizon_records(), key=lambda record: (record["task"], record["steps"], record["sequential_match"])
    )
    assert records == [
        {"task": "Rotate", "steps": 3, "sequential_match": 0},
        {"task": "Rotate", "steps": 3, "sequential_match": 0, "truncated": True},
        {"task": "Sort", "steps": 2, "sequential_match": 0},
        {"task": "Sort", "steps": 2, "sequential_match": 1},
        {"task": "Sort", "steps": 3, "sequential_match": 0},
    ]


# --- the figures' numbers -----------------------------------------------------------------


def test_threshold_shares_by_hand():
    lengths = Counter([2, 1, 0, 2, 5])
    # N = 1: four of five have PML >= 1; N = 2: three; N = 3..5: one; N = 6: none
    assert plots.threshold_shares(lengths, 6) == [0.8, 0.6, 0.2, 0.2, 0.2, 0.0]


def test_pa_bucket_shares_by_hand():
    # PA = 0: 2 of 8; 0 < PA < 0.5: 1; 0.5 <= PA < 1: 2; PA = 1: 3
    assert plots.pa_bucket_shares(Counter({0.0: 2, 0.25: 1, 0.5: 1, 0.75: 1, 1.0: 3})) == [0.25, 0.125, 0.25, 0.375]


def pml_tally():
    """Sort: PML 1 of 2 steps, PML 3 and 0 of 3; Rotate: PML 4 of 5; Cumulate: ten at PML 4 of 4."""
    tally = ModelTally("m")
    groups = [("Sort", 3, 3), ("Sort", 3, 0), ("Sort", 2, 1), ("Rotate", 5, 4), *[("Cumulate", 4, 4)] * 10]
    for task, steps, pml in groups:
        tally.add(scored(task, steps, Score(0.0, 0, 0, pml, True), length=pml + 1))
    return tally


def test_mean_pml_by_task_and_length():
    """Each (task, steps) group's mean PML with its interval: one answer gives the whole range
    (value +- 0.975 * steps, cut at 0 and steps); Sort's 3 and 0 get t(1 df) * 1.5 = 19.06,
    cut to [0, 3]; ten equal PMLs of 4 get the floor 4 * (1 - 0.025^(1/10)) = 1.233988."""
    floor = 4 * (1 - 0.025**0.1)
    assert plots.mean_pml_by_task_and_length(pml_tally()) == {
        "Sort": {2: (1.0, [0.0, 2.0]), 3: (1.5, [0.0, 3.0])},
        "Rotate": {5: (4.0, [0.0, 5.0])},
        "Cumulate": {4: (4.0, [pytest.approx(4 - floor), 4.0])},
    }
    assert 4 - floor == pytest.approx(2.766012, abs=1e-6)


def test_prediction_length_by_steps():
    """The readable answers' mean number of predicted states per step count, with its
    interval: at 2 steps one answer with 2 states (2 +- 0.975); at 3 steps 4 and 1 (mean 2.5,
    s = 2.121320, t(1 df) * 1.5 = 19.06, cut at 0); at 4 steps ten with 5 (the floor
    1 - 0.025^(1/10) = 0.308497 of a state); an unreadable answer (no length) is left out."""
    tally = pml_tally()
    tally.add(scored("Sort", 4, Score(0.0, 0, 0, 0, False), read="not_read", form=None))
    floor = 1 - 0.025**0.1
    t_one = math.tan(0.475 * math.pi)  # t(97.5%; 1 df)
    assert tally.prediction_length_by_steps() == {
        2: {"prediction_length": 2.0, "prediction_length_ci": pytest.approx([1.025, 2.975]), "n": 1},
        3: {"prediction_length": 2.5, "prediction_length_ci": pytest.approx([0.0, 2.5 + 1.5 * t_one]), "n": 2},
        4: {"prediction_length": 5.0, "prediction_length_ci": pytest.approx([5 - floor, 5 + floor]), "n": 10},
        5: {"prediction_length": 5.0, "prediction_length_ci": pytest.approx([4.025, 5.975]), "n": 1},
    }


def test_every_pml_figure_draws_its_error_bars(monkeypatch):
    """The PML panel of length_curves, every panel of pml_by_task_length and the mean line
    of prediction_length draw error bars: the distances from each mean to its interval's ends."""
    import matplotlib.pyplot as plt

    tally = pml_tally()
    data = plots.FigureData({"m": tally.summary()}, {"m": tally}, {"m": None}, Counter({2: 1, 3: 2, 4: 10, 5: 1}))
    drawn = []
    original = plt.Axes.errorbar

    def record(axis, x, y, **options):
        drawn.append((axis, list(x), list(y), options["yerr"]))
        return original(axis, x, y, **options)

    monkeypatch.setattr(plt.Axes, "errorbar", record)
    charts = [chart for figure in (plots.length_curves, plots.pml_by_task_length, plots.prediction_length)
              for chart in figure(data)]  # fmt: skip
    by_title = {axis.get_title(): (x, y, bars) for axis, x, y, bars in drawn}  # panels are titled after drawing
    for chart in charts:
        plt.close(chart.figure)
    floor = 4 * (1 - 0.025**0.1)
    assert by_title["Cumulate"] == ([4], [4.0], [[pytest.approx(floor)], [0.0]])
    assert by_title["Rotate"] == ([5], [4.0], [[4.0], [1.0]])
    steps, means, bars = by_title["Prefix Match Length"]  # by step count, over tasks
    assert steps == [2, 3, 4, 5] and means == [1.0, 1.5, 4.0, 4.0]
    assert bars[1][2] == 0.0 and bars[0][2] == pytest.approx(floor)  # step 4: ten at PML 4 of 4
    steps, means, _ = by_title["m"]  # prediction_length's panel, named after its model
    assert steps == [2, 3, 4, 5] and means == [2.0, 2.5, 5.0, 5.0]


def test_prediction_length_draws_a_sample_of_many_answers(tmp_path, monkeypatch):
    import matplotlib.pyplot as plt

    monkeypatch.setattr(plots, "DOTS", 4)
    tally = ModelTally("m")
    for steps in (2, 2, 3, 3, 3, 4, 4):
        tally.add(scored("Sort", steps, Score(1.0, 1, 1, steps, True), length=steps))
    drawn = []
    monkeypatch.setattr(plt.Axes, "scatter", lambda axis, x, y, **options: drawn.append((list(y), options["label"])))
    data = plots.FigureData({"m": tally.summary()}, {"m": tally}, {"m": None}, Counter({2: 2, 3: 3, 4: 2}))
    (chart,) = plots.prediction_length(data)
    plt.close(chart.figure)
    ((lengths, label),) = drawn
    assert label == "one answer (4 of 7 at random)" and len(lengths) == 4
    assert Counter(lengths) <= Counter({2: 2, 3: 3, 4: 2})  # drawn without replacement


def _summary(by_task):
    return {"by_task": {task: dict(zip(("sequential_match", "prefix_accuracy", "final_match"), v, strict=True))
                        for task, v in by_task.items()}}  # fmt: skip


def test_task_order_by_median_sequential_match():
    summaries = {
        "a": _summary({"Sort": (0.1, 0.5, 0.2), "Rotate": (0.9, 0.9, 0.9), "Cumulate": (0.5, 0.6, 0.5)}),
        "b": _summary({"Sort": (0.3, 0.5, 0.2), "Rotate": (0.1, 0.2, 0.1), "Cumulate": (0.5, 0.7, 0.5)}),
        "c": _summary({"Sort": (0.5, 0.5, 0.2), "Rotate": (0.2, 0.2, 0.1), "Cumulate": (0.3, 0.1, 0.5)}),
    }
    # medians of SM: Sort 0.3, Rotate 0.2, Cumulate 0.5
    assert plots.task_order(summaries) == ["Cumulate", "Sort", "Rotate"]
    # a tie in SM is broken by the median PA (Sort 0.5 against Rotate 0.2), then FM, then the benchmark order
    tied = {"a": _summary({"Rotate": (0.5, 0.2, 0.1), "Sort": (0.5, 0.5, 0.1), "Gather": (0.5, 0.5, 0.1)})}
    assert plots.task_order(tied) == ["Sort", "Gather", "Rotate"]


def test_every_figure_has_the_one_signature(tmp_path):
    """Each figure takes the report's data and returns its charts; draw_all writes each as a PNG and an SVG."""
    tally = ModelTally("a/b")
    for steps, pml in ((2, 2), (3, 1), (3, 0)):
        tally.add(scored("Sort", steps, Score(pml / steps, int(pml == steps), 0, pml, True), length=steps))
    from procbench_tools.evaluation.run import estimate_horizon

    summaries = {"a/b": tally.summary()}
    data = plots.FigureData(summaries, {"a/b": tally}, {"a/b": estimate_horizon(tally)}, Counter({2: 1, 3: 2}))
    drawn = plots.draw_all(data, tmp_path)
    assert [figure.path.name for figure in drawn] == [*FIGURES, "horizon.png"]  # the paper's order, then the horizon
    assert all(figure.path.read_bytes().startswith(b"\x89PNG") for figure in drawn)
    assert all(figure.svg.startswith("<svg") and figure.svg.rstrip().endswith("</svg>") for figure in drawn)
    two = plots.FigureData(
        {**summaries, "c": summaries["a/b"]}, {"a/b": tally, "c": tally}, {"a/b": None, "c": None}, Counter({2: 1})
    )
    assert plots.horizon(two) == []  # no horizon, no file
    three = plots.FigureData(
        two.summaries, two.tallies, {"a/b": data.horizons["a/b"], "c": None}, two.steps_of_examples
    )
    charts = plots.horizon(three)
    assert [chart.file for chart in charts] == ["horizon-a_b.png"]
    assert charts[0].figure._suptitle.get_text() == "Procedure horizon of a/b"  # the figure names its model


# --- the table ----------------------------------------------------------------------------


def _figures(pa, n):
    return {
        "prefix_accuracy": pa,
        "prefix_accuracy_ci": [pa / 2, (1 + pa) / 2],
        "sequential_match": pa / 2,
        "sequential_match_ci": [0.0, pa],
        "final_match": 1.0,
        "final_match_ci": [0.5, 1.0],
        "invalid_predictions": 0,
        "n": n,
    }


def _model(n, extra=True):
    by_length = {"short": _figures(0.8, n // 2), "long": _figures(0.2, n - n // 2 - (1 if extra else 0))}
    if extra:
        by_length["extra"] = _figures(0.0, 1)
    overall = {**_figures(0.5, n), "missing": 10 - n, "unknown_ids": 0}
    return {"overall": overall, "by_length": by_length, "by_task": {"Sort": _figures(0.5, n)}, "by_steps": {}}


def test_table_has_an_extra_column_and_flags_coverage():
    summaries = {"full": _model(10), "partial": _model(6, extra=False)}
    assert columns(summaries) == ["short", "long", "extra", "overall"]
    assert coverage_flags(summaries) == {"partial": "<- scored on 6 examples (full: 10)"}
    lines = table(summaries, failed_by_all=(2, 6)).splitlines()
    assert lines[:4] == [
        "Prefix Accuracy (mean [95% interval])",
        "model         short                 long                  extra                 overall             ",
        "full          0.800 [0.400, 0.900]  0.200 [0.100, 0.600]  0.000 [0.000, 0.500]  0.500 [0.250, 0.750]",
        "partial       0.800 [0.400, 0.900]  0.200 [0.100, 0.600]  -                     0.500 [0.250, 0.750]  "
        "<- scored on 6 examples (full: 10)",
    ]
    assert lines[5] == "Sequential Match (mean [95% interval])"
    assert lines[10].startswith("Final Match")
    assert lines[-1] == "every model fails (PA = 0) 2 of the 6 examples all models answered"


def test_table_without_extra_has_no_extra_column():
    assert columns({"only": _model(10, extra=False)}) == ["short", "long", "overall"]
    assert coverage_flags({"only": _model(10, extra=False)}) == {}


def test_failed_by_all_by_hand():
    # positions 0..4; a answers 0, 1, 2, 4; b answers 1, 2, 3, 4; c answers 0, 1, 2, 4
    def result(name, failed_at, answered):
        model = ModelResult.empty(name, 5)
        for position in answered:
            model.lines[position] = position + 1
            model.failed[position] = position in failed_at
        return model

    a = result("a", {1, 2, 4}, [0, 1, 2, 4])
    b = result("b", {1, 2, 3}, [1, 2, 3, 4])
    c = result("c", {0, 1, 2, 4}, [0, 1, 2, 4])
    # common to all three: 1, 2, 4; failed by all: 1 and 2 (b gets 4 partly right)
    assert failed_by_all([a, b, c]) == ([1, 2], 3)


# --- provenance ---------------------------------------------------------------------------


def _rows(seed, answer_format=True):
    rows = []
    for task in ("Sort", "Cumulate", "FillWord"):
        for example in iter_task_examples(task, range(2, 5), 2, seed, answer_format=answer_format):
            rows.append({**example, "label": example["label"]})
    return rows


def facts_of(rows):
    facts = DatasetFacts()
    for row in rows:
        facts.add(row["id"], row["task"], row["steps"], json.dumps(row["label"]), row["prompt"])
    return facts


def test_generation_parameters_from_the_data():
    assert data_parameters(facts_of(_rows(2024))) == {
        "examples": 18,
        "tasks": ["Sort", "FillWord", "Cumulate"],
        "min_steps": 2,
        "max_steps": 4,
        "examples_per_step": 2,
        "answer_format": True,
        "seed": 2024,
    }
    other = data_parameters(facts_of(_rows(7, answer_format=False)))
    assert (other["seed"], other["answer_format"]) == (None, False)
    uneven = facts_of(_rows(2024)[:-1])
    assert data_parameters(uneven)["examples_per_step"] == {"min": 1, "max": 2}


@pytest.fixture(scope="module")
def small_export(tmp_path_factory):
    from procbench_tools.dataset.export import export

    folder = tmp_path_factory.mktemp("provenance") / "procbench-dataset"
    return export(folder, configs=["all"], max_steps=3, examples_per_step=1, progress=False)


def test_generation_parameters_from_the_card(small_export, tmp_path):
    from procbench_tools.evaluation.references import ExampleIndex, open_dataset

    dataset = open_dataset(str(small_export))
    index = ExampleIndex.build(dataset, tmp_path / "index.sqlite")
    described = dataset_provenance(dataset, index.facts)
    assert {key: described[key] for key in ("source", "kind", "examples", "generation_from")} == {
        "source": str(small_export.resolve()),
        "kind": "folder",
        "examples": 46,
        "generation_from": "card",
    }
    generation = described["generation"]
    assert (generation["seed"], generation["examples_per_step"], generation["min_steps"], generation["max_steps"]) == (
        2024,
        1,
        2,
        3,
    )
    facts = facts_of(_rows(2024))  # no card: the parameters are read off the data
    assert dataset_provenance(Dataset("user/procbench", "hub"), facts) == {
        "source": "user/procbench",
        "kind": "hub",
        "examples": 18,
        "generation_from": "data",
        "generation": data_parameters(facts),
    }


def test_summary_means_sit_beside_their_intervals():
    tally = ModelTally("perfect")
    for steps in range(2, 48):
        tally.add(scored("Sort", steps, Score(1.0, 1, 1, steps, True), length=steps))
    overall = tally.summary()["overall"]
    assert list(overall)[:8] == [
        "prefix_accuracy",
        "prefix_accuracy_ci",
        "sequential_match",
        "sequential_match_ci",
        "final_match",
        "final_match_ci",
        "prefix_match_length",
        "prefix_match_length_ci",
    ]
    n = 46
    assert overall["n"] == n and overall["prefix_accuracy_ci"] == pytest.approx([0.025 ** (1 / n), 1.0])
    # Wilson at n of n: [n / (n + z^2), 1]
    assert overall["sequential_match_ci"] == pytest.approx([n / (n + Z * Z), 1.0])
    assert math.isclose(overall["final_match_ci"][0], 46 / (46 + 1.959963984540054**2))
    assert json.dumps(tally.summary())  # plain JSON all through


def test_step_ticks_are_whole_numbers_even_for_one_step_count():
    locator = plots._integer_ticks()
    assert [tick for tick in locator.tick_values(1.9, 2.1) if 1.9 <= tick <= 2.1] == [2]
    assert all(float(tick).is_integer() for tick in locator.tick_values(2, 25))


def test_table_ends_with_the_reading_audit():
    reading = {"full": 7, "final_only": 2, "not_read": 1, "possible_misreads": 1, "forms": {"object": 9}}
    lines = table({"a": {**_model(10), "reading": reading}}, misreads_file="r/possible_misreads.jsonl").splitlines()
    assert lines[-4:] == [
        f"How the answers were read by reader {READER_VERSION} (only answers read in full are scored on every state)",
        "model             read in full  final state only          not read  possible misreads",
        "a                    7 (70.0%)         2 (20.0%)         1 (10.0%)  1",
        "possible misreads are listed in r/possible_misreads.jsonl: check them before trusting the scores",
    ]


def test_error_bars_by_hand():
    """matplotlib's error bars are distances from the value to each end of its interval;
    several models are dodged sideways symmetrically, one model not at all."""
    assert plots.error_bars([0.5, 1.0], [[0.25, 0.75], [0.6, 1.0]]) == [[0.25, 0.4], [0.25, 0.0]]
    assert plots.dodge(0, 1) == 0.0
    assert [plots.dodge(number, 3) for number in range(3)] == [-0.15, 0.0, 0.15]


def test_a_small_run_has_a_tick_at_every_step_count():
    """A run with few step counts gets a tick at each one it plots (the horizon's log axis
    too, where a lone 7 would otherwise fall between the ticks 4 and 8); many get whole-number
    ticks chosen by matplotlib."""
    import matplotlib.pyplot as plt

    from procbench_tools.horizon.plot import log_ticks

    figure, axis = plt.subplots()
    plots.set_step_ticks(axis, [7, 3, 7])
    assert list(axis.xaxis.get_major_locator().tick_values(0, 30)) == [3, 7]
    plots.set_step_ticks(axis, range(2, 26))
    assert isinstance(axis.xaxis.get_major_locator(), type(plots._integer_ticks()))
    plt.close(figure)
    assert log_ticks([7]) == [7]
    assert log_ticks(list(range(2, 26))) == [2, 4, 8, 16, 32]  # up to 1.5 times the highest: the axis runs on
