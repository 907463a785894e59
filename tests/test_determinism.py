"""Each example is a pure function of (task, steps, seed): the same bytes in any process,
under any PYTHONHASHSEED, in any order."""

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import generators

ROOT = Path(__file__).resolve().parent.parent
GENERATED = [task for task in generators.TASKS if generators.get_task(task).sample is not None]

DIGEST_SCRIPT = """
import hashlib, json, sys
import generators
tasks = [t for t in generators.TASKS if generators.get_task(t).sample is not None]
order = tasks if sys.argv[1] == "forward" else tasks[::-1]
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


def test_repeated_calls_are_identical():
    for task in GENERATED:
        assert generators.generate(task, 7, 5) == generators.generate(task, 7, 5)
        assert generators.generate(task, 7, 5) != generators.generate(task, 7, 6)


def question_digest(task: str) -> str:
    """Digest of the questions drawn for steps 2..7 with seed 0."""
    questions = [generators.generate(task, steps, 0)["question"] for steps in range(2, 8)]
    return hashlib.sha256(json.dumps(questions, sort_keys=True).encode()).hexdigest()[:16]


def test_pinned_draws():
    """A change to any generator's draws changes the published benchmark: it must show up
    here and be made on purpose (update the value in the same commit)."""
    assert {task: question_digest(task) for task in GENERATED} == PINNED


PINNED = {
    "Sort": "7360925fa7aa0855",
    "Gather": "0a77466f6ef4069d",
    "Count": "fab0545a50e0c8b1",
    "Search": "5935a8deb7ea9fc4",
    "Copy": "7fb98c2dfcbd0601",
    "Substitute": "fd586ccda3b69463",
    "Encode": "6545712645bff8aa",
    "Split1": "f1157c9a393c6497",
    "Split2": "d3a45ecd17238c6e",
    "Compose": "8c6634c1de4de166",
    "Decompose": "fc0ed3e197be86ec",
    "Rhythm": "1688ec30d089d51f",
    "Compare": "29834fe02b29ad74",
    "Decode": "3fff786c0d4c16cb",
    "PushPop": "bac727e807a79c34",
    "Rotate": "c7a9aa9aa51ca7d3",
    "DeleteChar": "253d9ed06adaecb8",
    "Cumulate": "67a3f289de95dc7e",
    "MoveCyclic": "50c7eab276111771",
    "FindCyclic": "bed785a7c0b1d87f",
    "Count2": "35fdeb900a654d1e",
    "FillWord": "5f53e21afc2cda4e",
    "DeleteWord": "7258d7b7a22975cb",
}
