"""``.gitignore`` covers every file and folder the README's commands write in the
repository root, so that following the README leaves ``git status`` clean."""

import re
import shutil
import subprocess
from pathlib import Path

from procbench_tools.dataset.layout import DEFAULT_DIR

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
WRITTEN_WITHOUT_A_NAME = {
    "logs": "inspect eval writes its logs to ./logs",
    DEFAULT_DIR: "procbench export without a folder",
}
OUTPUTS = [
    r"(?:-o|--output|--output_path) ([\w./-]+)",  # the commands' output flags
    r'"--output", "([\w./-]+)"',  # procbench_tools.cli.main([...]) in Python blocks
    r'open\("([\w./-]+)", "w"\)',
    r'draw_horizon\([^)]*"([\w./-]+)"\)',
]


def readme_outputs():
    blocks = re.findall(r"```(?:bash|python|py)\n(.*?)```", README, flags=re.DOTALL)
    found = {name for block in blocks for pattern in OUTPUTS for name in re.findall(pattern, block)}
    return sorted((found - {"-"}) | set(WRITTEN_WITHOUT_A_NAME))


def test_the_readme_outputs_are_found():
    """The README of this writing names these; later ones are checked below just the same."""
    assert set(readme_outputs()) >= {
        *("procbench.jsonl", "train.jsonl", "train.parquet", "answers.jsonl", "procbench", "logs", "runs"),
        *("report", "cmp", "horizon.png", "report-gpt", "smoke", "horizon-gpt", "horizon-qwen"),
    }


def test_gitignore_covers_what_the_readme_writes(tmp_path):
    """Checked by git itself, in a scratch repository holding only the ``.gitignore``."""
    shutil.copy(ROOT / ".gitignore", tmp_path / ".gitignore")
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    for name in readme_outputs():
        path = tmp_path / name
        if "." in Path(name).name:  # a file
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text("")
        else:  # a folder, with a file in it
            path.mkdir(parents=True, exist_ok=True)
            (path / "x.json").write_text("")
    status = subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=all"], cwd=tmp_path, capture_output=True, text=True
    )
    assert status.stdout.splitlines() == ["?? .gitignore"]
    for kept in ("procbench.py", "generators/__init__.py", "tests/test_x.py", "reports.md"):
        (tmp_path / kept).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / kept).write_text("")
    status = subprocess.run(["git", "status", "--porcelain"], cwd=tmp_path, capture_output=True, text=True)
    assert sorted(status.stdout.splitlines()) == [
        "?? .gitignore",
        "?? generators/",
        "?? procbench.py",
        "?? reports.md",
        "?? tests/",
    ]
