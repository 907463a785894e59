"""Where the default benchmark's generation time goes, and what is left for the tasks' own
Python if the whole is to cost half of the baseline revision's.

    python benchmarks/phases.py [--baseline 9d3efd7] [--repeat 9] [--mypyc]

For each task, the exact draws of its part of the default benchmark (10 examples per step
count, steps 2..25, seed 2024, unique; re-draws included) are recorded once, then each phase
is timed alone over them (CPU, median of --repeat rounds), in microseconds per example:

- ``reseed``: putting the generator in the state of ``random.Random(seed)``, C code that
  every example pays because its draws are defined as those of a generator seeded for it;
- ``seeds``: the SHA-256 digests that derive an example's seed from the set's;
- ``digest``: the canonical JSON and SHA-256 of each drawn question (ids and uniqueness);
- ``sample``, ``solve``, ``render``: the task's own code (``sample`` without ``reseed``;
  ``render`` with the prompt around the question block); ``keys``: the sentence tasks'
  corpus-sentence keys;
- ``rest``: the whole part as ``iter_task_examples`` makes it, less all of the above (the
  loop, the example dict, the id).

The baseline's whole generation is timed in a worker process of its own, interleaved with
this checkout's, as ``benchmarks/generate.py`` does. The summary splits the cost into what the
output's definition pins (``reseed``, ``seeds``, ``digest``: the draws, seeds and ids are
defined by them, so no change that keeps every published set identical removes them) and the
rest, and prints how fast the rest would have to be for the whole to cost half the baseline.
``--mypyc`` adds a third side: a temporary copy of this checkout whose task modules mypyc
compiles to C extensions (``pip install mypy`` and a C compiler; the source is unchanged).
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from hashlib import sha256
from pathlib import Path

from arguments import positive_int
from generate import Worker, task_medians
from trees import BASELINE, ROOT, baseline_tree, compile_tree

STEPS, PER_STEP, SEED = range(2, 26), 10, 2024
PINNED = ("reseed", "seeds", "digest")
OWN = ("sample", "solve", "render", "keys")
PHASES = (*PINNED, *OWN)


def record_draws(task: str) -> tuple[list[tuple[int, int]], list[dict]]:
    """``(steps, seed_int)`` of every question the default set draws for ``task`` (re-draws
    included), and the examples it keeps."""
    import generators

    draws: list[tuple[int, int]] = []
    draw_question = generators.draw_question

    def recording(spec, steps, rng, seed_int, config=None):
        draws.append((steps, seed_int))
        return draw_question(spec, steps, rng, seed_int, config)

    from generators.benchmark import iter_task_examples

    generators.draw_question = recording
    try:
        examples = list(iter_task_examples(task, STEPS, PER_STEP, SEED))
    finally:
        generators.draw_question = draw_question
    return draws, examples


def median_seconds(run: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return statistics.median(times)


def task_phases(task: str, repeat: int) -> dict[str, float]:
    """CPU seconds of each phase (and ``total``) for ``task``'s part of the default set."""
    import generators
    from generators.benchmark import _full_digest, _SeedStream, iter_task_examples
    from generators.prompts import render_prompt
    from generators.rng import reseed

    spec = generators.get_task(task)
    draws, examples = record_draws(task)
    kept = [example["question"] for example in examples]
    drawn = [spec.sample(reseed(random.Random(), seed), steps, spec.config) for steps, seed in draws]
    # As iter_task_examples does: a sentence task solves and keys every drawn question and
    # digests the ones it keeps; the other tasks digest every drawn question and solve the kept.
    sentences = spec.overlap_keys is not None
    solved, digested = (drawn, kept) if sentences else (kept, drawn)
    labelled = [(question, spec.solve(question)) for question in drawn] if sentences else []
    rng = random.Random()
    stream = _SeedStream(SEED)
    prefixes = {steps: sha256(f"procbench/{task}/{steps}/".encode()) for steps in STEPS}

    def seeds() -> None:  # as a set derives them: the set's seed of the index (remembered), then the example's
        for number, (steps, _) in enumerate(draws):
            digest = prefixes[steps].copy()
            digest.update(str(stream(number % PER_STEP)).encode())
            int.from_bytes(digest.digest()[:8], "big")

    runs: dict[str, Callable[[], object]] = {
        "total": lambda: sum(1 for _ in iter_task_examples(task, STEPS, PER_STEP, SEED)),
        "reseed": lambda: [reseed(rng, seed) for _, seed in draws],
        "reseed+sample": lambda: [spec.sample(reseed(rng, seed), steps, spec.config) for steps, seed in draws],
        "seeds": seeds,
        "digest": lambda: [_full_digest(task, question) for question in digested],
        "solve": lambda: [spec.solve(question) for question in solved],
        "render": lambda: [render_prompt(task, spec.render(question)) for question in kept],
        "keys": lambda: [spec.overlap_keys(question, label) for question, label in labelled],
    }
    times = {name: median_seconds(run, repeat) for name, run in runs.items()}
    times["sample"] = times.pop("reseed+sample") - times["reseed"]
    times["rest"] = times["total"] - sum(times[name] for name in PHASES)
    return times


def compiled_tree(folder: Path) -> Path:
    """A copy of this checkout's ``generators`` (and templates) with every task module
    compiled by mypyc (``pip install mypy``; type errors ignored, the code is unchanged)."""
    import shutil

    root = folder / "compiled"
    shutil.copytree(ROOT / "generators", root / "generators", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copytree(ROOT / "templates", root / "templates")
    (root / "mypy.ini").write_text("[mypy]\nignore_errors = True\n")
    modules = sorted(str(path.relative_to(root)) for path in (root / "generators" / "tasks").glob("*.py"))
    modules.remove("generators/tasks/__init__.py")
    done = subprocess.run([sys.executable, "-m", "mypyc", *modules], cwd=root, capture_output=True, text=True)
    if done.returncode:
        last = (done.stderr.strip() or done.stdout.strip() or "no output").splitlines()[-1]
        sys.exit(f"phases.py: mypyc failed (exit {done.returncode}): {last}")
    return root


def whole_seconds(roots: list[Path], repeat: int) -> list[float]:
    """Whole default-set generation CPU seconds of each tree, each in a worker process of
    its own, the trees taking turns task by task (medians of ``repeat`` rounds, summed)."""
    import generators

    medians = task_medians([Worker(root) for root in roots], generators.TASKS, repeat)
    return [sum(sides[side] for sides in medians.values()) for side in range(len(roots))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--baseline", default=BASELINE, help="git revision to compare with (default: %(default)s)")
    parser.add_argument("--repeat", type=positive_int, default=9)
    parser.add_argument(
        "--mypyc", action="store_true", help="also time this checkout with its task modules compiled by mypyc"
    )
    args = parser.parse_args()
    if args.mypyc and importlib.util.find_spec("mypyc") is None:
        parser.error("--mypyc needs mypy installed (pip install mypy)")
    sys.path.insert(0, str(ROOT))
    import generators
    from generators.corpus import load_corpus

    load_corpus()
    count = len(STEPS) * PER_STEP
    columns = ("total", *PHASES, "rest")
    print(f"CPU us per example, default benchmark ({count} per task), median of {args.repeat}")
    print(f"{'task':<12}" + "".join(f"{name:>8}" for name in columns))
    sums = dict.fromkeys(columns, 0.0)
    for task in generators.TASKS:
        times = task_phases(task, args.repeat)
        print(f"{task:<12}" + "".join(f"{times[name] / count * 1e6:8.1f}" for name in columns))
        for name in columns:
            sums[name] += times[name]
    examples = count * len(generators.TASKS)
    print(f"{'mean':<12}" + "".join(f"{sums[name] / examples * 1e6:8.1f}" for name in columns))

    with tempfile.TemporaryDirectory(prefix="procbench-phases-") as folder:
        roots = [baseline_tree(args.baseline, Path(folder) / "baseline"), ROOT]
        if args.mypyc:
            roots.append(compiled_tree(Path(folder)))
        for root in roots:
            compile_tree(root)
        old, new, *compiled = whole_seconds(roots, args.repeat)
    pinned = sum(sums[name] for name in PINNED)
    own = sum(sums[name] for name in OWN)
    half = old / 2
    print(f"\nall {examples:,} examples, worker processes: baseline {args.baseline} {old:.3f} s, now {new:.3f} s CPU")
    print(f"  new/old {new / old:.2f}; half the baseline is {half:.3f} s ({half / examples * 1e6:.1f} us per example)")
    print(f"  now, in this process: {sums['total']:.3f} s = pinned by the output's definition {pinned:.3f} s")
    print(f"    + the tasks' own code {own:.3f} s + the rest {sums['rest']:.3f} s")
    left = half - pinned - sums["rest"]
    print(f"  at half the baseline, with the rest as it is, the tasks' own code may take {left:.3f} s")
    print(f"    ({left / own:.2f} of what it takes now)")
    print(
        f"  with no pinned cost at all (every published set would change): {(new - pinned) / old:.2f} of the baseline"
    )
    for seconds in compiled:
        print(f"  task modules compiled by mypyc: {seconds:.3f} s CPU, {seconds / old:.2f} of the baseline")
        print(f"    and with no pinned cost either: {(seconds - pinned) / old:.2f} of the baseline")


if __name__ == "__main__":
    main()
