"""An export under faults: killed at each move of its folders, two exports racing for one
folder, a full disk, an unwritable folder. The folder is always one export, whole, and
errors are one line naming the user's folder."""

import hashlib
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
import yaml

from procbench_tools.atomic import atomic_folder
from procbench_tools.cli import main
from tests.support.privileges import unprivileged

ROOT = Path(__file__).resolve().parent.parent
SMALL = ["--configs", "Sort", "--per-step", "1"]
TAKEN = "cannot write {}: another process wrote it meanwhile; it is left as that process made it"


def procbench(*args, cwd, fault=None, env=None):
    """``procbench ARGS`` in a subprocess, with ``fault`` (``(kind, move, *options)``) injected
    by ``tests.support.fault_at_move``."""
    command = [sys.executable, "-m", "procbench_tools", *args]
    if fault is not None:
        command = [sys.executable, "-m", "tests.support.fault_at_move", *map(str, fault), "--", *args]
    environment = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    return subprocess.Popen(command, cwd=cwd, env=environment, stderr=subprocess.PIPE, text=True)


def run(*args, cwd, fault=None):
    process = procbench(*args, cwd=cwd, fault=fault)
    _, err = process.communicate(timeout=300)
    return process.returncode, err


def content(folder):
    """Every file of a folder, with the SHA-256 of its bytes."""
    return {
        str(path.relative_to(folder)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def max_steps_of(folder):
    card = (folder / "README.md").read_text()
    return yaml.safe_load(card.split("---\n")[1])["procbench"]["max_steps"]


@pytest.fixture(scope="module")
def exports(tmp_path_factory):
    """Two finished exports of different sizes, to compare the folder against."""
    found = {}
    for steps in (2, 3):
        work = tmp_path_factory.mktemp(f"steps{steps}")
        code, err = run("export", "out", *SMALL, "--max-steps", str(steps), cwd=work)
        assert code == 0, err
        found[steps] = content(work / "out")  # named out too: the card names its folder
    return found


@pytest.mark.parametrize(
    ("fault", "then"),
    [
        (("kill-before", 1), "old"),  # the swap
        (("kill-after", 1), "new"),
        (("kill-before", 1, "--no-exchange"), "old"),  # out -> aside
        (("kill-after", 1, "--no-exchange"), "missing"),  # the fallback's window
        (("kill-after", 2, "--no-exchange"), "new"),  # staging -> out
        (("kill-after", 3, "--no-exchange"), "new"),  # aside -> staging
    ],
)
def test_an_overwrite_killed_at_each_move_leaves_one_whole_export(exports, tmp_path, fault, then):
    assert run("export", "out", *SMALL, "--max-steps", "2", cwd=tmp_path)[0] == 0
    code, err = run("export", "out", *SMALL, "--max-steps", "3", "--overwrite", cwd=tmp_path, fault=fault)
    assert code == -9, err
    out = tmp_path / "out"
    if then == "missing":
        assert not out.exists()  # only where two folders cannot be swapped in one step
    else:
        assert content(out) == exports[2 if then == "old" else 3]
    # The next export puts a folder set aside back first, removes the dead one's staging,
    # and finds the folder as the user left it: not empty.
    assert run("export", "out", *SMALL, "--max-steps", "2", cwd=tmp_path) == (
        2,
        "procbench export: error: out is not empty; pass --overwrite to replace it\n",
    )
    assert sorted(path.name for path in tmp_path.iterdir()) == ["out"]
    assert content(out) == exports[3 if then == "new" else 2]


@pytest.mark.parametrize("fault", [("kill-before", 1), ("kill-after", 1)])
def test_a_first_export_killed_at_its_move_leaves_nothing_or_the_whole_export(exports, tmp_path, fault):
    code, err = run("export", "out", *SMALL, "--max-steps", "3", cwd=tmp_path, fault=fault)
    assert code == -9, err
    out = tmp_path / "out"
    if fault[0] == "kill-before":
        assert not out.exists()
        assert run("export", "out", *SMALL, "--max-steps", "3", cwd=tmp_path) == (0, f"exported to {out}\n")
    else:
        assert content(out) == exports[3]
    assert sorted(path.name for path in tmp_path.iterdir()) == ["out"]  # the next export removed the staging
    assert content(out) == exports[3]


@pytest.mark.parametrize("existing", [True, False])
def test_the_loser_of_two_racing_exports_fails_naming_the_folder_and_leaves_nothing(exports, tmp_path, existing):
    """The first export stops just before moving its folder in; the second runs whole; the
    first then finds the folder written by the second, keeps it, and fails."""
    if existing:
        assert run("export", "out", *SMALL, "--max-steps", "2", cwd=tmp_path)[0] == 0
    marker, go = tmp_path.parent / f"{tmp_path.name}-marker", tmp_path.parent / f"{tmp_path.name}-go"
    first = procbench(
        "export",
        "out",
        *SMALL,
        "--max-steps",
        "2",
        "--overwrite",
        cwd=tmp_path,
        fault=("pause", 1),
        env={"FAULT_MARKER": str(marker), "FAULT_GO": str(go)},
    )
    try:
        deadline = time.monotonic() + 300
        while not marker.exists() and first.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)
        assert marker.exists(), first.communicate()[1]
        assert run("export", "out", *SMALL, "--max-steps", "3", "--overwrite", cwd=tmp_path) == (
            0,
            f"exported to {tmp_path / 'out'}\n",
        )
    finally:
        go.touch()  # never leave the first one waiting
        _, err = first.communicate(timeout=300)
    assert first.returncode == 2
    assert err.splitlines() == ["procbench export: error: " + TAKEN.format("out")]
    assert sorted(path.name for path in tmp_path.iterdir()) == ["out"]
    assert content(tmp_path / "out") == exports[3] and max_steps_of(tmp_path / "out") == 3


def test_atomic_folder_keeps_what_another_writer_put_there_meanwhile(tmp_path):
    target = tmp_path / "out"
    target.mkdir()
    (target / "old.txt").write_text("old")
    with pytest.raises(FileExistsError) as error:
        with atomic_folder(target) as ours:
            (ours / "ours.txt").write_text("ours")
            with atomic_folder(target) as theirs:
                (theirs / "theirs.txt").write_text("theirs")
    assert str(error.value) == TAKEN.format(target)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["out"]
    assert content(target).keys() == {"theirs.txt"}


def test_atomic_folder_removes_its_staging_when_the_block_fails(tmp_path):
    target = tmp_path / "out"
    with pytest.raises(RuntimeError, match="broke"), atomic_folder(target) as staging:
        (staging / "half.txt").write_text("half")
        raise RuntimeError("broke")
    assert list(tmp_path.iterdir()) == []


def test_a_folder_whose_files_cannot_be_deleted_is_refused_before_anything_is_written(tmp_path):
    frozen = tmp_path / "out" / "sub"
    frozen.mkdir(parents=True)
    (frozen / "x").write_text("x")
    frozen.chmod(0o555)
    try:
        command = unprivileged([sys.executable, "-m", "procbench_tools", "export", "out", *SMALL, "--overwrite"])
        result = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, env=environment())
        assert result.returncode == 2
        assert result.stderr == "procbench export: error: cannot replace out: out/sub is read-only\n"
        assert sorted(path.name for path in tmp_path.iterdir()) == ["out"] and content(tmp_path / "out") == {
            "sub/x": hashlib.sha256(b"x").hexdigest()
        }
    finally:
        frozen.chmod(0o755)


def test_an_unwritable_parent_is_named_as_the_users_folder(tmp_path):
    parent = tmp_path / "frozen"
    parent.mkdir()
    parent.chmod(0o555)
    try:
        command = unprivileged([sys.executable, "-m", "procbench_tools", "export", "frozen/out", *SMALL])
        result = subprocess.run(command, cwd=tmp_path, capture_output=True, text=True, env=environment())
        assert result.returncode == 2
        assert result.stderr == "procbench export: error: cannot write frozen/out: Permission denied\n"
        assert list(parent.iterdir()) == []
    finally:
        parent.chmod(0o755)


@pytest.mark.parametrize("size", ["64k", "1m"])  # full while datasets writes its cache; while Parquet is written
def test_a_full_disk_is_one_line_naming_the_folder_and_leaves_nothing(tmp_path, size):
    """A real full file system: a tmpfs of ``size`` mounted in a user and mount namespace of
    its own (no privileges needed, nothing mounted outside the test's process)."""
    disk = tmp_path / "disk"
    disk.mkdir()
    script = (
        f"mount -t tmpfs -o size={size} tmpfs {disk} && cd {disk} && "
        f"{sys.executable} -m procbench_tools export out --configs all Sort --max-steps 4; "
        'echo "exit $?"; ls -A'
    )
    result = subprocess.run(
        ["unshare", "--user", "--map-root-user", "--mount", "sh", "-c", script],
        capture_output=True,
        text=True,
        env=environment(),
        timeout=300,
    )
    assert result.stderr == "procbench export: error: cannot write out: No space left on device\n"
    assert result.stdout == "exit 2\n"  # and ls -A found nothing on the disk


def environment():
    return {**os.environ, "PYTHONPATH": str(ROOT)}


def test_a_file_in_the_way_is_named(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "afile").write_text("")
    with pytest.raises(SystemExit) as exit_info:
        main(["export", "afile/out", *SMALL])
    assert exit_info.value.code == 2
    assert capsys.readouterr().err == "procbench export: error: cannot write afile/out: Not a directory\n"
    assert [path.name for path in tmp_path.iterdir()] == ["afile"]
