"""Files are written safely: through special files and symlinks, with the usual modes,
cleaned up on SIGTERM, and stale staging of ours removed by the next run."""

import json
import os
import signal
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from procbench_tools.atomic import atomic_text_file, remove_stale_staging, staging_prefix
from procbench_tools.cli import main
from tests.support.privileges import unprivileged

ROOT = Path(__file__).resolve().parent.parent
SMALL = ["generate", "--tasks", "Sort", "--max-steps", "3", "--per-step", "1"]


def listing(folder):
    return sorted(path.name for path in folder.iterdir())


def test_a_fifo_is_written_through_not_replaced(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_text()), daemon=True)
    reader.start()
    assert main([*SMALL, "-o", str(fifo)]) == 0
    reader.join(timeout=30)
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    assert [json.loads(line)["steps"] for line in received[0].splitlines()] == [2, 3]
    assert listing(tmp_path) == ["pipe"]


@pytest.mark.skipif(os.geteuid() != 0, reason="making a device node needs root")
def test_a_device_node_is_written_through_and_stays_a_device(tmp_path, capsys):
    full = tmp_path / "full"
    os.mknod(full, 0o666 | stat.S_IFCHR, os.makedev(1, 7))  # a copy of /dev/full
    with pytest.raises(SystemExit) as exit_info:
        main([*SMALL, "-o", str(full)])
    assert exit_info.value.code == 2
    assert stat.S_ISCHR(full.lstat().st_mode)
    assert f"cannot write {full}: No space left on device" in capsys.readouterr().err
    assert listing(tmp_path) == ["full"]


def test_a_symlink_stays_and_its_target_is_replaced(tmp_path):
    target = tmp_path / "data" / "real.jsonl"
    target.parent.mkdir()
    target.write_text("old\n")
    link = tmp_path / "link.jsonl"
    link.symlink_to(target)
    assert main([*SMALL, "-o", str(link)]) == 0
    assert link.is_symlink() and link.resolve() == target
    assert len(target.read_text().splitlines()) == 2
    assert listing(tmp_path) == ["data", "link.jsonl"] and listing(target.parent) == ["real.jsonl"]


def test_a_dangling_symlink_gets_its_target_written(tmp_path):
    link = tmp_path / "link.jsonl"
    link.symlink_to(tmp_path / "made.jsonl")
    assert main([*SMALL, "-o", str(link)]) == 0
    assert link.is_symlink() and len((tmp_path / "made.jsonl").read_text().splitlines()) == 2


@pytest.fixture
def umask_027():
    previous = os.umask(0o027)
    yield
    os.umask(previous)


def test_new_files_respect_the_umask_and_old_ones_keep_their_mode(tmp_path, umask_027):
    new = tmp_path / "new.jsonl"
    assert main([*SMALL, "-o", str(new)]) == 0
    assert stat.S_IMODE(new.stat().st_mode) == 0o640  # 0666 & ~0027
    kept = tmp_path / "kept.jsonl"
    kept.write_text("old\n")
    kept.chmod(0o604)
    assert main([*SMALL, "-o", str(kept)]) == 0
    assert stat.S_IMODE(kept.stat().st_mode) == 0o604 and kept.read_text() != "old\n"


def test_empty_and_unwritable_outputs_name_the_users_path(tmp_path, capsys):
    with pytest.raises(SystemExit):
        main([*SMALL, "-o", ""])
    assert "--output is empty: name a file, or give - for standard output" in capsys.readouterr().err
    blocker = tmp_path / "afile"
    blocker.write_text("")
    with pytest.raises(SystemExit) as exit_info:
        main([*SMALL, "-o", str(blocker / "out.jsonl")])
    err = capsys.readouterr().err
    assert exit_info.value.code == 2
    assert f"error: cannot write {blocker / 'out.jsonl'}: Not a directory" in err
    assert ".tmp" not in err and "procbench-" not in err


def test_read_only_targets_name_the_users_path(tmp_path):
    frozen = tmp_path / "frozen"
    frozen.mkdir()
    frozen.chmod(0o555)
    read_only = tmp_path / "read-only.jsonl"
    read_only.write_text("keep\n")
    read_only.chmod(0o444)
    try:
        for path, reason in ((frozen / "out.jsonl", "Permission denied"), (read_only, "the file is read-only")):
            command = unprivileged([sys.executable, "-m", "procbench_tools", *SMALL, "-o", str(path)])
            result = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
            assert result.returncode == 2, result.stderr
            assert f"cannot write {path}: {reason}" in result.stderr and ".tmp" not in result.stderr
        assert read_only.read_text() == "keep\n" and not list(frozen.iterdir())
    finally:
        frozen.chmod(0o755)


def test_atomic_text_file_keeps_the_old_file_on_error(tmp_path):
    path = tmp_path / "x.json"
    path.write_text("old")
    with pytest.raises(RuntimeError), atomic_text_file(path) as stream:
        stream.write("half")
        raise RuntimeError("boom")
    assert path.read_text() == "old" and listing(tmp_path) == ["x.json"]


def dead_pid():
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    process.wait()
    return process.pid


def test_stale_staging_of_ours_is_removed_by_the_next_run(tmp_path):
    out = tmp_path / "set.jsonl"
    ours_dead = tmp_path / staging_prefix(out).replace(f"-{os.getpid()}-", f"-{dead_pid()}-")
    ours_dead = ours_dead.with_name(ours_dead.name + "abc123.tmp")
    ours_dead.write_text("27 MB of an interrupted run")
    ours_alive = tmp_path / (staging_prefix(out) + "def456.tmp")  # this very process: still running
    ours_alive.write_text("being written")
    foreign = tmp_path / ".set.jsonl.abc123.tmp"  # not named by us: never touched
    foreign.write_text("someone else's")
    assert main([*SMALL, "-o", str(out)]) == 0
    assert listing(tmp_path) == sorted([foreign.name, ours_alive.name, "set.jsonl"])


def test_a_folder_set_aside_by_a_killed_export_is_put_back(tmp_path):
    target = tmp_path / "procbench"
    aside = tmp_path / (staging_prefix(target).replace(f"-{os.getpid()}-", f"-{dead_pid()}-") + "xyz.old")
    aside.mkdir()
    (aside / "README.md").write_text("the previous export")
    remove_stale_staging(target)
    assert listing(tmp_path) == ["procbench"] and (target / "README.md").read_text() == "the previous export"


def start_and_terminate(args, cwd, env, staged):
    """Start ``procbench args``, wait until ``staged()`` finds its staging, send SIGTERM."""
    process = subprocess.Popen(
        [sys.executable, "-m", "procbench_tools", *args], cwd=cwd, env=env, stderr=subprocess.PIPE, text=True
    )
    deadline = time.monotonic() + 120
    while not staged() and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert process.poll() is None, f"finished before it could be terminated: {process.stderr.read()}"
    time.sleep(0.3)
    process.send_signal(signal.SIGTERM)
    _, err = process.communicate(timeout=120)
    return process.returncode, err


def environment(tmp_path):
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TMPDIR": str(temporary), "HF_HOME": str(tmp_path / "hf")}
    return env, temporary


def test_sigterm_during_generate_leaves_nothing(tmp_path):
    env, temporary = environment(tmp_path)
    work = tmp_path / "work"
    work.mkdir()
    args = ["generate", "--tasks", "Sort", "--min-steps", "90", "--max-steps", "100", "--per-step", "3000"]
    code, err = start_and_terminate([*args, "-o", "big.jsonl"], work, env, lambda: bool(list(work.iterdir())))
    assert code == 128 + signal.SIGTERM, err
    assert err.strip().splitlines()[-1] == "terminated" and "Traceback" not in err
    assert listing(work) == [] and listing(temporary) == []


def test_sigterm_during_export_leaves_no_staging_and_no_cache(tmp_path):
    env, temporary = environment(tmp_path)
    work = tmp_path / "work"
    work.mkdir()
    args = ["export", "out", "--configs", "Sort", "--min-steps", "90", "--max-steps", "100", "--per-step", "3000"]
    code, err = start_and_terminate(args, work, env, lambda: bool(list(work.glob(".out.*/.cache/*"))))
    assert code == 128 + signal.SIGTERM, err
    assert "Traceback" not in err
    assert listing(work) == [] and listing(temporary) == []


def test_the_test_suite_removes_its_hf_home(tmp_path):
    env, temporary = environment(tmp_path)
    selected = ["tests/tasks/test_common_helpers.py", "-k", "unknown"]
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *selected],
        cwd=ROOT,
        env={**env, "PYTHONPATH": ""},
        capture_output=True,
        text=True,
    )
    assert result.returncode in (0, 5), result.stdout + result.stderr  # 5: nothing selected is fine
    assert not list(temporary.glob("procbench-test-hf-*"))
