"""The metric: every rule of the scoring, with hand-computed numbers."""

import doctest
import json
import os
import runpy
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import procbench_generators
import procbench_metric
from procbench_tools.scoring import measures as pm

ROOT = Path(__file__).resolve().parent.parent
SORT = {"init": "itstb", "intermediate": ["btsti"], "final": "bistt"}
ABC = {"init": "", "intermediate": ["a", "b"], "final": "c"}


def one(prediction, reference=ABC):
    scores = pm.score([prediction], [reference])
    return (
        scores["prefix_accuracy"],
        scores["sequential_match"],
        scores["final_match"],
        scores["prefix_match_length"],
        scores["invalid_predictions"],
    )


@pytest.mark.parametrize(
    ("prediction", "expected"),
    [
        ({"intermediate": ["a", "b"], "final": "c"}, (1.0, 1.0, 1.0, 3.0, 0)),
        (["a", "b", "c"], (1.0, 1.0, 1.0, 3.0, 0)),  # flat list
        ('{"intermediate": ["a", "b"], "final": "c"}', (1.0, 1.0, 1.0, 3.0, 0)),  # JSON string
        ('["a", "b", "c"]', (1.0, 1.0, 1.0, 3.0, 0)),
        (["a", "b"], (2 / 3, 0.0, 0.0, 2.0, 0)),  # under-long: final "b" is not "c"
        (["a", "b", "c", "d"], (3 / 4, 0.0, 0.0, 3.0, 0)),  # over-long
        (["a", "x", "c"], (1 / 3, 0.0, 1.0, 1.0, 0)),  # wrong in the middle, right final
        (["x", "b", "c"], (0.0, 0.0, 1.0, 0.0, 0)),  # a prefix, not any matching state
        ({"final": "c"}, (0.0, 0.0, 1.0, 0.0, 0)),  # no intermediate: one predicted state
        ([None, "b", "c"], (0.0, 0.0, 1.0, 0.0, 0)),  # a null state matches nothing
    ],
)
def test_sequences(prediction, expected):
    assert one(prediction) == pytest.approx(expected)


@pytest.mark.parametrize(
    "junk",
    [
        None,
        "not json",
        '{"intermediate": ["a"',  # broken JSON
        42,
        "42",  # JSON, but a number
        '"abc"',  # JSON, but a string
        {"intermediate": ["a", "b"]},  # no final
        {"intermediate": "ab", "final": "c"},  # intermediate not a list
        [{"intermediate": ["a", "b"], "final": "c"}],  # wrong nesting
        ["a", {"b": 1}, "c"],  # a state that is a dict
        [],
        "[" * 100_000,  # a looping model's output, deeper than Python's recursion limit
        '{"final": ' * 100_000,
    ],
)
def test_junk_scores_zero_and_counts_as_invalid(junk):
    assert one(junk) == (0.0, 0.0, 0.0, 0.0, 1)


@pytest.mark.parametrize(
    ("predicted", "reference", "match"),
    [
        ("abc", "abc", True),
        (12, "12", True),  # str reference: an int whose str() equals it
        ("012", "12", False),
        (True, "True", False),  # a bool is not an int
        (["12"], "12", False),  # never a list
        ("", "", True),  # the empty string is a real state
        (None, "", False),
        ("42", 42, True),  # int reference: anything that converts to that int
        (" 42 ", 42, True),
        (42.0, 42, True),
        (42.5, 42, False),
        ("4e1", 40, False),
        (True, 1, False),
        ([42], 42, False),
        (["1", 2], [1, "2"], True),  # list reference: element-wise by str()
        ((1, 2), [1, 2], True),
        ([1, 2, 3], [1, 2], False),
        ([True, 1], [1, 1], False),
        ([1.0, 1], [1, 1], False),
        ([[1], 1], ["[1]", 1], False),  # elements must be scalars
        ("[1, 2]", [1, 2], False),
    ],
)
def test_state_matching(predicted, reference, match):
    assert pm.states_match(predicted, reference) is match
    assert one([predicted], {"intermediate": [], "final": reference})[2] == float(match)


def test_type_coerced_prediction_is_a_full_match():
    cumulate = procbench_generators.solve("Cumulate", {"n": 2, "operations": [["add", 3], ["multiply", 4], ["add", 0]]})
    assert one(["5", " 20", 20.0], cumulate) == (1.0, 1.0, 1.0, 3.0, 0)
    search = procbench_generators.solve("Search", {"strings": ["aaaa", "aaa"], "substrings": ["aa", "a"]})
    assert one([["2", "1"], ["6", "4"]], search) == (1.0, 1.0, 1.0, 2.0, 0)
    assert one([[2, 1], [6, True]], search) == (0.5, 0.0, 0.0, 1.0, 0)


def test_equal_values_that_hide_bools_or_floats_do_not_match():
    search = {"intermediate": [[1, 0]], "final": [1, 1]}
    assert one([[1, 0], [1, 1]], search) == (1.0, 1.0, 1.0, 2.0, 0)
    assert one([[True, 0], [1, 1]], search) == (0.0, 0.0, 1.0, 0.0, 0)
    assert one([[1.0, 0], [1, True]], search) == (0.0, 0.0, 0.0, 0.0, 0)


def test_references_as_json_and_published_layout():
    assert one(["btsti", "bistt"], json.dumps(SORT)) == (1.0, 1.0, 1.0, 2.0, 0)
    published = {"intermediate": ["btsti"], "final": "bistt"}  # no "init"
    assert one(["btsti", "bistt"], published) == (1.0, 1.0, 1.0, 2.0, 0)


@pytest.mark.parametrize("reference", [None, "not json", {"final": "x"}, {"intermediate": "x", "final": "y"}, [1]])
def test_bad_reference_raises_naming_its_position(reference):
    with pytest.raises(ValueError, match=r"references\[1\] is not a label"):
        pm.score(["x", "x"], [ABC, reference])


def test_mismatched_lengths_and_empty_input_raise():
    with pytest.raises(ValueError, match="got 1 predictions but 2 references"):
        pm.score(["a"], [ABC, ABC])
    with pytest.raises(ValueError, match="got 1 tasks but 2 references"):
        pm.score(["a", "b"], [ABC, ABC], tasks=["Sort"])
    with pytest.raises(ValueError, match="nothing to score"):
        pm.score([], [])


def label_with_steps(steps):
    return {"init": "", "intermediate": [str(i) for i in range(steps - 1)], "final": "end"}


def test_breakdown_by_length_and_task():
    references = [label_with_steps(3), label_with_steps(3), label_with_steps(10), label_with_steps(30)]
    predictions = [
        [*references[0]["intermediate"], "end"],  # exact: PA 1
        None,  # invalid: 0
        [*references[2]["intermediate"][:5]],  # 5 of 10 states match: PA 0.5, PML 5
        [*references[3]["intermediate"], "end", "extra"],  # 30 of 31: PA 30/31, FM 0
    ]
    result = pm.score(predictions, references, tasks=["A", "A", "B", "B"])
    assert result["n"] == 4 and result["invalid_predictions"] == 1
    assert result["prefix_accuracy"] == pytest.approx((1 + 0 + 0.5 + 30 / 31) / 4)
    assert result["prefix_match_length"] == pytest.approx((3 + 0 + 5 + 30) / 4)
    assert result["sequential_match"] == 0.25 and result["final_match"] == 0.25
    assert list(result["by_length"]) == ["short", "medium", "extra"]
    assert result["by_length"]["short"] == {
        "prefix_accuracy": 0.5,
        "sequential_match": 0.5,
        "final_match": 0.5,
        "prefix_match_length": 1.5,
        "invalid_predictions": 1,
        "n": 2,
    }
    assert result["by_length"]["medium"]["prefix_accuracy"] == 0.5
    assert result["by_task"]["B"]["prefix_accuracy"] == pytest.approx((0.5 + 30 / 31) / 2)
    assert "by_task" not in pm.score(predictions, references)


def test_score_example():
    assert pm.score_example(["btsti", "bitst"], SORT) == {
        "prefix_accuracy": 0.5,
        "sequential_match": 0,
        "final_match": 0,
        "prefix_match_length": 1,
        "valid": True,
        "steps": 2,
    }


def test_gc_state_is_restored():
    import gc

    gc.disable()
    try:
        pm.score(["a"], [ABC])
        assert not gc.isenabled()
    finally:
        gc.enable()
    pm.score(["a"], [ABC])
    assert gc.isenabled()


# --- through evaluate ------------------------------------------------------------------


@pytest.fixture(scope="module")
def metric():
    import evaluate

    here = Path.cwd()
    os.chdir(ROOT)
    try:
        return evaluate.load("procbench_metric")  # as the README writes it, from the repository root
    finally:
        os.chdir(here)


def test_the_metric_is_named_procbench_metric(metric):
    assert metric.name == "procbench_metric"


def test_the_metric_has_one_source_at_the_top_level():
    """Issue #30, item 6: the design's top level holds ``procbench_metric.py``; the folder
    evaluate loads by name (``procbench_metric/procbench_metric.py``) links to it, so there
    is one source (git keeps the link; the wheel and sdist carry its content,
    tests/test_wheel.py)."""
    inside = ROOT / "procbench_metric" / "procbench_metric.py"
    assert inside.is_symlink() and os.readlink(inside) == "../procbench_metric.py"
    assert inside.resolve() == (ROOT / "procbench_metric.py").resolve()
    assert procbench_metric.SCRIPT.read_bytes() == (ROOT / "procbench_metric.py").read_bytes()


def test_evaluate_loads_the_top_level_file_by_its_path(metric, tmp_path):
    """Issue #30, item 6: ``evaluate.load("<path>/procbench_metric.py")`` loads the same
    metric as ``evaluate.load("procbench_metric")`` and computes the same scores."""
    import evaluate

    by_path = evaluate.load(str(ROOT / "procbench_metric.py"), cache_dir=str(tmp_path))
    assert by_path.name == "procbench_metric"
    predictions, references = zip(*MIXED, strict=True)
    tasks = ["Sort", "Sort", "Sort", "Cumulate"]
    got = by_path.compute(predictions=predictions, references=references, tasks=tasks)
    assert got == metric.compute(predictions=predictions, references=references, tasks=tasks)
    assert got["prefix_accuracy"] == pytest.approx((1 + 0.5 + 0 + 1) / 4)


MIXED = [
    ({"intermediate": ["btsti"], "final": "bistt"}, SORT),
    ('["btsti", "bitst"]', SORT),
    ("garbage", SORT),
    (["5", 20, 20], {"init": 2, "intermediate": [5, 20], "final": 20}),
]


def test_evaluate_compute_equals_the_core(metric):
    predictions, references = zip(*MIXED, strict=True)
    expected = pm.score(list(predictions), list(references), tasks=["Sort", "Sort", "Sort", "Cumulate"])
    got = metric.compute(predictions=predictions, references=references, tasks=["Sort", "Sort", "Sort", "Cumulate"])
    assert got == expected
    assert expected["prefix_accuracy"] == pytest.approx((1 + 0.5 + 0 + 1) / 4)


def test_evaluate_add_and_add_batch(metric):
    predictions, references = zip(*MIXED, strict=True)
    metric.add(prediction=predictions[0], reference=references[0])
    metric.add_batch(predictions=predictions[1:], references=references[1:])
    assert metric.compute() == pm.score(list(predictions), list(references))
    with pytest.raises(ValueError, match="call `add` or `add_batch` at least once"):  # evaluate's own words
        metric.compute()


def test_values_json_cannot_hold_are_unreadable_predictions(metric):
    result = metric.compute(predictions=[{1, 2}, float("nan"), 42], references=[SORT] * 3)
    assert (result["invalid_predictions"], result["prefix_accuracy"]) == (3, 0.0)


def test_compute_takes_a_reply_nested_past_the_recursion_limit(metric):
    result = metric.compute(predictions=["[" * 1_000, "[" * 100_000], references=[SORT] * 2)
    assert (result["invalid_predictions"], result["prefix_accuracy"]) == (2, 0.0)


def test_docstring_examples_run(monkeypatch):
    monkeypatch.chdir(ROOT)
    script = runpy.run_path(str(procbench_metric.SCRIPT))
    test = doctest.DocTestParser().get_doctest(script["_KWARGS_DESCRIPTION"], {}, "procbench_metric", None, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0 and runner.tries >= 4


def imported_modules(path):
    source = path.read_text()
    imports = [line for line in source.splitlines() if line.startswith(("import ", "from "))]
    assert all("," not in line or line.startswith("from ") for line in imports)  # one module per line
    return {line.split()[1] for line in imports}


def test_metric_file_imports_only_what_a_space_has():
    from procbench_tools.hub.metric_space import CARRIED, DIRECT

    modules = imported_modules(procbench_metric.SCRIPT)
    carried = {f"procbench_tools.scoring.{module}" for module in DIRECT}
    assert carried <= modules  # the Space turns these into imports of the files it carries
    assert {module.split(".")[0] for module in modules - carried} <= {
        "json",
        "collections",
        "typing",
        "datasets",
        "evaluate",
    }
    for module in CARRIED:  # the carried files need nothing but the standard library and each other
        imports = imported_modules(ROOT / "procbench_tools" / "scoring" / f"{module}.py")
        assert all(name.startswith(".") or name.split(".")[0] in sys.stdlib_module_names for name in imports)
        assert {name[1:] for name in imports if name.startswith(".")} <= set(CARRIED)


# --- properties ------------------------------------------------------------------------


@st.composite
def labels(draw):
    task = draw(st.sampled_from(procbench_generators.TASKS))
    steps = draw(st.integers(min_value=procbench_generators.step_range(task).start, max_value=30))
    return procbench_generators.generate(task, steps, draw(st.integers(0, 10**6)))["label"]


def perturb(draw, states):
    kind = draw(st.sampled_from(["cut", "extend", "replace", "stringify", "junk"]))
    states = list(states)
    if kind == "cut":
        return states[: draw(st.integers(0, len(states)))]
    if kind == "extend":
        return states + draw(st.lists(st.text(max_size=3), min_size=1, max_size=3))
    if kind == "replace":
        states[draw(st.integers(0, len(states) - 1))] = draw(st.one_of(st.none(), st.text(max_size=3), st.integers()))
        return states
    if kind == "stringify":
        return [json.dumps(state) if draw(st.booleans()) else state for state in states]
    return draw(st.one_of(st.none(), st.text(max_size=5), st.integers()))


@settings(max_examples=300, deadline=None)
@given(labels(), st.data())
def test_properties(label, data):
    states = [*label["intermediate"], label["final"]]
    prediction = perturb(data.draw, states)
    result = pm.score_example(prediction, label)
    assert 0.0 <= result["prefix_accuracy"] <= 1.0
    assert 0 <= result["prefix_match_length"] <= len(states)
    if result["sequential_match"]:
        assert result["prefix_accuracy"] == 1.0 and result["final_match"] == 1
    for form in (states, {"intermediate": label["intermediate"], "final": label["final"]}, json.dumps(states)):
        exact = pm.score_example(form, json.dumps(label))
        assert (exact["prefix_accuracy"], exact["sequential_match"], exact["final_match"]) == (1.0, 1, 1)
        assert exact["prefix_match_length"] == len(states)


def test_parse_prediction():
    assert pm.parse_prediction({"intermediate": ["a"], "final": "b"}) == ["a", "b"]
    assert pm.parse_prediction('{"final": 3}') == [3]
    assert pm.parse_prediction("[1, [2, 3]]") == [1, [2, 3]]
    for junk in (None, "", "[]", '{"intermediate": []}', [{"final": 1}], "nope", 3.5):
        assert pm.parse_prediction(junk) is None


def test_compute_reads_raw_responses_in_every_form(metric):
    from tests.support.answer_forms import FORMS, render

    labels = [procbench_generators.generate(task, 4, 3)["label"] for task in procbench_generators.TASKS]
    predictions = [render(label, form, "double") for form in FORMS for label in labels]
    references = [label for _ in FORMS for label in labels]
    result = metric.compute(predictions=predictions, references=references)
    assert result["n"] == len(FORMS) * 23 and result["invalid_predictions"] == 0
    assert result["sequential_match"] == 1.0 and result["prefix_match_length"] == 4.0
    assert pm.score(predictions, references) == result  # the same reader in and out of evaluate


def test_compute_reads_the_styles_the_old_metric_rejected(metric):
    label = {"init": "itstb", "intermediate": ["btsti"], "final": "bistt"}
    styles = [
        '```json\n{"intermediate": ["btsti"], "final": "bistt"}\n```',
        'Sure! Here it is: {"intermediate": ["btsti"], "final": "bistt"}',
        "['btsti', 'bistt']",
        "\"['btsti', 'bistt']\"",
    ]
    result = metric.compute(predictions=styles, references=[label] * len(styles))
    assert result["sequential_match"] == 1.0 and result["invalid_predictions"] == 0


# --- evaluate.load("procbench_metric") from any folder, offline ------------------------

LOAD = (
    "import evaluate\n"
    "metric = evaluate.load('procbench_metric')\n"
    "result = metric.compute(predictions=['[\"btsti\", \"bitst\"]'], references=[{'intermediate': ['btsti'], "
    "'final': 'bistt'}])\n"
    "print(metric.name, result['prefix_accuracy'])\n"
)


def python_in(folder, code, tmp_path, **env):
    environment = {key: value for key, value in os.environ.items() if not key.startswith("HF_")}
    environment.update(PYTHONPATH=str(ROOT), HF_HOME=str(tmp_path / "hf"), HF_MODULES_CACHE=str(tmp_path / "modules"))
    environment.update(env)
    return subprocess.run([sys.executable, *code], cwd=folder, env=environment, capture_output=True, text=True)


@pytest.mark.parametrize(
    "hub",
    [{"HF_HUB_OFFLINE": "1"}, {"HF_ENDPOINT": "http://127.0.0.1:9"}],  # offline; a Hub that cannot be reached
    ids=["offline", "unreachable"],
)
def test_install_metric_then_load_it_by_name_from_any_folder(tmp_path, hub):
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    before = python_in(elsewhere, ["-c", LOAD], tmp_path, **hub)
    assert before.returncode == 1 and "Couldn't find a module script" in before.stderr
    for _ in range(2):  # a second install replaces the first
        installed = python_in(elsewhere, ["-m", "procbench_tools", "install-metric"], tmp_path, **hub)
        assert installed.returncode == 0 and 'evaluate.load("procbench_metric")' in installed.stderr
    copies = list(
        (tmp_path / "modules" / "evaluate_modules" / "metrics" / "evaluate-metric--procbench_metric").glob("*/")
    )
    assert len(copies) == 1 and (copies[0] / "procbench_metric.py").read_bytes() == procbench_metric.SCRIPT.read_bytes()
    after = python_in(elsewhere, ["-c", LOAD], tmp_path, **hub)
    assert after.returncode == 0, after.stderr
    assert after.stdout.split() == ["procbench_metric", "0.5"]
    assert list(elsewhere.iterdir()) == []  # nothing written where the user stands


def test_a_string_is_read_by_the_one_reader_everywhere():
    """One path from a string to states: the metric reads a text prediction exactly as
    procbench evaluate, the inspect scorer and the rewards do. ``'[0, 2, 1]'`` for Search
    (whose states are lists) is one list, not a list of states: no answer to every consumer
    (before, the metric read it as three states); as a structured list it is three states."""
    from procbench_tools.scoring.reader import read_answer

    label = {"init": [0, 0, 0], "intermediate": [[0, 1, 0], [0, 2, 0]], "final": [0, 2, 1]}
    assert read_answer("[0, 2, 1]", label) is None
    assert pm.parse_prediction("[0, 2, 1]", label) is None
    assert pm.score_row("[0, 2, 1]", label) == pm.Score(0.0, 0, 0, 0, False)
    assert pm.parse_prediction([0, 2, 1], label) == [0, 2, 1]  # a structured prediction


def test_a_chat_message_list_is_read_as_its_text():
    label = {"init": "ba", "intermediate": ["ab"], "final": "ab"}
    messages = [{"role": "assistant", "content": "Intermediate: ab\nFinal: ab"}]
    assert pm.parse_prediction(messages, label) == ["ab", "ab"]
