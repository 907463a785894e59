"""The simulated model's options, their defaults and their checks, in one place."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

DEFAULT_HORIZON = 8.0  # h50, in steps
DEFAULT_SLOPE = 2.0  # beta: logit units per doubling of the step count
DEFAULT_SEED = 0
ERROR_STYLES = ("carry", "once")
REPLY_STYLES = ("json", "walkthrough", "terse")


@dataclass(frozen=True)
class Settings:
    """``horizon``: the step count at which a reply is right half of the time (h50);
    ``slope``: how steeply the chance falls per doubling of the step count; ``error_style``:
    what a slip does (``carry``: the state at the slip has one element changed and the
    change stays in every later state; ``once``: only the state at the slip is wrong, the
    later ones are right again, so the final state may be right while the sequence is not);
    ``reply_style``: how the reply is written (``json``: the JSON object the prompts ask
    for; ``walkthrough``: ``Step N:`` lines then a final answer, as chat models write;
    ``terse``: the states alone, one JSON list); ``seed``: which slips (the same seed and
    prompt always give the same reply)."""

    horizon: float = DEFAULT_HORIZON
    slope: float = DEFAULT_SLOPE
    error_style: str = ERROR_STYLES[0]
    reply_style: str = REPLY_STYLES[0]
    seed: int = DEFAULT_SEED

    def __post_init__(self) -> None:
        for name in ("horizon", "slope"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
                raise ValueError(f"simulated model: {name}={value!r} is not a positive number; give e.g. {name}=8")
        for name, choices in (("error_style", ERROR_STYLES), ("reply_style", REPLY_STYLES)):
            if getattr(self, name) not in choices:
                raise ValueError(f"simulated model: {name}={getattr(self, name)!r} is not one of {', '.join(choices)}")
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise ValueError(f"simulated model: seed={self.seed!r} is not a whole number; give e.g. seed=0")

    @classmethod
    def from_arguments(cls, arguments: dict[str, Any]) -> Settings:
        """Settings from model arguments (``-M horizon=8``, lm-eval's ``--model_args``),
        which may arrive as text; ``ValueError`` naming an unknown or bad one."""
        known = {"horizon": float, "slope": float, "error_style": str, "reply_style": str, "seed": int}
        values: dict[str, Any] = {}
        for name, value in arguments.items():
            if name not in known:
                raise ValueError(f"simulated model: unknown option {name!r}; the options are {', '.join(known)}")
            try:
                values[name] = known[name](value) if isinstance(value, str) else value
            except ValueError:
                raise ValueError(f"simulated model: {name}={value!r} is not a {known[name].__name__}") from None
        return cls(**values)
