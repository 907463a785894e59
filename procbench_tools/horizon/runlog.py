"""The files of a horizon run's folder, and resuming from them.

- ``run.lock``: held (``fcntl.flock``) by the run writing to the folder, so that a second run
  into the same folder stops at once; the system releases it when the run ends, however it
  ends (a kill included).
- ``run.json``: the settings that fix which questions a call gets and how the model answers
  (model, base URL, temperature, token limit, seed, tasks, step range, prompt variant); a run
  resumes only with the same ones.
- ``calls.jsonl``: one line per completed call, appended (and flushed to disk) as it
  completes: example id, task, steps, index, prompt variant, question, label, response,
  finish reason, tokens and scores. A line cut off by a kill is dropped on resume; a whole
  line that cannot be resumed from (not JSON, another task's call, steps the run never
  asks, a score that is not a number) is refused in one line naming it.
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
from typing import Any, TypeGuard

import procbench_generators

from ..atomic import atomic_text_file
from ..evaluation.lines import parse_json
from .design import candidate_steps

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
    settings = _run_settings(folder)
    calls = []
    for number, line in enumerate(complete.decode("utf-8", "replace").splitlines(), start=1):
        if not line.strip():
            continue
        where = f"{path}:{number}"
        try:
            call = parse_json(line, where)
            problem = call_problem(call, settings)
        except ValueError as error:
            problem = str(error).removeprefix(f"{where}: ")
        if problem is not None:
            raise ValueError(
                f"{where}: {problem}; the log is damaged: remove that line (its call is made again) "
                "or use another --output"
            )
        calls.append(call)
    return calls


def _run_settings(folder: Path) -> dict[str, Any]:
    """The run's settings as :func:`prepare_folder` wrote them (read before the calls)."""
    try:
        settings = json.loads((folder / SETTINGS).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return settings if isinstance(settings, dict) else {}


def task_candidates(task: str, lowest: int, highest: int) -> list[int]:
    """The step counts a run of ``lowest..highest`` asks ``task`` questions of."""
    spec = procbench_generators.step_range(task)
    return candidate_steps(max(lowest, spec.start), min(highest, spec.stop - 1))


def _is_whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def call_problem(call: Any, settings: dict[str, Any]) -> str | None:
    """What makes a parsed ``calls.jsonl`` line unusable for resuming the run of
    ``settings`` (``run.json``), or ``None``: not an object; a task outside the run; steps
    that are not one of the task's candidate step counts; an index, question, label, score
    or token count of the wrong kind."""
    if not isinstance(call, dict):
        return f"not a call but {call!r:.60}"
    task = call.get("task")
    tasks = settings.get("tasks")
    if not isinstance(tasks, list):  # no run.json to check against: a task the generators know
        tasks = list(procbench_generators.TASKS)
    if not isinstance(task, str) or task not in tasks:
        return f"a call of task {task!r:.40}, which is not one of this run's tasks {tasks}"
    if not isinstance(call.get("id"), str):
        return f"id is {call.get('id')!r:.40}; expected the example's id (text)"
    steps = call.get("steps")
    lowest, highest = settings.get("min_steps"), settings.get("max_steps")
    if _is_whole(lowest) and _is_whole(highest):
        try:
            candidates = task_candidates(task, lowest, highest)
        except ValueError:
            candidates = []
        if not _is_whole(steps) or steps not in candidates:
            return f"steps is {steps!r:.40}; this run asks {task} at {candidates} steps"
    index = call.get("index")
    if not _is_whole(index) or index < 0:
        return f"index is {index!r:.40}; expected a whole number, 0 or more"
    for key in ("question", "label"):
        if not isinstance(call.get(key), dict):
            return f"{key} is {call.get(key)!r:.40}; expected an object"
    if not isinstance(call.get("truncated", False), bool):
        return f"truncated is {call['truncated']!r:.40}; expected true or false"
    for key in ("prefix_accuracy", "sequential_match", "final_match", "prefix_match_length"):
        if not _is_number(call.get(key)):
            return f"{key} is {call.get(key)!r:.40}; expected a number"
    for key in ("input_tokens", "output_tokens"):
        if call.get(key) is not None and not _is_whole(call[key]):
            return f"{key} is {call[key]!r:.40}; expected a whole number"
    return None


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
            example["prompt"] = procbench_generators.prompt_for(
                call["task"], call["question"], answer_format=answer_format
            )
            stream.write(json.dumps(example, ensure_ascii=False) + "\n")


def write_json(path: Path, value: Any) -> None:
    with atomic_text_file(path) as stream:
        json.dump(value, stream, indent=2, ensure_ascii=False)
        stream.write("\n")
