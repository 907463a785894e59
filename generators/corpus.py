"""The sentence corpus of Count2, FillWord and DeleteWord (``data/sentences.tsv.gz``).

Built by ``scripts/build_corpus.py`` from WordNet 3.0's example sentences and Jane Austen's
novels; see ``data/README.md``. Loaded on first use, once per process, so importing
``procbench_generators`` stays fast.

Tokenisation, shared by the three tasks and their solvers: a word is a maximal run of
non-space characters, so punctuation and apostrophes belong to the word they touch
(``"Weston's"``, ``"said,"``). A passage is one sentence or several consecutive sentences
of one source joined by single spaces.
"""

from __future__ import annotations

import bisect
import functools
import gzip
import itertools
import random
import re
from dataclasses import dataclass
from importlib import resources

# A sentence ends with . ! or ? (a closing quote or bracket may follow) and the next one
# starts with a capital letter: passages are split at the space between, the last character
# of a match.
_BOUNDARY = re.compile(r"[.!?][\")]? (?=[A-Z])")


_MAX_TRIES = 2000


@dataclass(frozen=True)
class Window:
    """Sentences ``start`` to ``stop - 1`` of the corpus, all of one source."""

    start: int
    stop: int


class Corpus:
    """The corpus lines (``source<TAB>sentence``), with what sampling needs computed at
    load (word counts, their running sums, where each source ends) and the rest (the
    sentences alone, sentences by length, the sentence index) on first use."""

    def __init__(self, lines: list[str]) -> None:
        self._lines = lines
        # Source names hold no space, so a line has as many words as its sentence: one more
        # than its spaces. _before[i] is the number of words before line i.
        self._before = list(itertools.accumulate((line.count(" ") + 1 for line in lines), initial=0))
        self._ends = self._source_ends(lines)
        self._windows: dict[int, list[Window]] = {}
        self._disjoint: dict[tuple[int, int | None], int] = {}

    @staticmethod
    def _source_ends(lines: list[str]) -> list[int]:
        """``ends[i]``: one past the last line of line i's source. Each source is one run
        of lines, so its end is found by bisection."""
        ends: list[int] = []
        start = 0
        while start < len(lines):
            prefix = lines[start][: lines[start].index("\t") + 1]
            stop = bisect.bisect_left(range(start, len(lines)), True, key=lambda i: not lines[i].startswith(prefix))
            ends.extend([start + stop] * stop)
            start += stop
        return ends

    def __len__(self) -> int:
        return len(self._lines)

    @functools.cached_property
    def sources(self) -> list[str]:
        return [line.partition("\t")[0] for line in self._lines]

    @functools.cached_property
    def sentences(self) -> list[str]:
        return [line.partition("\t")[2] for line in self._lines]

    @functools.cached_property
    def _index(self) -> dict[str, int]:
        return {sentence: i for i, sentence in enumerate(self.sentences)}

    @functools.cached_property
    def _singles(self) -> dict[int, list[int]]:
        """Word count -> the sentences of that length."""
        singles: dict[int, list[int]] = {}
        before = self._before
        for i in range(len(self._lines)):
            singles.setdefault(before[i + 1] - before[i], []).append(i)
        return singles

    def singles(self, words: int) -> list[int]:
        """The sentences of exactly ``words`` words."""
        return self._singles.get(words, [])

    def _stop(self, start: int, words: int) -> int | None:
        """The end of the window of ``words`` words starting at ``start``, if there is one."""
        before = self._before
        target = before[start] + words
        stop = bisect.bisect_left(before, target, start)
        if stop < len(before) and before[stop] == target and stop <= self._ends[start]:
            return stop
        return None

    def text(self, window: Window) -> str:
        return " ".join([line.partition("\t")[2] for line in self._lines[window.start : window.stop]])

    def windows(self, words: int) -> list[Window]:
        """Every window of exactly ``words`` words."""
        if words not in self._windows:
            self._windows[words] = self._find_windows(words)
        return self._windows[words]

    def _find_windows(self, words: int) -> list[Window]:
        found = []
        for start in range(len(self._lines)):
            stop = self._stop(start, words)
            if stop is not None:
                found.append(Window(start, stop))
        return found

    def disjoint_passages(self, low: int, high: int | None = None) -> int:
        """The largest number of passages of ``low`` to ``high`` words (no upper bound for
        ``None``) that share no sentence: the classic greedy choice of the window that
        ends first, swept over window ends."""
        key = (low, high)
        if key not in self._disjoint:
            before, ends = self._before, self._ends
            count = free = source_start = source_end = 0
            for stop in range(1, len(self._lines) + 1):
                if stop - 1 >= source_end:
                    source_start, source_end = stop - 1, ends[stop - 1]
                first = max(free, source_start)
                start = bisect.bisect_right(before, before[stop] - low, first, stop) - 1
                if start >= first and (high is None or before[stop] - before[start] <= high):
                    count, free = count + 1, stop
            self._disjoint[key] = count
        return self._disjoint[key]

    def sentence_keys(self, passage: str) -> set[str]:
        """Keys of the corpus sentences a passage is made of (``s<index>``), so that two
        passages share a key exactly when they share a sentence; text that is not made of
        corpus sentences is its own key."""
        index = self._index
        keys: set[str] = set()
        start = 0  # where the text not yet matched to a sentence begins
        for boundary in _BOUNDARY.finditer(passage):
            space = boundary.end() - 1
            found = index.get(passage[start:space])
            if found is not None:
                keys.add(f"s{found}")
                start = space + 1
        rest = passage[start:]
        found = index.get(rest)
        if found is not None:
            keys.add(f"s{found}")
        elif rest:
            keys.add(rest)
        return keys

    def sample_window(self, rng: random.Random, words: int, prefer_single: int = 0) -> Window:
        """A uniformly drawn window of exactly ``words`` words; a single sentence when at
        least ``prefer_single`` sentences have that length.

        A start sentence drawn uniformly and kept only if a window of ``words`` words starts
        there gives a uniform window; about one start in ten qualifies, so this is quick,
        and the full list of windows is built only for lengths almost nothing has."""
        if prefer_single:
            singles = self.singles(words)
            if len(singles) >= prefer_single:
                start = rng.choice(singles)
                return Window(start, start + 1)
        for _ in range(_MAX_TRIES):
            start = int(rng.random() * len(self._lines))
            stop = self._stop(start, words)
            if stop is not None:
                return Window(start, stop)
        pool = self.windows(words)
        if not pool:
            raise ValueError(f"the sentence corpus has no passage of exactly {words} words")
        return rng.choice(pool)


@functools.cache
def load_corpus() -> Corpus:
    """The shipped corpus, read once."""
    raw = (resources.files("procbench_generators") / "data" / "sentences.tsv.gz").read_bytes()
    lines = gzip.decompress(raw).decode("ascii").split("\n")
    return Corpus(lines[:-1] if lines and not lines[-1] else lines)
