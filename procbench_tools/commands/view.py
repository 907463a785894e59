"""``procbench view``: open a report's ``report.html`` in a web browser."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

EXAMPLES = """\
examples:
  procbench view report
      the report.html of the report folder ./report, in the default browser
  BROWSER=firefox procbench view report/report.html
      in another browser (the BROWSER variable, as Python's webbrowser module reads it)

The page is one self-contained file: it needs no server and makes no request, so it can
also be opened straight from disk, mailed or attached as it is.
"""


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "view",
        help="open a report's report.html in a web browser",
        description="Open the report.html of a `procbench evaluate` report in a web browser.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("report", type=Path, help="a report folder (procbench evaluate --output) or its report.html")
    parser.set_defaults(run=run)


def page_of(report: Path) -> Path:
    """The page ``report`` names: the file itself, or ``report.html`` in a report folder;
    ``ValueError`` in one line otherwise."""
    from ..evaluation.files import REPORT_HTML

    page = report / REPORT_HTML if report.is_dir() else report
    if not page.is_file():
        where = f"{report} holds no {REPORT_HTML}" if report.is_dir() else f"{report} does not exist"
        raise ValueError(f"{where}; give a report folder written by procbench evaluate, or its {REPORT_HTML}")
    return page.resolve()


def run(args: argparse.Namespace) -> int:
    import webbrowser

    page = page_of(args.report)
    if not webbrowser.open(page.as_uri()):
        raise ValueError(f"no web browser could be started; open {page} in one (or set BROWSER)")
    print(f"opened {page}", file=sys.stderr)
    return 0
