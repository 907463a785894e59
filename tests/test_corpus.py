"""The sentence corpus and the three sentence tasks."""

import collections
import gzip
import re
import struct
import subprocess
import sys
import zlib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import procbench_generators
from procbench_generators.benchmark import iter_task_examples
from procbench_generators.corpus import Corpus, load_corpus
from procbench_generators.tasks.count2 import words_of

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "generators" / "data"
sys.path.insert(0, str(ROOT / "scripts"))

import build_corpus  # noqa: E402
import r_lazyload  # noqa: E402

SENTENCE_TASKS = ["Count2", "FillWord", "DeleteWord"]


def test_corpus_size_and_sources():
    corpus = load_corpus()
    counts = collections.Counter(source.split("-")[0] for source in corpus.sources)
    assert counts == {"wordnet": 47413, "austen": 13133}
    assert len(set(corpus.sentences)) == len(corpus) == 60546


def test_every_sentence_is_plain():
    allowed = re.compile(r"[A-Za-z0-9 .,!?'\"()\-]+")
    for sentence in load_corpus().sentences:
        assert allowed.fullmatch(sentence), sentence
        assert sentence[0].isupper() and sentence.count('"') % 2 == 0, sentence
        assert sentence.count("(") == sentence.count(")"), sentence
        assert re.search(r"[.!?][\")]?$", sentence), sentence


def test_licence_notices_sit_beside_the_corpus():
    assert "WordNet 3.0 Copyright 2006 by Princeton University" in (DATA / "LICENSE.wordnet").read_text()
    assert "Permission is hereby granted" in (DATA / "LICENSE.janeaustenr").read_text()
    assert "scripts/build_corpus.py" in (DATA / "README.md").read_text()


def test_corpus_is_loaded_lazily():
    script = (
        "import procbench_generators, procbench_generators.corpus as c\n"
        "procbench_generators.generate('Sort', 3, 0)\n"
        "assert c.load_corpus.cache_info().currsize == 0\n"
        "procbench_generators.generate('Count2', 3, 0)\n"
        "assert c.load_corpus.cache_info().currsize == 1\n"
    )
    subprocess.run([sys.executable, "-c", script], cwd=ROOT, check=True)


def test_tokenisation():
    assert words_of("Mrs. Weston's  dog, (a terrier)!") == ["Mrs.", "Weston's", "dog,", "(a", "terrier)!"]


def test_sentence_keys_name_the_corpus_sentences():
    corpus = load_corpus()
    abbreviated = next(i for i, s in enumerate(corpus.sentences) if "Mrs. " in s)
    passage = " ".join(corpus.sentences[abbreviated : abbreviated + 2])
    if corpus.sources[abbreviated] == corpus.sources[abbreviated + 1]:
        assert corpus.sentence_keys(passage) == {f"s{abbreviated}", f"s{abbreviated + 1}"}
    assert corpus.sentence_keys("Not a corpus sentence at all, surely.") == {"Not a corpus sentence at all, surely."}


# Sentences whose text holds what a sentence end looks like, so that matching must go on past it.
_TRICKY = [
    "Mr. Knightley came.",
    "Yes.",
    "Yes. I did.",
    'He said "Go." Then he went.',
    "Oh! Stay.",
    'She cried "Stop!"',
    "(Quite so.)",
    "Nobody moved.",
]


def _plain_sentence_keys(corpus: Corpus, passage: str) -> set[str]:
    """The definition: split at each space after . ! or ? (or one of them and a closing quote
    or bracket) before a capital, then join pieces until they make a corpus sentence."""
    index = {sentence: i for i, sentence in enumerate(corpus.sentences)}
    keys, pending = set(), ""
    for piece in re.split(r"(?<=[.!?]) (?=[A-Z])|(?<=[.!?][\")]) (?=[A-Z])", passage):
        pending = f"{pending} {piece}" if pending else piece
        if pending in index:
            keys.add(f"s{index[pending]}")
            pending = ""
    if pending:
        keys.add(pending)
    return keys


@given(st.lists(st.sampled_from([*_TRICKY, "x.", "Ab", "?", '."', ".)", ")", "", "B! C"]), max_size=8))
def test_sentence_keys_are_the_plain_definition(pieces):
    corpus = Corpus([f"book\t{sentence}" for sentence in _TRICKY])
    passage = " ".join(pieces)
    assert corpus.sentence_keys(passage) == _plain_sentence_keys(corpus, passage)


def test_sentence_keys_by_hand():
    corpus = Corpus([f"book\t{sentence}" for sentence in _TRICKY])
    assert corpus.sentence_keys("Mr. Knightley came. Yes. I did.") == {"s0", "s1", "I did."}
    assert corpus.sentence_keys('He said "Go." Then he went. Oh! Stay.') == {"s3", "s4"}
    assert corpus.sentence_keys("(Quite so.) Nobody moved.") == {"s6", "s7"}
    assert corpus.sentence_keys('She cried "Stop!" (Quite so.)') == {'She cried "Stop!" (Quite so.)'}  # "(" no capital
    assert corpus.sentence_keys('Yes. She cried "Stop!" Nobody moved.') == {"s1", "s5", "s7"}
    assert corpus.sentence_keys("") == set()


@pytest.mark.parametrize("task", SENTENCE_TASKS)
def test_default_set_shares_no_sentence(task):
    corpus = load_corpus()
    examples = list(iter_task_examples(task, range(2, 26), 10, 2024))
    assert len(examples) == 240
    seen: dict[str, str] = {}
    for example in examples:
        passage = example["label"]["final"] if task == "FillWord" else example["question"]["sentence"]
        keys = corpus.sentence_keys(passage)
        assert all(key.startswith("s") for key in keys), passage  # made of corpus sentences
        for key in keys:
            assert key not in seen, (example["id"], seen.get(key))
            seen[key] = example["id"]


@pytest.mark.parametrize("steps", [1, 2, 7, 25, 60, 100])
def test_sentence_task_shapes(steps):
    count2 = procbench_generators.generate("Count2", steps, 5)["question"]
    assert len(words_of(count2["sentence"])) == steps

    fill = procbench_generators.generate("FillWord", steps, 5)
    fills = fill["question"]["fills"]
    assert [number for number, _ in fills] == list(range(1, steps + 1))
    blanks = re.findall(r"\[(\d+)\]", fill["question"]["sentence"])
    assert sorted(map(int, blanks)) == list(range(1, steps + 1))
    assert "[" not in fill["label"]["final"]

    delete = procbench_generators.generate("DeleteWord", steps, 5)["question"]
    assert len(set(delete["words"])) == steps
    assert set(delete["words"]) <= set(words_of(delete["sentence"]))


@pytest.mark.parametrize(
    ("sentence", "plain"),
    [
        ("She smiled.", True),
        ('He said, "Go (now)!"', True),
        ("she smiled.", False),  # no capital first letter
        ("She smiled", False),  # no final stop
        ('He said, "Go.', False),  # unbalanced quote
        ("He (left.", False),  # unbalanced bracket
        ("He left; she stayed.", False),  # ; is not allowed
        ("Poor Miss Taylor!--I wish.", False),  # dash pairs
        ("CHAPTER I.", False),  # no lowercase letter
    ],
)
def test_build_filter(sentence, plain):
    assert build_corpus.is_plain(sentence) is plain


def _serialize(value, names=None):
    """A tiny R XDR serializer for the reader's test: str lists, int lists, named lists."""

    def item(v, attr_names=None):
        attr = 1 << 9 if attr_names else 0
        if isinstance(v, str):
            raw = v.encode()
            return struct.pack(">ii", 0x40009, len(raw)) + raw
        if all(isinstance(x, int) for x in v):
            out = struct.pack(">ii", 13 | attr, len(v)) + struct.pack(f">{len(v)}i", *v)
        elif all(isinstance(x, str) for x in v):
            out = struct.pack(">ii", 16 | attr, len(v)) + b"".join(item(x) for x in v)
        else:
            out = struct.pack(">ii", 19 | attr, len(v)) + b"".join(item(x) for x in v)
        if attr_names:
            names_sym = struct.pack(">i", 1) + item("names")
            out += struct.pack(">i", 2 | 1 << 10) + names_sym + item(attr_names) + struct.pack(">i", 254)
        return out

    header = b"X\n" + struct.pack(">iiii", 3, 0x40201, 0x30500, 5) + b"UTF-8"
    return header + item(value, names)


def test_r_lazyload_reader_round_trip(tmp_path):
    novel = ["EMMA", "", "Emma Woodhouse, handsome, clever, and rich."]
    payload = _serialize(novel)
    record = struct.pack(">i", len(payload)) + zlib.compress(payload)
    (tmp_path / "Rdata.rdb").write_bytes(record)
    variables = _serialize([[0, len(record)]], names=["emma"])
    index_payload = _serialize([[0], [0], [1]], names=["variables", "references", "compressed"])
    # The index's "variables" element is itself a named list: splice the serialized form.
    index = index_payload.replace(_serialize([0])[len(b"X\n") + 16 + 5 :], variables[len(b"X\n") + 16 + 5 :], 1)
    (tmp_path / "Rdata.rdx").write_bytes(gzip.compress(index))
    assert r_lazyload.read_lazyload(tmp_path / "Rdata") == {"emma": novel}
