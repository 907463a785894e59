"""``procbench show``: one example's prompt, reference and a model's answer, side by side."""

from __future__ import annotations

import argparse
import difflib
import json
import shutil
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..evaluation.engine import Reference

EXAMPLES = """\
examples:
  procbench show Sort-07-003 --answers answers.jsonl --dataset procbench-dataset
      the prompt, the model's raw response, then reference and answer state by state,
      the first wrong state marked
  procbench show Sort-07-003 --dataset procbench-dataset --no-prompt
      just the reference states
"""

MARK = ">>"
MISSING = "-"


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "show",
        help="print one example's prompt, reference and a model's answer, the first wrong state marked",
        description="Print one example: its prompt, then its reference states beside a model's answer.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("id", help="the example's id, e.g. Sort-07-003")
    parser.add_argument("--dataset", required=True, help="an exported folder or a Hub dataset repo id")
    parser.add_argument("--answers", type=Path, help="a model's answers file (JSON Lines, as for evaluate)")
    parser.add_argument("--no-prompt", action="store_true", help="leave the prompt out")
    parser.add_argument("--no-response", action="store_true", help="leave the model's raw response out")
    parser.set_defaults(run=run)


def _state(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def state_rows(reference: Reference, prediction: Any) -> list[tuple[str, str, str, str]]:
    """``(mark, step, reference state, predicted state)`` per scored state: step 1 … N (the
    last is the final state), as long as the longer of the two sequences; the first wrong
    state carries ``MARK``, and ``MISSING`` stands for a state one side lacks."""
    from ..scoring.measures import parse_prediction, states_match

    expected = [*reference.label["intermediate"], reference.label["final"]]
    predicted = parse_prediction(prediction) or []
    rows, wrong_seen = [], False
    for index in range(max(len(expected), len(predicted))):
        has_reference, has_prediction = index < len(expected), index < len(predicted)
        right = has_reference and has_prediction and states_match(predicted[index], expected[index])
        mark = ""
        if not right and not wrong_seen:
            mark, wrong_seen = MARK, True
        step = f"{index + 1}" + (" final" if index == len(expected) - 1 else "")
        rows.append(
            (
                mark,
                step,
                _state(expected[index]) if has_reference else MISSING,
                _state(predicted[index]) if has_prediction else MISSING,
            )
        )
    return rows


def states_table(rows: list[tuple[str, str, str, str]], init: Any, answer_title: str, width: int) -> str:
    """The rows side by side when they fit in ``width`` columns, else each step's two
    states one above the other."""
    step_width = max(len("step"), *(len(step) for _, step, _, _ in rows))
    left = max(len("reference"), len(_state(init)), *(len(ref) for _, _, ref, _ in rows))
    right = max(len(answer_title), *(len(answer) for _, _, _, answer in rows))
    if 3 + step_width + 2 + left + 2 + right <= width:
        lines = [f"{'':3}{'step':<{step_width}}  {'reference':<{left}}  {answer_title}"]
        lines.append(f"{'':3}{'init':<{step_width}}  {_state(init)}")
        for mark, step, reference, answer in rows:
            flag = "   <- first wrong state" if mark else ""
            lines.append(f"{mark:<3}{step:<{step_width}}  {reference:<{left}}  {answer}{flag}".rstrip())
        return "\n".join(lines)
    lines = [f"init:  {_state(init)}"]
    for mark, step, reference, answer in rows:
        lines.append(f"{mark:<3}step {step}" + ("   <- first wrong state" if mark else ""))
        lines.append(f"     reference: {reference}")
        lines.append(f"     {answer_title + ':':<10} {answer}")
    return "\n".join(lines)


def _find(identifier: str, references: dict[str, Reference]) -> Reference:
    """The example ``identifier`` names: a whole id, or one without its question digest
    (``Sort-07-003``) when exactly one example of the dataset has it."""
    if identifier in references:
        return references[identifier]
    starting = [known for known in references if known.startswith(identifier + "-")]
    if len(starting) == 1:
        return references[starting[0]]
    close = starting[:3] or difflib.get_close_matches(identifier, list(references), n=3)
    hint = f"; did you mean {', '.join(close)}?" if close else "; ids look like Sort-07-003-1f0c9a2e"
    raise ValueError(f"no example {identifier!r} in the dataset{hint}")


def render(
    reference: Reference,
    line: dict[str, Any] | None,
    *,
    source: str = "",
    prompt: bool = True,
    response: bool = True,
    width: int = 100,
) -> str:
    """The whole printout for one example and (optionally) one answer line."""
    from ..evaluation.engine import LINE, read_and_score

    head = f"{reference.id}: task {reference.task}, {reference.steps} steps"
    parts = []
    if prompt:
        parts += ["=== prompt ===", reference.prompt.rstrip(), ""]
    if line is None:
        expected = [*reference.label["intermediate"], reference.label["final"]]
        lines = [f"init     {_state(reference.label['init'])}"]
        lines += [f"{f'{index}' + (' final' if index == len(expected) else ''):<9}{_state(state)}"
                  for index, state in enumerate(expected, start=1)]  # fmt: skip
        parts += ["=== reference ===", "\n".join(lines)]
        return "\n".join([head, "", *parts])
    prediction, (accuracy, sequential, final, matched, valid), _ = read_and_score(line, reference)
    where = f"{source}:{line[LINE]}" if LINE in line else source
    head += f"; answer at {where}" if where else ""
    if response and "response" in line:
        parts += ["=== response ===", str(line["response"]).rstrip(), ""]
    verdict = "all states right" if sequential else f"first wrong state: step {matched + 1}"
    if not valid:
        verdict = "no readable answer"
    parts += [
        f"=== reference and answer ({verdict}) ===",
        states_table(state_rows(reference, prediction), reference.label["init"], "answer", width),
        "",
        f"PA {accuracy:.3f}  SM {sequential}  FM {final}  PML {matched}",
    ]
    return "\n".join([head, "", *parts])


def run(args: argparse.Namespace) -> int:
    from ..evaluation.engine import load_references, read_predictions
    from ..text import plural

    line = None
    if args.answers is not None:
        if not args.answers.is_file():
            raise ValueError(f"answers file {args.answers} does not exist")
        lines = {entry["id"]: entry for entry in read_predictions(args.answers)}
    references = load_references(args.dataset)
    reference = _find(args.id, references)
    if args.answers is not None:
        line = lines.get(reference.id)
        if line is None:
            raise ValueError(
                f"{args.answers} has no answer for {reference.id} ({plural(len(lines), 'answer')} in the file)"
            )
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
