"""Export ProcBench in the Hub layout: ``data/<config>/<split>-*.parquet`` + ``README.md``."""

from __future__ import annotations

import contextlib
import copy
import json
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import datasets
from tqdm import tqdm

from ..atomic import atomic_folder, remove_stale_staging
from .builder import CONFIG_PARAMETERS, ProcBench
from .card import write_card
from .layout import ALL, CONFIGS, DEFAULT_DIR, config_names

__all__ = ["CONFIGS", "DEFAULT_DIR", "export"]


@contextlib.contextmanager
def _quiet_datasets() -> Iterator[None]:
    """One progress bar of ours instead of datasets' bars for each split of 24 configs."""
    was_enabled = datasets.is_progress_bar_enabled()
    datasets.disable_progress_bars()
    try:
        yield
    finally:
        if was_enabled:
            datasets.enable_progress_bars()


def _check_target(target: Path, shown: str, overwrite: bool) -> None:
    if target.exists() and not target.is_dir():
        raise ValueError(f"{shown} exists and is not a folder")
    if target.is_dir() and any(target.iterdir()) and not overwrite:
        raise ValueError(f"{shown} is not empty; pass --overwrite to replace it")


def export(
    directory: str | Path = DEFAULT_DIR,
    *,
    configs: list[str] | None = None,
    overwrite: bool = False,
    num_proc: int | None = None,
    progress: bool | None = None,
    **parameters: Any,
) -> Path:
    """Generate every config (or ``configs``) and write the Hub layout to ``directory``.

    ``parameters`` are the builder's (``seed``, ``examples_per_step``, ``min_steps``,
    ``max_steps``, ``answer_format``, ``unique``). Each example is generated once: with
    ``all`` among the configs, the ``all`` builder makes every row and each task's config
    is cut from it (its labels typed); otherwise each task's builder runs once. The folder
    is built under a staging name beside ``directory`` and put in place in one step at the
    end (``procbench_tools.atomic.atomic_folder``: an existing folder is never missing, and
    one written by another process meanwhile is kept and this export discarded); an
    existing non-empty ``directory`` is refused unless ``overwrite``. Errors name
    ``directory`` (a full disk: ``cannot write DIR: No space left on device``). Staging
    left by a killed export is removed by the next.
    """
    names = config_names(configs)
    target = Path(directory).resolve()
    remove_stale_staging(target)  # first, so that a folder a killed export set aside is back
    _check_target(target, str(directory), overwrite)
    with atomic_folder(target, str(directory)) as staging:
        infos: dict[str, datasets.DatasetInfo] = {}
        # The builders' cache lives inside the staging folder: one cleanup removes both.
        cache = staging / ".cache"
        with _quiet_datasets():
            builders = [ALL] if ALL in names else names
            bar = tqdm(builders, desc="exporting", unit="config", disable=progress is False or None, file=sys.stderr)
            for name in bar:
                bar.set_postfix_str(name)
                builder = ProcBench(config_name=name, cache_dir=str(cache), **parameters)
                builder.download_and_prepare(num_proc=num_proc)
                splits = {split: builder.as_dataset(split=split) for split in builder.info.splits}
                if name in names:
                    _write(staging, name, splits)
                    infos[name] = builder.info
                if name == ALL:
                    for task in (task for task in names if task != ALL):
                        task_builder = ProcBench(config_name=task, cache_dir=str(cache), **parameters)
                        task_splits = {split: _task_rows(data, task_builder) for split, data in splits.items()}
                        _write(staging, task, task_splits)
                        infos[task] = _info_of(task_builder, task_splits)
        shutil.rmtree(cache)
        used = {name: getattr(builder.config, name) for name in CONFIG_PARAMETERS}
        write_card(
            {name: infos[name] for name in names},
            staging,
            repo_hint=target.name,
            parameters=used,
            split_steps=builder.split_steps(),
        )
    return target


def _write(staging: Path, name: str, splits: dict[str, datasets.Dataset]) -> None:
    for split, data in splits.items():
        path = staging / "data" / name / f"{split}-00000-of-00001.parquet"
        path.parent.mkdir(parents=True, exist_ok=True)
        data.to_parquet(str(path))


def _task_rows(everything: datasets.Dataset, builder: ProcBench) -> datasets.Dataset:
    """One task's rows of an ``all`` split, in order, with the labels typed as in that
    task's own config (JSON strings parsed back: no example is generated again)."""
    import pyarrow as pa

    task = builder.config.task
    table = everything.data.table
    names = table.column("task").to_pylist()
    first = names.index(task)
    count = names.count(task)
    rows = table.slice(first, count)
    if count and names[first + count - 1] != task:
        raise AssertionError(f"the rows of {task} are not contiguous")  # the builder makes them so
    features = builder.info.features
    label_type = features.arrow_schema.field("label").type
    labels = pa.array(map(json.loads, rows.column("label").to_pylist()), type=label_type)
    rows = rows.set_column(rows.schema.get_field_index("label"), "label", labels)
    info = datasets.DatasetInfo(features=features)
    fingerprint = f"{everything._fingerprint}-{task}"  # given, so that datasets does not hash the table
    return datasets.Dataset(rows.cast(features.arrow_schema), info=info, fingerprint=fingerprint)


def _info_of(builder: ProcBench, splits: dict[str, datasets.Dataset]) -> datasets.DatasetInfo:
    info = copy.deepcopy(builder.info)
    info.splits = datasets.SplitDict(dataset_name=builder.dataset_name)
    for split, data in splits.items():
        info.splits.add(datasets.SplitInfo(name=split, num_bytes=data.data.nbytes, num_examples=data.num_rows))
    return info
