"""The tokens and truncation of an lm-eval run's replies, where they can be known.

lm-eval's samples keep each reply's text and its generation arguments (``max_gen_toks``,
the token limit), never its token count or why it ended. A count is honest only in the
model's own tokens, so it is made for the one model whose tokens procbench knows offline:
``procbench-simulated`` (:mod:`..integrations.lm_eval_simulated`), whose tokens are the
whitespace-separated words of its text, and which stops at ``max_gen_toks`` of them. The
run's model is read from the ``results_<date>.json`` lm-eval writes beside the samples
(``config.model``). A reply of at least ``max_gen_toks`` tokens counts as cut off by the
limit (one that ends by itself at exactly the limit would count too: the samples cannot
tell them apart). For any other model the tokens are not recorded, and the report says why.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..simulated.model import word_count

SIMULATED_MODEL = "procbench-simulated"  # lm_eval_simulated.MODEL_NAME (importing it needs lm-eval)
COUNTED_BY_WORDS = f"{SIMULATED_MODEL}'s own tokens: the reply's whitespace-separated words"


@dataclass(frozen=True)
class LmEvalTokens:
    """How an lm-eval run's replies are counted: ``count`` (``None``: they cannot be),
    ``counted_by`` saying with what, or ``note`` saying why not."""

    count: Callable[[str], int] | None
    counted_by: str | None = None
    note: str | None = None

    def usage(self, sample: dict[str, Any]) -> dict[str, Any]:
        """A sample's ``output_tokens`` and ``truncated`` (empty when not counted): the
        reply's tokens, and whether they reach the sample's ``max_gen_toks``."""
        if self.count is None:
            return {}
        tokens = self.count(raw_reply(sample))
        limit = max_gen_toks(sample)
        return {"output_tokens": tokens, "truncated": limit is not None and tokens >= limit}


def raw_reply(sample: dict[str, Any]) -> str:
    """The model's reply as it generated it (``resps``, before lm-eval's filters)."""
    first = sample["resps"][0] if sample["resps"] else ""
    return first[0] if isinstance(first, list) and first else str(first)


def max_gen_toks(sample: dict[str, Any]) -> int | None:
    """The token limit the sample was generated under (its ``generate_until`` arguments'
    ``max_gen_toks``), or ``None`` when the sample does not say."""
    arguments = sample.get("arguments")
    requests = arguments.values() if isinstance(arguments, dict) else arguments if isinstance(arguments, list) else []
    for request in requests:
        options = request.get("arg_1") if isinstance(request, dict) else request[1] if len(request) > 1 else None
        limit = options.get("max_gen_toks") if isinstance(options, dict) else None
        if isinstance(limit, int) and not isinstance(limit, bool):
            return limit
    return None


def run_model(samples_file: Path, date: str) -> str | None:
    """The model of the run that wrote ``samples_file`` (its ``results_<date>.json``'s
    ``config.model``), or ``None`` when that file is absent or does not say."""
    results = samples_file.parent / f"results_{date}.json"
    try:
        model = json.loads(results.read_text(encoding="utf-8"))["config"]["model"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return model if isinstance(model, str) else None


def lm_eval_tokens(model: str | None) -> LmEvalTokens:
    """How the replies of a run of ``model`` are counted (see the module's docstring)."""
    if model == SIMULATED_MODEL:
        return LmEvalTokens(word_count, counted_by=COUNTED_BY_WORDS)
    shown = "an unknown model (no results_<date>.json beside the samples)" if model is None else repr(model)
    return LmEvalTokens(
        None,
        note=(
            "lm-eval's samples record neither the tokens nor the finish reason of a reply, and procbench "
            f"has no offline tokenizer for {shown}"
        ),
    )
