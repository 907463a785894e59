"""Secrets out of every message the project prints: the one home of what counts as one.

A server's error text may echo the request's headers (``Authorization: Bearer hf_...``) and
an exception may quote a key; :func:`redact` replaces, in any text about to be shown,

- every ``Bearer <credential>``;
- every Hugging Face token (``hf_`` and at least 20 letters or digits);
- the values of the user's own secrets: environment variables whose names end in
  ``TOKEN`` or ``API_KEY`` (``HF_TOKEN``, ``OPENAI_API_KEY``, ...), and the token
  ``huggingface_hub`` uses (``hf auth login``) once that library is loaded.

Values shorter than :data:`SHORTEST_SECRET` (``VLLM_API_KEY=none``) are not secrets.
"""

from __future__ import annotations

import os
import re
import sys

REDACTED = "[redacted]"
SHORTEST_SECRET = 8
SECRET_NAME_ENDINGS = ("TOKEN", "API_KEY")
_BEARER = re.compile(rf"\b(bearer)\s+(?!{re.escape(REDACTED)})[^\s'\",;)\]}}]+", re.IGNORECASE)
_HUB_TOKEN = re.compile(r"\bhf_[A-Za-z0-9]{20,}")


def secret_values() -> set[str]:
    """The user's own secrets, as found now (see the module docstring)."""
    values = {
        value
        for name, value in os.environ.items()
        if name.upper().endswith(SECRET_NAME_ENDINGS) and len(value) >= SHORTEST_SECRET
    }
    hub = sys.modules.get("huggingface_hub")  # not loaded: no Hub token was sent, nothing to hide
    if hub is not None:
        try:
            token = hub.get_token()
        except Exception:  # a broken token file is no reason to lose the message
            token = None
        if token and len(token) >= SHORTEST_SECRET:
            values.add(token)
    return values


def redact(text: str) -> str:
    """``text`` with every secret replaced by ``[redacted]``."""
    for value in sorted(secret_values(), key=len, reverse=True):  # the longest first: a value may hold another
        text = text.replace(value, REDACTED)
    text = _BEARER.sub(lambda found: f"{found[1]} {REDACTED}", text)
    return _HUB_TOKEN.sub(REDACTED, text)
