"""``procbench export`` and ``procbench push``: the dataset as Parquet files, and on the Hub."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from procbench_generators.settings import ALL, whole_number

from ..dataset.layout import CONFIGS, DEFAULT_DIR, config_names  # not dataset.export: keep --help fast
from .flags import add_setting_flags, settings_from

EXPORT_EXAMPLES = f"""\
examples:
  procbench export
      write the default benchmark to ./{DEFAULT_DIR} (Parquet files + dataset card)
  procbench export {DEFAULT_DIR} --overwrite
      regenerate it in place
  procbench export big --configs Sort Cumulate --per-step 1000 --max-steps 40 --num-proc 2
      a larger set of two tasks (steps above 25 go to an "extra" split)

then, from Python in the same folder: datasets.load_dataset("{DEFAULT_DIR}", "Sort", split="short")
configs: {", ".join(CONFIGS)}
"""

PUSH_EXAMPLES = f"""\
examples:
  procbench push your-name/procbench
      upload ./{DEFAULT_DIR} (made by `procbench export`) as a dataset repo, in one commit
  procbench push your-name/procbench --from big --private

The token comes from `hf auth login` or the HF_TOKEN environment variable.
"""


def add_parsers(commands: Any) -> None:
    export = commands.add_parser(
        "export",
        help="write the dataset as Parquet files with a dataset card (the Hub layout)",
        description="Generate every config and write data/<config>/<split>-*.parquet plus README.md.",
        epilog=EXPORT_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    export.add_argument("directory", nargs="?", default=DEFAULT_DIR, help="output folder (default: %(default)s)")
    export.add_argument("--overwrite", action="store_true", help="replace a non-empty output folder")
    export.add_argument("--configs", nargs="+", metavar="CONFIG", help="configs to export (default: all 24)")
    add_setting_flags(export)
    export.add_argument("--num-proc", type=int, help="processes for generation (datasets' num_proc)")
    export.set_defaults(run=run_export)

    push = commands.add_parser(
        "push",
        help="upload an exported folder to a Hugging Face dataset repo",
        description="Create the dataset repo if needed and upload the exported folder in one commit.",
        epilog=PUSH_EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    push.add_argument("repo_id", help="dataset repo, e.g. your-name/procbench")
    push.add_argument("--from", dest="directory", default=DEFAULT_DIR, help="exported folder (default: %(default)s)")
    push.add_argument("--private", action="store_true", help="create the repo as private")
    push.add_argument("--message", default="Upload ProcBench", help="commit message")
    push.set_defaults(run=run_push)


def run_export(args: argparse.Namespace) -> int:
    """Check every flag (a ``SettingError`` names the flag at fault) before the output folder
    is looked at, then export."""
    from ..dataset.export import export

    try:
        names = config_names(args.configs)
    except ValueError as error:
        raise ValueError(f"--configs: {error}") from None
    settings = settings_from(args, None if ALL in names else names)
    if args.num_proc is not None:
        whole_number("--num-proc", args.num_proc, at_least=1)
    if not args.directory:
        raise ValueError("the output folder is empty: name a folder")
    target = export(
        args.directory,
        configs=names,
        overwrite=args.overwrite,
        num_proc=args.num_proc,
        seed=settings.seed,
        examples_per_step=settings.examples_per_step,
        min_steps=settings.min_steps,
        max_steps=settings.max_steps,
        answer_format=settings.answer_format,
        unique=settings.unique,
    )
    print(f"exported to {target}", file=sys.stderr)
    return 0


def run_push(args: argparse.Namespace) -> int:
    import shutil
    import tempfile
    from pathlib import Path

    from ..errors import HubError
    from ..hub.upload import refuse_links, upload_folder

    folder = Path(args.directory)
    card = folder / "README.md"
    if not card.is_file():
        raise HubError(f"{folder} holds no exported dataset: run `procbench export {folder}` first")
    refuse_links(folder)  # named as given; the staged copy is checked again as it is uploaded
    with tempfile.TemporaryDirectory(prefix="procbench-push-") as staging:
        # The card's loading examples name the export folder; on the Hub they name the repo.
        staged = Path(staging) / folder.name
        shutil.copytree(folder, staged, symlinks=True)  # a link made meanwhile stays a link, and is refused
        text = card.read_text(encoding="utf-8").replace(
            f'load_dataset("{folder.resolve().name}"', f'load_dataset("{args.repo_id}"'
        )
        (staged / "README.md").write_text(text, encoding="utf-8")
        url = upload_folder(
            staged, args.repo_id, repo_type="dataset", private=args.private or None, commit_message=args.message
        )
    print(f"pushed {folder} to {args.repo_id}: {url}", file=sys.stderr)
    return 0
