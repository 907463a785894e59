"""The report's drill-down: for each model, the answers that failed earliest, with every
model's answer to the same examples beside them.

Chosen from ``scores.jsonl`` in one streaming pass (memory bounded by the examples kept,
not the answers): per model, task and length bucket, the ``PER_GROUP`` failed answers
(sequential match 0) whose first wrong state comes earliest (ties by id), so that the
report's filters by task and length always find examples. A second pass collects every
model's answer to the chosen examples, and a pass over the dataset their questions."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..scoring.lengths import length_bucket
from .summary import task_order

if TYPE_CHECKING:
    from .references import Dataset

PER_GROUP = 2  # failed answers kept per model, task and length bucket
RESPONSE_HEAD = 600  # characters of a long reply kept from its start ...
RESPONSE_TAIL = 1_800  # ... and from its end (where the answer is)
QUESTION = "[Question]"  # where a prompt's question block starts


@dataclass
class DrillExample:
    """One example of the drill-down: the question, the label, every model's scored answer
    (its ``scores.jsonl`` record, the reply shortened) and the models it was chosen for."""

    id: str
    task: str
    steps: int
    label: dict[str, Any]
    answers: dict[str, dict[str, Any]] = field(default_factory=dict)
    failed_by: list[str] = field(default_factory=list)
    question: str = ""

    @property
    def bucket(self) -> str:
        return length_bucket(self.steps)

    def earliest(self) -> int:
        """The earliest first wrong state among the models it was chosen for."""
        return min(self.answers[model]["first_wrong"] for model in self.failed_by)


def shortened(response: str | None) -> str | None:
    """A reply as the report shows it: whole up to ``RESPONSE_HEAD + RESPONSE_TAIL``
    characters, else its start and its end with the number of characters left out."""
    if response is None or len(response) <= RESPONSE_HEAD + RESPONSE_TAIL:
        return response
    left_out = len(response) - RESPONSE_HEAD - RESPONSE_TAIL
    return f"{response[:RESPONSE_HEAD]}\n[… {left_out:,} characters left out …]\n{response[-RESPONSE_TAIL:]}"


def earliest_failures(scores: Path, per_group: int = PER_GROUP) -> dict[str, set[str]]:
    """Per model, the ids of its ``per_group`` earliest failures in each task and length
    bucket."""
    kept: dict[tuple[str, str, str], list[tuple[int, str]]] = {}
    with scores.open("rb") as stream:
        for line in stream:
            record = json.loads(line)
            if record["first_wrong"] is None:
                continue
            group = kept.setdefault((record["model"], record["task"], length_bucket(record["steps"])), [])
            group.append((record["first_wrong"], record["id"]))
            if len(group) > 4 * per_group:  # trimmed now and then: memory stays bounded
                group.sort()
                del group[per_group:]
    chosen: dict[str, set[str]] = {}
    for (model, _, _), group in kept.items():
        chosen.setdefault(model, set()).update(identifier for _, identifier in sorted(group)[:per_group])
    return chosen


def collect(scores: Path, chosen: dict[str, set[str]], models: Iterable[str]) -> list[DrillExample]:
    """Every model's answer to the examples chosen for any model, in the report's order:
    earliest first wrong state first, then by task (the benchmark's order), steps and id."""
    wanted = set().union(*chosen.values()) if chosen else set()
    examples: dict[str, DrillExample] = {}
    with scores.open("rb") as stream:
        for line in stream:
            record = json.loads(line)
            if record["id"] not in wanted:
                continue
            example = examples.get(record["id"])
            if example is None:
                example = examples[record["id"]] = DrillExample(
                    record["id"], record["task"], record["steps"], record["reference"]
                )
            record["response"] = shortened(record["response"])
            example.answers[record["model"]] = record
    order = list(models)
    for example in examples.values():
        example.failed_by = [model for model in order if example.id in chosen.get(model, ())]
        example.answers = {model: example.answers[model] for model in order if model in example.answers}
    ranks = {task: rank for rank, task in enumerate(task_order(example.task for example in examples.values()))}
    return sorted(
        examples.values(), key=lambda example: (example.earliest(), ranks[example.task], example.steps, example.id)
    )


def add_questions(examples: list[DrillExample], dataset: Dataset) -> None:
    """Give each example its prompt's question block (from ``[Question]`` on; the whole
    prompt when it has no such block), read in one pass over the dataset."""
    by_id = {example.id: example for example in examples}
    if not by_id:
        return
    found = 0
    for row in dataset.rows(("id", "prompt")):
        example = by_id.get(row["id"])
        if example is None:
            continue
        prompt = row.get("prompt") or ""
        start = prompt.rfind(QUESTION)
        example.question = (prompt[start:] if start >= 0 else prompt).strip()
        found += 1
        if found == len(by_id):
            return


def drill_down(scores: Path, models: Iterable[str], dataset: Dataset) -> list[DrillExample]:
    """The drill-down's examples (see the module's docstring)."""
    order = list(models)
    examples = collect(scores, earliest_failures(scores), order)
    add_questions(examples, dataset)
    return examples
