"""The reward functions, called exactly as TRL's GRPOTrainer calls them (trl 1.16:
``_calculate_rewards``): keyword arguments only, every dataset column but ``prompt`` and
``completion`` as a list, plus ``trainer_state``, ``log_extra`` and ``log_metric``."""

import inspect
import itertools
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import procbench
from procbench_tools.scoring.responses import NotText, response_text
from procbench_tools.training.hf_dataset import training_row
from procbench_tools.training.rewards import REWARDS, completion_text

REWARD_NAMES = ["prefix_accuracy_reward", "sequential_match_reward", "final_match_reward", "format_reward"]

# Cumulate from 7: add 5, multiply by 2, add 1 -> 12, 24, 25 (3 steps).
CUMULATE = {"n": 7, "operations": [["add", 5], ["multiply", 2], ["add", 1]]}
CUMULATE_LABEL = {"init": 7, "intermediate": [12, 24], "final": 25}
# Sort "itstb": one swap to "btsti", then "bistt".
SORT_LABEL = {"init": "itstb", "intermediate": ["btsti"], "final": "bistt"}


class StandIn:
    """What GRPOTrainer passes as trainer_state, log_extra and log_metric."""

    def __init__(self):
        self.extra, self.metrics = [], []
        self.trainer_state = object()

    def log_extra(self, column, values):
        self.extra.append((column, values))

    def log_metric(self, name, value):
        self.metrics.append((name, value))


def trl_call(reward, rows, completions):
    """Call ``reward`` as GRPOTrainer does, with ``rows`` the dataset rows of the batch."""
    keys = [key for key in rows[0] if key not in ("prompt", "completion", "completion_ids")]
    reward_kwargs = {key: [row[key] for row in rows] for key in keys}
    stand_in = StandIn()
    reward_kwargs["trainer_state"] = stand_in.trainer_state
    reward_kwargs["log_extra"] = stand_in.log_extra
    reward_kwargs["log_metric"] = stand_in.log_metric
    completion_ids = [[1, 2, 3] for _ in completions]
    return reward(prompts=[row["prompt"] for row in rows], completions=completions,
                  completion_ids=completion_ids, **reward_kwargs)  # fmt: skip


def dataset_row(task, question, label, conversational=False):
    steps = len(label["intermediate"]) + 1
    example = {"id": f"{task}-{steps:02d}-s0-000000", "task_id": "task00", "task": task, "steps": steps,
               "question": question, "label": label, "prompt": procbench.prompt_for(task, question)}  # fmt: skip
    return training_row(example, conversational)


ROWS = [dataset_row("Cumulate", CUMULATE, CUMULATE_LABEL)] * 5 + [dataset_row("Sort", {"string": "itstb"}, SORT_LABEL)]
COMPLETIONS = [
    'Adding and multiplying in turn.\n{"intermediate": [12, 24], "final": 25}',  # gold
    '{"intermediate": [12, 23], "final": 25}',  # first state right, then wrong; right final
    '{"intermediate": [12, 24, 25], "final": 26}',  # one state too many: 3 of 4 match
    "Step 1: 12\nStep 2: 24\nFinal state: 24",  # the step-lines layout; wrong final
    "I cannot do this.",  # unreadable
    '```json\n{"intermediate": ["btsti"], "final": "bitst"}\n```',  # fenced; wrong final
]
EXPECTED = {
    "prefix_accuracy_reward": [1.0, 1 / 3, 3 / 4, 2 / 3, 0.0, 1 / 2],
    "sequential_match_reward": [1.0, 0.0, 0.0, 0.0, 0.0, 0.0],
    "final_match_reward": [1.0, 1.0, 0.0, 0.0, 0.0, 0.0],
    "format_reward": [1.0, 1.0, 1.0, 1.0, 0.0, 1.0],
}


@pytest.mark.parametrize("name", REWARD_NAMES)
def test_exact_rewards_with_trl_keyword_arguments(name):
    rewards = trl_call(getattr(procbench, name), ROWS, COMPLETIONS)
    assert rewards == EXPECTED[name]
    assert all(type(value) is float for value in rewards)


@pytest.mark.parametrize("name", REWARD_NAMES)
def test_chat_completions_score_like_plain_ones(name):
    rows = [dataset_row(row["task"], json.loads(row["question"]), json.loads(row["label"]), True) for row in ROWS]
    chats = [[{"role": "assistant", "content": text}] for text in COMPLETIONS]
    assert trl_call(getattr(procbench, name), rows, chats) == EXPECTED[name]


def test_completion_text_of_each_layout():
    assert completion_text("abc") == "abc"
    assert completion_text([{"role": "assistant", "content": "abc"}]) == "abc"
    assert (
        completion_text(
            [{"role": "assistant", "content": [{"type": "text", "text": "a"}, {"type": "text", "text": "b"}]}]
        )
        == "ab"
    )
    assert completion_text([{"role": "user", "content": "q"}, {"role": "assistant", "content": "a"}]) == "a"


@pytest.mark.parametrize("completion", [[], 42, None, [{"role": "assistant", "content": None}]])
def test_a_completion_without_text_is_refused_in_one_line(completion):
    """Never a silent reward of 0 for a completion that holds no text: the batch is refused,
    naming the completion."""
    with pytest.raises(ValueError, match=r"^completions\[1\]: a response of type \w+ holds no text"):
        procbench.format_reward(completions=["Final: x", completion], label=[CUMULATE_LABEL, CUMULATE_LABEL])


def test_labels_as_dicts_and_without_a_task_column():
    """Called by hand: labels may be dicts, the task column may be missing."""
    completions = ['{"intermediate": ["12", 24], "final": "25"}', '{"intermediate": [12, 0], "final": 25}']
    labels = [CUMULATE_LABEL, json.dumps(CUMULATE_LABEL)]
    assert procbench.prefix_accuracy_reward(completions=completions, label=labels) == [1.0, 1 / 3]
    assert procbench.final_match_reward(completions=completions, label=labels) == [1.0, 1.0]
    assert procbench.format_reward(completions=["no", completions[0]]) == [0.0, 1.0]


def test_the_signature_is_trls():
    for reward in REWARDS:
        parameters = inspect.signature(reward).parameters
        assert {"prompts", "completions", "completion_ids", "label", "task"} <= set(parameters)
        assert {"trainer_state", "log_extra", "log_metric"} <= set(parameters)
        assert any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values())
        assert not inspect.iscoroutinefunction(reward)
    assert [reward.__name__ for reward in REWARDS] == REWARD_NAMES  # TRL logs rewards by name
    # Unknown extra keyword arguments (other columns, newer TRL keys) are accepted.
    assert procbench.format_reward(completions=["{}"], label=[SORT_LABEL], environments=[None], steps=[2]) == [0.0]


def test_mismatched_lengths_are_named():
    with pytest.raises(ValueError, match="got 2 completions but 1 values of label"):
        procbench.prefix_accuracy_reward(completions=["a", "b"], label=[SORT_LABEL])
    with pytest.raises(ValueError, match="got 1 completions but 2 values of task"):
        procbench.final_match_reward(completions=["a"], label=[SORT_LABEL], task=["Sort", "Sort"])


def test_gold_answers_of_the_stream_earn_full_rewards():
    """The SFT target column is the answer the rewards expect: every reward is 1.0 on it."""
    dataset = procbench.iterable_dataset(seed=4)
    rows = list(itertools.islice(dataset, 46))
    completions = [row["completion"] for row in rows]
    for reward in REWARDS:
        assert trl_call(reward, rows, completions) == [1.0] * 46
    no_final = [completion.replace('"final"', '"last"') for completion in completions]
    assert trl_call(procbench.format_reward, rows, no_final) == [0.0] * 46  # not the requested format
    assert trl_call(procbench.final_match_reward, rows, ["no answer"] * 46) == [0.0] * 46


# --- anything a model can produce -------------------------------------------------------

JSON_TEXT = st.text(alphabet='{}[]":,.-0123456789 abtsiextrue\n\\', max_size=60)
JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)
NESTED = st.builds(
    lambda opening, depth, tail: opening * depth + tail,
    st.sampled_from(["[", "{", '{"intermediate": ', '["', "(", "\\frac{", "```\n"]),
    st.integers(1, 3000),
    st.text(max_size=5),
)
TEXTS = st.text() | JSON_TEXT | NESTED | JSON_VALUES.map(lambda value: json.dumps(value, allow_nan=True))
MESSAGE_CONTENT = (
    TEXTS | JSON_VALUES | st.lists(st.fixed_dictionaries({"type": st.just("text"), "text": TEXTS | JSON_VALUES}))
)
COMPLETIONS_OF_ANY_KIND = (
    TEXTS
    | JSON_VALUES
    | st.lists(st.fixed_dictionaries({"role": st.just("assistant"), "content": MESSAGE_CONTENT}), max_size=2)
    | st.lists(JSON_VALUES, max_size=2)
)


def holds_text(completion):
    try:
        response_text(completion)
    except NotText:
        return False
    return True


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(completions=st.lists(COMPLETIONS_OF_ANY_KIND, min_size=1, max_size=4), sort_label=st.booleans())
def test_every_reward_is_a_number_or_a_one_line_refusal_for_any_completion(completions, sort_label):
    label = [SORT_LABEL if sort_label else json.dumps(CUMULATE_LABEL)] * len(completions)
    if not all(map(holds_text, completions)):  # refused, never scored 0 in silence
        for reward in REWARDS:
            with pytest.raises(ValueError, match=r"^completions\[\d+\]: a response of type \w+ holds no text"):
                reward(completions=completions, label=label)
        return
    rewards = {reward.__name__: reward(completions=completions, label=label) for reward in REWARDS}
    for values in rewards.values():
        assert len(values) == len(completions) and all(type(value) is float for value in values)
    for accuracy, sequential, final, readable in zip(*rewards.values(), strict=True):
        assert 0.0 <= accuracy <= 1.0 and sequential in (0.0, 1.0) and final in (0.0, 1.0) and readable in (0.0, 1.0)
        assert (sequential == 1.0) <= (accuracy == 1.0 and final == 1.0)
        assert readable == 1.0 or accuracy == sequential == final == 0.0


@pytest.mark.parametrize(
    "completion",
    ["[" * 1000, '{"intermediate": ' * 1000, "", "no answer here"],  # a looping model: deeper than json.loads recurses
    ids=["brackets", "objects", "empty", "prose"],
)
def test_junk_text_earns_zero(completion):
    for reward in REWARDS:
        assert reward(completions=[completion, COMPLETIONS[0]], label=[CUMULATE_LABEL] * 2) == [0.0, 1.0]


@pytest.mark.parametrize(
    "completion",
    [
        5,
        None,
        {"a": {"b": {"c": 1}}},
        [{"role": "assistant", "content": {"x": 1}}],
        [{"role": "assistant"}],
        [{"role": "assistant", "content": [{"type": "text", "text": 5}]}],
        [5],
    ],
    ids=["int", "None", "nested-dict", "dict-content", "no-content", "int-part", "int-list"],
)
def test_a_completion_that_holds_no_text_is_refused_not_scored_zero(completion):
    """A batch with a completion that is no text nor a chat message with text is a bug in
    the caller's pipeline: every reward refuses it in one line naming the completion."""
    for reward in REWARDS:
        with pytest.raises(ValueError, match=r"^completions\[0\]: a response of type \w+ holds no text"):
            reward(completions=[completion, COMPLETIONS[0]], label=[CUMULATE_LABEL] * 2)


@pytest.mark.parametrize(
    ("batch", "error", "message"),
    [
        (
            {"completions": "abc", "label": [SORT_LABEL] * 3},
            TypeError,
            "completions must be a list, one completion per sample; got a str",
        ),
        (
            {"completions": None, "label": [SORT_LABEL]},
            TypeError,
            "completions must be a list, one completion per sample; got a NoneType",
        ),
        (
            {"completions": ["a"], "label": SORT_LABEL},
            TypeError,
            "label must be a list, one value per completion; got a dict",
        ),
        (
            {"completions": ["a"], "label": None},
            TypeError,
            "label is required: the dataset's label column, one label per completion",
        ),
        (
            {"completions": ["a"], "label": [SORT_LABEL], "prompts": ["p", "q"]},
            ValueError,
            "got 1 completions but 2 values of prompts",
        ),
        (
            {"completions": ["a"], "label": [SORT_LABEL], "completion_ids": []},
            ValueError,
            "got 1 completions but 0 values of completion_ids",
        ),
        (
            {"completions": ["a"], "label": [SORT_LABEL], "task": "Sort"},
            TypeError,
            "task must be a list, one value per completion; got a str",
        ),
        (
            {"completions": ["a", "b"], "label": [SORT_LABEL] * 2, "task": ["Sort", "Nope"]},
            ValueError,
            "task[1]: unknown task 'Nope'; valid tasks are Sort, Gather",
        ),
        (
            {"completions": ["a"], "label": [{"final": 1}]},
            ValueError,
            "label[0] is not a ProcBench label or its JSON string: {'final': 1}",
        ),
        ({"completions": ["a"], "label": ["not json"]}, ValueError, "label[0] is not a ProcBench label"),
    ],
)
def test_malformed_batches_are_refused_with_one_clear_error(batch, error, message):
    for reward in REWARDS:
        if reward is procbench.format_reward and batch["label"] is None:
            assert reward(**batch) == [0.0]  # format_reward needs no label
            continue
        with pytest.raises(error) as raised:
            reward(**batch)
        assert str(raised.value).startswith(message) and "\n" not in str(raised.value)


def test_task_ids_are_tasks_too():
    assert procbench.sequential_match_reward(completions=[COMPLETIONS[0]], label=[CUMULATE_LABEL], task=["task21"]) == [
        1.0
    ]


def test_a_batch_is_read_once_for_all_four_rewards(monkeypatch):
    """Issue 29, item 16: each reward used to read every completion again (a looping 16 kB
    completion costs ~20 ms a read: 1,024 of them, ~19 s per reward per batch). Now the
    first reward reads each distinct (completion, label) once and the other three, and a
    repeated completion, reuse that reading. The reads are counted through a spy on the
    scorer the rewards call."""
    from procbench_tools.training import rewards

    reads = []

    def counting_score_row(text, label):
        reads.append(text)
        return real_score_row(text, label)

    real_score_row = rewards.score_row
    monkeypatch.setattr(rewards, "score_row", counting_score_row)
    rewards.reading.cache_clear()
    completions = [*COMPLETIONS, COMPLETIONS[0], [{"role": "assistant", "content": COMPLETIONS[3]}]]
    rows = [*ROWS, ROWS[0], ROWS[3]]
    first = trl_call(procbench.prefix_accuracy_reward, rows, completions)
    assert sorted(reads) == sorted(COMPLETIONS)  # 8 completions, 6 distinct: 6 reads
    others = {reward.__name__: trl_call(reward, rows, completions) for reward in REWARDS[1:]}
    assert len(reads) == len(COMPLETIONS)  # the second, third and fourth reward read nothing
    assert first == [*EXPECTED["prefix_accuracy_reward"], 1.0, 2 / 3]
    for name, values in others.items():
        assert values == [*EXPECTED[name], EXPECTED[name][0], EXPECTED[name][3]]
    trl_call(procbench.prefix_accuracy_reward, [ROWS[5]], [COMPLETIONS[0]])  # another label: another reading
    assert len(reads) == len(COMPLETIONS) + 1


def test_format_reward_is_the_scorers_readability():
    """Issue 29, item 16, and the reader's one path: with one reading for all four rewards,
    format_reward is 1.0 exactly when the scorer reads an answer, and the scorer reads a
    string with the one answer reader. A JSON list whose last item is not a list state (the
    final state flattened) is no list of states to either: no reward, and no format reward
    (it used to earn prefix accuracy 1/2 and a format reward of 0)."""
    label = {"init": "", "intermediate": [["1_4"]], "final": ["1_4", "0_4"]}  # Encode "11110000"
    completion = '[["1_4"], "1_40_4"]'  # the first state right, the final one flattened
    assert procbench.prefix_accuracy_reward(completions=[completion], label=[label]) == [0.0]
    assert procbench.format_reward(completions=[completion], label=[label]) == [0.0]
    readable = '{"intermediate": [["1_4"]], "final": ["1_40_4"]}'
    assert procbench.prefix_accuracy_reward(completions=[readable], label=[label]) == [0.5]
    assert procbench.format_reward(completions=[readable], label=[label]) == [1.0]
