"""Each example is a pure function of (task, steps, seed): the same bytes in any process,
under any PYTHONHASHSEED, in any order."""

import hashlib
import os
import random
import subprocess
import sys
from pathlib import Path

import procbench_generators
from procbench_generators.rng import derive_seed, example_rng

ROOT = Path(__file__).resolve().parent.parent

DIGEST_SCRIPT = """
import hashlib, json, sys
import procbench_generators
order = procbench_generators.TASKS if sys.argv[1] == "forward" else procbench_generators.TASKS[::-1]
lines = {}
for task in order:
    for steps in (2, 9, 25, 60):
        for seed in (0, 1, 2**40):
            lines[task, steps, seed] = json.dumps(procbench_generators.generate(task, steps, seed), sort_keys=True)
text = "\\n".join(lines[key] for key in sorted(lines))
print(hashlib.sha256(text.encode()).hexdigest())
"""


def digest_in_subprocess(hash_seed: str, order: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": str(ROOT)}
    result = subprocess.run(
        [sys.executable, "-c", DIGEST_SCRIPT, order], env=env, capture_output=True, text=True, check=True, cwd=ROOT
    )
    return result.stdout.strip()


def test_same_bytes_across_hash_seeds_processes_and_order():
    digests = {
        digest_in_subprocess(seed, order) for seed, order in [("0", "forward"), ("1", "reverse"), ("4242", "forward")]
    }
    assert len(digests) == 1


def test_an_examples_generator_is_seeded_with_the_sha256_of_its_task_steps_and_seed():
    seed = int(hashlib.sha256(b"procbench/Sort/7/-5").hexdigest()[:16], 16)
    assert example_rng("Sort", 7, -5).getstate() == random.Random(seed).getstate()
    assert derive_seed("set", 2024, 3, 0) == int(hashlib.sha256(b"set/2024/3/0").hexdigest()[:16], 16)


def test_repeated_calls_are_identical():
    for task in procbench_generators.TASKS:
        assert procbench_generators.generate(task, 7, 5) == procbench_generators.generate(task, 7, 5)
        assert procbench_generators.generate(task, 7, 5) != procbench_generators.generate(task, 7, 6)
