"""ProcBench past one machine: a ``ray.data.Dataset`` of examples, written as Parquet shards.

Needs the optional extra ``ray`` (``pip install '.[ray]'`` from the repository). The seed space is cut into
shards of at most ``shard_size`` examples (one task, one step count, a range of indices);
each shard's rows are a pure function of the settings and its range, made by the same code
as the datasets builder's.

These are training sets, so by default no row repeats a question of the default benchmark,
nor (Count2, FillWord, DeleteWord) uses a corpus sentence the benchmark uses: such a draw is
re-drawn, with the training stream's exclusion
(:func:`~procbench_tools.training.decontamination.benchmark_exclusion`). With
``keep_benchmark=True`` nothing is left out, and the rows equal
``ProcBench(config_name="all", ...)``'s for the same settings (the ``label`` column is a
JSON string, as in the ``all`` config)::

    import ray
    from procbench_tools.integrations.ray_dataset import build_dataset

    ray.init()  # or ray.init(address="auto") on a cluster
    examples = build_dataset(examples_per_step=10_000, max_steps=60, unique=False)
    examples.write_parquet("s3://bucket/procbench-train")  # or a local folder

With ``unique`` (the default, as in the builder) a task without sentences is cut by step
count and a sentence task is one shard; ``unique=False`` lets questions repeat and cuts
anywhere, which is what large sets want.
"""

from __future__ import annotations

from typing import Any

from procbench_generators.example import COLUMNS
from procbench_generators.rows import unit_rows, units
from procbench_generators.settings import Settings, true_or_false, whole_number


def schema() -> Any:
    """The Arrow schema of the rows: the ``all`` config's columns and types."""
    import pyarrow as pa

    types = {"steps": pa.int32()}
    return pa.schema([(name, types.get(name, pa.string())) for name in COLUMNS])


def shards(settings: Settings, shard_size: int = 1_000) -> list[dict[str, Any]]:
    """The shards of a set, in row order: ``{"task", "steps", "start", "stop"}`` each."""
    whole_number("shard_size", shard_size, at_least=1)
    return [
        {"task": task, "steps": list(steps), "start": start, "stop": stop}
        for task, steps, start, stop in units(settings, chunk=shard_size)
    ]


def shard_table(shard: dict[str, Any], settings: Settings, keep_benchmark: bool = False) -> Any:
    """The rows of one shard as an Arrow table: a pure function of its arguments (the
    benchmark's exclusion is made once per process, on first use)."""
    import pyarrow as pa

    from ..training.decontamination import benchmark_exclusion

    unit = (shard["task"], tuple(shard["steps"]), shard["start"], shard["stop"])
    avoid = None if keep_benchmark else benchmark_exclusion(settings.tasks).excludes
    return pa.Table.from_pylist(list(unit_rows(settings, unit, avoid=avoid)), schema=schema())


def _shard_batch(batch: Any, settings: Settings, keep_benchmark: bool) -> Any:
    import pyarrow as pa

    return pa.concat_tables([shard_table(shard, settings, keep_benchmark) for shard in batch.to_pylist()])


def build_dataset(*, shard_size: int = 1_000, keep_benchmark: bool = False, **parameters: Any) -> Any:
    """A lazy ``ray.data.Dataset`` of the examples; ``parameters`` are those of
    :class:`~procbench_generators.settings.Settings` (``tasks``, ``seed``, ``examples_per_step``,
    ``min_steps``, ``max_steps``, ``answer_format``, ``unique``), checked before any work.
    The default benchmark's questions and sentences are kept out unless ``keep_benchmark``
    (see the module docstring). Every shard is one Ray task; nothing runs until the
    dataset is consumed or written."""
    import ray.data

    settings = Settings(**parameters)
    true_or_false("keep_benchmark", keep_benchmark)
    items = shards(settings, shard_size)
    return ray.data.from_items(items, override_num_blocks=len(items)).map_batches(
        _shard_batch,  # type: ignore[arg-type]  # Ray's stubs allow no fn_kwargs in the function's type
        batch_size=1,
        batch_format="pyarrow",
        fn_kwargs={"settings": settings, "keep_benchmark": keep_benchmark},
    )


def write_parquet(path: str, *, shard_size: int = 1_000, keep_benchmark: bool = False, **parameters: Any) -> None:
    """Generate the set on the running Ray instance (a cluster or the local machine) and
    write it as Parquet files under ``path``: a local folder or any URI Ray writes to
    (``s3://``, ``gs://``, ...). The default benchmark is kept out unless ``keep_benchmark``."""
    build_dataset(shard_size=shard_size, keep_benchmark=keep_benchmark, **parameters).write_parquet(path)
