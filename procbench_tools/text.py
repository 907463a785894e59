"""Small helpers for the messages the command prints."""

# Every control character (C0, DEL, C1) but newline and tab, written as ``\xNN``: the
# characters a terminal acts on (escape sequences, carriage return, bell, backspace).
_VISIBLE_CONTROLS = {
    code: f"\\x{code:02x}" for code in (*range(0x20), 0x7F, *range(0x80, 0xA0)) if chr(code) not in "\n\t"
}


def plural(count: int, noun: str, nouns: str | None = None) -> str:
    """``"1 example"``, ``"2 examples"``; ``nouns`` for irregular plurals."""
    return f"{count} {noun if count == 1 else nouns or noun + 's'}"


def printable(text: str) -> str:
    """``text`` safe for a terminal: every control character but newline and tab shown as
    ``\\xNN`` (``"\\x1b[2J"`` prints as the six characters ``\\x1b[2J``), so text from a
    reply or a dataset cannot clear the screen, retitle the window or overwrite lines.
    For terminals; an HTML page escapes its markup separately."""
    return text.translate(_VISIBLE_CONTROLS)
