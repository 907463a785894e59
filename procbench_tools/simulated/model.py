"""How the simulated model answers a prompt.

1. It reads the task and question back from the prompt's ``[Question]`` block
   (:func:`procbench_generators.prompts.read_prompt`) and solves the question
   (:func:`procbench_generators.solve`): the label's states, step 1 to step k.
2. It draws ``u`` uniform in [0, 1) from the seed and the prompt. Its first wrong step is
   the first step ``j`` with ``u > S(j)``, where ``S(j)`` is the chance that steps 1..j are
   all right: the horizon's curve without lapses (:mod:`procbench_tools.horizon.model`),

       S(j) = logistic(-slope * (log2 j - log2 horizon)) = 1 / (1 + exp(slope * log2(j / horizon))),

   so a k-step reply is right with probability ``S(k)``, and ``S(horizon) = 1/2``: the
   model's h50 is ``horizon``. (``S`` falls with ``j``, so "the first step past ``u``" is
   one draw per reply, and a slip at step j leaves steps 1..j-1 right.)
3. From the first wrong step on the states are wrong (``error_style``), and the reply is
   written out (``reply_style``); see :class:`~.settings.Settings`.

A prompt that is not a ProcBench prompt gets :data:`UNREADABLE_REPLY`, which scores as an
unread answer.
"""

from __future__ import annotations

import json
import math
import re
import string
from typing import Any

import procbench_generators
from procbench_generators.prompts import read_prompt
from procbench_generators.rng import derive_seed

from .settings import Settings

UNREADABLE_REPLY = "I cannot find a ProcBench question in this prompt."
_RINGS = (string.ascii_lowercase, string.ascii_uppercase, string.digits)
_STRANGER = "#"  # what a character outside the rings becomes: a character no task's state holds


def word_count(text: str) -> int:
    """The simulated model's token count of a text: its whitespace-separated words."""
    return len(text.split())


def first_words(text: str, limit: int) -> str:
    """``text`` cut after its first ``limit`` whitespace-separated words (the simulated
    model's tokens), as a token limit cuts a reply; the whole text when it has no more."""
    words = list(re.finditer(r"\S+", text))
    return text if len(words) <= limit else text[: words[limit - 1].end()] if limit > 0 else ""


def survival(step: int, horizon: float, slope: float) -> float:
    """``S(step)``: the chance that steps 1..step are all right."""
    from procbench_tools.horizon.model import success_probability

    return float(success_probability(step, math.log2(horizon), slope, 0.0))


def first_wrong_step(u: float, steps: int, horizon: float, slope: float) -> int | None:
    """The first step ``j`` (1..steps) with ``u > S(j)``; ``None`` when every step is right."""
    for step in range(1, steps + 1):
        if u > survival(step, horizon, slope):
            return step
    return None


def _changed_character(character: str) -> str:
    for ring in _RINGS:
        if character in ring:
            return ring[(ring.index(character) + 1) % len(ring)]
    return _STRANGER if character != _STRANGER else "*"


def changed(state: Any) -> Any:
    """``state`` with its last element changed: a number plus one, a string's last character
    the next in its alphabet (``z`` to ``a``, ``9`` to ``0``), a list's last item changed in
    the same way. Never equal to ``state``."""
    if isinstance(state, int):
        return state + 1
    if isinstance(state, str):
        return state[:-1] + _changed_character(state[-1]) if state else _STRANGER
    if isinstance(state, list):
        return [*state[:-1], changed(state[-1])] if state else [_STRANGER]
    raise TypeError(f"a state of unexpected type {type(state).__name__}")


def slipped_states(label: dict[str, Any], slip: int | None, error_style: str) -> list[Any]:
    """The states a reply gives (its last is the final state) when its first wrong step is
    ``slip`` (``None``: none). ``carry``: every state from the slip on changed; ``once``: the
    state at the slip changed, the others right."""
    states = [*label["intermediate"], label["final"]]
    if slip is None:
        return states
    if error_style == "carry":
        return [*states[: slip - 1], *[changed(state) for state in states[slip - 1 :]]]
    return [*states[: slip - 1], changed(states[slip - 1]), *states[slip:]]


def _value(state: Any) -> str:
    return json.dumps(state, ensure_ascii=False)


def written_reply(states: list[Any], reply_style: str) -> str:
    """The reply text giving ``states`` (the last is the final state)."""
    if reply_style == "json":
        return _value({"intermediate": states[:-1], "final": states[-1]})
    if reply_style == "terse":
        return _value(states)
    walk = "\n".join(f"Step {number}: {_value(state)}" for number, state in enumerate(states, 1))
    return f"Following the procedure one step at a time:\n\n{walk}\n\nFinal answer: {_value(states[-1])}"


class SimulatedModel:
    """``reply(prompt) -> str``: the simulated model's answer (see the module's docstring)."""

    def __init__(self, settings: Settings | None = None) -> None:
        self.settings = settings or Settings()

    def draw(self, prompt: str) -> float:
        """``u`` in [0, 1): a function of the seed and the prompt (its surrounding blank
        space ignored) only."""
        return derive_seed("procbench-simulated", self.settings.seed, prompt.strip()) / 2**64

    def reply(self, prompt: str) -> str:
        try:
            task, question = read_prompt(prompt)
            label = procbench_generators.solve(task, question)
        except ValueError:
            return UNREADABLE_REPLY
        settings = self.settings
        steps = len(label["intermediate"]) + 1
        slip = first_wrong_step(self.draw(prompt), steps, settings.horizon, settings.slope)
        return written_reply(slipped_states(label, slip, settings.error_style), settings.reply_style)
