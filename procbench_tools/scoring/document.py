"""A reply's answer region parsed once: the document every candidate reader reads.

A :class:`Document` is made from the normalised text of one answer region and what the
reference tells of the answer (:class:`Expected`: the number of states, their types and the
shape of a state, never the label's values). It holds the region's layout (lines, fenced
blocks, bracketed spans) and, worked out on first use and then kept, the parts the readers
share: the answer objects, the labels with their values (sections), the walk-throughs and
the last chain of state-shaped values. Each part is a pure function of the text and
``Expected``, so the order in which readers ask for them changes nothing.

Standard library only: the metric Space carries this file.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from .chains import Chain, Lone, last_chain, last_value
from .layout import Layout, read_layout
from .literals import parse_literal
from .objects import answer_parts, may_hold_an_answer
from .sections import Section, read_sections
from .shapes import Shape
from .state_types import Kind
from .walkthroughs import Walkthrough, read_walkthroughs


@dataclass(frozen=True)
class Expected:
    """What the reference says of the answer: its number of states, their types and their
    shape (never their values); all ``None`` without a reference."""

    count: int | None = None
    intermediate_kind: Kind = None
    final_kind: Kind = None
    shape: Shape = field(default_factory=Shape)

    @property
    def kinds(self) -> tuple[Kind, Kind]:
        return self.intermediate_kind, self.final_kind


@dataclass(frozen=True)
class FoundObject:
    """An answer object in the text: where it ends, and its parts."""

    end: int
    intermediate: list[Any] | None
    final: Any


@dataclass(frozen=True)
class Document:
    text: str
    expected: Expected

    @cached_property
    def layout(self) -> Layout:
        return read_layout(self.text)

    @cached_property
    def objects(self) -> list[FoundObject]:
        """Dicts with a final-state key anywhere, outermost first (nothing inside an answer
        is read again), in order."""
        found: list[FoundObject] = []
        text = self.text
        if "{" not in text:
            return found  # (no brace: no object, and no spans to find)
        for start, end in self.layout.outermost_spans:
            if text[start] != "{" or not may_hold_an_answer(text[start:end]):
                continue
            try:
                parts = answer_parts(parse_literal(text[start:end]))
            except ValueError:
                continue
            if parts is not None:
                found.append(FoundObject(end, *parts))
        return found

    @cached_property
    def object_ends(self) -> list[int]:
        return sorted(found.end for found in self.objects)

    @cached_property
    def sections(self) -> list[Section]:
        """The labels with their values."""
        return read_sections(self.layout, self.expected.kinds, self.expected.shape.sentences)

    @cached_property
    def walks(self) -> list[Walkthrough]:
        """The walk-throughs outside the labels' values, in order (they do not overlap)."""
        taken = {line for section in self.sections for line in range(section.line, section.last_line + 1)}
        return read_walkthroughs(self.layout, self.expected.intermediate_kind, taken, self.expected.shape.sentences)

    @cached_property
    def walk_ends(self) -> list[int]:
        return [walk.last_line for walk in self.walks]

    @cached_property
    def last_chain(self) -> Chain | None:
        """The run of state-shaped values, labels or not, that ends last."""
        expected = self.expected
        return last_chain(self.layout, expected.intermediate_kind, expected.final_kind, expected.shape)

    @cached_property
    def last_value(self) -> Lone | None:
        """The last state-shaped value alone on its line (read only where nothing else is)."""
        expected = self.expected
        return last_value(self.layout, expected.intermediate_kind, expected.final_kind, expected.shape)
