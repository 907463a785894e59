"""What holds across the tasks: every task has its test file and its template, and the
tasks whose initial state has another type are the ones the templates say so for."""

import importlib
from pathlib import Path

import procbench_generators
from tests.tasks.checks import TaskChecks, initial_state_differs

HERE = Path(__file__).resolve().parent
TEMPLATES = HERE.parent.parent / "templates"


def test_every_task_has_its_test_file_with_cases():
    for task in procbench_generators.TASKS:
        module = importlib.import_module(f"tests.tasks.test_{task.lower()}")
        checks = getattr(module, f"Test{task}")
        assert issubclass(checks, TaskChecks) and checks.task == task
        assert checks.labels and checks.malformed, task  # at least one of each


def test_one_template_per_task_and_nothing_else():
    assert sorted(p.stem for p in TEMPLATES.glob("*.txt")) == sorted(procbench_generators.TASKS)


def test_tasks_whose_initial_state_has_another_type():
    assert [task for task in procbench_generators.TASKS if initial_state_differs(task)] == [
        "Count",
        "Encode",
        "Compare",
    ]
