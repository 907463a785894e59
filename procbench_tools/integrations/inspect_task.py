"""ProcBench as an inspect-ai task: ``inspect eval procbench_tools/procbench --model ...``.

Registered as inspect_evals registers its evals: inspect names a task, scorer or metric
``<top-level package that defines it>/<name>`` and finds the package through the
``inspect_ai`` entry point of that name, here ``procbench_tools`` (setup.cfg), which imports
:mod:`.inspect_registry` and so this module; its decorators register the task ``procbench_tools/procbench``, the scorer
``procbench_tools/step_scores`` and the metrics ``procbench_tools/by_length`` and
``procbench_tools/by_task``. Install with the ``inspect`` extra.

Task parameters (``-T name=value``): ``tasks`` (names or ``taskNN`` ids, a list or a comma
string; default all 23), ``min_steps``, ``max_steps``, ``per_step``, ``seed`` (defaults: the
default benchmark, 5,520 examples), ``answer_format`` and ``dataset`` (an exported folder or
a Hub repo id, to run a published set instead of generating one).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from inspect_ai import Task, task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.scorer import Metric, Score, Target, grouped, mean, metric, scorer, stderr
from inspect_ai.solver import TaskState, generate

from ..errors import HubError
from ..evaluation.extraction import Extractor, make_extractor
from ..evaluation.extractor_comparison import DOUBTFUL, EXTRACT_MODES, needs_extraction, same_states
from ..scoring.measures import parse_prediction, score_row
from .examples import benchmark_examples
from .scores import MEASURES, score_response

try:  # inspect prints this error's message alone, without a traceback
    from inspect_ai._util.error import PrerequisiteError as _CleanError
except ImportError:  # pragma: no cover - a future inspect without it
    _CleanError = Exception  # type: ignore[misc, assignment]


class ParameterError(_CleanError, ValueError):
    """A bad task parameter (or an unreadable dataset): one line naming the value and the
    valid choices. A ``ValueError`` for Python callers."""

    def __init__(self, message: str) -> None:
        ValueError.__init__(self, message)
        self.message = message


@metric(name="by_length")
def by_length() -> Metric:
    """The mean per length bucket (``short``, ``medium``, ``long``, ``extra``)."""
    return grouped(mean(), "length", all=False)


@metric(name="by_task")
def by_task() -> Metric:
    """The mean per ProcBench task."""
    return grouped(mean(), "task", all=False)


@scorer(metrics={measure: [mean(), stderr(), by_length(), by_task()] for measure in MEASURES})
def step_scores(extractor: Extractor | None = None, extract: str = DOUBTFUL) -> Callable[..., Any]:
    """Prefix accuracy, sequential match, final match and prefix match length of the
    answer, read with procbench's answer reader. With ``extractor``, the replies ``extract``
    sends (``"doubtful"``: not read in full or read with a doubt; ``"all"``) are read again by
    that model, as the paper did, beside the reader: its reading goes in the score's metadata
    (``extractor``), the score stays the reader's."""

    async def score(state: TaskState, target: Target) -> Score:
        metadata = state.metadata
        response = state.output.completion
        figures, prediction, how = score_response(response, metadata["task"], metadata["label"])
        if extractor is not None and needs_extraction(extract, how["doubts"], how["full"]):
            extraction = await extractor.extract(
                response, [*metadata["label"]["intermediate"], metadata["label"]["final"]]
            )
            extracted = score_row(extraction.prediction, metadata["label"])
            how["extractor"] = {
                "model": extractor.name,
                "prediction": extraction.prediction,
                "sequential_match": extracted.sequential_match,
                "same_states": same_states(
                    parse_prediction(prediction, metadata["label"]),
                    parse_prediction(extraction.prediction, metadata["label"]),
                ),
            }
        return Score(
            value={measure: figures[measure] for measure in MEASURES},
            answer=json.dumps(prediction, ensure_ascii=False) if prediction is not None else None,
            explanation=None if prediction is not None else "no answer could be read from the response",
            metadata={key: value for key, value in how.items() if key != "full"},
        )

    return score


def samples(examples: list[dict[str, Any]]) -> list[Sample]:
    """One ``Sample`` per example: id, prompt, the label as target, and metadata."""
    return [
        Sample(
            id=example["id"],
            input=example["prompt"],
            target=json.dumps(example["label"], ensure_ascii=False),
            metadata={key: example[key] for key in ("task", "steps", "length", "label")},
        )
        for example in examples
    ]


@task(name="procbench")
def procbench(
    tasks: str | list[str] | None = None,
    min_steps: int | None = None,
    max_steps: int | None = None,
    per_step: int | None = None,
    seed: int | None = None,
    answer_format: bool | None = None,
    dataset: str | None = None,
    extractor: str | None = None,
    extract: str = DOUBTFUL,
) -> Task:
    """ProcBench (arXiv 2410.03117): multi-step procedure following, scored step by step.

    Args:
        tasks: task names or ``taskNN`` ids, a list or a comma-separated string (default: all 23).
        min_steps: fewest steps of a generated example (default 2).
        max_steps: most steps (default 25).
        per_step: examples per task and step count (default 10).
        seed: seed of the generated set (default 2024).
        answer_format: keep the JSON answer-format paragraph in the prompts (default true).
        dataset: an exported folder or Hub repo id to run instead of generating (then only
            ``tasks``, ``min_steps`` and ``max_steps`` apply, as filters).
        extractor: a model (any name inspect takes) that reads replies again, as the paper's
            GPT-4o extraction did, beside the reader (its reading in each score's metadata).
        extract: which replies go to the extractor: ``doubtful`` (default: those the reader
            could not read in full or read with a doubt) or ``all``.
    """
    if extract not in EXTRACT_MODES:
        raise ParameterError(f"procbench: extract={extract!r} is not one of {', '.join(EXTRACT_MODES)}")
    try:
        examples = benchmark_examples(tasks, min_steps, max_steps, per_step, seed, answer_format, dataset)
        second = None if extractor is None else make_extractor(extractor)
    except (ValueError, HubError) as error:
        raise ParameterError(f"procbench: {error}") from None
    return Task(
        dataset=MemoryDataset(samples(examples), name="procbench"),
        solver=generate(),
        scorer=step_scores(second, extract),
    )
