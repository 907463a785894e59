"""XML-like tags in a reply, read as the labels and step lines they stand for.

Some models wrap the parts of an answer in tags: ``<final_state>abc</final_state>``,
``<intermediate_states>[...]</intermediate_states>``, ``<step n="3">pop → abc</step>``.
Before its layout is read, a reply's tags are rewritten as plain text: a tag whose name holds
a label's word (``final_state``, ``intermediate_states``, ``result``) becomes that label
(``final state:``), a step tag becomes ``Step N:`` (its ``n`` or ``number``, else counted),
and every other tag (``<reasoning>``, ``<steps>``, closing tags) is dropped, so the form
readers see the labels and walk-throughs they know. ``<answer>`` blocks are also looked at
first, by the reader (``reader.py``).

Standard library only: the metric Space carries this file.
"""

from __future__ import annotations

import re

from .labels import ROLE_WORDS

# <name attr="v" ...>, </name>, <name/>: a name of letters, digits, "_" or "-"
_TAG = re.compile(
    r"<(/?)([A-Za-z][\w-]{0,40})((?:[ \t]+[\w-]+[ \t]*=[ \t]*(?:\"[^\"\n<>]*\"|'[^'\n<>]*'|[\w.-]+))*)[ \t]*/?>"
)
_STEP_NUMBER = re.compile(r"(?:n|number|num|index|id|i)[ \t]*=[ \t]*[\"']?(\d{1,4})", re.I)
_STEP_NAME = re.compile(r"step[_-]?(\d{0,4})", re.I)
_LABEL_WORDS = frozenset(ROLE_WORDS) - {"step"}  # a step tag is a step line, not a label


def tags_as_labels(text: str) -> str:
    """``text`` with its XML-like tags rewritten as labels and step lines, or dropped (the
    text itself when it has no tag)."""
    if "<" not in text or _TAG.search(text) is None:
        return text
    counted = 0

    def plain(tag: re.Match[str]) -> str:
        nonlocal counted
        closing, name, attributes = tag.group(1), tag.group(2), tag.group(3)
        if closing:
            return ""
        step = _STEP_NAME.fullmatch(name)
        if step is not None:
            given = _STEP_NUMBER.search(attributes) or (step if step.group(1) else None)
            counted = int(given.group(1)) if given is not None else counted + 1
            return f"Step {counted}: "
        words = re.sub(r"[_-]+", " ", name).strip()
        return f"{words}: " if _LABEL_WORDS.intersection(words.lower().split()) else ""

    return _TAG.sub(plain, text)
