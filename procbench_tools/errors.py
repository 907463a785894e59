"""Errors the ``procbench`` command reports as one clear line (no traceback)."""

from .redaction import redact


class HubError(RuntimeError):
    """A Hub operation failed; the message says why and what to do, its secrets redacted
    (the Hub's own error text may echo the request's token)."""

    def __init__(self, message: str) -> None:
        super().__init__(redact(message))


class Terminated(BaseException):
    """The process received SIGTERM; raised so that cleanups run, then exit 128 + signal."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum
