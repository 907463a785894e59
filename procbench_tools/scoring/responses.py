"""A response as the reader takes it: text, read from whatever a harness or a user hands in.

A response may come as text, as a chat message list (``[{"role": "assistant", "content":
...}]``, TRL's conversational completions), as one message, or as an OpenAI-style object
(a chat completion with ``choices``, a Responses API object with ``output_text`` or
``output``), whose content may be a list of parts (``{"type": "text", "text": ...}``). Its
text is the last assistant message's. Anything else is :class:`NotText`, with one line that
says what it is and what a response may be.

Standard library only: the metric Space carries this file.
"""

from __future__ import annotations

from typing import Any

ACCEPTED = "text, a chat message list, or an OpenAI-style completion object"


class NotText(ValueError):
    """A response that holds no text to read."""


def _content_text(content: Any) -> str | None:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        parts = [part.get("text") for part in content if isinstance(part, dict)]
        texts = [part for part in parts if isinstance(part, str)]
        return "".join(texts) if texts else None
    return None


def _message_text(message: Any) -> str | None:
    if isinstance(message, dict) and message.get("role", "assistant") == "assistant" and "content" in message:
        return _content_text(message["content"])
    return None


def _object_text(value: dict[str, Any]) -> str | None:
    choices = value.get("choices")
    if isinstance(choices, list) and choices and isinstance(choices[0], dict):
        first = choices[0]
        return _message_text(first.get("message")) or (first["text"] if isinstance(first.get("text"), str) else None)
    if isinstance(value.get("output_text"), str):
        return value["output_text"]
    output = value.get("output")
    if isinstance(output, list):
        texts = [_content_text(item.get("content")) for item in output if isinstance(item, dict)]
        found = [text for text in texts if text is not None]
        return "".join(found) if found else None
    return _message_text(value)


def _kind(value: Any) -> str:
    return "null" if value is None else type(value).__name__


def is_reply(value: Any) -> bool:
    """Whether ``value`` is a reply in a chat message list or an OpenAI-style object (not a
    structured answer: a dict with a final-state key, or a list of states)."""
    if isinstance(value, dict):
        return _object_text(value) is not None
    return isinstance(value, list) and bool(value) and all(isinstance(item, dict) and "role" in item for item in value)


def response_text(response: Any) -> str:
    """The text of ``response`` (see the module docstring); :class:`NotText` when it has none."""
    if isinstance(response, str):
        return response
    text = None
    if isinstance(response, dict):
        text = _object_text(response)
    elif isinstance(response, list) and response and all(isinstance(item, dict) for item in response):
        assistant = [item for item in response if isinstance(item, dict) and item.get("role") == "assistant"]
        text = _message_text(assistant[-1]) if assistant else None
    if text is None:
        raise NotText(f"a response of type {_kind(response)} holds no text; a response must be {ACCEPTED}")
    return text
