"""Each example is a pure function of (task, steps, seed): the same bytes in any process,
under any PYTHONHASHSEED, in any order."""

import hashlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import generators
from generators.rng import derive_seed, example_rng

ROOT = Path(__file__).resolve().parent.parent

DIGEST_SCRIPT = """
import hashlib, json, sys
import generators
order = generators.TASKS if sys.argv[1] == "forward" else generators.TASKS[::-1]
lines = {}
for task in order:
    for steps in (2, 9, 25, 60):
        for seed in (0, 1, 2**40):
            lines[task, steps, seed] = json.dumps(generators.generate(task, steps, seed), sort_keys=True)
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
    for task in generators.TASKS:
        assert generators.generate(task, 7, 5) == generators.generate(task, 7, 5)
        assert generators.generate(task, 7, 5) != generators.generate(task, 7, 6)


def draws_digest(task: str) -> str:
    """Digest of the questions drawn for steps 2..7 with seed 0."""
    questions = [generators.generate(task, steps, 0)["question"] for steps in range(2, 8)]
    return hashlib.sha256(json.dumps(questions, sort_keys=True).encode()).hexdigest()[:16]


def test_pinned_draws():
    """A change to any generator's draws changes the published benchmark: it must show up
    here and be made on purpose (update the value in the same commit)."""
    assert {task: draws_digest(task) for task in generators.TASKS} == PINNED


PINNED = {
    "Sort": "9a439414bff02bcf",
    "Gather": "31f1929deb6cecbc",
    "Count": "859268241df411f5",
    "Search": "bbaf7f96c86d88bf",
    "Copy": "d84475c5272b6587",
    "Substitute": "eb876f0987326580",
    "Encode": "975721a7ec78cc8f",
    "Split1": "667ebfabe24eaa9c",
    "Split2": "247ae5627c8ddf7e",
    "Compose": "3502aa7c755d9703",
    "Decompose": "d46fa99f85375b7a",
    "Rhythm": "fe1d80f2901a2124",
    "Compare": "20adc4a1c88119f4",
    "Decode": "195a1611d46eb74c",
    "PushPop": "0e44f6f36eb8fbd5",
    "Rotate": "0c8fd2e4799027dc",
    "DeleteChar": "38f23c5132216109",
    "Cumulate": "453fd09909827a50",
    "MoveCyclic": "e5fefc6ae22e8ae2",
    "FindCyclic": "57fe6c1936565396",
    "Count2": "35fdeb900a654d1e",
    "FillWord": "f0c356273d59e3cd",
    "DeleteWord": "a6864bb4af256111",
}
