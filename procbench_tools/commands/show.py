"""``procbench show``: one example's prompt, reference and a model's answer, side by side."""

from __future__ import annotations

import argparse
import difflib
import shutil
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..evaluation.states import StateRow, state_rows, state_text
from ..text import printable

__all__ = ["state_rows", "states_table"]  # the rows live in evaluation.states, shared with the report

if TYPE_CHECKING:
    from ..evaluation.answers import AnswerLine
    from ..evaluation.references import Dataset, Example

EXAMPLES = """\
examples:
  procbench show Sort-07-003-990c6f33 --answers answers.jsonl --dataset procbench
      the prompt, the model's raw response, then reference and answer state by state,
      the first wrong state marked (the default benchmark exported to ./procbench)
  procbench show Sort-07-003 --dataset procbench --no-prompt
      just the reference states; an id without its last part works when one example has it
  procbench show Sort-07-003 --dataset procbench.jsonl
      the dataset as a JSON Lines file made by `procbench generate`
"""


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "show",
        help="print one example's prompt, reference and a model's answer, the first wrong state marked",
        description="Print one example: its prompt, then its reference states beside a model's answer.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("id", help="the example's id, e.g. Sort-07-003-990c6f33 (or Sort-07-003)")
    parser.add_argument(
        "--dataset",
        required=True,
        help="a folder made by `procbench export`, a JSONL file made by `procbench generate`, or a Hub dataset repo id",
    )
    parser.add_argument("--answers", type=Path, help="a model's answers file (JSON Lines, as for evaluate)")
    parser.add_argument("--no-prompt", action="store_true", help="leave the prompt out")
    parser.add_argument("--no-response", action="store_true", help="leave the model's raw response out")
    parser.set_defaults(run=run)


def states_table(rows: list[StateRow], init: Any, answer_title: str, width: int) -> str:
    """The rows side by side when they fit in ``width`` columns, else each step's two
    states one above the other."""
    step_width = max(len("step"), *(len(step) for _, step, _, _ in rows))
    left = max(len("reference"), len(state_text(init)), *(len(ref) for _, _, ref, _ in rows))
    right = max(len(answer_title), *(len(answer) for _, _, _, answer in rows))
    if 3 + step_width + 2 + left + 2 + right <= width:
        lines = [f"{'':3}{'step':<{step_width}}  {'reference':<{left}}  {answer_title}"]
        lines.append(f"{'':3}{'init':<{step_width}}  {state_text(init)}")
        for mark, step, reference, answer in rows:
            flag = "   <- first wrong state" if mark else ""
            lines.append(f"{mark:<3}{step:<{step_width}}  {reference:<{left}}  {answer}{flag}".rstrip())
        return "\n".join(lines)
    lines = [f"init:  {state_text(init)}"]
    for mark, step, reference, answer in rows:
        lines.append(f"{mark:<3}step {step}" + ("   <- first wrong state" if mark else ""))
        lines.append(f"     reference: {reference}")
        lines.append(f"     {answer_title + ':':<10} {answer}")
    return "\n".join(lines)


def find_example(identifier: str, dataset: Dataset) -> Example:
    """The example ``identifier`` names: a whole id, or one without its question digest
    (``Sort-07-003``) when exactly one example has it. ``ValueError`` otherwise, offering
    the examples at the same place (task, steps and index), else the closest ids."""
    from procbench_generators.benchmark import parse_example_id

    from ..evaluation.references import Example

    parsed = parse_example_id(identifier)
    place = parsed.stem + "-" if parsed is not None else identifier + "-"
    same_place, first_id = [], None
    ids: list[str] = []
    for position, row in enumerate(dataset.rows()):
        first_id = first_id or row["id"]
        if row["id"] == identifier:
            return Example.from_row(row, position)
        if row["id"].startswith(place) or row["id"] == place[:-1]:
            same_place.append(Example.from_row(row, position))
        ids.append(row["id"])
    shortened = [example for example in same_place if example.id.startswith(identifier + "-")]
    if len(shortened) == 1:
        return shortened[0]
    close = [example.id for example in same_place[:3]] or difflib.get_close_matches(identifier, ids, n=3)
    hint = f"; did you mean {', '.join(close)}?" if close else f"; ids look like {first_id}"
    raise ValueError(f"no example {identifier!r} in the dataset {dataset.source}{hint}")


def render(
    reference: Example,
    line: AnswerLine | None,
    *,
    source: str = "",
    prompt: bool = True,
    response: bool = True,
    width: int = 100,
) -> str:
    """The whole printout for one example and (optionally) one answer line; everything
    from the dataset or the answers passes through :func:`~procbench_tools.text.printable`."""
    from ..evaluation.scored import score_answer

    head = printable(f"{reference.id}: task {reference.task}, {reference.steps} steps")
    parts = []
    if prompt:
        parts += ["=== prompt ===", printable(reference.prompt.rstrip()), ""]
    if line is None:
        expected = [*reference.label["intermediate"], reference.label["final"]]
        lines = [f"init     {state_text(reference.label['init'])}"]
        lines += [f"{f'{index}' + (' final' if index == len(expected) else ''):<9}{state_text(state)}"
                  for index, state in enumerate(expected, start=1)]  # fmt: skip
        parts += ["=== reference ===", "\n".join(lines)]
        return "\n".join([head, "", *parts])
    where = f"{source}:{line.number}" if line.number is not None else source
    scored = score_answer("", line, reference, where)
    score = scored.score
    head += printable(f"; answer at {where}") if where else ""
    if response and line.response is not None:
        parts += ["=== response ===", printable(str(line.response).rstrip()), ""]
    verdict = (
        "all states right" if score.sequential_match else f"first wrong state: step {score.prefix_match_length + 1}"
    )
    if not score.valid:
        verdict = "no readable answer"
    if scored.possibly_misread:
        verdict += f"; a possible misread ({', '.join(scored.doubts)})"
    parts += [
        f"=== reference and answer ({verdict}) ===",
        printable(states_table(state_rows(reference, scored.prediction), reference.label["init"], "answer", width)),
        "",
        f"PA {score.prefix_accuracy:.3f}  SM {score.sequential_match}  FM {score.final_match}  "
        f"PML {score.prefix_match_length}",
    ]
    return "\n".join([head, "", *parts])


def run(args: argparse.Namespace) -> int:
    from ..evaluation.answers import check_answers_path, find_answer
    from ..evaluation.references import open_dataset
    from ..text import plural

    if args.answers is not None:
        check_answers_path(args.answers)
    reference = find_example(args.id, open_dataset(args.dataset))
    line = None
    if args.answers is not None:
        line, count = find_answer(args.answers, reference.id)
        if line is None:
            raise ValueError(f"{args.answers} has no answer for {reference.id} ({plural(count, 'answer')} in the file)")
    width = shutil.get_terminal_size((100, 24)).columns
    print(
        render(
            reference,
            line,
            source=str(args.answers or ""),
            prompt=not args.no_prompt,
            response=not args.no_response,
            width=width,
        )
    )
    return 0
