"""A model with a known procedure horizon, for :class:`tests.support.openai_standin.OpenAIStandIn`.

It reads a Sort or Cumulate prompt's ``[Question]`` block, solves the question with the
project's solver, and answers right with probability ``curve.probability(steps)``;
otherwise it spoils one state (chosen at random) of the right answer. The draw is a pure
function of the prompt and ``seed``, so asking the same prompt again gives the same reply.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import threading
from typing import Any

import procbench_generators
from procbench_tools.horizon.simulate import TrueCurve

_STRING = re.compile(r"\[Question\]\s*String: (\S+)\s*$")
_START = re.compile(r"\[Question\]\s*Start: (-?\d+)\s*Operations: (.*)$", re.S)
_OPERATION = re.compile(r"\((add|multiply), (-?\d+)\)")


def question_of(prompt: str) -> tuple[str, dict[str, Any]]:
    """The task and question of a Sort or Cumulate prompt."""
    found = _STRING.search(prompt)
    if found:
        return "Sort", {"string": found.group(1)}
    found = _START.search(prompt)
    if found:
        operations = [[name, int(value)] for name, value in _OPERATION.findall(found.group(2))]
        return "Cumulate", {"n": int(found.group(1)), "operations": operations}
    raise ValueError("not a Sort or Cumulate prompt")


def spoiled(state: Any) -> Any:
    return state + 1 if isinstance(state, int) else state + "#"


class KnownHorizonModel:
    """``model(prompt) -> reply``; ``self.prompts`` counts the prompts it was asked."""

    def __init__(self, curve: TrueCurve, seed: int = 0) -> None:
        self.curve = curve
        self.seed = seed
        self.prompts: dict[str, int] = {}
        self.lock = threading.Lock()

    def __call__(self, prompt: str) -> str:
        with self.lock:
            self.prompts[prompt] = self.prompts.get(prompt, 0) + 1
        task, question = question_of(prompt)
        label = procbench_generators.solve(task, question)
        states = [*label["intermediate"], label["final"]]
        digest = hashlib.sha256(f"{self.seed}/{prompt}".encode()).digest()
        rng = random.Random(int.from_bytes(digest[:8], "big"))
        if rng.random() >= float(self.curve.probability(len(states))):
            wrong = rng.randrange(len(states))
            states[wrong] = spoiled(states[wrong])
        answer = {"intermediate": states[:-1], "final": states[-1]}
        return "Following the procedure step by step:\n" + json.dumps(answer)
