"""Every label of the original generator (shared/conformance) is reproduced exactly,
JSON types included."""

import json
import os
from pathlib import Path

import pytest

import procbench_generators

REFERENCE = Path(__file__).resolve().parents[2] / "shared" / "conformance" / "reference_examples.jsonl"


def canonical(value):
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def load_reference():
    if not REFERENCE.is_file():
        if os.environ.get("PROCBENCH_REQUIRE_CONFORMANCE"):
            pytest.fail(f"conformance file missing: {REFERENCE}")
        pytest.skip(f"conformance file not found at {REFERENCE} (it sits beside the repo in CI)")
    with REFERENCE.open(encoding="utf-8") as lines:
        return [json.loads(line) for line in lines]


def test_all_reference_labels_are_reproduced():
    reference = load_reference()
    assert len(reference) == 5520
    differing = [
        record["reference_id"]
        for record in reference
        if canonical(procbench_generators.solve(record["task"], record["question"])) != canonical(record["label"])
    ]
    assert differing == []


def test_reference_covers_every_task_and_step_count():
    reference = load_reference()
    assert {record["task"] for record in reference} == set(procbench_generators.TASKS)
    for record in reference:
        label = record["label"]
        assert len(label["intermediate"]) + 1 == record["steps"], record["reference_id"]
