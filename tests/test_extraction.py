"""The LLM extractor of ``procbench evaluate --extractor``, offline: inspect's mockllm and a
loopback OpenAI-compatible stand-in."""

import json

import pytest
from inspect_ai.model import ModelOutput, ModelUsage

from procbench_tools.evaluation.extraction import (
    ExtractionCache,
    answer_schema,
    extract_answers,
    parse_extraction,
)
from tests.support.openai_standin import OpenAIStandIn

SORT = ["btsti", "bistt"]  # the state sequence of a Sort label
EXTRACTED = '{"intermediate": ["btsti"], "final": "bistt"}'


def test_the_schema_gives_the_states_types():
    assert answer_schema(SORT) == {
        "type": "object",
        "properties": {
            "intermediate": {"type": "array", "items": {"type": "string"}},
            "final": {"anyOf": [{"type": "string"}, {"type": "null"}]},
        },
        "required": ["intermediate", "final"],
        "additionalProperties": False,
    }
    count = [["ab12", "2", "12", "24"], 24]  # Count: rows of strings, an integer sum
    assert answer_schema(count)["properties"] == {
        "intermediate": {"type": "array", "items": {"type": "array", "items": {"type": "string"}}},
        "final": {"anyOf": [{"type": "integer"}, {"type": "null"}]},
    }
    search = [[2, 0, 1], [2, 1, 1]]
    assert answer_schema(search)["properties"]["final"] == {
        "anyOf": [{"type": "array", "items": {"type": "integer"}}, {"type": "null"}]
    }


@pytest.mark.parametrize(
    ("output", "expected"),
    [
        (EXTRACTED, {"intermediate": ["btsti"], "final": "bistt"}),
        ("```json\n" + EXTRACTED + "\n```", {"intermediate": ["btsti"], "final": "bistt"}),
        ('{"intermediate": [], "final": null}', None),
        ("I cannot tell.", None),
        ('{"steps": [1]}', None),
    ],
)
def test_parse_extraction(output, expected):
    assert parse_extraction(output) == expected


def scripted(calls):
    """mockllm outputs: the reply's last word as the final state, after counting the call."""

    def output(messages, tools, tool_choice, config):
        calls.append(config.response_schema.name if config.response_schema else None)
        reply = messages[-1].text.split("<<<\n", 1)[1].split("\n>>>", 1)[0]
        answer = {"intermediate": ["btsti"], "final": reply.split()[-1]}
        result = ModelOutput.from_content("mockllm/model", json.dumps(answer))
        result.usage = ModelUsage(input_tokens=1, output_tokens=1, total_tokens=2)
        return result

    return output


def test_mockllm_extracts_and_the_cache_remembers(tmp_path):
    calls = []
    items = [("Step 1: btsti, then bistt", SORT), ("the answer is bistx", SORT)]
    first = extract_answers(
        "mockllm/model", items, cache_folder=tmp_path, model_args={"custom_outputs": scripted(calls)}, progress=False
    )
    assert [extraction.prediction for extraction in first] == [
        {"intermediate": ["btsti"], "final": "bistt"},
        {"intermediate": ["btsti"], "final": "bistx"},
    ]
    assert calls == ["procbench_answer", "procbench_answer"]  # structured output asked for
    again = extract_answers(
        "mockllm/model", items, cache_folder=tmp_path, model_args={"custom_outputs": scripted(calls)}, progress=False
    )
    assert again == first and len(calls) == 2  # nothing asked twice
    assert len(ExtractionCache(tmp_path, "mockllm/model").known) == 2
    other = ExtractionCache(tmp_path, "openai/gpt-4o")  # another model has a cache of its own
    assert other.known == {} and other.path != ExtractionCache(tmp_path, "mockllm/model").path


def test_a_line_cut_short_in_the_cache_is_asked_again(tmp_path):
    calls = []
    items = [("Step 1: btsti, then bistt", SORT)]
    extract_answers(
        "mockllm/model", items, cache_folder=tmp_path, model_args={"custom_outputs": scripted(calls)}, progress=False
    )
    cache_file = ExtractionCache(tmp_path, "mockllm/model").path
    cache_file.write_text(cache_file.read_text()[:-20])  # a run killed mid-write
    extract_answers(
        "mockllm/model", items, cache_folder=tmp_path, model_args={"custom_outputs": scripted(calls)}, progress=False
    )
    assert len(calls) == 2


def test_an_openai_compatible_server_gets_the_schema(tmp_path, monkeypatch):
    monkeypatch.setenv("STANDIN_API_KEY", "test-key")
    with OpenAIStandIn(lambda prompt: EXTRACTED) as server:
        [extraction] = extract_answers(
            "openai-api/standin/standin",
            [("Step 1: btsti\nFinal: bistt", SORT)],
            cache_folder=tmp_path,
            base_url=server.base_url,
            progress=False,
        )
        request = server.requests[-1]
    assert extraction.prediction == {"intermediate": ["btsti"], "final": "bistt"}
    assert request["response_format"]["type"] == "json_schema"
    assert request["response_format"]["json_schema"]["name"] == "procbench_answer"
    assert request["response_format"]["json_schema"]["schema"]["properties"]["final"] == {
        "anyOf": [{"type": "string"}, {"type": "null"}]
    }
    assert "Step 1: btsti\nFinal: bistt" in request["messages"][-1]["content"]


def test_an_unknown_model_is_one_line(tmp_path):
    with pytest.raises(ValueError, match=r"^--extractor nowhere/model: ") as error:
        extract_answers("nowhere/model", [("x", SORT)], cache_folder=tmp_path, progress=False)
    assert "\n" not in str(error.value)
