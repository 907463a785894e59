"""The paper's extraction, as an option: a language model turns each reply into the answer.

The ProcBench paper turned replies into JSON with GPT-4o and structured output before
scoring. ``procbench evaluate --extractor MODEL`` does the same, beside the project's
answer reader, so that a report can show both and where they differ. The extractor is
asked for the answer the reply states (never the correct one), in a JSON schema made from
the reference's state types (never its values); it is called through inspect-ai's model API
(``integrations/inspect_models.py``: any model name ``inspect eval`` takes, inspect's
concurrency and retries), and every extraction is kept in an on-disk cache keyed by the
model, the schema and the reply, so a rerun asks for nothing it has asked before.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..scoring.objects import answer_parts
from ..scoring.state_types import Kind, state_kinds
from .lines import NotJson, parse_json

INSTRUCTIONS = """\
Below is a reply that a model wrote to a step-by-step task. Extract the answer that the reply \
itself states: its intermediate states in order, and its final state. Do not solve the task \
and do not correct the reply: copy what it gives, even where it is wrong. Leave out an initial \
state that the reply shows only as the starting point. Give each state in the type the \
schema asks for. If the reply states no final answer, answer {"intermediate": [], "final": null}.

Reply:
<<<
{reply}
>>>"""
SCHEMA_NAME = "procbench_answer"
NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)  # POSIX; elsewhere only the check before opening


def _schema_of(kind: Kind) -> dict[str, Any]:
    if isinstance(kind, list):
        return {"type": "array", "items": _schema_of(kind[0])}
    if kind is int:
        return {"type": "integer"}
    return {"type": "string"}


def answer_schema(states: list[Any]) -> dict[str, Any]:
    """The JSON schema of an answer to a question whose label has the state sequence
    ``states``: its types, never its values."""
    intermediate, final = state_kinds(states)
    return {
        "type": "object",
        "properties": {
            "intermediate": {"type": "array", "items": _schema_of(intermediate)},
            "final": {"anyOf": [_schema_of(final), {"type": "null"}]},
        },
        "required": ["intermediate", "final"],
        "additionalProperties": False,
    }


@dataclass(frozen=True)
class Extraction:
    """What the extractor made of one reply: the answer (``None`` when it found none or its
    output was no answer) and its raw output."""

    prediction: dict[str, Any] | None
    output: str


def parse_extraction(output: str) -> dict[str, Any] | None:
    """The answer in an extractor's output (JSON, perhaps fenced), or ``None``."""
    text = output.strip().removeprefix("```json").removeprefix("```").removesuffix("```").strip()
    try:
        value = parse_json(text, "the extractor's output")
    except ValueError:
        return None  # not JSON, nested too deep, or a lone surrogate: no answer
    parts = answer_parts(value)
    if parts is None or parts[1] is None:
        return None
    return {"intermediate": parts[0], "final": parts[1]}


class ExtractionCache:
    """Extractions kept on disk, one JSON line each, keyed by model, schema and reply.

    The file is never reached through a symbolic link (opened with ``O_NOFOLLOW``): a link
    planted where the cache goes would make every extraction append to its target."""

    def __init__(self, folder: Path, model: str) -> None:
        self.path = folder / (hashlib.sha256(model.encode()).hexdigest()[:16] + ".jsonl")
        self.model = model
        self.known: dict[str, str] = {}
        try:
            # Non-blocking: a FIFO planted there is refused below, not waited on.
            descriptor = self._open(os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        except FileNotFoundError:
            return
        with os.fdopen(descriptor, encoding="utf-8") as file:
            for number, line in enumerate(file.read().splitlines(), start=1):
                where = f"--extractor-cache {self.path}:{number}"
                try:
                    entry = parse_json(line, where)
                except NotJson:
                    continue  # a line cut short by a killed run: asked again
                except ValueError as error:
                    raise ValueError(f"{error}; remove that line (its extraction is asked again)") from None
                if not isinstance(entry, dict) or not isinstance(entry.get("key"), str):
                    continue
                if not isinstance(entry.get("output"), str):
                    raise ValueError(
                        f"{where}: output is {entry.get('output')!r:.40}; expected text: "
                        "remove that line (its extraction is asked again)"
                    )
                self.known[entry["key"]] = entry["output"]

    def _open(self, flags: int) -> int:
        """A descriptor of the cache file, opened without following a link; ``ValueError``
        (one line naming the file) for a link or anything but a regular file."""
        refused = (
            f"--extractor-cache {self.path.parent}: {self.path.name} is a symbolic link or not a regular file; "
            "the cache follows no links: remove it"
        )
        if self.path.is_symlink():  # O_NOFOLLOW below closes the race where the OS has it
            raise ValueError(refused)
        try:
            descriptor = os.open(self.path, flags | NO_FOLLOW, 0o666)
        except FileNotFoundError:
            raise
        except OSError as error:
            if error.errno == errno.ELOOP or self.path.is_symlink():
                raise ValueError(refused) from None
            raise ValueError(f"--extractor-cache {self.path}: {error.strerror or error}") from None
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            os.close(descriptor)
            raise ValueError(refused)
        return descriptor

    def key(self, reply: str, schema: dict[str, Any]) -> str:
        material = json.dumps([self.model, schema, reply], sort_keys=True, ensure_ascii=False)
        return hashlib.sha256(material.encode()).hexdigest()

    def add(self, key: str, output: str) -> None:
        self.known[key] = output
        self.path.parent.mkdir(parents=True, exist_ok=True)
        descriptor = self._open(os.O_WRONLY | os.O_APPEND | os.O_CREAT)
        with os.fdopen(descriptor, "a", encoding="utf-8") as file:  # one line per write: appends stay whole
            file.write(json.dumps({"key": key, "output": output}, ensure_ascii=False) + "\n")
            file.flush()
            os.fsync(file.fileno())


def default_cache_folder() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "procbench" / "extractions"


class Extractor:
    """A model that extracts answers, with its cache: :meth:`extract` reads one reply
    (asking the model only for what the cache does not hold). Made with
    :func:`make_extractor`; used inside one event loop (``asyncio.run``)."""

    def __init__(self, name: str, model: Any, cache: ExtractionCache) -> None:
        self.name, self.model, self.cache = name, model, cache

    async def read(self, record: dict[str, Any]) -> Extraction:
        """The reply of a ``scores.jsonl`` record, read (as :func:`.extractor_comparison.compare`
        asks its second reader)."""
        from ..scoring.measures import parse_reference

        return await self.extract(record["response"], parse_reference(record["reference"]))

    async def extract(self, reply: str, states: list[Any]) -> Extraction:
        """The answer ``reply`` states, typed by the reference states ``states``."""
        from inspect_ai.model import GenerateConfig, ResponseSchema
        from inspect_ai.util import JSONSchema

        from ..integrations.inspect_models import ask, describe_error

        schema = answer_schema(states)
        key = self.cache.key(reply, schema)
        if key not in self.cache.known:
            config = GenerateConfig(
                response_schema=ResponseSchema(name=SCHEMA_NAME, json_schema=JSONSchema.model_validate(schema))
            )
            try:
                answer = await ask(self.model, INSTRUCTIONS.replace("{reply}", reply), config=config)
            except Exception as error:  # inspect and the model's client raise many kinds
                raise ValueError(
                    f"--extractor {self.name}: {describe_error(error)} (extractions so far are kept in "
                    f"{self.cache.path} and not asked again)"
                ) from None
            self.cache.add(key, answer.text)
        output = self.cache.known[key]
        return Extraction(parse_extraction(output), output)


def make_extractor(
    model_name: str,
    *,
    cache_folder: Path | None = None,
    base_url: str | None = None,
    max_connections: int | None = None,
    model_args: dict[str, Any] | None = None,
) -> Extractor:
    """The extractor ``model_name`` (any name ``inspect eval`` takes) with its on-disk cache
    in ``cache_folder`` (default ``~/.cache/procbench/extractions``). ``ValueError`` (one
    line, naming ``--extractor``) when the model cannot be used."""
    from ..integrations.inspect_models import make_model

    folder = cache_folder or default_cache_folder()
    check_cache_folder(folder)
    model = make_model(
        model_name, base_url=base_url, max_connections=max_connections, model_args=model_args, option="--extractor"
    )
    return Extractor(model_name, model, ExtractionCache(folder, model_name))


def check_cache_folder(folder: Path) -> None:
    """Make the cache's folder, or ``ValueError`` (one line naming ``--extractor-cache``)
    when it cannot hold the cache: checked before any scoring or call."""
    if folder.exists() and not folder.is_dir():
        raise ValueError(f"--extractor-cache {folder}: is a file, not a folder")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise ValueError(f"--extractor-cache {folder}: {error.strerror or error}") from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise ValueError(f"--extractor-cache {folder}: not writable")
