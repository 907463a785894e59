"""The simulated model as an inspect-ai model provider: ``--model procbench/simulated``.

Registered with inspect's ``@modelapi`` in :mod:`.inspect_registry`, which the
``inspect_ai`` entry point imports (setup.cfg). Works offline and needs no tokenizer.
inspect counts tokens with tiktoken's ``o200k_base`` encoding (``ModelAPI.count_text_tokens``),
which tiktoken downloads on first use; it does so for a reply without ``usage`` (that is
why ``--model mockllm/model`` fails offline: mockllm fills a missing ``usage`` by counting
the input) and wherever it counts a conversation (compaction). This provider never gets
there: every reply carries its token counts, and ``count_text_tokens`` is its own, the
whitespace-separated words of the text. Under a token limit (``--max-tokens``) a longer
reply is cut after that many words, its stop reason ``max_tokens``, as a server cuts one.

Model arguments (``-M key=value`` on inspect's command line and ``procbench horizon``;
keyword arguments of ``get_model``):

- ``horizon`` (default 8): h50 in steps, the step count at which half the replies are right;
- ``slope`` (default 2): how steeply that chance falls per doubling of the step count:
  a k-step reply is right with probability ``1 / (1 + exp(slope * log2(k / horizon)))``;
- ``error_style`` (``carry``, the default, or ``once``): a slip's state has one element
  changed, and the change stays in every later state (``carry``) or only in that state;
- ``reply_style`` (``json``, the default, ``walkthrough`` or ``terse``): the JSON object the
  prompts ask for, ``Step N:`` lines and a final answer, or the states alone as one list;
- ``seed`` (default 0): the same seed and prompt always give the same reply.

The model answers the last user message; see :mod:`procbench_tools.simulated.model` for how.
"""

from __future__ import annotations

from typing import Any

from inspect_ai.model import (
    ChatMessage,
    ChatMessageUser,
    GenerateConfig,
    ModelAPI,
    ModelOutput,
    ModelUsage,
)
from inspect_ai.tool import ToolChoice, ToolInfo

from ..simulated import Settings, SimulatedModel
from ..simulated.model import first_words, word_count

PROVIDER = "procbench"  # --model procbench/simulated
MODEL_NAME = "simulated"


class SimulatedModelAPI(ModelAPI):
    """inspect's model API around :class:`~procbench_tools.simulated.SimulatedModel`."""

    async def count_text_tokens(self, text: str) -> int:
        """:func:`word_count`, not inspect's tiktoken count (which needs a download)."""
        return word_count(text)

    def __init__(
        self,
        model_name: str,
        base_url: str | None = None,
        api_key: str | None = None,
        config: GenerateConfig | None = None,
        **model_args: Any,
    ) -> None:
        super().__init__(model_name=model_name, base_url=base_url, api_key=api_key, config=config or GenerateConfig())
        if model_name != MODEL_NAME:
            raise ValueError(f"{PROVIDER}/{model_name}: the procbench provider has one model, {PROVIDER}/{MODEL_NAME}")
        self.simulated = SimulatedModel(Settings.from_arguments(model_args))

    async def generate(
        self,
        input: list[ChatMessage],
        tools: list[ToolInfo],
        tool_choice: ToolChoice,
        config: GenerateConfig,
    ) -> ModelOutput:
        users = [message for message in input if isinstance(message, ChatMessageUser)]
        prompt = users[-1].text if users else ""
        whole = self.simulated.reply(prompt)
        reply = whole if config.max_tokens is None else first_words(whole, config.max_tokens)
        cut = reply != whole
        output = ModelOutput.from_content(
            model=f"{PROVIDER}/{MODEL_NAME}", content=reply, stop_reason="max_tokens" if cut else "stop"
        )
        prompt_tokens, reply_tokens = word_count(prompt), word_count(reply)
        output.usage = ModelUsage(
            input_tokens=prompt_tokens, output_tokens=reply_tokens, total_tokens=prompt_tokens + reply_tokens
        )
        return output
