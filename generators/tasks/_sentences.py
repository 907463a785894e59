"""Shared by the sentence tasks (Count2, FillWord, DeleteWord)."""

from __future__ import annotations

from ..corpus import load_corpus
from ..registry import Label, Question


def question_passage_keys(question: Question, label: Label) -> set[str]:
    """The corpus sentences of a task whose question holds the whole passage."""
    return load_corpus().sentence_keys(question["sentence"])


def final_passage_keys(question: Question, label: Label) -> set[str]:
    """The corpus sentences of a task whose final state is the passage (FillWord)."""
    return load_corpus().sentence_keys(label["final"])
