"""Read a model's reply to a ProcBench question: the project's one answer reader.

``read_answer(response, reference=None)`` returns ``{"intermediate": [...], "final": ...}``
or ``None`` when no answer can be read; ``read_reply`` also says how it was read and what
makes the reading doubtful. Neither raises on any text, and the work is linear in its length.

The stages, each a pure function of the one before
--------------------------------------------------
1. ``responses.response_text``: the reply's text (from a chat message list or an
   OpenAI-style object too; anything else is ``NotText``).
2. ``normalise.answer_regions``: thinking dropped, the ``<answer>`` block first, then the
   whole reply; each region normalised by named rewrites.
3. A region that ends with an answer object is that object (most replies to the JSON
   prompts, read at C speed). Otherwise its markup is made plain and it is parsed once into
   a ``document.Document``.
4. Candidate readers read the document only: the labels-first forms (``forms.FORMS``) and
   the chain-first reading (``forms.read_chain``).
5. ``choose.choose`` picks the answer and ``choose.doubts`` says what makes it doubtful; a
   region with no answer gives way to the next region. Where no region gives an answer, a
   region that shows no steps gives the last value alone on its line as a final state.

Types
-----
With a ``reference`` (the label), each state is read in the reference's type
(``state_types.py``): ``12`` is the int 12 where the reference holds ints and the string
``"12"`` where it holds strings. The reference gives types, the number of states and, by its
initial state, the shape of a state (``shapes.py``), never the values scored. Without one,
an unquoted whole number is an int and the rest is text.

``READER_VERSION`` names the rules: it is raised whenever a reply may be read differently,
and every report records it.

Standard library only, so the metric Space can carry it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .choose import Doubt, choose, doubts, labels_first, settled
from .document import Document, Expected
from .forms import FORMS, Candidate, Source, read_chain, read_lone_value, shown_steps
from .normalise import MARKUP_REWRITES, answer_regions, rewritten
from .objects import answer_parts
from .responses import NotText, response_text
from .shapes import Shape
from .state_types import Kind, reference_init, reference_states, state_kinds, typed

READER_VERSION = "2.3"
Prediction = dict[str, Any]
FULL, FINAL_ONLY = "full", "final only"  # how much of an answer a reply gave


@dataclass(frozen=True)
class Reading:
    """An answer read from a reply, how it was read, and what makes the reading doubtful."""

    intermediate: list[Any]
    final: Any
    form: str  # the candidate's form, e.g. "labelled/walk-through", "chain"
    extent: str  # FULL, or FINAL_ONLY when the reply gave no intermediate states
    doubts: frozenset[Doubt] = frozenset()

    def prediction(self) -> Prediction:
        return {"intermediate": self.intermediate, "final": self.final}


_DECODER = json.JSONDecoder()
_NOTHING = object()  # no value read yet
_REQUESTED_FORM = '{"intermediate"'


def object_at_end(text: str) -> tuple[list[Any], Any] | None:
    """The answer, when the (stripped) text ends with a JSON answer object, perhaps fenced,
    in the requested form, starting at the text's first brace or at the last brace that
    opens a line (a pretty-printed object): nothing can end after it, so it is the last
    complete answer."""
    end = len(text.rstrip("`. \n"))
    if not text.endswith("}", 0, end):
        return None
    opening_line = text.rfind("\n{")  # the newline before the last brace that opens a line
    last_opening = opening_line + 1 if opening_line >= 0 else -1
    for start in {text.find("{"), text.rfind(_REQUESTED_FORM), last_opening} - {-1}:
        try:
            value, stop = _DECODER.raw_decode(text, start)
        except (ValueError, RecursionError):
            continue
        if stop == end and isinstance(value, dict):
            parts = answer_parts(value)
            if parts is not None and not any(isinstance(state, dict) for state in parts[0]):
                return parts
    return None


def _typed(candidate: Candidate, expected: Expected) -> tuple[list[Any], Any]:
    """The candidate's states in the reference's types, tidied to the task's shape; a value
    read once and repeated in a row (a looping model's line, read once for all its repeats)
    is worked out once."""
    shape, kind = expected.shape, expected.intermediate_kind
    intermediate: list[Any] = []
    last: Any = _NOTHING
    for value in candidate.intermediate or []:
        if value is not last:
            last, worked_out = value, typed(shape.tidy(value, kind), kind)
        intermediate.append(worked_out)
    return intermediate, typed(shape.tidy(candidate.final, expected.final_kind), expected.final_kind)


def _unfit(intermediate: list[Any], final: Any, expected: Expected) -> bool:
    """Whether a read state has not the shape of the task's states (a sentence where a
    state is one word, text where it is a number or a list); a state repeated as one object
    is looked at once."""
    shape = expected.shape
    if shape.init is None:
        return False

    def fits(state: Any, kind: Kind) -> bool:
        return shape.fits(str(state) if isinstance(state, int) and kind is str else state, kind)

    distinct = {id(state): state for state in intermediate}.values()
    kind = expected.intermediate_kind
    return not fits(final, expected.final_kind) or any(not fits(state, kind) for state in distinct)


def _lone_value(text: str, document: Document) -> Reading | None:
    """The last value alone on its line of a region that shows no steps, as a final state;
    never a bare value that is all the region holds ("42", "nope": no answer, as the metric
    counts them)."""
    if len([line for line in text.splitlines() if line.strip()]) < 2:
        return None
    found = read_lone_value(document)
    return _reading(found[0], document.expected, frozenset()) if found else None


def _read_region(text: str, parsed: Callable[[str], Document], expected: Expected) -> Reading | None:
    """The answer in the region ``text``: an answer object that ends it, else what the form
    readers find in its document (``parsed``)."""
    stripped = text.strip()
    if not stripped:
        return None
    at_end = object_at_end(stripped)
    if at_end is not None:
        candidate = Candidate(Source.OBJECT, "", len(stripped), *at_end)
        found = doubts(candidate, candidate, None, expected, unfit=False)
        return _reading(candidate, expected, found)
    document = parsed(text)
    candidates: list[Candidate] = []
    answered = False  # settled: the later forms could only tie and lose, and no chain can change it
    for form in FORMS:
        candidates += form.read(document)
        answered = settled(candidates, expected, len(document.text.rstrip()))
        if answered:
            break
    labelled = labels_first(candidates, expected)
    chains = [] if answered else read_chain(document)
    chain = chains[0] if chains else None
    finals = [found for found in candidates + chains if found.intermediate is None]
    chosen = choose(labelled, chain, expected, finals)
    if chosen is None:
        return None
    intermediate, final = _typed(chosen, expected)
    unfit = _unfit(intermediate, final, expected)
    found = doubts(chosen, labelled, chain, expected, unfit, lambda: shown_steps(document))
    return Reading(intermediate, final, chosen.form, _extent(chosen, expected), found)


def _extent(candidate: Candidate, expected: Expected) -> str:
    return FULL if candidate.intermediate is not None or expected.count == 1 else FINAL_ONLY


def _reading(candidate: Candidate, expected: Expected, found: frozenset[Doubt]) -> Reading:
    intermediate, final = _typed(candidate, expected)
    return Reading(intermediate, final, candidate.form, _extent(candidate, expected), found)


def expected_of(states: list[Any] | None, init: Any = None) -> Expected:
    """What a reference's state sequence (intermediate states, then the final one) and its
    initial state say of the answer: the count, the types and the shape of its states."""
    return Expected(len(states) if states else None, *state_kinds(states), Shape(init))


def read_text(text: str, expected: Expected) -> Reading | None:
    """The answer in the reply ``text`` (stages 2–5 of the module docstring)."""
    regions = answer_regions(text)

    documents: dict[str, Document] = {}  # each region normalised and parsed once, for both passes

    def parsed(region: str) -> Document:
        if region not in documents:
            documents[region] = Document(rewritten(region, MARKUP_REWRITES), expected)
        return documents[region]

    for region in regions:
        reading = _read_region(region, parsed, expected)
        if reading is not None:
            return reading
    for region in regions:  # no answer in any region: a value alone that a reply without steps gives
        reading = _lone_value(region, parsed(region))
        if reading is not None:
            return reading
    return None


def read_reply(response: Any, states: list[Any] | None = None, init: Any = None) -> Reading | None:
    """The answer in ``response`` and how it was read (``None`` when none can be read),
    typed by ``states`` (a reference's state sequence: its intermediate states, then its
    final one) and shaped by ``init`` (its initial state). ``NotText`` for a response that
    holds no text (see ``responses.py``)."""
    text = response_text(response)
    if not text.strip():
        return None
    try:
        return read_text(text, expected_of(states, init))
    except (RecursionError, MemoryError):  # a reply nested past what Python can parse: no answer
        return None


def read_states(response: Any, states: list[Any] | None = None, init: Any = None) -> Prediction | None:
    """``read_answer`` with the reference given as its state sequence (intermediate states,
    then the final one), the form the scoring core holds."""
    reading = read_reply(response, states, init)
    return None if reading is None else reading.prediction()


def read_answer(response: Any, reference: Any = None) -> Prediction | None:
    """The answer in a model's ``response`` as ``{"intermediate": [...], "final": ...}``,
    or ``None`` when none can be read. ``reference`` (a label, or its JSON string) types
    and shapes the states; see the module docstring for the stages.

    >>> read_answer('Step 1: btsti\\nFinal answer: bistt')
    {'intermediate': ['btsti'], 'final': 'bistt'}
    >>> read_answer('{"intermediate": ["5", "20"], "final": "20"}', {"intermediate": [5, 20], "final": 20})
    {'intermediate': [5, 20], 'final': 20}
    """
    return read_states(response, reference_states(reference), reference_init(reference))


__all__ = ["FINAL_ONLY", "FULL", "READER_VERSION", "NotText", "Reading", "read_answer", "read_reply", "read_states"]
