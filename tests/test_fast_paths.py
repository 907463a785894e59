"""The per-example fast paths equal the definitions they stand in for."""

from __future__ import annotations

import json
import random
import re
from hashlib import sha256

import pytest
from hypothesis import given
from hypothesis import strategies as st

import generators
from generators.benchmark import _SeedStream, canonical_json, example_seed, question_digest
from generators.corpus import Corpus
from generators.rng import derive_seed, example_seed_int, reseed
from generators.tasks._common import comma_list, numbered_lines, pair_list, sample_indices, shuffle, tuple_list

_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=4),
    max_leaves=12,
)


@given(_json)
def test_canonical_json_is_json_dumps_with_sorted_keys_and_no_spaces(value):
    assert canonical_json(value) == json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def test_question_digest_is_the_first_8_hex_digits_of_the_sha256_of_the_canonical_json():
    text = '["Sort",{"string":"bca"}]'
    assert question_digest("Sort", {"string": "bca"}) == sha256(text.encode()).hexdigest()[:8]


@given(st.integers(min_value=0, max_value=2**64 - 1))
def test_a_reseeded_generator_draws_what_a_new_one_draws(seed):
    rng = random.Random(7)
    rng.random()
    reseed(rng, seed)
    fresh = random.Random(seed)
    assert [rng.random() for _ in range(5)] == [fresh.random() for _ in range(5)]
    assert rng.getstate() == fresh.getstate()


def test_example_seed_int_is_derive_seed_of_procbench_task_steps_seed():
    seed = 12345678901234567890
    assert example_seed_int("Sort", 7, seed) == derive_seed("procbench", "Sort", 7, seed)


def test_make_example_with_a_shared_generator_equals_generate():
    rng = random.Random()
    for task in ("Sort", "Compose", "Count2"):
        spec = generators.get_task(task)
        for seed in (0, 1, 99):
            assert generators.make_example(spec, 5, seed, rng=rng) == generators.generate(task, 5, seed)


_cell = st.integers(-50, 50) | st.text(alphabet="abcxyz_", max_size=4)


@given(st.lists(st.lists(_cell, min_size=1, max_size=4), max_size=6))
def test_tuple_list_is_the_join_of_each_row_in_brackets(rows):
    expected = ", ".join("(" + ", ".join(map(str, row)) + ")" for row in rows)
    assert tuple_list(rows) == expected
    assert tuple_list(iter(rows)) == expected


@given(st.lists(_cell, max_size=8))
def test_comma_list_is_the_join_of_the_str_of_each_item(items):
    assert comma_list(items) == ", ".join(map(str, items))
    assert comma_list(tuple(items)) == comma_list(iter(items)) == ", ".join(map(str, items))


def test_the_renderers_by_hand():
    assert tuple_list([["add", 3], ["multiply", 2]]) == "(add, 3), (multiply, 2)"
    assert tuple_list([[1, 2, 3], [4, 5]]) == "(1, 2, 3), (4, 5)"  # mixed lengths take the general path
    assert comma_list(["a", 1]) == "a, 1"
    assert numbered_lines(["ab", "c"]) == "0: ab\n1: c"


@given(st.integers(0, 2**64 - 1), st.integers(0, 3000), st.integers(0, 3))
def test_the_seed_stream_remembers_nothing_it_would_make_differently(seed, index, attempt):
    seeds = _SeedStream(seed)
    assert seeds(index, attempt) == example_seed(seed, index, attempt)
    assert seeds(index, attempt) == example_seed(seed, index, attempt)  # the remembered one


def test_the_seed_stream_forgets_when_full(monkeypatch):
    monkeypatch.setattr(_SeedStream, "KEEP", 3)
    seeds = _SeedStream(5)
    made = [seeds(index) for index in range(10)]
    assert made == [example_seed(5, index) for index in range(10)]
    assert len(seeds._known) <= 3


@given(st.integers(0, 2**64 - 1), st.integers(0, 300), st.data())
def test_sample_indices_draws_what_random_sample_draws(seed, n, data):
    k = data.draw(st.integers(0, n))  # both of the library's methods: a pool for small n, a set for large
    ours, library = random.Random(seed), random.Random(seed)
    assert sample_indices(ours, n, k) == library.sample(range(n), k)
    assert ours.getstate() == library.getstate()


def test_sample_indices_refuses_what_random_sample_refuses():
    with pytest.raises(ValueError, match="Sample larger than population"):
        sample_indices(random.Random(0), 3, 4)


@given(st.integers(0, 2**64 - 1), st.lists(st.integers(), max_size=60))
def test_shuffle_draws_what_random_shuffle_draws(seed, items):
    ours, library = random.Random(seed), random.Random(seed)
    mine, theirs = list(items), list(items)
    shuffle(ours, mine)
    library.shuffle(theirs)
    assert mine == theirs
    assert ours.getstate() == library.getstate()


def test_pair_list_looks_up_known_rows_and_formats_the_others():
    texts = {"add": {3: "(add, 3)"}}
    assert pair_list([["add", 3], ["add", 3]], texts) == "(add, 3), (add, 3)"
    assert pair_list([["add", 3], ["multiply", 2]], texts) == "(add, 3), (multiply, 2)"  # one unknown row
    assert pair_list([], texts) == ""


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
