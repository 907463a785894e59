"""``procbench evaluate --extractor MODEL``: every reply read a second time, by a language
model as the paper did, beside the project's answer reader. Per model the report gets both
readings' scores over the same replies, how often the two read the same states (and give the
same sequential-match verdict), and ``extraction_disagreements.jsonl``: a line for every
reply they read differently, with both readings and the reply.

The reader's scores stay the report's scores; the extractor's are a check on them. By
default (``--extract doubtful``) only the replies the reader could not read in full or read
with a doubt go to the extractor, where a second reading pays; ``--extract all`` sends every
reply, as the paper did. Lines with a structured ``prediction`` have nothing to extract and
are counted apart. The replies are taken back from ``scores.jsonl`` in chunks, so memory
stays flat."""

from __future__ import annotations

import asyncio
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import IO, Any, Protocol

from ..scoring import measures
from .extraction import Extraction
from .files import EXTRACTION_DISAGREEMENTS
from .scored import READ_FULL, json_line
from .summary import Totals

CHUNK = 256  # replies sent at once (inspect's max_connections bounds the calls in flight)
DOUBTFUL, ALL = "doubtful", "all"
EXTRACT_MODES = (DOUBTFUL, ALL)  # which replies go to the extractor (--extract)


def needs_extraction(mode: str, doubts: Sequence[str], read_in_full: bool) -> bool:
    """Whether a reply goes to the extractor: every reply with ``all``; with ``doubtful``, a
    reply the reader did not read in full, or read with a doubt."""
    return mode == ALL or bool(doubts) or not read_in_full


def _sent(record: dict[str, Any], mode: str) -> bool:
    """Whether the reply of a ``scores.jsonl`` record goes to the extractor (a structured
    ``prediction`` has no reply)."""
    return record["response"] is not None and needs_extraction(mode, record["doubts"], record["read"] == READ_FULL)


class SecondReader(Protocol):
    """What reads the replies a second time: an ``--extractor`` model
    (:class:`.extraction.Extractor`) or the paper's saved extractions
    (:class:`.original_runs.PaperExtractions`)."""

    name: str

    async def read(self, record: dict[str, Any]) -> Extraction:
        """The reading of a ``scores.jsonl`` record's reply."""
        ...


def same_states(first: list[Any] | None, second: list[Any] | None) -> bool:
    """Two readings of a reply give the same states (by the scoring's matching rules, so
    ``"5"`` and ``5`` are the same integer state); two readings of nothing agree."""
    if first is None or second is None:
        return first is None and second is None
    return len(first) == len(second) and all(
        measures.states_match(a, b) or measures.states_match(b, a) for a, b in zip(first, second)
    )


@dataclass
class Comparison:
    """One model's replies as the reader and the extractor read them."""

    extractor: str
    mode: str = DOUBTFUL
    reader: Totals = field(default_factory=Totals)
    extracted: Totals = field(default_factory=Totals)
    same_states: int = 0
    same_verdict: int = 0  # the same sequential match
    extractor_not_read: int = 0
    structured_predictions: int = 0  # lines with a structured ``prediction``: nothing to extract
    not_sent: int = 0  # replies read in full without a doubt, not sent (``--extract doubtful``)

    def add(self, record: dict[str, Any], extraction: Extraction) -> dict[str, Any] | None:
        """Tally one reply (its ``scores.jsonl`` record and the extractor's reading); its
        line of ``extraction_disagreements.jsonl`` when the two read it differently."""
        reference = record["reference"]
        read = measures.parse_prediction(record["prediction"], reference)
        extracted = measures.parse_prediction(extraction.prediction, reference)
        reader_score = measures.Score(**{name: record[name] for name in measures.Score._fields})
        extractor_score = measures.score_row(extracted, reference)
        self.reader.add(reader_score, record["steps"])
        self.extracted.add(extractor_score, record["steps"])
        self.extractor_not_read += extracted is None
        self.same_verdict += reader_score.sequential_match == extractor_score.sequential_match
        if same_states(read, extracted):
            self.same_states += 1
            return None
        return {
            "model": record["model"],
            "id": record["id"],
            "source": record["source"],
            "reader": record["prediction"],
            "extractor": extraction.prediction,
            "reader_sequential_match": reader_score.sequential_match,
            "extractor_sequential_match": extractor_score.sequential_match,
            "reference": reference,
            "response": record["response"],
        }

    def summary(self) -> dict[str, Any]:
        """The block ``extractor`` of the model in ``summary.json``."""
        replies = self.reader.n
        return {
            "model": self.extractor,
            "extract": self.mode,
            "replies": replies,
            "calls": replies,
            "not_sent": self.not_sent,
            "structured_predictions": self.structured_predictions,
            "reader": self.reader.figures() if replies else None,
            "extractor": self.extracted.figures() if replies else None,
            "extractor_not_read": self.extractor_not_read,
            "agreement": self.same_states / replies if replies else None,
            "sequential_match_agreement": self.same_verdict / replies if replies else None,
            "disagreements": replies - self.same_states,
            "file": EXTRACTION_DISAGREEMENTS,
        }


def _chunks(records: Iterable[dict[str, Any]], size: int) -> Iterator[list[dict[str, Any]]]:
    chunk: list[dict[str, Any]] = []
    for record in records:
        chunk.append(record)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def compare(
    extractor: SecondReader,
    records: Iterable[dict[str, Any]],
    disagreements: IO[str],
    progress: Any = None,
    mode: str = DOUBTFUL,
) -> dict[str, Comparison]:
    """Read the replies of ``records`` (the lines of ``scores.jsonl``) that ``mode`` sends
    (:func:`needs_extraction`) with ``extractor``; each model's :class:`Comparison`, the
    disagreements written to ``disagreements`` (``progress``, a tqdm bar or ``None``, counts
    the records)."""
    comparisons: dict[str, Comparison] = {}

    async def run() -> None:
        for chunk in _chunks(records, CHUNK):
            replies = [record for record in chunk if _sent(record, mode)]
            extractions = await asyncio.gather(*(extractor.read(record) for record in replies))
            for record in chunk:
                if record["model"] not in comparisons:
                    comparisons[record["model"]] = Comparison(extractor.name, mode)
                comparison = comparisons[record["model"]]
                comparison.structured_predictions += record["response"] is None
                comparison.not_sent += record["response"] is not None and not _sent(record, mode)
            for record, extraction in zip(replies, extractions, strict=True):
                line = comparisons[record["model"]].add(record, extraction)
                if line is not None:
                    disagreements.write(json_line(line))
            if progress is not None:
                progress.update(len(chunk))

    asyncio.run(run())
    return comparisons
