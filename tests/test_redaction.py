"""procbench_tools.redaction: the one place secrets are taken out of printed messages."""

import os
import string

from hypothesis import assume, given
from hypothesis import strategies as st

from procbench_tools.redaction import REDACTED, redact

SECRET_ALPHABET = string.ascii_letters + string.digits + "-_."


def test_bearer_credentials_and_hub_tokens_are_redacted(monkeypatch):
    """Issue 29, item 13: the three kinds of secret, each replaced where it stands."""
    for name in [name for name in os.environ if name.upper().endswith(("TOKEN", "API_KEY"))]:
        monkeypatch.delenv(name)
    token = "hf_" + "x1Y2" * 9
    assert redact(f"headers: {{'authorization': 'Bearer {token}', 'user-agent': 'x'}}") == (
        f"headers: {{'authorization': 'Bearer {REDACTED}', 'user-agent': 'x'}}"
    )
    assert redact(f"401: invalid token {token}.") == f"401: invalid token {REDACTED}."
    assert redact("bearer sk-abc123 rejected") == f"bearer {REDACTED} rejected"
    # Not secrets: names of things, and short values.
    assert redact("hf_hub_download failed; set HF_TOKEN") == "hf_hub_download failed; set HF_TOKEN"
    monkeypatch.setenv("VLLM_API_KEY", "none")
    assert redact("api key none") == "api key none"


@given(value=st.text(SECRET_ALPHABET, min_size=8, max_size=40), before=st.text(), after=st.text())
def test_the_users_own_token_never_survives(value, before, after):
    """Whatever the user's token looks like, and wherever it stands in a message, redact
    leaves none of it (here set as HF_TOKEN, read as the environment is read)."""
    assume(value not in REDACTED)  # a "token" such as "redacted" is left in the marker itself
    saved = os.environ.get("HF_TOKEN")
    os.environ["HF_TOKEN"] = value
    try:
        assert value not in redact(before + value + after)
    finally:
        if saved is None:
            del os.environ["HF_TOKEN"]
        else:
            os.environ["HF_TOKEN"] = saved
