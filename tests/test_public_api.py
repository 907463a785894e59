"""``import procbench``: one import for the whole public API, and a light one."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

import procbench

ROOT = Path(__file__).resolve().parent.parent
HEAVY = (
    "datasets",
    "evaluate",
    "numpy",
    "pyarrow",
    "pandas",
    "reasoning_gym",
    "procbench_metric",
    "procbench_generators",
)


def modules_after(code):
    """The heavy modules loaded by ``code`` in a fresh interpreter."""
    probe = f"{code}\nimport sys, json\nprint(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))"
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True)
    return json.loads(result.stdout.splitlines()[-1])


def test_import_procbench_loads_nothing_heavy():
    assert modules_after("import procbench") == []


def test_generating_and_streaming_need_no_datasets_evaluate_or_numpy():
    code = (
        "import itertools, procbench\n"
        "procbench.generate('Sort', 3, 0)\n"
        "list(itertools.islice(procbench.stream(['Sort']), 5))"
    )
    assert modules_after(code) == ["procbench_generators"]
    rewards = "import procbench\nprocbench.prefix_accuracy_reward, procbench.format_reward, procbench.Curriculum"
    assert modules_after(rewards) == []


def test_from_procbench_import_the_builder():
    assert "datasets" in modules_after("from procbench import ProcBench")
    from procbench import ProcBench
    from procbench_tools.dataset.builder import ProcBench as defined

    assert ProcBench is defined


@pytest.mark.parametrize(
    ("name", "module"),
    [
        ("TASKS", "procbench_generators"),
        ("generate", "procbench_generators"),
        ("solve", "procbench_generators"),
        ("prompt_for", "procbench_generators"),
        ("ProcBench", "procbench_tools.dataset.builder"),
        ("read_answer", "procbench_tools.scoring.reader"),
        ("score_row", "procbench_tools.scoring.measures"),
        ("score", "procbench_tools.scoring.measures"),
        ("length_bucket", "procbench_tools.scoring.lengths"),
        ("Settings", "procbench_generators.settings"),
        ("stream", "procbench_tools.training.stream"),
        ("Stream", "procbench_tools.training.stream"),
        ("Curriculum", "procbench_tools.training.curriculum"),
        ("iterable_dataset", "procbench_tools.training.hf_dataset"),
        ("prefix_accuracy_reward", "procbench_tools.training.rewards"),
        ("sequential_match_reward", "procbench_tools.training.rewards"),
        ("final_match_reward", "procbench_tools.training.rewards"),
        ("format_reward", "procbench_tools.training.rewards"),
    ],
)
def test_each_public_name_is_the_defining_module_s(name, module):
    import importlib

    assert getattr(procbench, name) is getattr(importlib.import_module(module), name)
    assert name in procbench.__all__ and name in dir(procbench)


def test_every_name_in_all_resolves():
    for name in procbench.__all__:
        assert getattr(procbench, name) is not None


def test_reading_and_scoring_through_procbench():
    label = {"init": "itstb", "intermediate": ["btsti"], "final": "bistt"}
    answer = procbench.read_answer('Working...\n{"intermediate": ["btsti"], "final": "bitst"}')
    assert answer == {"intermediate": ["btsti"], "final": "bitst"}
    assert procbench.score_row(answer, label) == (0.5, 0, 0, 1, True)
    assert procbench.score([answer], [label])["prefix_accuracy"] == 0.5


def test_unknown_names_raise_attribute_error():
    with pytest.raises(AttributeError, match="module 'procbench' has no attribute 'strem'"):
        procbench.strem  # noqa: B018
    assert not hasattr(procbench, "extract_answer")


def test_readme_trl_example_uses_only_real_names():
    """The README's TRL example is not run (TRL pulls torch); its procbench names and
    keyword arguments are checked here."""
    import ast
    import inspect
    import re

    blocks = re.findall(r"```py\n(.*?)```", (ROOT / "README.md").read_text(), re.S)
    (block,) = [block for block in blocks if "GRPOTrainer" in block]
    nodes = list(ast.walk(ast.parse(block)))
    calls = {
        node.attr: set()
        for node in nodes
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "procbench"
    }
    for node in nodes:
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in calls:
            calls[node.func.attr] |= {keyword.arg for keyword in node.keywords}
    assert set(calls) == {"iterable_dataset", "prefix_accuracy_reward", "format_reward"}
    assert calls["iterable_dataset"] == {"curriculum", "max_steps"}
    assert calls["iterable_dataset"] <= set(inspect.signature(procbench.iterable_dataset).parameters)
