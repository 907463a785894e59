"""The LLM extractor of ``procbench evaluate --extractor``, offline: inspect's mockllm and a
loopback OpenAI-compatible stand-in."""

import asyncio
import json

import pytest
from inspect_ai.model import ModelOutput, ModelUsage

from procbench_tools.evaluation.extraction import (
    ExtractionCache,
    answer_schema,
    make_extractor,
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


def extract_answers(model_name, items, **options):
    """What the extractor ``model_name`` reads in each ``(reply, reference states)`` of
    ``items``, all asked at once (as ``procbench evaluate --extractor`` asks a chunk)."""
    extractor = make_extractor(model_name, **options)

    async def every():
        return await asyncio.gather(*(extractor.extract(reply, states) for reply, states in items))

    return asyncio.run(every())


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
        "mockllm/model", items, cache_folder=tmp_path, model_args={"custom_outputs": scripted(calls)}
    )
    assert [extraction.prediction for extraction in first] == [
        {"intermediate": ["btsti"], "final": "bistt"},
        {"intermediate": ["btsti"], "final": "bistx"},
    ]
    assert calls == ["procbench_answer", "procbench_answer"]  # structured output asked for
    again = extract_answers(
        "mockllm/model", items, cache_folder=tmp_path, model_args={"custom_outputs": scripted(calls)}
    )
    assert again == first and len(calls) == 2  # nothing asked twice
    assert len(ExtractionCache(tmp_path, "mockllm/model").known) == 2
    other = ExtractionCache(tmp_path, "openai/gpt-4o")  # another model has a cache of its own
    assert other.known == {} and other.path != ExtractionCache(tmp_path, "mockllm/model").path


def test_a_line_cut_short_in_the_cache_is_asked_again(tmp_path):
    calls = []
    items = [("Step 1: btsti, then bistt", SORT)]
    extract_answers("mockllm/model", items, cache_folder=tmp_path, model_args={"custom_outputs": scripted(calls)})
    cache_file = ExtractionCache(tmp_path, "mockllm/model").path
    cache_file.write_text(cache_file.read_text()[:-20])  # a run killed mid-write
    extract_answers("mockllm/model", items, cache_folder=tmp_path, model_args={"custom_outputs": scripted(calls)})
    assert len(calls) == 2


def test_an_openai_compatible_server_gets_the_schema(tmp_path, monkeypatch):
    monkeypatch.setenv("STANDIN_API_KEY", "test-key")
    with OpenAIStandIn(lambda prompt: EXTRACTED) as server:
        [extraction] = extract_answers(
            "openai-api/standin/standin",
            [("Step 1: btsti\nFinal: bistt", SORT)],
            cache_folder=tmp_path,
            base_url=server.base_url,
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
        extract_answers("nowhere/model", [("x", SORT)], cache_folder=tmp_path)
    assert "\n" not in str(error.value)


# --- procbench evaluate --extractor -------------------------------------------------------


@pytest.fixture(scope="module")
def sort_set(tmp_path_factory):
    """Sort questions of 2, 3, 4 and 5 steps as a `procbench generate` file, and their labels."""
    from tests.support.sets import iter_set

    examples = list(iter_set(["Sort"], range(2, 6), per_step=1))
    path = tmp_path_factory.mktemp("extractor") / "sort.jsonl"
    path.write_text("".join(json.dumps(example) + "\n" for example in examples))
    return path, {example["steps"]: example for example in examples}


@pytest.fixture(scope="module")
def sort_answers(sort_set, tmp_path_factory):
    """Three replies and one structured prediction: the reader reads the first right, the
    second with a wrong second state, the third not at all."""
    _, by_steps = sort_set
    two, three, four, five = (by_steps[steps] for steps in (2, 3, 4, 5))
    first, _, last = [*three["label"]["intermediate"], three["label"]["final"]]
    lines = [
        {"id": two["id"], "response": "Swapping as asked.\n" + json.dumps(two["label"])},
        {"id": three["id"], "response": f"step1: {first}\nstep2: zzzzz\nfinal state: {last}"},
        {"id": four["id"], "response": "Sorry, I lost track."},
        {"id": five["id"], "prediction": five["label"]},
    ]
    path = tmp_path_factory.mktemp("extractor-answers") / "model.jsonl"
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path


def extractor_reads(by_steps):
    """The stand-in extractor: the second reply read with its second state right (where the
    reader reads `zzzzz`), the others as the reader reads them."""
    two, three = by_steps[2]["label"], by_steps[3]["label"]

    def respond(prompt):
        if "Swapping as asked." in prompt:
            return json.dumps(two)
        if "step2: zzzzz" in prompt:
            return json.dumps(three)
        return '{"intermediate": [], "final": null}'

    return respond


def test_evaluate_reports_the_extractor_beside_the_reader(sort_set, sort_answers, tmp_path, monkeypatch, capsys):
    from procbench_tools.cli import main

    dataset, by_steps = sort_set
    monkeypatch.setenv("STANDIN_API_KEY", "test-key")
    command = [
        "evaluate", str(sort_answers), "--dataset", str(dataset), "--no-plots",
        "--extractor", "openai-api/standin/standin", "--extractor-cache", str(tmp_path / "cache"), "--extract", "all",
    ]  # fmt: skip
    with OpenAIStandIn(extractor_reads(by_steps)) as server:
        assert main([*command, "--output", str(tmp_path / "report"), "--extractor-base-url", server.base_url]) == 0
        asked = len(server.requests)
        printed = capsys.readouterr().out
        assert main([*command, "--output", str(tmp_path / "again"), "--extractor-base-url", server.base_url]) == 0
        assert len(server.requests) == asked == 3  # three replies; the rerun asks nothing (the cache)
    block = json.loads((tmp_path / "report" / "summary.json").read_text())["models"]["model"]["extractor"]
    assert block["model"] == "openai-api/standin/standin"
    assert (block["replies"], block["structured_predictions"], block["extractor_not_read"]) == (3, 1, 1)
    assert block["agreement"] == pytest.approx(2 / 3) and block["disagreements"] == 1
    assert block["sequential_match_agreement"] == pytest.approx(2 / 3)  # reply 2: reader SM 0, extractor SM 1
    assert block["reader"]["sequential_match"] == pytest.approx(1 / 3)
    assert block["reader"]["prefix_accuracy"] == pytest.approx((1 + 1 / 3 + 0) / 3)
    assert block["extractor"]["sequential_match"] == pytest.approx(2 / 3)
    assert block["extractor"]["final_match"] == pytest.approx(2 / 3)
    [line] = [json.loads(text) for text in (tmp_path / "report" / "extraction_disagreements.jsonl").open()]
    three = by_steps[3]
    assert line["id"] == three["id"] and line["source"].endswith("model.jsonl:2")
    assert line["reader"]["intermediate"][1] == "zzzzz"
    assert line["extractor"] == {"intermediate": three["label"]["intermediate"], "final": three["label"]["final"]}
    assert (line["reader_sequential_match"], line["extractor_sequential_match"]) == (0, 1)
    summary = json.loads((tmp_path / "report" / "summary.json").read_text())["models"]["model"]
    assert summary["overall"]["sequential_match"] == pytest.approx(2 / 4)  # the report's scores stay the reader's
    assert "The replies read again by openai-api/standin/standin" in printed
    row = next(line for line in printed.splitlines() if line.startswith("model ") and "0.444/" in line)
    assert row.split() == ["model", "3", "0.444/0.333/0.667", "0.667/0.667/0.667", "2", "(66.7%)", "2", "(66.7%)"]
    assert f"1 reply read differently: listed in {tmp_path / 'report' / 'extraction_disagreements.jsonl'}" in printed


def test_mockllm_as_extractor_reads_nothing(sort_set, sort_answers, tmp_path, capsys):
    from procbench_tools.cli import main

    dataset, _ = sort_set
    report = tmp_path / "report"
    command = ["evaluate", str(sort_answers), "--dataset", str(dataset), "--output", str(report), "--no-plots"]
    extractor = ["--extractor", "mockllm/model", "--extractor-cache", str(tmp_path / "cache"), "--extract", "all"]
    assert main([*command, *extractor]) == 0
    block = json.loads((report / "summary.json").read_text())["models"]["model"]["extractor"]
    assert (block["extractor_not_read"], block["disagreements"]) == (3, 2)  # only the unread reply agrees
    assert "the extractor found no answer in 3 of these replies" in capsys.readouterr().out
    assert len((report / "extraction_disagreements.jsonl").read_text().splitlines()) == 2


def test_by_default_only_the_doubtful_replies_go_to_the_extractor(sort_set, sort_answers, tmp_path):
    """--extract doubtful (the default): of the three replies, the two the reader reads in
    full without a doubt are not sent; the one it cannot read is. The calls are counted."""
    from procbench_tools.cli import main

    dataset, _ = sort_set
    report = tmp_path / "report"
    command = ["evaluate", str(sort_answers), "--dataset", str(dataset), "--output", str(report), "--no-plots"]
    assert main([*command, "--extractor", "mockllm/model", "--extractor-cache", str(tmp_path / "cache")]) == 0
    block = json.loads((report / "summary.json").read_text())["models"]["model"]["extractor"]
    assert (block["extract"], block["calls"], block["not_sent"], block["structured_predictions"]) == (
        "doubtful",
        1,
        2,
        1,
    )
    assert (block["extractor_not_read"], block["disagreements"]) == (1, 0)  # two readings of nothing agree


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--extractor", "nowhere/model"], "procbench evaluate: error: --extractor nowhere/model: "),
        (["--extractor-base-url", "http://127.0.0.1:9/v1"], "procbench evaluate: error: --extractor-base-url needs "
         "--extractor MODEL"),
        (["--extractor", "mockllm/model", "--extractor-connections", "0"], "argument --extractor-connections: "
         "expected a whole number of at least 1, got 0"),
        (["--extractor", "mockllm/model", "--extractor-cache", "{file}"], "procbench evaluate: error: "
         "--extractor-cache {file}: is a file, not a folder"),
    ],
)  # fmt: skip
def test_extractor_options_are_refused_in_one_line_before_scoring(
    options, message, sort_set, sort_answers, tmp_path, capsys
):
    from procbench_tools.cli import main

    dataset, _ = sort_set
    report, file = tmp_path / "report", tmp_path / "notes.txt"
    file.write_text("mine")
    options, message = [option.format(file=file) for option in options], message.format(file=file)
    with pytest.raises(SystemExit) as exit_info:
        main(["evaluate", str(sort_answers), "--dataset", str(dataset), "--output", str(report), *options])
    err = capsys.readouterr().err.strip()  # argparse's usage lines, then the one error line
    assert exit_info.value.code == 2 and "Traceback" not in err and message in err.splitlines()[-1], err
    assert not report.exists()


def test_a_link_planted_as_the_cache_file_is_refused_and_its_target_untouched(sort_set, sort_answers, tmp_path, capsys):
    """Issue 29, item 12: the cache file is opened without following links. A symbolic link
    planted where the cache goes used to make every extraction append to its target (any
    file the user can write); now the run stops in one line before scoring, the target
    unchanged."""
    from procbench_tools.cli import main

    dataset, _ = sort_set
    cache, target = tmp_path / "cache", tmp_path / "precious.txt"
    cache.mkdir()
    target.write_text("mine\n")
    link = ExtractionCache(cache, "mockllm/model").path
    link.symlink_to(target)
    report = tmp_path / "report"
    command = ["evaluate", str(sort_answers), "--dataset", str(dataset), "--output", str(report), "--no-plots"]
    with pytest.raises(SystemExit) as exit_info:
        main([*command, "--extractor", "mockllm/model", "--extractor-cache", str(cache)])
    err = capsys.readouterr().err.strip()
    assert exit_info.value.code == 2 and "Traceback" not in err
    assert err.splitlines()[-1] == (
        f"procbench evaluate: error: --extractor-cache {cache}: {link.name} is a symbolic link or not a regular "
        "file; the cache follows no links: remove it"
    )
    assert target.read_text() == "mine\n" and not report.exists()
    link.unlink()
    link.symlink_to(tmp_path / "not-yet")  # a dangling link: following it would create its target
    with pytest.raises(ValueError, match="is a symbolic link"):
        ExtractionCache(cache, "mockllm/model")
    assert not (tmp_path / "not-yet").exists()


def test_a_link_planted_after_the_cache_was_opened_is_not_followed(tmp_path):
    """Issue 29, item 12: the link may appear while a run is going (between reading the
    cache and appending to it): the append opens with O_NOFOLLOW and refuses it too."""
    target = tmp_path / "precious.txt"
    target.write_text("mine\n")
    cache = ExtractionCache(tmp_path, "mockllm/model")
    cache.path.symlink_to(target)
    with pytest.raises(ValueError, match="is a symbolic link or not a regular file"):
        cache.add("key", "output")
    assert target.read_text() == "mine\n"
