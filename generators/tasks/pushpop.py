"""PushPop (task16): pop or push a character at either end, one action per step."""

from __future__ import annotations

import random
from math import floor

from ..registry import Label, Question, Task, register, states_label
from ..validation import fail
from ._common import LOWERCASE, random_string

NAME = "PushPop"


def solve(question: Question) -> Label:
    state = question["string"]
    states = [state]
    append = states.append
    # The valid actions are pop_left, pop_right, push_left(c) and push_right(c) for any one
    # character c: plain string checks, cheaper than a regular expression.
    for action in question["actions"]:
        if action == "pop_left":
            state = state[1:]
        elif action == "pop_right":
            state = state[:-1]
        elif len(action) == 12 and action[11] == ")" and action.startswith("push_left("):
            state = action[10] + state
        elif len(action) == 13 and action[12] == ")" and action.startswith("push_right("):
            state += action[11]
        else:
            number = len(states) - 1  # the action's index
            raise fail(
                NAME,
                "actions",
                f"[{number}] = {action!r} is not pop_left, pop_right, push_left(c) or push_right(c)",
            )
        append(state)
    return states_label(states)


def sample(rng: random.Random, steps: int, config: None) -> Question:
    # The _common draws (below, choice) inlined on one bound rng.random, in the
    # same order: floor() is int() on these non-negative products.
    random = rng.random
    actions = []
    append = actions.append
    for _ in range(steps):
        kind = floor(random() * 4.0)
        if kind < 2:
            append(("pop_left", "pop_right")[kind])
        else:
            append(f"push_{('left', 'right')[kind - 2]}({LOWERCASE[floor(random() * 26.0)]})")
    return {"string": random_string(rng, LOWERCASE, steps), "actions": actions}


def count_questions(steps: int, config: None) -> int:
    """A string of ``steps`` letters and per step one of 2 pops or 2 * 26 pushes."""
    return len(LOWERCASE) ** steps * (2 + 2 * len(LOWERCASE)) ** steps


def render(question: Question) -> str:
    # comma_list inlined: the actions are strings already (the fields are checked).
    return f"String: {question['string']}\nActions: {', '.join(question['actions'])}"


register(
    Task(
        name=NAME,
        number=16,
        fields={"string": str, "actions": [str]},
        solve=solve,
        render=render,
        sample=sample,
        count_questions=count_questions,
    )
)
