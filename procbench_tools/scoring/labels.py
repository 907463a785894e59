"""Labels: the short phrases that say what the value after them is.

A label opens a line, in any markup: after a list bullet or number, heading marks or
emphasis, with a parenthesis after the phrase (``**Final state** (after [7] Generous):``).
It ends at a separator (``:``, ``=``, `` - ``, or `` is `` after a final phrase) with the
value on the same line, or at the end of the line with the value on the lines below
(``### Final answer`` then ``**222**``). Emoji and symbols after a value are decoration, not
part of it; a value that is only decoration (``**Final list:** 🎉``) is on the lines below.
The phrase's words give its role:

- **final**: a phrase with the word *final* (``Final state``, ``Final sorted string``,
  ``The final answer is``), or one of the bare answer words (``Answer``, ``Result``,
  ``Output``, ``Found``, optionally after *the*, *my*, *so*, *therefore*, *thus*);
- **intermediate**: a phrase with the word *intermediate* (``Intermediate states``,
  ``intermediate:``, ``Intermediate results (2D array)``);
- **step**: ``Step 3``, ``step3``, ``After step 3``, ``State after step 3``, with an optional
  parenthesis or description (``Step 1 - remove d``, ``**Step 1** (index 6)``);
- **initial**: ``Initial state``, ``init``, ``Start``, ``Starting string``, ``Original``.

A phrase of more than ``MAX_LABEL_WORDS`` words, or one that names something other than a
state (``Final check``, ``Final position``: ``NOT_STATE_WORDS``), is no label.
Standard library only: the metric Space carries this file.
"""

from __future__ import annotations

import re
from enum import Enum
from typing import NamedTuple

from .values import ARROW


class Role(Enum):
    FINAL = "final"
    INTERMEDIATE = "intermediate"
    STEP = "step"
    INITIAL = "initial"


class Label(NamedTuple):  # made for many lines of a reply: a tuple is cheaper to make than a frozen dataclass
    role: Role
    value: str  # the text after the separator, "" when the value is on the lines below
    value_start: int  # where the value starts in the line
    step: int | None = None  # the step number of a step label
    separated: bool = True  # False for a heading: a label alone on its line


MAX_LABEL_WORDS = 8
FINAL_WORD = "final"
INTERMEDIATE_WORDS = frozenset({"intermediate", "intermediates"})
ANSWER_WORDS = frozenset({"answer", "answers", "result", "results", "output", "found", "sum", "total"})
ANSWER_FILLERS = frozenset({"the", "my", "so", "therefore", "thus", "hence", "and", "your", "is", "of", "all"})
# What an answer word may name: "Found letter", "Resulting string", "Answer (list)".
STATE_NOUNS = frozenset(
    {"state", "states", "string", "strings", "sentence", "list", "array", "letter", "character", "char"}
    | {"number", "value", "values", "sum", "counts", "counters", "pieces", "tokens", "word", "resulting"}
)
ANSWER_PHRASE_WORDS = ANSWER_WORDS | ANSWER_FILLERS | STATE_NOUNS  # the words an answer phrase may have
INITIAL_WORDS = frozenset({"initial", "init", "start", "starting", "original"})
NOT_STATE_WORDS = frozenset(
    {"check", "checks", "checking", "verification", "verify", "note", "notes", "position", "index", "length", "step"}
)

# Arrows, symbols and emoji (with their variation selector and joiner): decoration around a
# label or after its value, never part of a state.
DECORATION = "\u2190-\u2bff\u2600-\u27bf\U0001f000-\U0001faff\ufe0f\u200d"
# The markup a label may stand in: list bullet or number, heading marks, an emoji or a symbol
# (``✅ **Final:**``), emphasis.
_LEAD = re.compile(
    r"[ \t]{0,12}(?:(?:[-*+\u2022]|\d{1,3}[.)])[ \t]+)?(?P<heading>#{1,6}[ \t]+)?"
    rf"(?:[{DECORATION}]{{1,3}}[ \t]*)?(?P<emphasis>\*\*|__)?[ \t]*"
)
_TRAILING_DECORATION = re.compile(rf"(?:[ \t]*[{DECORATION}])+$")  # "**Final sum: 2836** 🎉"
_STEP = re.compile(r"(?:state[ \t]+)?(?:after[ \t]+)?step[ \t]*(\d{1,5})\b")
_WORD = re.compile(r"[a-z0-9]+")  # a word of a lowered phrase
_SEPARATOR = re.compile(r"[:\uff1a=]|[ \t][-\u2013\u2014][ \t]")
_ARROW_SEPARATOR = re.compile(rf"[ \t](?:{ARROW.pattern})[ \t]")  # "Answer -> abc", where no other separator is
_IS = re.compile(r"[ \t](?:is|are)(?:[ \t]+(?:therefore|thus|then|now|simply))?(?:[ \t]|$)")
_VALUE_LEAD = re.compile(r"[ \t]*(?:\*\*|__)?")  # emphasis that closes the label
_PARENTHESES = re.compile(r"\([^()]*\)")
PHRASE_END = 120  # a label's phrase ends within this many characters of its line's start
INNER_LABELS = 3  # "Answer: final string = x": labels inside a label's value are read this deep
HEADING_WORDS = 4  # a label alone on its line, without heading or bold markup, has at most this many


def _words(phrase: str) -> list[str]:
    """The words of a phrase: lowered, without markup, parentheses, emoji or punctuation."""
    lowered = phrase.lower()
    if "(" in lowered:
        lowered = _PARENTHESES.sub(" ", lowered)
    return _WORD.findall(lowered)


def _role(words: list[str]) -> tuple[Role, int | None] | None:
    """The role of a label phrase, and its step number."""
    step = _STEP.match(" ".join(words))
    if step is not None:
        return Role.STEP, int(step.group(1))
    if not words or len(words) > MAX_LABEL_WORDS:
        return None
    vocabulary = {word for word in words if word.isalpha()}  # "Sum of N3": names like n3 say nothing
    if vocabulary & INTERMEDIATE_WORDS:
        return Role.INTERMEDIATE, None
    if vocabulary & NOT_STATE_WORDS:
        return None
    if FINAL_WORD in vocabulary or (vocabulary & ANSWER_WORDS and vocabulary <= ANSWER_PHRASE_WORDS):
        return Role.FINAL, None
    if words[0] in INITIAL_WORDS:
        return Role.INITIAL, None
    return None


# A cheap test before reading a line's label: does it hold a word a label's role needs?
# (Derived from the vocabulary above, so a new word is never skipped.)
ROLE_WORDS = tuple(sorted({"step", FINAL_WORD, *INTERMEDIATE_WORDS, *ANSWER_WORDS, *INITIAL_WORDS}))
# What a text search for them looks for: the role words that hold no other ("answers" holds
# "answer": a text that holds the one holds the other).
ROLE_WORD_STEMS = tuple(word for word in ROLE_WORDS if not any(other in word for other in ROLE_WORDS if other != word))


_ROLE_WORD_STEM = re.compile("|".join(ROLE_WORD_STEMS))  # in a lowered text


def holds_role_word(text: str) -> bool:
    """Whether ``text`` holds, in any case, a word a label's role needs (a line without one
    is never read as a label)."""
    return _ROLE_WORD_STEM.search(text.lower()) is not None


def may_hold_a_label(line: str) -> bool:
    """Whether ``line`` holds, near its start, a word a label's role needs."""
    return holds_role_word(line[: PHRASE_END + 40])


def read_label(line: str, inner_labels: int = INNER_LABELS) -> Label | None:
    """The label that opens ``line`` (one line, without its newline), if any; labels inside
    its value are read ``inner_labels`` deep (a looping model's thousand "the final answer
    is x." on one line are not read one inside the other)."""
    return label_of(line, inner_labels) if may_hold_a_label(line) else None


def label_of(line: str, inner_labels: int = INNER_LABELS) -> Label | None:
    """``read_label`` for a line known to hold a word a label's role needs."""
    lead = _LEAD.match(line)
    start = lead.end() if lead else 0
    if line.startswith(("{", "["), start):
        return None  # a literal, not a label: {"intermediate": ...}
    window = line[start : start + PHRASE_END]
    # the phrase, in the window, must hold a word a role needs (a long line of prose may not); a
    # window to the line's end holds the line's own (the markup before it has no letters)
    if start + len(window) < len(line) and not holds_role_word(window):
        return None
    # a separator inside a parenthesis is the phrase's own ("Final counts (a → z)", "(a=0)")
    searched = _PARENTHESES.sub(lambda match: " " * len(match.group()), window) if "(" in window else window
    separator = _SEPARATOR.search(searched) or _ARROW_SEPARATOR.search(searched)
    phrase_end = separator.start() if separator else len(window)
    value_start = start + separator.end() if separator else len(line)
    said = _IS.search(window, 0, phrase_end)  # "The final answer is **x**", "The intermediate states are"
    if said is not None and searched is not window:
        said = _IS.search(searched, 0, phrase_end)  # not inside a parenthesis
    if said is not None:
        before = window[: said.start()]
        clauses = (before, *before.split(",", 1)[:1], before.rsplit(",", 1)[-1]) if "," in before else (before,)
        if any(_names_a_part(_words(clause)) for clause in clauses):
            if said.end() < phrase_end:  # "is" then the value; else "is:" or "is" ending the line
                value_start, separator = start + said.end(), said
            phrase_end = said.start()
    if separator is None and start + len(window) < len(line):
        return None  # a label alone on its line (a heading over its value): the line is longer than one can be
    phrase = window[:phrase_end]
    words = _words(phrase)
    bare_phrase = _PARENTHESES.sub(" ", phrase) if "(" in phrase else phrase  # a remark's commas split nothing
    if "," in bare_phrase:  # "And the final string, after the last position,": the words before the comma;
        # "Leaving out the initial and the final state, the intermediate states are": after the last
        for clause in (bare_phrase.split(",", 1)[0], bare_phrase.rsplit(",", 1)[1]):
            core = _words(clause)
            if _role(core) is not None:
                words = core
                break
    found = _role(words)
    if found is None:
        return None
    role, step = found
    if separator is None:  # a label alone on its line: a heading over its value
        marked = lead is not None and (lead.group("heading") or lead.group("emphasis"))
        if not marked and len(words) > HEADING_WORDS:
            return None
        return Label(role, "", len(line), step, separated=False)
    value = _value_text(line, value_start)
    emphasis = lead.group("emphasis") if lead is not None else None
    if emphasis:  # "**Final:** x": the emphasis closes the label; "**Final: x**": it closes the value
        value_start = _VALUE_LEAD.match(line, value_start).end()  # type: ignore[union-attr]
        value = _value_text(line, value_start)
        if value.endswith(emphasis) and emphasis not in value[: -len(emphasis)]:
            value = value[: -len(emphasis)].rstrip()
    if separator is said and value.endswith(".") and not value.endswith("..") and " " not in value:
        value = value[:-1]  # "The final state is nnraowbp.": the full stop ends the sentence, not the state
    heading = lead is not None and bool(lead.group("heading"))
    if role is Role.STEP and _names_the_intermediate_states(value, heading):  # "## Step 4: List the states"
        return Label(Role.INTERMEDIATE, "", len(line), None, separated=False)
    if inner_labels and role is not Role.STEP and value[:1].isalpha():  # "Answer: final string = jlr8r": the
        inner = read_label(value, inner_labels - 1)  # inner label says more
        phrase_ends = inner is not None and any(mark in value[: inner.value_start] for mark in ";,.")
        if inner is not None and inner.role in (Role.FINAL, Role.INTERMEDIATE) and inner.value and not phrase_ends:
            offset = line.index(value, value_start)
            return Label(inner.role, inner.value, offset + inner.value_start, None, inner.separated)
    return Label(role, value, value_start, step)


def _value_text(line: str, value_start: int) -> str:
    """The text of a label's value, without the decoration after it: a value that is only an
    emoji ("**Final list:** 🎉" over the list) is on the lines below."""
    value = line[value_start:].strip()
    return _TRAILING_DECORATION.sub("", value) if value and not value[-1].isascii() else value


def _names_the_intermediate_states(description: str, heading: bool) -> bool:
    """Whether a step's description is a heading over the intermediate states ("Write the
    intermediate results as a 2D array.", a Markdown heading "## Step 7: List the
    intermediate strings"), not a step of the procedure."""
    if not heading and description.rstrip()[-1:] not in ".:":
        return False  # no heading: a step of the procedure
    words = _words(description)
    return len(words) <= MAX_LABEL_WORDS + 2 and bool(set(words) & INTERMEDIATE_WORDS)


def _names_a_part(words: list[str]) -> bool:
    """Whether a phrase before "is" names the final state or the intermediate states:
    "the final answer", "the answer", "and the final list of substrings", "the
    intermediate numbers", "the found letter"."""
    vocabulary = {word for word in words if word.isalpha()}
    answer_phrase = bool(vocabulary & ANSWER_WORDS) and vocabulary <= ANSWER_PHRASE_WORDS
    return len(words) <= MAX_LABEL_WORDS and (
        FINAL_WORD in words or bool(set(words) & INTERMEDIATE_WORDS) or words[-1:] == ["answer"] or answer_phrase
    )
