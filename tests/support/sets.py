"""Sets of examples for tests, made the one way: settings, then the set loop."""

from collections.abc import Iterable, Iterator
from typing import Any

from procbench_generators.benchmark import iter_examples
from procbench_generators.settings import DEFAULT_PER_STEP, DEFAULT_SEED, Settings


def iter_set(
    tasks: Iterable[str],
    steps: Iterable[int],
    per_step: int = DEFAULT_PER_STEP,
    seed: int = DEFAULT_SEED,
    **options: Any,
) -> Iterator[dict[str, Any]]:
    """The examples of ``tasks`` with the step counts ``steps`` (a range), ``per_step`` each."""
    counts = list(steps)
    settings = Settings(tuple(tasks), seed, per_step, min(counts), max(counts), **options)
    return iter_examples(settings)
