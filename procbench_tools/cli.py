"""The ``procbench`` command line."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from procbench_generators.settings import SettingError

from . import __version__
from .atomic import terminate_on_sigterm
from .commands import evaluate as evaluate_command
from .commands import export as export_command
from .commands import generate as generate_command
from .commands import horizon as horizon_command
from .commands import lm_eval_tasks as lm_eval_tasks_command
from .commands import metric as metric_command
from .commands import show as show_command
from .commands import view as view_command
from .commands.flags import FLAG_NAMES
from .errors import HubError, Terminated
from .redaction import redact
from .text import printable

DESCRIPTION = "ProcBench: generate, export and score the multi-step procedure-following benchmark."


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="procbench", description=DESCRIPTION)
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    generate_command.add_parser(commands)
    export_command.add_parsers(commands)
    metric_command.add_parsers(commands)
    evaluate_command.add_parser(commands)
    show_command.add_parser(commands)
    view_command.add_parser(commands)
    horizon_command.add_parser(commands)
    lm_eval_tasks_command.add_parser(commands)
    return parser


def describe(error: BaseException) -> str:
    """One line for an error: an ``OSError`` as ``path: reason`` rather than ``[Errno 2] ...``."""
    if isinstance(error, SettingError):
        return error.spelled(FLAG_NAMES)  # the check's words, with the user's own flags
    if isinstance(error, OSError) and error.strerror:
        return f"{error.filename}: {error.strerror}" if error.filename else error.strerror
    return str(error)


def _silence_stdout() -> None:
    """After the reader of our standard output went away (``procbench generate | head``):
    point stdout at /dev/null so that the interpreter's last flush stays quiet."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # stdout is not a real file (tests capture it)
        pass
    finally:
        os.close(devnull)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        with terminate_on_sigterm():
            code = args.run(args)
            sys.stdout.flush()
            return code
    except BrokenPipeError:
        _silence_stdout()
        return 141  # what a shell reports for a process ended by SIGPIPE, quietly, like head's writers
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except Terminated as signal:
        print("terminated", file=sys.stderr)
        return 128 + signal.signum
    except (ValueError, NotImplementedError, OSError) as error:
        parser.exit(2, error_line(args.command, describe(error)))
    except HubError as error:
        parser.exit(1, error_line(args.command, str(error)))


def error_line(command: str, message: str) -> str:
    """The line an error ends the command with, its secrets redacted (a server's or a
    library's text may quote a token) and its control characters made visible (it may
    quote a file's contents)."""
    return f"procbench {command}: error: {printable(redact(message))}\n"


if __name__ == "__main__":
    sys.exit(main())
