"""Read a model's free-text answer to a ProcBench question: the project's one answer reader.

``read_answer(response, reference=None)`` returns ``{"intermediate": [...], "final": ...}``
or ``None`` when no answer can be read; ``read_reply`` also says how it was read. Neither
raises nor prints a warning, and the work is linear in the length of the response.

Where the answer is looked for
------------------------------
1. Thinking is not the answer: everything up to the last ``</think>`` is skipped, and so is
   everything after an unclosed ``<think>``.
2. If the rest has ``<answer>...</answer>`` tags, the last complete tagged block is read
   first; only if it holds no readable answer is the whole text read.
3. Only the last ``MAX_CHARS`` characters of a longer text are read.
4. The **last complete answer in the text wins**, whatever its form, so a draft earlier in
   the text never beats the final one. An answer's position is where it ends. A final
   state alone that repeats the final state of the full answer before it (a recap) does not
   replace that answer.

The forms are read by the form readers of ``forms.py`` (see its docstring); a state's text
by ``values.py``; labels by ``labels.py``.

Types
-----
With a ``reference`` (the label), each state is read in the reference's type
(``state_types.py``): ``12`` is the int 12 where the reference holds ints and the string
``"12"`` where it holds strings; ``[1_6]`` is ``["1_6"]``; ``a, b`` is ``["a", "b"]`` where
the reference holds lists. The reference gives types and the number of states, never
values. Without one, an unquoted whole number is an int and the rest is text.

Standard library only, so the metric Space can carry it.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

from .forms import FORMS, Candidate, Expected, same_state, shown_steps
from .latex import plain_text
from .layout import Layout, read_layout
from .objects import answer_parts
from .state_types import Kind, reference_states, state_kinds, typed
from .tags import tags_as_labels

Prediction = dict[str, Any]
MAX_CHARS = 1_000_000  # only the last million characters of a longer response are read
# Full-width punctuation (written by some multilingual models) as its ASCII twin: one
# character for one, so positions stay the same.
FULL_WIDTH = str.maketrans("\uff1a\uff0c\uff08\uff09\uff1b\uff01\uff1f\uff3b\uff3d", ":,();!?[]")
_FULL_WIDTH_CHARACTER = re.compile("[\uff1a\uff0c\uff08\uff09\uff1b\uff01\uff1f\uff3b\uff3d]")
FULL, FINAL_ONLY = "full", "final only"  # how much of an answer a reply gave


@dataclass(frozen=True)
class Reading:
    """An answer read from a reply, and how it was read."""

    intermediate: list[Any]
    final: Any
    form: str  # the form reader that found it (forms.FORMS), e.g. "labelled/walk-through"
    extent: str  # FULL, or FINAL_ONLY when the reply gave no intermediate states

    def prediction(self) -> Prediction:
        return {"intermediate": self.intermediate, "final": self.final}


def _after_thinking(text: str) -> str:
    lowered = text.lower()
    end = lowered.rfind("</think>")
    if end >= 0:
        return text[end + len("</think>") :]
    start = lowered.find("<think>")
    return text if start < 0 else text[:start]


def _tagged_block(text: str) -> str | None:
    """The content of the last complete ``<answer>...</answer>`` block."""
    lowered = text.lower()
    end = lowered.rfind("</answer>")
    if end < 0:
        return None
    start = lowered.rfind("<answer>", 0, end)
    return None if start < 0 else text[start + len("<answer>") : end]


def _tail(text: str) -> str:
    """The last ``MAX_CHARS`` characters of ``text``, from a line start."""
    if len(text) <= MAX_CHARS:
        return text
    start = len(text) - MAX_CHARS
    return text[(text.find("\n", start) + 1) or start :]


def _candidates(layout: Layout, expected: Expected) -> list[Candidate]:
    """The answers the form readers find, in the order of ``FORMS``; the later forms are not
    asked once a full answer ends the text, since theirs could only tie with it and lose (see
    :func:`_chosen`)."""
    text_end = len(layout.text.rstrip())
    candidates: list[Candidate] = []
    for form in FORMS:
        candidates += form.read(layout, expected)
        if any(candidate.end >= text_end and candidate.intermediate is not None for candidate in candidates):
            break
    return candidates


def _chosen(candidates: list[Candidate], expected: Expected) -> Candidate:
    """The last complete answer; a final state alone that recaps the full answer before it
    leaves that answer standing."""
    precedence = {form.name: position for position, form in enumerate(FORMS)}
    ordered = sorted(candidates, key=lambda c: (c.end, -precedence[c.form.split("/")[0]]))
    last = ordered[-1]
    if last.intermediate is None:
        for earlier in reversed(ordered[:-1]):
            if earlier.intermediate is not None and same_state(earlier.final, last.final, expected.final_kind):
                return earlier
    return last


_DECODER = json.JSONDecoder()
_REQUESTED_FORM = '{"intermediate"'


def _object_at_end(text: str) -> tuple[list[Any], Any] | None:
    """The answer, when the (stripped) text ends with a JSON answer object, perhaps fenced,
    in the requested form or starting at the text's first brace: nothing can end after it,
    so it is the last complete answer, read at C speed (most replies to the JSON prompts)."""
    end = len(text.rstrip("`. \n"))
    if not text[:end].endswith("}"):
        return None
    for start in {text.find("{"), text.rfind(_REQUESTED_FORM)} - {-1}:
        try:
            value, stop = _DECODER.raw_decode(text, start)
        except (ValueError, RecursionError):
            continue
        if stop == end and isinstance(value, dict):
            parts = answer_parts(value)
            if parts is not None and not any(isinstance(state, dict) for state in parts[0]):
                return parts
    return None


def _read_text(text: str, kinds: tuple[Kind, Kind], count: int | None, audit: bool) -> tuple[Reading | None, int]:
    """The answer in ``text``, and (with ``audit``; else 0) how many step states the text
    shows: its longest walk-through."""
    text = _tail(text)
    stripped = text.strip()
    if not stripped:
        return None, 0
    if stripped[0] == stripped[-1] == '"' and len(stripped) > 1:  # an answer sent as one JSON string
        try:
            inner = json.loads(stripped)
        except ValueError:
            inner = None
        if isinstance(inner, str):
            return _read_text(inner, kinds, count, audit)
    if _FULL_WIDTH_CHARACTER.search(text):
        text = text.translate(FULL_WIDTH)
    expected = Expected(count, *kinds)
    at_end = _object_at_end(stripped)
    if at_end is not None:
        intermediate = [typed(state, kinds[0]) for state in at_end[0]]
        return Reading(intermediate, typed(at_end[1], kinds[1]), "object", FULL), len(at_end[0]) + 1
    layout = read_layout(plain_text(tags_as_labels(text)))
    candidates = _candidates(layout, expected)
    shown = shown_steps(layout, expected) if audit else 0
    if not candidates:
        return None, shown
    chosen = _chosen(candidates, expected)
    intermediate = [typed(state, kinds[0]) for state in chosen.intermediate or []]
    extent = FULL if chosen.intermediate is not None or count == 1 else FINAL_ONLY
    return Reading(intermediate, typed(chosen.final, kinds[1]), chosen.form, extent), shown


def _read(response: str, states: list[Any] | None, audit: bool = True) -> tuple[Reading | None, int]:
    kinds = state_kinds(states)
    count = len(states) if states else None
    text = _after_thinking(response.replace("\r\n", "\n"))
    block = _tagged_block(text)
    if block is not None:
        tagged, shown = _read_text(block, kinds, count, audit)
        if tagged is not None:
            return tagged, shown
    return _read_text(text, kinds, count, audit)


def audit_reply(response: Any, states: list[Any] | None = None) -> tuple[Reading | None, int]:
    """The answer in ``response`` and how it was read (``None`` when none can be read),
    typed by ``states`` (a reference's state sequence: its intermediate states, then its
    final one); and how many step states the answer part of the reply shows (its longest
    walk-through), to tell a reading that may have missed some (:func:`may_be_misread`)."""
    return _safely_read(response, states, audit=True)


def _safely_read(response: Any, states: list[Any] | None, audit: bool) -> tuple[Reading | None, int]:
    if not isinstance(response, str) or not response.strip():
        return None, 0
    try:
        return _read(response, states, audit)
    except Exception:  # a safety net (the tests read with ``_read``, without it): no answer
        return None, 0


def may_be_misread(reading: Reading | None, shown: int) -> bool:
    """Whether a reply shows at least two step states more than were read from it (a
    walk-through of 6 lines read as a final state only, say; one more is allowed: a
    walk-through may start with the initial state)."""
    read = 0 if reading is None else len(reading.intermediate) + 1
    return shown >= read + 2


def read_reply(response: Any, states: list[Any] | None = None) -> Reading | None:
    """The answer in ``response`` and how it was read (see :func:`audit_reply`)."""
    return _safely_read(response, states, audit=False)[0]


def read_states(response: Any, states: list[Any] | None = None) -> Prediction | None:
    """``read_answer`` with the reference given as its state sequence (intermediate states,
    then the final one), the form the scoring core holds."""
    reading = read_reply(response, states)
    return None if reading is None else reading.prediction()


def read_answer(response: Any, reference: Any = None) -> Prediction | None:
    """The answer in a model's ``response`` as ``{"intermediate": [...], "final": ...}``,
    or ``None`` when none can be read. ``reference`` (a label, or its JSON string) types
    the states; see the module docstring for the forms and their precedence.

    >>> read_answer('Step 1: btsti\\nFinal answer: bistt')
    {'intermediate': ['btsti'], 'final': 'bistt'}
    >>> read_answer('{"intermediate": ["5", "20"], "final": "20"}', {"intermediate": [5, 20], "final": 20})
    {'intermediate': [5, 20], 'final': 20}
    """
    return read_states(response, reference_states(reference))
