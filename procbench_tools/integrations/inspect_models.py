"""The one place procbench talks to a model (``procbench horizon``, ``procbench evaluate
--extractor``): inspect-ai's model API.

:func:`make_model` builds the model from the same names and options as ``inspect eval``
(``openai/gpt-4o-mini``, ``openai-api/vllm/MODEL`` with a base URL, ``mockllm/model``, ...);
:func:`ask` sends one prompt and returns the reply with its finish reason and tokens.
Concurrency (``max_connections``), retries and timeouts are inspect's, from
``GenerateConfig``; caching is inspect's ``CachePolicy``."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

# inspect's stop reasons of a reply cut off by a limit (the token limit, the context length)
TRUNCATING_STOP_REASONS = ("max_tokens", "model_length")


@dataclass(frozen=True)
class Reply:
    """A model's reply: its text, why it ended (``stop``, ``max_tokens``, ...) and tokens."""

    text: str
    finish_reason: str
    input_tokens: int
    output_tokens: int

    @property
    def truncated(self) -> bool:
        """Cut off by the token limit: not a wrong procedure, so left out of the fit."""
        return self.finish_reason in TRUNCATING_STOP_REASONS


def _mock_output(messages: Any, tools: Any, tool_choice: Any, config: Any) -> Any:
    """mockllm's default reply, with token counts (without them inspect downloads a
    tokenizer to count, which fails offline)."""
    from inspect_ai.model import ModelOutput, ModelUsage

    output = ModelOutput.from_content("mockllm/model", "Default output from mockllm/model")
    output.usage = ModelUsage(input_tokens=1, output_tokens=1, total_tokens=2)
    return output


def make_model(
    name: str,
    *,
    base_url: str | None = None,
    model_args: dict[str, Any] | None = None,
    max_connections: int | None = None,
    max_retries: int | None = None,
    timeout: int | None = None,
    max_tokens: int | None = None,
    temperature: float | None = None,
    option: str = "--model",
) -> Any:
    """``inspect_ai.model.get_model`` with the run's options; ``ValueError`` with inspect's
    message when the name or an option is not accepted (``option`` names the option that
    gave the name)."""
    try:
        from inspect_ai.model import GenerateConfig, get_model
    except ImportError:
        raise ValueError(
            f"{option} {name}: procbench calls models through inspect-ai, which is not installed; "
            "install the inspect extra (from this repository: .venv/bin/pip install '.[inspect]')"
        ) from None

    arguments = dict(model_args or {})
    if name.startswith("mockllm/"):
        arguments.setdefault("custom_outputs", _mock_output)
    config = GenerateConfig(
        max_connections=max_connections,
        max_retries=max_retries,
        timeout=timeout,
        max_tokens=max_tokens,
        temperature=temperature,
    )
    try:
        return get_model(name, base_url=base_url, config=config, **arguments)
    except Exception as error:  # inspect raises many kinds for a bad name, a missing key or package
        raise ValueError(f"{option} {name}: {describe_error(error)}") from None


async def ask(model: Any, prompt: str, cache: Any = None, config: Any = None) -> Reply:
    """Send ``prompt`` as one user message (with ``config``, an inspect ``GenerateConfig``
    for this call, if given); the reply, its finish reason and its tokens."""
    from inspect_ai.model import ChatMessageUser, GenerateConfig

    output = await model.generate(
        [ChatMessageUser(content=prompt)], cache=cache or False, config=config or GenerateConfig()
    )
    usage = output.usage
    return Reply(
        text=output.completion,
        finish_reason=str(output.stop_reason),
        input_tokens=int(usage.input_tokens) if usage else 0,
        output_tokens=int(usage.output_tokens) if usage else 0,
    )


def cache_policy(expiry: str | None) -> Any:
    """inspect's ``CachePolicy`` for ``--cache EXPIRY`` (``1W``, ``3D``, ...), or ``None``."""
    if expiry is None:
        return None
    from inspect_ai.model import CachePolicy

    try:
        return CachePolicy(expiry=expiry)
    except Exception as error:
        raise ValueError(f"--cache {expiry}: {describe_error(error)}") from None


_MARKUP = re.compile(r"\[/?(?:bold|blue|red|yellow|green|italic|dim)(?: [a-z]+)*\]")


def describe_error(error: BaseException) -> str:
    """One line for an error of inspect or the model's client: the last attempt's error
    behind a retry, rich markup and blank lines removed."""
    last_attempt = getattr(error, "last_attempt", None)  # tenacity's RetryError
    if last_attempt is not None and last_attempt.exception() is not None:
        error = last_attempt.exception()
    text = _MARKUP.sub("", str(error)).removeprefix("ERROR: ")
    parts = [part.strip() for part in text.splitlines() if part.strip()]
    joined = ". ".join(part.rstrip(".") for part in parts) + "." if parts else ""
    return (
        f"{type(error).__name__}: {joined}" if joined and last_attempt is not None else joined or type(error).__name__
    )
