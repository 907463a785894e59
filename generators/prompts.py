"""The procedure texts (``templates/<Task>.txt``) and prompt rendering.

A template is the procedure in prose, then two closing paragraphs, each separated from the
text before it by a blank line: a request for the answer in the reader's own words (the
final state together with the list of intermediate states, worded for the task, as the
original benchmark asks), then a request for the answer as one JSON object
(``Answer format: ...``). A prompt ends with exactly one of the two: the JSON request by
default, the free-form request with ``answer_format=False``.
"""

from __future__ import annotations

import functools
from importlib import resources
from pathlib import Path
from typing import NamedTuple

from .registry import Question, get_task, registered_tasks

# An installed package carries the templates as the data folder ``procbench_generators/templates``
# (see setup.cfg); in a source checkout they sit in ``templates/`` beside the package.
_SOURCE_DIR = Path(__file__).resolve().parent.parent / "templates"


@functools.cache
def load_template(task: str) -> str:
    """The full template text of a task (canonical name), without a trailing newline."""
    packaged = resources.files(__package__ or "procbench_generators") / "templates" / f"{task}.txt"
    source = packaged if packaged.is_file() else _SOURCE_DIR / f"{task}.txt"
    return source.read_text(encoding="utf-8").strip()


class Template(NamedTuple):
    procedure: str  # the procedure in prose
    free_form_request: str  # "Give the final ... together with the list of intermediate ..."
    json_request: str  # "Answer format: end your answer with one JSON object ..."


def split_template(text: str) -> Template:
    """The three parts of a template text."""
    rest, _, json_request = text.rpartition("\n\n")
    procedure, _, free_form_request = rest.rpartition("\n\n")
    return Template(procedure, free_form_request, json_request)


def procedure_text(task: str, answer_format: bool = True) -> str:
    """The procedure followed by its closing request: the JSON one (``answer_format``) or
    the free-form one."""
    template = split_template(load_template(task))
    request = template.json_request if answer_format else template.free_form_request
    return f"{template.procedure}\n\n{request}"


QUESTION_HEADING = "[Question]"


@functools.cache
def _prompt_head(task: str, answer_format: bool) -> str:
    return f"{procedure_text(task, answer_format)}\n\n{QUESTION_HEADING}\n"


def render_prompt(task: str, question_block: str, answer_format: bool = True) -> str:
    return f"{_prompt_head(task, answer_format)}{question_block}\n"


@functools.cache
def _procedures() -> dict[str, str]:
    """Every task's procedure text with either closing request, mapped to the task."""
    return {
        procedure_text(task.name, answer_format): task.name
        for task in registered_tasks()
        for answer_format in (True, False)
    }


def read_prompt(prompt: str) -> tuple[str, Question]:
    """The task and question of a prompt made by :func:`render_prompt` (either answer
    format; surrounding blank space ignored), read back from its ``[Question]`` block with
    the task's parser. ``ValueError`` when the text is not such a prompt."""
    procedure, found, block = prompt.strip().rpartition(f"\n\n{QUESTION_HEADING}\n")
    task = _procedures().get(procedure) if found else None
    if task is None:
        raise ValueError("not a ProcBench prompt: no task's procedure text followed by a [Question] block")
    spec = get_task(task)
    try:
        question = spec.parse(block)
        rendered = spec.render(question)
    except (ValueError, KeyError, IndexError, TypeError):
        rendered = None
    if rendered != block:
        raise ValueError(f"the [Question] block of this {task} prompt is not one {task}'s renderer writes")
    return task, question
