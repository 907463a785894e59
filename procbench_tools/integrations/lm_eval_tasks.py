"""The hooks of ProcBench's lm-evaluation-harness task pack (the YAML files in
``lm_eval_pack/``, printed by ``procbench lm-eval-tasks`` for ``--include_path``).

- :func:`load_docs` is each task's ``custom_dataset``: lm-eval calls it with the run's
  metadata (``--metadata '{"per_step": 3, "max_steps": 40}'``; lm-eval merges
  ``--model_args`` in too, so unknown keys are ignored) and the task's ``dataset_kwargs``.
  Parameters: ``min_steps``, ``max_steps``, ``per_step``, ``seed``, ``answer_format`` and
  ``dataset`` (an exported folder or Hub repo id), with the same defaults as
  ``procbench generate``. Docs come in spread order, so ``--limit N`` samples every length.
- :func:`process_results` scores one answer: the four measures, plus prefix accuracy and
  sequential match per length bucket (``short``, ``medium``, ``long`` and ``extra``, steps
  outside the paper's 2-25), NaN for the buckets the example is not in: every metric has
  a value for every doc (lm-eval warns about metrics counted over fewer docs, and its
  group means weigh each task by its number of docs).
- :func:`bucket_mean` aggregates those: the mean of the non-NaN values, NaN for a bucket
  without examples. A custom aggregation, because lm-eval bootstraps its built-in
  ``nanmean`` (100,000 resamples each).

Importing this module registers the simulated model, ``--model procbench-simulated``
(:mod:`.lm_eval_simulated`; :func:`register_simulated_model`). lm-eval (0.4.13) reads no
entry points for models, but given a task's YAML file (``--tasks
PACK/procbench_sort.yaml``) it loads the file, and so imports these hooks, before it looks
the model up (``lm_eval/config/evaluate_config.py:463``, then ``lm_eval/evaluator.py:257``):
so a plain ``lm_eval --model procbench-simulated`` finds it. Given a task's name it only
indexes the YAML (``lm_eval/tasks/_index.py:59``, no hooks imported) and loads the task
after the model lookup (``lm_eval/evaluator.py:302``): names need the module route.
"""

from __future__ import annotations

import json
import math
from typing import Any

from ..scoring.lengths import BUCKET_NAMES
from . import LM_EVAL_SIMULATED_MODEL, LM_EVAL_TASK_PACK
from .examples import benchmark_examples
from .scores import MEASURES, score_response

PARAMETERS = ("min_steps", "max_steps", "per_step", "seed", "answer_format", "dataset")
BUCKET_MEASURES = ("prefix_accuracy", "sequential_match")  # per length bucket, as in the paper's Table 2


SIMULATED_MODEL_CLASS = "procbench_tools.integrations.lm_eval_simulated:SimulatedLM"


def register_simulated_model() -> None:
    """Register ``procbench-simulated`` in lm-eval's model registry as a lazy placeholder
    (the model's module is imported when the model is first used), unless the name is taken
    already (by :mod:`.lm_eval_simulated` run as ``python -m``, where its class is
    ``__main__``'s). lm-eval's own models are registered first: lm-eval imports them only
    while its registry is empty."""
    import lm_eval.models  # noqa: F401
    from lm_eval.api.registry import model_registry

    if LM_EVAL_SIMULATED_MODEL not in model_registry:
        model_registry.register(LM_EVAL_SIMULATED_MODEL, target=SIMULATED_MODEL_CLASS)


register_simulated_model()


def task_pack() -> str:
    """The folder to pass to lm-eval's ``--include_path``."""
    return str(LM_EVAL_TASK_PACK)


def load_docs(task: str, **metadata: Any) -> dict[str, Any]:
    """``{"test": datasets.Dataset}`` of one ProcBench task's docs: ``id``, ``task``,
    ``steps``, ``length``, ``label`` (a JSON string: all tasks share one Arrow schema) and
    ``prompt``."""
    import datasets

    examples = benchmark_examples(task, **{name: metadata.get(name) for name in PARAMETERS})
    rows = [{**example, "label": json.dumps(example["label"], ensure_ascii=False)} for example in examples]
    return {"test": datasets.Dataset.from_list(rows)}


def process_results(doc: dict[str, Any], results: list[str]) -> dict[str, float]:
    """The four measures of the first response, and PA/SM per length bucket (NaN outside
    the example's bucket)."""
    figures, _, _ = score_response(results[0], doc["task"], json.loads(doc["label"]))
    scored = {measure: figures[measure] for measure in MEASURES}
    for bucket in BUCKET_NAMES:
        for measure in BUCKET_MEASURES:
            scored[f"{measure}_{bucket}"] = figures[measure] if doc["length"] == bucket else math.nan
    return scored


def bucket_mean(values: list[float]) -> float:
    """The mean of the values that are not NaN; NaN when there are none."""
    present = [value for value in values if not math.isnan(value)]
    return sum(present) / len(present) if present else math.nan
