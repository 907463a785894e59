"""``procbench install-metric`` and ``procbench push-metric``: the evaluate metric, offline
from any folder, and as a Hugging Face Space."""

from __future__ import annotations

import argparse
import sys
from typing import Any

INSTALL_EXAMPLES = """\
example:
  procbench install-metric
  then, from any folder and with no network: evaluate.load("procbench_metric")

From the repository root evaluate.load("procbench_metric") works without this command.
"""


def add_parsers(commands: Any) -> None:
    install = commands.add_parser(
        "install-metric",
        help='make evaluate.load("procbench_metric") work from any folder, offline',
        description="Copy the metric into evaluate's module cache, where evaluate.load looks a bare metric name "
        "up last: once done, evaluate.load('procbench_metric') works from any folder, with no network.",
        epilog=INSTALL_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    install.set_defaults(run=run_install_metric)

    push = commands.add_parser(
        "push-metric",
        help="publish the metric as a Hugging Face Space (gradio)",
        description="Create a gradio Space holding the metric script, its card, app.py and requirements.txt.",
        epilog="example:\n  procbench push-metric your-name/procbench_metric\n"
        "  then: evaluate.load('your-name/procbench_metric')",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    push.add_argument("repo_id", help="Space repo, e.g. your-name/procbench_metric")
    push.add_argument("--private", action="store_true", help="create the Space as private")
    push.set_defaults(run=run_push_metric)


def run_install_metric(args: argparse.Namespace) -> int:
    from ..integrations.evaluate_cache import install_metric

    copy = install_metric()
    print(
        f'installed the metric in evaluate\'s module cache ({copy}): evaluate.load("procbench_metric")', file=sys.stderr
    )
    return 0


def run_push_metric(args: argparse.Namespace) -> int:
    import tempfile
    from pathlib import Path

    from ..hub.metric_space import build_space
    from ..hub.upload import upload_folder

    with tempfile.TemporaryDirectory(prefix="procbench-space-") as folder:
        build_space(Path(folder), args.repo_id)
        url = upload_folder(
            folder,
            args.repo_id,
            repo_type="space",
            space_sdk="gradio",
            private=args.private or None,
            commit_message="Upload the ProcBench metric",
        )
    print(f"pushed the metric to the Space {args.repo_id}: {url}", file=sys.stderr)
    return 0
