"""Machine instructions per example, this checkout against a baseline revision, counted by
valgrind's callgrind: unlike CPU seconds, the counts do not move with the load of a shared
machine.

    python benchmarks/instructions.py [--baseline 9d3efd7] [--tasks Sort Rhythm]

Needs ``valgrind`` (``apt-get install valgrind``); each count runs Python under callgrind
(about 50 times slower), both trees compiled to bytecode first. For each side, a process that
imports ``generators`` and loads the corpus is counted with and without generating the
default benchmark's part of the given tasks (10 per step count, steps 2..25); the difference
divided by the examples is printed, and so is the count of the import plus corpus load
alone. Without ``--tasks`` it also counts the whole default benchmark in a fresh process
and a whole ``procbench generate -o FILE``.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from trees import BASELINE, ROOT, baseline_tree, compile_tree

SCRIPT = """
import sys
sys.path.insert(0, sys.argv[1])
import generators
from generators.benchmark import iter_task_examples
from generators.corpus import load_corpus
load_corpus()
if sys.argv[2] == "run":
    for task in sys.argv[3].split(","):
        for _ in iter_task_examples(task, range(2, 26), 10, 2024):
            pass
"""

COMMAND = """
import sys, tempfile
sys.path.insert(0, sys.argv[1])
from procbench_tools.cli import main
with tempfile.TemporaryDirectory() as folder:
    main(["generate", "-o", folder + "/procbench.jsonl"])
"""


def instructions(root: Path, mode: str, tasks: list[str]) -> int:
    valgrind = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
    code = COMMAND if mode == "command" else SCRIPT
    out = subprocess.run(
        [*valgrind, sys.executable, "-c", code, str(root), mode, ",".join(tasks)],
        capture_output=True,
        text=True,
        check=True,
    )
    return int(re.search(r"Collected : (\d+)", out.stderr).group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--baseline", default=BASELINE, help="git revision to compare with (default: %(default)s)")
    parser.add_argument("--tasks", nargs="+", help="tasks to count (default: the 20 without sentences, then the 3)")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    import generators

    sentence = ["Count2", "FillWord", "DeleteWord"]
    groups = [args.tasks] if args.tasks else [[t for t in generators.TASKS if t not in sentence], sentence]
    with tempfile.TemporaryDirectory(prefix="procbench-baseline-") as folder:
        baseline_tree(args.baseline, Path(folder))
        sides = {"old": Path(folder), "new": ROOT}
        for root in sides.values():
            compile_tree(root)
        base = {side: instructions(root, "base", []) for side, root in sides.items()}
        print(f"instructions (callgrind), baseline {args.baseline}")
        print(f"import generators + corpus load: old {base['old'] / 1e6:.0f} M, new {base['new'] / 1e6:.0f} M")
        for tasks in groups:
            per = {
                side: (instructions(root, "run", tasks) - base[side]) / (240 * len(tasks))
                for side, root in sides.items()
            }
            name = ", ".join(tasks) if len(tasks) <= 3 else f"{len(tasks)} tasks"
            print(
                f"{name}: old {per['old'] / 1e3:.0f} k, new {per['new'] / 1e3:.0f} k per example, "
                f"new/old {per['new'] / per['old']:.2f}"
            )
        if args.tasks:
            return
        every = {side: instructions(root, "run", generators.TASKS) for side, root in sides.items()}
        print(
            f"the default 5,520 in a fresh process (import, corpus, every example): old {every['old'] / 1e6:.0f} M, "
            f"new {every['new'] / 1e6:.0f} M, new/old {every['new'] / every['old']:.2f}"
        )
        command = {side: instructions(root, "command", []) for side, root in sides.items()}
        print(
            f"procbench generate -o FILE, the whole process (JSON written too): old {command['old'] / 1e6:.0f} M, "
            f"new {command['new'] / 1e6:.0f} M, new/old {command['new'] / command['old']:.2f}"
        )


if __name__ == "__main__":
    main()
