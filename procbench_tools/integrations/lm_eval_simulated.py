"""The simulated model as an lm-evaluation-harness model: ``--model procbench-simulated``.

Registered with lm-eval's ``register_model``; it answers ``generate_until`` requests only
(ProcBench's tasks are generative), with the options of
:class:`procbench_tools.simulated.Settings` as ``--model_args``
(``horizon=8,slope=2,error_style=carry,reply_style=walkthrough,slip_seed=1``). The model's
seed is ``slip_seed`` here, not ``seed``: lm-eval merges ``--model_args`` into the tasks'
metadata, where ``seed`` is the seed of the generated set. No tokenizer, no network: its
tokens are the whitespace-separated words of its text, and a reply is cut after
``max_gen_toks`` of them (``--gen_kwargs max_gen_toks=N``; the tasks' default is 2048). See
:mod:`procbench_tools.simulated.model` for how it answers.

lm-eval (0.4.13) has no plugin mechanism for models: its command line knows only the
models of its own source tree and those registered by a module imported before the model
is looked up. The model is registered when this module is imported, so from Python import
it before ``lm_eval.simple_evaluate(model="procbench-simulated", ...)``. On the command
line, ``lm_eval --model procbench-simulated --tasks PACK/procbench_sort.yaml ...`` works as
it is: loading a task's YAML file imports the task pack's hooks, which register the model
(:func:`.lm_eval_tasks.register_simulated_model`). Given task names (or the group
``procbench_all``), lm-eval looks the model up before it loads the tasks: run its command
through this module, which registers the model first and takes lm-eval's arguments
unchanged::

    python -m procbench_tools.integrations.lm_eval_simulated --model procbench-simulated \
        --include_path "$(procbench lm-eval-tasks)" --tasks procbench_sort ...
"""

from __future__ import annotations

from typing import Any

import lm_eval.models  # noqa: F401  (lm-eval's own models first: it imports them only while its registry is empty)
from lm_eval.api.model import LM
from lm_eval.api.registry import register_model

from ..simulated import Settings, SimulatedModel
from ..simulated.model import first_words
from . import LM_EVAL_SIMULATED_MODEL as MODEL_NAME


@register_model(MODEL_NAME)
class SimulatedLM(LM):
    """lm-eval's ``LM`` around :class:`~procbench_tools.simulated.SimulatedModel`."""

    def __init__(self, **model_args: Any) -> None:
        super().__init__()
        # lm-eval passes batch_size, max_batch_size and device to every model it builds
        options = {key: value for key, value in model_args.items() if key not in _HARNESS_ARGUMENTS}
        if "seed" in options:
            raise ValueError(
                f"{MODEL_NAME}: give the model's seed as slip_seed=...; lm-eval also reads seed=... "
                "from --model_args as the seed of the generated set"
            )
        if "slip_seed" in options:
            options["seed"] = options.pop("slip_seed")
        self.simulated = SimulatedModel(Settings.from_arguments(options))

    @classmethod
    def create_from_arg_string(cls, arg_string: str, additional_config: dict[str, Any] | None = None) -> SimulatedLM:
        """``horizon=8,seed=1`` as lm-eval's ``--model_args`` gives it (values stay text)."""
        pairs = [item.split("=", 1) for item in arg_string.split(",") if item.strip()]
        bad = [item for item in pairs if len(item) != 2]
        if bad:
            raise ValueError(f"{MODEL_NAME}: model argument {bad[0][0]!r} is not KEY=VALUE")
        return cls(**{key.strip(): value.strip() for key, value in pairs}, **(additional_config or {}))

    def generate_until(self, requests: list[Any], disable_tqdm: bool = False) -> list[str]:
        """Each request's reply, cut after ``max_gen_toks`` tokens (whitespace-separated
        words) when its generation arguments set that limit, as a server cuts one."""
        replies = []
        for request in requests:
            context, options = request.args[0], request.args[1] if len(request.args) > 1 else {}
            reply = self.simulated.reply(context)
            limit = options.get("max_gen_toks") if isinstance(options, dict) else None
            replies.append(reply if limit is None else first_words(reply, int(limit)))
        return replies

    def loglikelihood(self, requests: list[Any], disable_tqdm: bool = False) -> list[tuple[float, bool]]:
        raise NotImplementedError(f"{MODEL_NAME} answers generative tasks only (generate_until)")

    def loglikelihood_rolling(self, requests: list[Any], disable_tqdm: bool = False) -> list[float]:
        raise NotImplementedError(f"{MODEL_NAME} answers generative tasks only (generate_until)")


_HARNESS_ARGUMENTS = ("batch_size", "max_batch_size", "device")


def main() -> None:
    """lm-eval's command line (``lm_eval ...``) with ``procbench-simulated`` registered."""
    from lm_eval.__main__ import cli_evaluate

    cli_evaluate()


if __name__ == "__main__":
    main()
