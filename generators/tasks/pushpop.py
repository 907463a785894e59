"""PushPop (task16): pop or push a character at either end, one action per step."""

from __future__ import annotations

import random
import re

from ..registry import Label, Question, Task, register, states_label
from ..validation import field_error
from ._common import LOWERCASE, choice, items, labelled, random_string

NAME = "PushPop"
ACTIONS = ("pop_left", "pop_right", "push_left", "push_right")  # a push takes a character: push_left(c)
PUSH = re.compile(r"push_(?P<side>left|right)\((?P<character>.)\)", re.DOTALL)


def solve(question: Question) -> Label:
    state = question["string"]
    states = [state]
    for number, action in enumerate(question["actions"]):
        if action == "pop_left":
            state = state[1:]
        elif action == "pop_right":
            state = state[:-1]
        else:
            push = PUSH.fullmatch(action)
            if push is None:
                raise field_error(
                    NAME,
                    "actions",
                    f"[{number}] = {action!r} is not pop_left, pop_right, push_left(c) or push_right(c)",
                )
            state = push["character"] + state if push["side"] == "left" else state + push["character"]
        states.append(state)
    return states_label(states)


def sample(rng: random.Random, steps: int, config: None) -> Question:
    actions = []
    for _ in range(steps):
        action = choice(rng, ACTIONS)
        if action.startswith("push"):
            action = f"{action}({choice(rng, LOWERCASE)})"
        actions.append(action)
    return {"string": random_string(rng, LOWERCASE, steps), "actions": actions}


def count_questions(steps: int, config: None) -> int:
    """A string of ``steps`` letters and per step one of 2 pops or 2 * 26 pushes."""
    return len(LOWERCASE) ** steps * (2 + 2 * len(LOWERCASE)) ** steps


def render(question: Question) -> str:
    return f"String: {question['string']}\nActions: {', '.join(question['actions'])}"


def parse(block: str) -> Question:
    """The question of a ``render``ed block."""
    string, actions = labelled(block, ["String", "Actions"])
    return {"string": string, "actions": items(actions)}


register(
    Task(
        name=NAME,
        number=16,
        fields={"string": str, "actions": [str]},
        solve=solve,
        render=render,
        parse=parse,
        sample=sample,
        count_questions=count_questions,
    )
)
