"""The per-example fast paths equal the definitions they stand in for."""

from __future__ import annotations

import json
import random
from hashlib import sha256

from hypothesis import given
from hypothesis import strategies as st

import generators
from generators.benchmark import _SeedStream, canonical_json, example_seed, question_digest
from generators.rng import derive_seed, example_seed_int, reseed

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
