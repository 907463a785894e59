"""Write a prefix of the training stream to JSON Lines or Parquet (``procbench generate
--stream``), atomically."""

from __future__ import annotations

import itertools
import json
import os
import sys
from collections.abc import Iterable, Iterator
from typing import Any, TextIO

from tqdm import tqdm

from procbench_generators.example import COLUMNS

from ..atomic import atomic_path, atomic_text_file

PARQUET_BATCH = 10_000
STREAM_COLUMNS = tuple(name for name in COLUMNS if name != "problem_name")  # a stream is not a set


def is_parquet(output: str | os.PathLike[str]) -> bool:
    return os.fspath(output).lower().endswith(".parquet")


def _write_jsonl(stream: TextIO, examples: Iterable[dict[str, Any]]) -> int:
    count = 0
    for example in examples:
        stream.write(json.dumps(example, ensure_ascii=False) + "\n")
        count += 1
    return count


def parquet_row(example: dict[str, Any]) -> dict[str, Any]:
    """An example with ``question`` and ``label`` as JSON strings: their types differ
    from task to task, and one Parquet column holds one type."""
    return {
        **example,
        "question": json.dumps(example["question"], ensure_ascii=False),
        "label": json.dumps(example["label"], ensure_ascii=False),
    }


def _write_parquet(path: os.PathLike[str], examples: Iterator[dict[str, Any]]) -> int:
    import pyarrow as pa
    import pyarrow.parquet as pq

    types = {"steps": pa.int32()}
    schema = pa.schema([(name, types.get(name, pa.string())) for name in STREAM_COLUMNS])
    count = 0
    with pq.ParquetWriter(path, schema) as writer:
        while batch := [parquet_row(example) for example in itertools.islice(examples, PARQUET_BATCH)]:
            writer.write_table(pa.Table.from_pylist(batch, schema=schema))
            count += len(batch)
    return count


def write_stream(examples: Iterable[dict[str, Any]], count: int, output: str) -> int:
    """Write the first ``count`` of ``examples`` to ``output`` (``-``: standard output as
    JSON Lines; a name ending in ``.parquet``: Parquet; otherwise JSON Lines), with a
    progress bar; the file appears only once complete. Returns the number written."""
    chosen = tqdm(
        itertools.islice(examples, count), total=count, unit="ex", desc="streaming", disable=None, file=sys.stderr
    )
    if output == "-":
        return _write_jsonl(sys.stdout, chosen)
    if is_parquet(output):
        with atomic_path(output) as temporary:
            return _write_parquet(temporary, iter(chosen))
    with atomic_text_file(output) as stream:
        return _write_jsonl(stream, chosen)
