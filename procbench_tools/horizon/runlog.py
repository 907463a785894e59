"""The files of a horizon run's folder, and resuming from them.

- ``run.lock``: held (``fcntl.flock``) by the run writing to the folder, so that a second run
  into the same folder stops at once; the system releases it when the run ends, however it
  ends (a kill included).
- ``run.json``: the settings that fix which questions a call gets and how the model answers
  (model, base URL, temperature, token limit, seed, tasks, step range, prompt variant); a run
  resumes only with the same ones.
- ``calls.jsonl``: one line per completed call, appended (and flushed to disk) as it
  completes: example id, task, steps, index, prompt variant, question, label, response,
  finish reason, tokens and scores. A line cut off by a kill is dropped on resume.
- ``examples.jsonl``: the examples of the logged calls as ``procbench generate`` lines, so
  that ``procbench evaluate calls.jsonl --dataset examples.jsonl`` scores the run.
"""

from __future__ import annotations

import contextlib
import fcntl
import json
import os
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import generators

from ..atomic import atomic_text_file

LOCK = "run.lock"
SETTINGS = "run.json"
CALLS = "calls.jsonl"
EXAMPLES = "examples.jsonl"
SUMMARY = "summary.json"
FIGURE = "horizon.png"
FIXED_SETTINGS = (
    "model",
    "model_base_url",
    "temperature",
    "max_tokens",
    "seed",
    "tasks",
    "min_steps",
    "max_steps",
    "prompt_variant",
)
EXAMPLE_KEYS = ("id", "task", "task_name", "steps", "prompt", "question", "label")


@contextlib.contextmanager
def hold_folder(folder: Path) -> Iterator[None]:
    """Make ``folder`` and hold its lock for the block; ``ValueError`` at once when another
    run holds it. The lock is an advisory ``flock`` on ``run.lock``, which the system
    releases when this process ends, however it ends, so it never goes stale."""
    if folder.exists() and not folder.is_dir():
        raise ValueError(f"--output {folder} is a file; a horizon run needs a folder")
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / LOCK).open("a") as lock:
        try:
            fcntl.flock(lock.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise ValueError(
                f"--output {folder} is in use: another procbench horizon run holds it; "
                "wait for that run to end or use another folder"
            ) from None
        try:
            yield
        finally:
            fcntl.flock(lock.fileno(), fcntl.LOCK_UN)


def prepare_folder(folder: Path, settings: dict[str, Any]) -> dict[str, Any]:
    """Check that the run in ``folder`` (made and held by :func:`hold_folder`), if any, has
    the same fixed settings, and return the settings in force: a resumed run keeps its own
    seed; a new run without one draws it."""
    path = folder / SETTINGS
    if path.exists():
        try:
            earlier = json.loads(path.read_text(encoding="utf-8"))
        except ValueError as error:
            raise ValueError(f"{path} is not JSON ({error}); remove it or use another --output") from None
        given_seed = settings["seed"]
        if given_seed is None:
            settings = {**settings, "seed": earlier.get("seed")}
        differing = [key for key in FIXED_SETTINGS if earlier.get(key) != settings.get(key)]
        if differing:
            key = differing[0]
            raise ValueError(
                f"--output {folder} holds a run with other settings ({key}: {earlier.get(key)!r}, now "
                f"{settings.get(key)!r}); resume it with the same settings or use another folder"
            )
    elif settings["seed"] is None:
        settings = {**settings, "seed": secrets.randbelow(2**31)}
    with atomic_text_file(path) as stream:
        json.dump(settings, stream, indent=2)
        stream.write("\n")
    return settings


def read_calls(folder: Path) -> list[dict[str, Any]]:
    """The calls logged so far; a last line cut off by a kill is dropped (and cut from the
    file, so that appending goes on at a line start)."""
    path = folder / CALLS
    if not path.exists():
        return []
    data = path.read_bytes()
    complete = data[: data.rfind(b"\n") + 1]
    if len(complete) != len(data):
        with path.open("r+b") as stream:
            stream.truncate(len(complete))
    calls = []
    for number, line in enumerate(complete.decode("utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            calls.append(json.loads(line))
        except ValueError:
            raise ValueError(f"{path}:{number}: not a JSON object; the log is damaged") from None
    return calls


class CallLog:
    """Appends one JSON line per call to ``calls.jsonl`` and flushes it to disk."""

    def __init__(self, folder: Path) -> None:
        self.stream = (folder / CALLS).open("a", encoding="utf-8")

    def append(self, record: dict[str, Any]) -> None:
        self.stream.write(json.dumps(record, ensure_ascii=False) + "\n")
        self.stream.flush()
        os.fsync(self.stream.fileno())

    def close(self) -> None:
        self.stream.close()


def write_examples(folder: Path, calls: list[dict[str, Any]], answer_format: bool) -> None:
    """``examples.jsonl``: one ``procbench generate`` line per logged call (its prompt made
    again from the question: a pure function of it and the prompt variant)."""
    with atomic_text_file(folder / EXAMPLES) as stream:
        for call in calls:
            example = {key: call[key] for key in EXAMPLE_KEYS if key in call}
            example["prompt"] = generators.prompt_for(call["task"], call["question"], answer_format=answer_format)
            stream.write(json.dumps(example, ensure_ascii=False) + "\n")


def write_json(path: Path, value: Any) -> None:
    with atomic_text_file(path) as stream:
        json.dump(value, stream, indent=2, ensure_ascii=False)
        stream.write("\n")
