"""The sentence corpus of Count2, FillWord and DeleteWord (``data/sentences.tsv.gz``).

Built by ``scripts/build_corpus.py`` from WordNet 3.0's example sentences and Jane Austen's
novels; see ``data/README.md``. Loaded on first use, once per process, so importing
``generators`` stays fast.

Tokenisation, shared by the three tasks and their solvers: a word is a maximal run of
non-space characters, so punctuation and apostrophes belong to the word they touch
(``"Weston's"``, ``"said,"``). A passage is one sentence or several consecutive sentences
of one source joined by single spaces.
"""

from __future__ import annotations

import functools
import gzip
import random
import re
from dataclasses import dataclass, field
from importlib import resources

# A sentence ends with . ! or ? (a closing quote or bracket may follow) and the next one
# starts with a capital letter: passages are split there before matching corpus sentences.
_BOUNDARY = re.compile(r"(?<=[.!?]) (?=[A-Z])|(?<=[.!?][\")]) (?=[A-Z])")


_MAX_TRIES = 2000


@dataclass(frozen=True)
class Window:
    """Sentences ``start`` to ``stop - 1`` of the corpus, all of one source."""

    start: int
    stop: int


@dataclass
class Corpus:
    sources: list[str]
    sentences: list[str]
    _ends: list[int] = field(init=False)  # _ends[i]: one past the last sentence of i's source
    _before: list[int] = field(init=False)  # _before[i]: words in sentences 0..i-1
    _index: dict[str, int] = field(init=False)
    _position: dict[int, int] = field(init=False)  # words before sentence i -> i
    _singles: dict[int, list[int]] = field(init=False)  # word count -> sentences of that length
    _windows: dict[int, list[Window]] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        self._before = [0]
        for sentence in self.sentences:
            self._before.append(self._before[-1] + len(sentence.split()))
        self._ends = [0] * len(self.sentences)
        stop = len(self.sentences)
        for i in range(len(self.sentences) - 1, -1, -1):
            if i + 1 < len(self.sentences) and self.sources[i + 1] != self.sources[i]:
                stop = i + 1
            self._ends[i] = stop
        self._index = {sentence: i for i, sentence in enumerate(self.sentences)}
        self._position = {total: i for i, total in enumerate(self._before)}
        self._singles = {}
        for i in range(len(self.sentences)):
            self._singles.setdefault(self._before[i + 1] - self._before[i], []).append(i)

    def __len__(self) -> int:
        return len(self.sentences)

    def text(self, window: Window) -> str:
        return " ".join(self.sentences[window.start : window.stop])

    def windows(self, words: int) -> list[Window]:
        """Every window of exactly ``words`` words."""
        if words not in self._windows:
            self._windows[words] = self._find_windows(words)
        return self._windows[words]

    def _find_windows(self, words: int) -> list[Window]:
        before, ends, position = self._before, self._ends, self._position
        found = []
        for start in range(len(self.sentences)):
            stop = position.get(before[start] + words)
            if stop is not None and stop <= ends[start]:
                found.append(Window(start, stop))
        return found

    def sentence_keys(self, passage: str) -> set[str]:
        """Keys of the corpus sentences a passage is made of (``s<index>``), so that two
        passages share a key exactly when they share a sentence; text that is not made of
        corpus sentences is its own key."""
        keys: set[str] = set()
        pending = ""
        for piece in _BOUNDARY.split(passage):
            pending = f"{pending} {piece}" if pending else piece
            if pending in self._index:
                keys.add(f"s{self._index[pending]}")
                pending = ""
        if pending:
            keys.add(pending)
        return keys

    def sample_window(self, rng: random.Random, words: int, prefer_single: int = 0) -> Window:
        """A uniformly drawn window of exactly ``words`` words; a single sentence when at
        least ``prefer_single`` sentences have that length.

        A start sentence drawn uniformly and kept only if a window of ``words`` words starts
        there gives a uniform window; about one start in ten qualifies, so this is quick,
        and the full list of windows is built only for lengths almost nothing has."""
        singles = self._singles.get(words, [])
        if prefer_single and len(singles) >= prefer_single:
            start = rng.choice(singles)
            return Window(start, start + 1)
        before, ends, position = self._before, self._ends, self._position
        for _ in range(_MAX_TRIES):
            start = int(rng.random() * len(self.sentences))
            stop = position.get(before[start] + words)
            if stop is not None and stop <= ends[start]:
                return Window(start, stop)
        pool = self.windows(words)
        if not pool:
            raise ValueError(f"the sentence corpus has no passage of exactly {words} words")
        return rng.choice(pool)


@functools.cache
def load_corpus() -> Corpus:
    """The shipped corpus, read once."""
    raw = resources.files("generators").joinpath("data", "sentences.tsv.gz").read_bytes()
    sources, sentences = [], []
    for line in gzip.decompress(raw).decode("ascii").splitlines():
        source, sentence = line.split("\t", 1)
        sources.append(source)
        sentences.append(sentence)
    return Corpus(sources, sentences)
