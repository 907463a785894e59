"""Generation speed of this checkout against a baseline revision (and, if given, the
original ProcBench generator), side by side in one run.

    python benchmarks/generate.py [--baseline 450fee8] [--repeat 9] [--original DIR]

The baseline revision's tree is taken from git into a temporary folder and both trees are
compiled to bytecode first (as an installed package is). One worker process per side, all
on this interpreter, generates each task's part of the default benchmark (10 examples per
step count, steps 2..25, unique) in turn, the sides interleaved so that machine load hits
them alike. Prints per task the CPU microseconds per example (the median of --repeat rounds:
a round of one task lasts milliseconds, and a typical-of favours whichever side varies more) and the
ratios, the totals for all 5,520 examples, and, in fresh processes, the time of ``import
generators``, of a whole ``procbench generate`` and of making the corpus ready.

``--original DIR`` adds the original generator (a checkout of
https://github.com/ifujisawa/proc-bench; needs numpy, and Python 3.10 like the original:
its Decompose samples from a set, which Python 3.11 refuses). Its ``gen_taskNN`` functions
run with seed 12 as in its ``configs/main.yaml``, with what they would save kept in memory
(prompt and label, no files written) and their progress prints silenced; hydra and
omegaconf, used only by its command line, are stood in for; its sentence file is not in the
repository, so its sentence tasks read this project's corpus sentences, loaded once.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from arguments import positive_int
from trees import BASELINE, ROOT, baseline_tree, compile_tree

WORKER = """
import sys, time
sys.path.insert(0, sys.argv[1])
import procbench_generators
from procbench_generators.benchmark import iter_task_examples
from procbench_generators.corpus import load_corpus
load_corpus()
print("ready", flush=True)
for line in sys.stdin:
    task = line.strip()
    start = time.process_time()
    count = sum(1 for _ in iter_task_examples(task, range(2, 26), 10, 2024))
    print(time.process_time() - start, count, flush=True)
"""

CORPUS = """
import sys, time
sys.path.insert(0, sys.argv[1])
import procbench_generators
from procbench_generators.corpus import load_corpus
start = time.perf_counter()
load_corpus()
procbench_generators.generate("Count2", 10, 0)
print(time.perf_counter() - start)
"""


class Worker:
    def __init__(self, root: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", WORKER, str(root)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        assert self.process.stdout.readline().strip() == "ready"

    def cpu_seconds(self, task: str) -> float:
        self.process.stdin.write(task + "\n")
        self.process.stdin.flush()
        seconds, count = self.process.stdout.readline().split()
        assert int(count) == 240, count
        return float(seconds)

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait()


ORIGINAL = """
import json, random, sys, time, types
from pathlib import Path
root, sentences = sys.argv[1], sys.argv[2]
sys.path.insert(0, root)
sys.modules["hydra"] = types.SimpleNamespace(main=lambda **kw: (lambda f: f))
sys.modules["omegaconf"] = types.SimpleNamespace(DictConfig=dict)
import generate_main
from proc_bench import procbench_generators
kept = []
def keep(folder, number, prompt, states, config):
    kept.append((prompt, generate_main.to_json(states)))
generate_main.save_task = keep
generate_main.print = procbench_generators.print = lambda *args, **kwargs: None
lines = {}
def generate_sentence(count, path, random_state=None):  # the original's draws, the file read once
    if path not in lines:
        lines[path] = Path(path).read_text(encoding="utf-8").splitlines()
    return random_state.sample(lines[path], count)
procbench_generators.generate_sentence = generate_sentence
generate_sentence(1, sentences, random.Random(0))
print("ready", flush=True)
for line in sys.stdin:
    number = int(line)
    args = (12, Path("unused"), Path(root) / "templates") + ((sentences,) if number in (14, 18, 20) else ())
    kept.clear()
    start = time.process_time()
    getattr(generate_main, f"gen_task{number:02d}")(*args)
    print(time.process_time() - start, len(kept), flush=True)
"""


class OriginalWorker(Worker):
    """The original generator's ``gen_taskNN`` for a task, in a process of its own."""

    def __init__(self, root: Path, sentences: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-c", ORIGINAL, str(root), str(sentences)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.process.stdout.readline().strip() == "ready", "the original generator did not start"

    def cpu_seconds(self, task: str) -> float:
        import procbench_generators

        return super().cpu_seconds(str(procbench_generators.get_task(task).number))


def task_medians(workers: list[Worker], tasks: list[str], repeat: int) -> dict[str, list[float]]:
    """Per task, each worker's median CPU seconds over ``repeat`` rounds; the workers take
    turns task by task, so that machine load hits every side alike. Closes the workers."""
    rounds: dict[str, list[list[float]]] = {task: [[] for _ in workers] for task in tasks}
    for _ in range(repeat):
        for task in tasks:
            for side, worker in enumerate(workers):
                rounds[task][side].append(worker.cpu_seconds(task))
    for worker in workers:
        worker.close()
    return {task: [statistics.median(times) for times in sides] for task, sides in rounds.items()}


GENERATE = """
import sys
sys.path.insert(0, sys.argv[1])
from procbench_tools.cli import main
main(["generate", "-o", sys.argv[2]])
"""


def command_cpu_seconds(root: Path, repeat: int) -> float:
    """Median CPU seconds (user + system) of a fresh ``procbench generate -o FILE`` process:
    interpreter, imports, corpus, the 5,520 examples and their JSON."""
    times = []
    with tempfile.TemporaryDirectory() as folder:
        for _ in range(repeat):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            command = [sys.executable, "-c", GENERATE, str(root), f"{folder}/out.jsonl"]
            subprocess.run(command, check=True, stderr=subprocess.DEVNULL)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            times.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(times)


def fresh_seconds(code: str, root: Path, repeat: int) -> float:
    """Median wall seconds printed by ``code`` (or of the whole process when it prints none)."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        out = subprocess.run([sys.executable, "-c", code, str(root)], check=True, capture_output=True, text=True)
        times.append(float(out.stdout) if out.stdout.strip() else time.perf_counter() - start)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--baseline", default=BASELINE, help="git revision to compare with (default: %(default)s)")
    parser.add_argument("--repeat", type=positive_int, default=9)
    parser.add_argument("--original", type=Path, help="a checkout of the original ProcBench generator")
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    import procbench_generators
    from procbench_generators.corpus import load_corpus

    with tempfile.TemporaryDirectory(prefix="procbench-baseline-") as folder:
        old_root = baseline_tree(args.baseline, Path(folder) / "baseline")
        for root in (old_root, ROOT):
            compile_tree(root)
        workers = [Worker(old_root), Worker(ROOT)]
        if args.original:
            sentences = Path(folder) / "sentences.txt"
            sentences.write_text("\n".join(load_corpus().sentences) + "\n", encoding="utf-8")
            workers.append(OriginalWorker(args.original, sentences))
        typical = task_medians(workers, procbench_generators.TASKS, args.repeat)
        print(f"per-example CPU, default benchmark (240 per task), median of {args.repeat}; baseline {args.baseline}")
        header = f"{'task':<12} {'old us/ex':>10} {'new us/ex':>10} {'new/old':>8}"
        print(header + (f" {'original':>10} {'new/orig':>9}" if args.original else ""))
        for task, (before, after, *original) in typical.items():
            row = f"{task:<12} {before / 240 * 1e6:10.1f} {after / 240 * 1e6:10.1f} {after / before:8.2f}"
            print(row + "".join(f" {seconds / 240 * 1e6:10.1f} {after / seconds:9.2f}" for seconds in original))
        total_old = sum(times[0] for times in typical.values())
        total_new = sum(times[1] for times in typical.values())
        ratio = total_new / total_old
        print(f"all 5,520 examples: old {total_old:.3f} s CPU, new {total_new:.3f} s CPU, new/old {ratio:.2f}")
        if args.original:
            total_original = sum(times[2] for times in typical.values())
            slower = [task for task, times in typical.items() if times[1] > times[2]]
            print(f"original generator, all 5,520: {total_original:.3f} s CPU; tasks slower here: {slower or 'none'}")
        code = "import sys; sys.path.insert(0, sys.argv[1]); import procbench_generators"
        before, after = fresh_seconds(code, old_root, args.repeat), fresh_seconds(code, ROOT, args.repeat)
        print(f"fresh process + import procbench_generators (median wall): old {before:.3f} s, new {after:.3f} s")
        before, after = command_cpu_seconds(old_root, args.repeat), command_cpu_seconds(ROOT, args.repeat)
        print(f"procbench generate -o FILE, whole process (CPU, median): old {before:.3f} s, new {after:.3f} s")
        before, after = fresh_seconds(CORPUS, old_root, args.repeat), fresh_seconds(CORPUS, ROOT, args.repeat)
        print(f"corpus ready + first Count2 example (median wall): old {before:.3f} s, new {after:.3f} s")


if __name__ == "__main__":
    main()
