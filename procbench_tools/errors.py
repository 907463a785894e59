"""Errors the ``procbench`` command reports as one clear line (no traceback)."""


class HubError(RuntimeError):
    """A Hub operation failed; the message says why and what to do (never the token)."""
