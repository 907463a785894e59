"""LaTeX in a reply, made plain text before the reply is read.

Math-tuned models write states in LaTeX: ``$\\texttt{zmafj} \\rightarrow \\texttt{zmaj}$``,
``\\[ \\boxed{\\texttt{hnpr}} \\]``, rows of ``\\begin{aligned} ... \\\\``. Line by line, text
commands keep their content (``\\texttt{x}`` is ``x``), arrows become ``→``, spacing
commands a space, ``\\_ \\{ \\}`` their characters, alignment marks and row ends go, and
math delimiters (``$``, ``\\[``, ``\\]``, ``\\(``, ``\\)``) are dropped (a line holding only
``\\[``, ``\\]`` or ``$$`` goes with its line break). A boxed value is the
final answer: ``\\boxed{x}`` on a line without a label becomes ``Final answer: x``.
Lines without a backslash or a dollar sign are left as they are.

Standard library only: the metric Space carries this file.
"""

from __future__ import annotations

import re

from .labels import read_label

# Commands whose argument is plain text: \texttt{x} is x.
TEXT_COMMANDS = frozenset(
    {"text", "texttt", "textrm", "textsf", "textbf", "textit", "mathrm", "mathtt", "mathbf", "mathit"}
    | {"mathsf", "operatorname", "emph", "underline", "overline", "hbox", "mbox", "boxed", "fbox"}
)
SYMBOLS = {
    "rightarrow": "\u2192",
    "Rightarrow": "\u2192",
    "to": "\u2192",
    "mapsto": "\u2192",
    "longrightarrow": "\u2192",
    "Longrightarrow": "\u2192",
    "implies": "\u2192",
    "times": "\u00d7",
    "cdot": "\u00b7",
    "dots": "...",
    "ldots": "...",
    "cdots": "...",
    "quad": " ",
    "qquad": " ",
    "left": "",
    "right": "",
    "big": "",
    "Big": "",
    "bigg": "",
    "Bigg": "",
    "displaystyle": "",
    "bmod": "mod",
    "ne": "\u2260",
    "neq": "\u2260",
    "le": "\u2264",
    "ge": "\u2265",
}
ESCAPED = {
    "_": "_",
    "{": "{",
    "}": "}",
    "#": "#",
    "%": "%",
    "&": "&",
    "$": "$",
    " ": " ",
    ",": " ",
    ";": " ",
    ":": " ",
    "!": "",
}
_ENVIRONMENT = re.compile(r"\\(?:begin|end)\{[a-z*]+\}(?:\{[^{}]*\})?")
_DELIMITER = re.compile(r"\$\$?|\\[\[\]()]")
_ROW_END = re.compile(r"\\\\[ \t]*(?:\[[^\]]*\])?[ \t]*$")
_LABEL_WORD = re.compile(r"final|answer|result|intermediate|step", re.I)
BOXED = "\\boxed{"


# What a line's LaTeX is made of: a command (with the brace of its argument), an escaped
# character, a brace, an alignment mark, or a math delimiter (with a stop right after it,
# which ends a sentence). The text between these is copied as it is.
_TOKEN = re.compile(r"\\([A-Za-z]+)\*?[ \t]*(\{)?|\\(.)|[{}&]|\$\$?(?:[.,;](?=\s|$))?")


def _plain_line(line: str) -> str:
    """One line with its LaTeX made plain (see the module docstring)."""
    boxed = BOXED in line
    line = _ENVIRONMENT.sub("", _ROW_END.sub("", line))
    out: list[str] = []
    braces: list[bool] = []  # per open brace: True when it belongs to a text command (dropped)
    copied = 0
    for token in _TOKEN.finditer(line):
        out.append(line[copied : token.start()])
        copied = token.end()
        name, brace, symbol = token.groups()
        text = token.group()
        if name is not None:
            if name in TEXT_COMMANDS and brace:
                braces.append(True)
            elif name in SYMBOLS:
                out.append(SYMBOLS[name] + (brace or ""))
                if brace:
                    braces.append(False)
            else:
                out.append(text)  # not LaTeX we know (perhaps a JSON escape): kept
                if brace:
                    braces.append(False)
        elif symbol is not None:
            if symbol in ESCAPED:
                out.append(ESCAPED[symbol])
            elif symbol not in "[]()":  # \[ \] \( \) delimit math
                out.append(text)  # a JSON escape such as \" stays
        elif text == "{":
            braces.append(False)
            out.append(text)
        elif text == "}":
            if not (braces and braces.pop()):  # not the end of a text command's argument
                out.append(text)
        # "&" (an alignment mark) and "$" (math) are dropped
    out.append(line[copied:])
    plain = "".join(out).rstrip()
    if boxed and not _LABEL_WORD.search(line.split(BOXED, 1)[0]) and read_label(plain) is None:
        return f"Final answer: {plain.strip()}"
    return plain


_LATEX = re.compile(r"\$|\\[\[\]()]|\\(?:" + "|".join(sorted(TEXT_COMMANDS | set(SYMBOLS) | {"begin", "end"})) + r")\b")


def plain_text(text: str) -> str:
    """``text`` with its LaTeX made plain, line by line (lines without LaTeX stay as they are)."""
    if "\\" not in text and "$" not in text:
        return text
    lines = (line for line in text.split("\n") if line.strip() not in _DISPLAY_DELIMITERS)
    return "\n".join(_plain_line(line) if _holds_latex(line) else line for line in lines)


def _holds_latex(line: str) -> bool:
    """Whether ``line`` holds LaTeX (``_LATEX``), after a cheap test: every match holds a
    backslash or a dollar sign."""
    return ("\\" in line or "$" in line) and _LATEX.search(line) is not None


_DISPLAY_DELIMITERS = frozenset({"\\[", "\\]", "$$"})  # a line of one goes, not left blank between a step and its state
