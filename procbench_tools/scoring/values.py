"""Reading states out of a piece of text: a label's value, a list item, a table cell.

A state may stand bare, quoted, in backticks, in bold or italics, in LaTeX (``$...$``,
``\\(...\\)``, ``\\boxed{...}``, ``\\text{...}``), or be a JSON / Python / unquoted list
(``[1_7, 0_2]``); a period or a remark in parentheses after it is not part of it. Where a
line explains a step before its state, the state is what the line ends in: the text after
its last arrow (``->``, ``=>``, ``→``), for a number also after an ``=`` (``4 + 2 = 6``),
the last marked value (``... take indices 1-6 -> **ekuqpa**``), or the text after a short
description and a colon (``remove d: escizc``). Several states in one text are a list
literal, lists side by side (``[a, b], [c]``), an arrow chain (``abc → abd``) or values
separated by commas.

Standard library only: the metric Space carries this file.
"""

from __future__ import annotations

import re
from typing import Any

from .literals import Bare, parse_literal
from .state_types import Kind

ARROW = re.compile(r"->|=>|[\u2192\u27f6\u21d2\u27f9]")  # every arrow a model draws between states
_LATEX_WRAPPER = re.compile(r"\\(?:boxed|text|texttt|mathrm|mathtt|textbf|mathbf)\{(.*)\}", re.S)
_MATH = (("$$", "$$"), ("$", "$"), ("\\(", "\\)"), ("\\[", "\\]"))
_MARKS = ("**", "__", "*", "_", "`")  # backticks are markup: `[1_7]` is a list, `12` a number where ints are
_MARK_STARTS = frozenset("*_`")
_MARKUP_ENDS = frozenset("*_`$\\)]}.,;!\"'\u2713\u2714\u2705")  # a text that starts or ends otherwise has no markup
_REMARK_ENDS = frozenset(")\u2713\u2714\u2705")
# (not ")": a sentence state may end "(or about).", and its full stop is its own)
_CLOSING_MARKS = frozenset("]}\"'`*_$")
_QUOTES = ('"', "'", "\u201c\u201d", "\u2018\u2019")
_QUOTE_OPENINGS = frozenset(quotes[0] for quotes in _QUOTES)
# A value marked off at the end of an explained line: bold or backticks (quotes end
# sentences too: 'no longer, "I wish we had some acquaintance in Bath!"').
_MARKED_AT_END = re.compile(r"""(\*\*|__|`)([^\n]*?)\1$""")
# A value marked off at the start of a text, with prose after it: "**x**, with ..."
_MARKED_AT_START = re.compile(r"""(\*\*|__|`|"|\$)([^\n]+?)\1(?=[\s,.;:!)]|$)""")
_MARKED_STARTS = frozenset('*_`"$')  # what a text marked off at its start starts with (a cheap test first)
# "abc (final)", "abc ✓", "abc ← here", "abc   # a comment"
_TRAILING_REMARK = re.compile(r"(?:\s+\([^()]*\)|\s*[\u2713\u2714\u2705]+|\s+\u2190.*|\s+#(?:\s.*)?|,?\s+//(?:\s.*)?)$")
_TRAILING_STOP = re.compile(r"(?<=[\]\}\"'`*_$])[.,;!]+$")  # "[a, b]." and "`abc`." end a sentence
_DESCRIPTION = re.compile(r"[^\n:]{1,40}?:[ \t]+")  # "remove d: " before a state
_SIGNED_WORD = re.compile(r"[-+\u2212\u2013][^\s:]{1,30}")  # "−wholesalers", "+q": what a step took away or added
_BECOMING_WORDS = ("becomes", "becoming", "is now", "are now", "gives", "giving", "yields", "results in",
                   "resulting in")  # fmt: skip
_BECOMES = re.compile(rf"\b(?:{'|'.join(_BECOMING_WORDS)})\b:?", re.I)
_BOLD_LEAD = re.compile(r"(\*\*|__)[^*_\n]{1,60}?:\1[ \t]+(?=\S)|(\*\*|__)[^*_\n]{1,60}?\2:[ \t]+(?=\S)")
_QUOTED_LEAD = re.compile(  # '"violent": ' before the sentence it made
    r"""(?:"[^"\n]{1,40}"|'[^'\n]{1,40}'|`[^`\n]{1,40}`|\*\*[^*\n]{1,40}\*\*)[ \t]*:[ \t]+(?=\S)"""
)
_LEADING_NOTE = re.compile(r"\([^()\n]{1,40}\)[ \t]+(?=\S)")
# A clause, or another sentence, after a value a sentence states ("[3, 0, 2], which adds up
# to 5"; '["k", "y", "at"]. I hope this helps!')
_PROSE_AFTER = re.compile(r"[,;][ \t]+[a-z(]|\.[ \t]+[A-Z]")
_ASSIGNMENT = re.compile(r"[A-Za-z]{1,2}(?:_\{?\d{1,3}\}?|\d{1,3})?[ \t]*=[ \t]+(?=\S)")  # "S_3 = ", "s = "
_COMMA_SEPARATED = re.compile(r"\s*[,;]\s*(?:and\s+)?|\s+and\s+")


def may_hold_an_arrow(text: str) -> bool:
    """A cheap test before searching ``ARROW`` (most texts hold no arrow): every arrow
    holds ``>`` or is not ASCII."""
    return ">" in text or not text.isascii()


def holds_an_arrow(text: str) -> bool:
    """Whether ``text`` holds an arrow (``ARROW``), after the cheap test."""
    return may_hold_an_arrow(text) and ARROW.search(text) is not None


def may_hold_words(text: str, words: tuple[str, ...]) -> bool:
    """A cheap test before a case-insensitive search whose every match holds one of
    ``words`` (in lower case): whether ``text`` holds one in any case (text that is not
    ASCII is always searched: ``re.I`` folds a few other letters onto ASCII ones, the
    dotted capital I onto "i")."""
    if not text.isascii():
        return True
    lowered = text.lower()
    return any(word in lowered for word in words)


def _has_remark_mark(text: str) -> bool:
    """Whether ``text`` holds a mark a trailing remark starts with: "\u2190", " #", " //"."""
    return "\u2190" in text or " #" in text or " //" in text


def _strip_pair(text: str, opening: str, closing: str) -> str | None:
    if len(text) > len(opening) + len(closing) and text.startswith(opening) and text.endswith(closing):
        return text[len(opening) : -len(closing)].strip()
    return None


def unwrap(text: str) -> str:
    """``text`` without the markup around it: emphasis, backticks, LaTeX, a period after
    closing markup, a trailing remark in parentheses or a check mark (quotes are kept: they
    say "a string")."""
    text = text.strip()
    while text and (text[0] in _MARKUP_ENDS or text[-1] in _MARKUP_ENDS or _has_remark_mark(text)):
        # (else nothing is left to take off: the common case, and the end of a text unwrapped)
        before = text
        if text[-1] in _REMARK_ENDS or _has_remark_mark(text):
            text = _TRAILING_REMARK.sub("", text).strip()
        if len(text) > 1 and text[-1] in ".,;!" and text[-2] in _CLOSING_MARKS:
            text = _TRAILING_STOP.sub("", text).strip()
        if text[:1] in ("$", "\\"):
            for opening, closing in _MATH:
                text = _strip_pair(text, opening, closing) or text
            latex = _LATEX_WRAPPER.fullmatch(text)
            if latex:
                text = latex.group(1).strip()
        if text[:1] in _MARK_STARTS:
            if text == "``":
                return ""  # the empty string
            for mark in _MARKS:
                inner = _strip_pair(text, mark, mark)
                if inner is not None and mark not in inner:
                    text = inner
        if text == before:
            break
    return text


def _quoted(text: str) -> str | None:
    """The content of ``text`` when it is one quoted string (a JSON or Python string may hold
    escaped quotes: ``'se\\'nnight'``)."""
    if len(text) < 2 or text[0] not in _QUOTE_OPENINGS:
        return None  # not quoted: the common case
    if text[0] == text[-1] and text[0] in "\"'":
        try:
            value = parse_literal(text)
        except ValueError:
            value = None
        if isinstance(value, str):
            return value
    for quotes in _QUOTES:
        opening, closing = quotes[0], quotes[-1]
        if len(text) >= 2 and text[0] == opening and text[-1] == closing and opening not in text[1:-1]:
            return text[1:-1]
    return None


def parse_value(text: str) -> Any:
    """A state written as a whole value: a list or dict literal, a quoted string, or the
    text itself (``Bare``: unquoted, its type decided later). A value marked off at the
    start of the text with prose after it (``**abc**, after 3 steps``; ``[3, 0, 2], which
    adds up to 5``) is that value."""
    return parse_unwrapped(unwrap(text))


def parse_unwrapped(text: str) -> Any:
    """``parse_value`` of a text that has no markup around it (``unwrap`` took it off
    already): the same value, without unwrapping it twice."""
    if not text:
        return ""
    if text[0] in "[{":
        try:
            return parse_literal(text)
        except ValueError:
            pass
        end = _bracket_end(text, 0)
        if end is not None and _PROSE_AFTER.match(text, end):  # "[3, 0, 2], which adds up to 5"
            try:
                return parse_literal(text[:end])
            except ValueError:
                pass
    quoted = _quoted(text)
    if quoted is not None:
        return quoted
    marked = _MARKED_AT_START.match(text) if text[0] in _MARKED_STARTS else None
    if marked is not None and marked.end() < len(text):
        return parse_value(marked.group())
    return Bare(text)


def after_last_arrow(text: str, becomes: bool = True) -> str:
    """The text after the last arrow of ``text``, or (with ``becomes``) after the last
    "becomes" (``The list becomes: a, b``); all of it without either."""
    found = 0
    for match in ARROW.finditer(text) if may_hold_an_arrow(text) else ():
        found = match.end()
    for match in _BECOMES.finditer(text, found) if becomes and may_hold_words(text, _BECOMING_WORDS) else ():
        rest = unwrap(text[match.end() :])
        if (
            match.group().endswith(":") or rest[:1] == "[" or " " not in rest
        ):  # not "The program is now self-propelled."
            found = match.end()
    return text[found:]


def _literal_at_end(text: str) -> Any:
    """The list literal that ends ``text``, if one does."""
    if not text.endswith("]"):
        return None
    depth, position = 0, len(text) - 1
    while position >= 0:
        depth += {"]": 1, "[": -1}.get(text[position], 0)
        if depth == 0:
            try:
                return parse_literal(text[position:])
            except ValueError:
                return None
        position -= 1
    return None


def state_in_text(text: str, kind: Kind = None, sentences: bool = False) -> Any:
    """The state that a text ends in (see the module docstring); ``kind`` is the
    reference's type of the state (``int`` lets an ``=`` lead to it); where states are
    ``sentences``, a verb such as "giving" inside one leads to nothing."""
    if kind is str or kind is None:  # one marked-off string: its words ("... means of giving [8]") are no arrow
        stripped = text.strip()
        marked = _MARKED_AT_START.match(stripped) if stripped[:1] in _MARKED_STARTS else None
        if (marked is not None and marked.end() == len(stripped)) or _quoted(stripped) is not None:
            return parse_value(stripped)
    text = unwrap(text)
    rest = unwrap(after_last_arrow(text, becomes=not sentences))
    if kind is int and "=" in rest:
        rest = unwrap(rest[rest.rindex("=") + 1 :])
    assigned = _ASSIGNMENT.match(rest) if "=" in rest else None
    if assigned is not None:  # "S_3 = ynzb4j": a state named, then given
        rest = unwrap(rest[assigned.end() :])
    if not rest:
        return ""
    note = _LEADING_NOTE.match(rest) if rest[0] == "(" else None
    if note is not None:  # "(controversial.) A wild bullet."
        rest = rest[note.end() :]
    if sentences:  # '"violent": A violable contract.': the word filled in, then the sentence
        quoted_lead = _QUOTED_LEAD.match(rest)
        if quoted_lead is not None and " " in rest[quoted_lead.end() :].strip():
            return parse_value(rest[quoted_lead.end() :])
    bold_lead = _BOLD_LEAD.match(rest) if rest.startswith(("**", "__")) else None
    if bold_lead is not None:  # "**Cut at 14:** [...]": a bold description before the state
        rest = rest[bold_lead.end() :]
    if rest[0] in "[{\"'`$" or rest.startswith(("**", "__", "\\")):
        value = parse_value(rest)
        if isinstance(kind, list) and not isinstance(value, list):  # "{6, 17}: ["fnb", "gs"]": a set, then the list
            return _literal_at_end(rest) or value
        return value
    # (rest ends as an unwrapped text does, without space: a value marked at its end ends in the mark)
    marked = _MARKED_AT_END.search(rest) if rest[-1] in _MARK_STARTS else None
    if marked is not None:
        return parse_value(marked.group())
    listed = _literal_at_end(rest) if isinstance(kind, list) else None  # "A low-cut [2]" is a sentence
    if listed is not None:
        return listed
    description = _DESCRIPTION.match(rest) if ":" in rest else None
    if description is not None:  # "remove d: escizc", "r: e, a, r" (a sentence keeps its colon)
        value = rest[description.end() :].strip()
        if _SIGNED_WORD.fullmatch(description.group().rstrip(": \t")):  # "−wholesalers: He's a master ..."
            return parse_value(value)
        if (" " not in value) if not isinstance(kind, list) else ("," in value and "," not in description.group()):
            return parse_value(value)
    return parse_value(rest)


_BETWEEN_LITERALS = re.compile(rf"\s*(?:[,;]|{ARROW.pattern})?\s*(?:(?:and|then|and then)\s+)?")


def literal_sequence(text: str) -> list[Any] | None:
    """Literals side by side, separated by commas, "then", "and" or arrows:
    ``['yic', 'oxf'], then ['yic', 'o', 'xf'], and [...]``."""
    values = []
    position = 0
    while position < len(text):
        if text[position] != "[":
            return None
        end = _bracket_end(text, position)
        if end is None:
            return None
        try:
            values.append(parse_literal(text[position:end]))
        except ValueError:
            return None
        position = _BETWEEN_LITERALS.match(text, end).end()  # type: ignore[union-attr]
        if position == end and end < len(text.rstrip(". ")):
            return None
        if text[position:].strip(". ") == "":
            break
    return values


def _bracket_end(text: str, start: int) -> int | None:
    """Where the bracketed span that opens at ``text[start]`` ends (quotes respected)."""
    if text.find("]", start) < 0:
        return None  # no bracket closes after it (a looping model's megabyte of openings is not walked)
    depth, position, quote = 0, start, ""
    while position < len(text):
        character = text[position]
        if quote:
            if character == "\\":
                position += 1
            elif character == quote:
                quote = ""
        elif character in "\"'":
            quote = character
        elif character == "[":
            depth += 1
        elif character == "]":
            depth -= 1
            if depth == 0:
                return position + 1
        position += 1
    return None


def states_in_text(text: str, kind: Kind = None) -> list[Any]:
    """Several states written in one text: a list literal (of states), lists side by side,
    an arrow chain, or values separated by commas; one state otherwise."""
    text = unwrap(text)
    if not text:
        return []
    equals = text.rfind("= [")
    if equals > 0 and text[0] != "[":  # "[S_1, S_2, ..., S_23] = [00000000, ...]"
        text = text[equals + 2 :]
    if "`[" in text:
        text = text.replace("`", "")  # `[0, 1]`, `[1, 1]`: backticks are markup
    if text[0] == "[":
        try:
            value = parse_literal(text)
        except ValueError:
            value = literal_sequence(text)  # [a, b], then [c, d]
        if isinstance(value, list):
            is_one_list_state = isinstance(kind, list) and not any(isinstance(item, list) for item in value)
            return [value] if is_one_list_state and value else value
    if holds_an_arrow(text):
        return [state_in_text(part, kind) for part in ARROW.split(text) if part.strip()]
    if isinstance(kind, list):
        return [parse_value(text)]
    parts = [part for part in _COMMA_SEPARATED.split(text) if part.strip()]
    if len(parts) > 1 and any(" " in unwrap(part) for part in parts):
        return [parse_value(text)]  # a sentence with commas is one state
    if len(parts) > 1 and parts[-1].endswith(".") and not any(part.endswith(".") for part in parts[:-1]):
        parts[-1] = parts[-1][:-1]  # the period that ends the sentence listing them
    return [parse_value(part) for part in parts]
