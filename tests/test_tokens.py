"""Tokens and truncation in the report (issue #30, item 3), as the original's evaluate keeps
them per reply: from an inspect log, from a JSON Lines file shaped like ``procbench
horizon``'s calls.jsonl, from lm-eval's samples of the simulated model (whose tokens are
words), and (saying that it cannot) from lm-eval's samples of any other model.

The stand-in model spends 10 output tokens and 1 reasoning token per step; with a limit of
150 tokens every reply of more than 15 steps is cut off (its text then holds no answer).
Three tasks, steps 2..25, one example each; by hand, per task:

- short (2-6 steps): 5 replies, none cut, mean output 10 * 4 = 40, mean reasoning 4;
- medium (7-16): 10 replies, 1 cut (16 steps: 150 tokens, not 160), mean output
  (10 * (7 + ... + 15) + 150) / 10 = (990 + 150) / 10 = 114, mean reasoning 11.5;
- long (17-25): 9 replies, all cut at 150, mean reasoning 21;
- overall (x3 tasks): 72 replies, 30 cut, mean output (15 * 40 + 30 * 114 + 27 * 150) / 72
  = 8070 / 72, mean reasoning 13.5; all 30 cut replies score wrong.
"""

import json

import lm_eval
import pytest
from inspect_ai import eval as inspect_eval
from inspect_ai.model import ModelOutput, ModelUsage, get_model
from lm_eval.loggers import EvaluationTracker

from procbench_tools.cli import main
from procbench_tools.integrations.examples import benchmark_examples
from procbench_tools.integrations.inspect_task import procbench
from tests.support.scripted_model import PARAMETERS, TASKS, answer, scripted_dataset, scripted_examples
from tests.test_lm_eval_tasks import ScriptedLM, task_manager, task_name

LIMIT = 150
CUT_OFF = 'Following the procedure:\n{"intermediate": ['  # what is left of a reply cut off at the limit

WANT = {
    "short": {"replies": 15, "truncated": 0, "mean_output_tokens": 40.0, "mean_reasoning_tokens": 4.0},
    "medium": {"replies": 30, "truncated": 3, "mean_output_tokens": 114.0, "mean_reasoning_tokens": 11.5},
    "long": {"replies": 27, "truncated": 27, "mean_output_tokens": 150.0, "mean_reasoning_tokens": 21.0},
    "overall": {"replies": 72, "truncated": 30, "mean_output_tokens": 8070 / 72, "mean_reasoning_tokens": 13.5},
}


def reply(example, limit):
    """The stand-in's reply to ``example`` under a limit of ``limit`` tokens: its text,
    stop reason, output and reasoning tokens."""
    tokens = 10 * example["steps"]
    if tokens > limit:
        return CUT_OFF, "max_tokens", limit, example["steps"]
    return answer(example), "stop", tokens, example["steps"]


@pytest.fixture(scope="module")
def examples():
    return scripted_examples()


@pytest.fixture(scope="module")
def dataset(tmp_path_factory):
    return scripted_dataset(tmp_path_factory.mktemp("tokens"))


@pytest.fixture(scope="module")
def inspect_log(examples, tmp_path_factory):
    by_prompt = {example["prompt"].strip(): example for example in examples}

    def respond(messages, tools, tool_choice, config):
        assert config.max_tokens == LIMIT  # inspect passes the run's limit to the model
        text, stop, tokens, reasoning = reply(by_prompt[messages[-1].text.strip()], config.max_tokens)
        output = ModelOutput.from_content("mockllm/model", text, stop_reason=stop)
        output.usage = ModelUsage(
            input_tokens=1, output_tokens=tokens, total_tokens=tokens + 1, reasoning_tokens=reasoning
        )
        return output

    folder = tmp_path_factory.mktemp("inspect-tokens")
    (log,) = inspect_eval(
        procbench(tasks=TASKS, **PARAMETERS),
        model=get_model("mockllm/model", custom_outputs=respond),
        log_dir=str(folder),
        display="none",
        max_tokens=LIMIT,
    )
    assert log.status == "success"
    (path,) = folder.glob("*.eval")
    return path


def figures(tokens, key):
    block = tokens["overall"] if key == "overall" else tokens["by_length"][key]
    return {name: block[name] for name in WANT[key]}


def test_inspect_log_reports_tokens_and_truncation(inspect_log, dataset, tmp_path, capsys):
    """The inspect route: per length bucket the cut-off replies and mean output and
    reasoning tokens, as computed by hand above; the reading audit counts the 30 cut-off
    replies and says they are not wrong procedures; the figure is drawn."""
    output = tmp_path / "report"
    assert main(["evaluate", str(inspect_log), "--dataset", str(dataset), "--output", str(output), "--name", "m"]) == 0
    printed = capsys.readouterr().out
    model = json.loads((output / "summary.json").read_text())["models"]["m"]
    tokens = model["tokens"]
    assert tokens["recorded"] is True and tokens["note"] is None
    for key in WANT:
        assert figures(tokens, key) == pytest.approx(WANT[key], abs=1e-12)
    assert tokens["by_steps"]["16"] == {
        "replies": 3,
        "truncated": 3,
        "mean_output_tokens": 150.0,
        "replies_with_output_tokens": 3,
        "mean_reasoning_tokens": 16.0,
        "replies_with_reasoning_tokens": 3,
    }
    assert model["reading"]["truncated"] == 30 and model["reading"]["truncated_failed"] == 30
    assert "m: 30 replies cut off by the token limit, 30 of them scored wrong: a cut-off reply is not" in printed
    assert "Tokens and truncation" in printed
    assert "m             long           27         27     150.0       21.0" in printed
    assert (output / "output_tokens.png").stat().st_size > 10_000
    page = (output / "report.html").read_text(encoding="utf-8")  # the page has the same table
    assert "<h3>Tokens and truncation</h3>" in page
    assert "<tr><th>m</th><td>long</td><td>27</td><td>27</td><td>150.0</td><td>21.0</td></tr>" in page
    scored = [json.loads(line) for line in (output / "scores.jsonl").read_text().splitlines()]
    cut = [line for line in scored if line["truncated"]]
    assert len(cut) == 30 and {line["output_tokens"] for line in cut} == {LIMIT}


def test_calls_file_fields_report_the_same(examples, dataset, tmp_path):
    """The same replies as JSON Lines with calls.jsonl's fields (``truncated``,
    ``finish_reason``, ``output_tokens``; no reasoning tokens) give the same figures,
    without the reasoning means."""
    path = tmp_path / "calls.jsonl"
    with path.open("w") as stream:
        for example in examples:
            text, stop, tokens, _ = reply(example, LIMIT)
            line = {"id": example["id"], "response": text, "finish_reason": stop, "truncated": stop == "max_tokens"}
            stream.write(json.dumps({**line, "output_tokens": tokens}) + "\n")
    output = tmp_path / "report"
    assert main(["evaluate", str(path), "--dataset", str(dataset), "--output", str(output), "--no-plots"]) == 0
    tokens = json.loads((output / "summary.json").read_text())["models"]["calls"]["tokens"]
    for key in WANT:
        want = {**WANT[key], "mean_reasoning_tokens": None}
        assert figures(tokens, key) == pytest.approx(want, abs=1e-12)
    assert tokens["overall"]["replies_with_reasoning_tokens"] == 0


def test_bad_token_count_is_one_line(examples, dataset, tmp_path, capsys):
    """A token count that is not a whole number is refused, naming the line."""
    path = tmp_path / "answers.jsonl"
    path.write_text(json.dumps({"id": examples[0]["id"], "response": "x", "output_tokens": "12"}) + "\n")
    with pytest.raises(SystemExit):
        main(["evaluate", str(path), "--dataset", str(dataset), "--output", str(tmp_path / "r"), "--no-plots"])
    assert (
        capsys.readouterr()
        .err.strip()
        .endswith(f"{path}:1: output_tokens must be a whole number of at least 0, got '12'")
    )


class LimitedLM(ScriptedLM):
    """The scripted lm-eval model under lm-eval's token limit (``max_gen_toks``): replies of
    more than ``max_gen_toks`` tokens (10 a step) are cut off, as a server would."""

    def __init__(self, examples):
        super().__init__(examples)
        self.by_prompt = {example["prompt"].strip(): example for example in examples}

    def generate_until(self, requests, disable_tqdm=False):
        replies = []
        for request in requests:
            context, options = request.args
            example = self.by_prompt[context.strip()]
            replies.append(reply(example, options.get("max_gen_toks", LIMIT))[0])
        return replies


def save_run(results, tmp_path, name):
    """The run folder ``lm_eval --log_samples`` writes for ``results``: its aggregated
    results and every task's samples, under ``runs/<name>``."""
    tracker = EvaluationTracker(output_path=str(tmp_path / "runs"))
    tracker.general_config_tracker.model_name_sanitized = name
    samples = results.pop("samples")
    tracker.save_results_aggregated(results=results, samples=samples)
    for task, task_samples in samples.items():
        tracker.save_results_samples(task, task_samples)
    return tmp_path / "runs" / name


def test_lm_eval_samples_say_tokens_are_not_recorded(examples, dataset, tmp_path, capsys):
    """lm-eval's samples keep only the text: the report cannot count tokens or cut-off
    replies, and says so (``recorded`` false, with the reason) rather than reporting none."""
    results = lm_eval.simple_evaluate(
        model=LimitedLM(examples),
        tasks=[task_name(task) for task in TASKS],
        task_manager=task_manager(**PARAMETERS),
        bootstrap_iters=0,
        gen_kwargs=f"max_gen_toks={LIMIT}",
    )
    run, output = save_run(results, tmp_path, "limited"), tmp_path / "report"
    assert main(["evaluate", str(run), "--dataset", str(dataset), "--output", str(output), "--no-plots"]) == 0
    model = json.loads((output / "summary.json").read_text())["models"]["limited"]
    assert model["tokens"]["recorded"] is False
    assert model["tokens"]["note"] == (
        "lm-eval's samples record neither the tokens nor the finish reason of a reply, and procbench has no "
        "offline tokenizer for 'LimitedLM'"
    )
    assert model["tokens"]["counted_by"] is None
    assert model["reading"]["truncated"] == 0 and model["overall"]["n"] == 72
    # the limit did cut replies: 24 unanswered (steps % 3 == 2) + 7 a task cut off (16..25 steps, less 17, 20, 23)
    assert model["overall"]["invalid_predictions"] == 24 + 3 * 7
    assert "limited       not recorded: lm-eval's samples record neither" in capsys.readouterr().out


# --- lm-eval with the simulated model: its tokens are words, so they can be counted ---------

WORD_LIMIT = 10  # max_gen_toks of the simulated lm-eval run
# Sort, steps 2..25, one example each, reply_style=terse: the reply is the JSON list of the k
# states (strings without spaces), so k words, cut after 10. By hand: steps 2..9 whole
# (k tokens); steps 10..25 give 10 tokens and count as cut off (16 replies: the 10-step
# reply ends by itself at the limit, which lm-eval's samples cannot tell from a cut);
# short 5 replies, mean (2+...+6)/5 = 4; medium 10 replies, 7 cut (10..16), mean
# (7+8+9 + 7*10)/10 = 9.4; long 9 replies, all cut, mean 10; overall 24, 16 cut, mean
# (20 + 94 + 90)/24 = 8.5. The 15 really cut replies (11..25 steps) hold no full list and
# score wrong; with horizon=1000 no reply slips, so the 10-step one scores right.
WORD_WANT = {
    "short": {"replies": 5, "truncated": 0, "mean_output_tokens": 4.0},
    "medium": {"replies": 10, "truncated": 7, "mean_output_tokens": 9.4},
    "long": {"replies": 9, "truncated": 9, "mean_output_tokens": 10.0},
    "overall": {"replies": 24, "truncated": 16, "mean_output_tokens": 8.5},
}


def test_lm_eval_simulated_run_reports_tokens_and_truncation(dataset, tmp_path, capsys):
    """An lm-eval run of ``procbench-simulated`` under ``max_gen_toks`` cuts the long
    replies; the report counts them in the model's own tokens (words), says so in
    ``counted_by``, and gives the figures computed by hand above."""
    import procbench_tools.integrations.lm_eval_simulated  # noqa: F401  (registers the model)

    results = lm_eval.simple_evaluate(
        model="procbench-simulated",
        model_args="horizon=1000,reply_style=terse",
        tasks=["procbench_sort"],
        task_manager=task_manager(**PARAMETERS),
        bootstrap_iters=0,
        gen_kwargs=f"max_gen_toks={WORD_LIMIT}",
    )
    run, output = save_run(results, tmp_path, "simulated"), tmp_path / "report"
    assert main(["evaluate", str(run), "--dataset", str(dataset), "--output", str(output)]) == 0
    model = json.loads((output / "summary.json").read_text())["models"]["simulated"]
    tokens = model["tokens"]
    assert tokens["recorded"] is True and tokens["note"] is None
    assert tokens["counted_by"] == "procbench-simulated's own tokens: the reply's whitespace-separated words"
    for key, want in WORD_WANT.items():
        block = tokens["overall"] if key == "overall" else tokens["by_length"][key]
        assert {name: block[name] for name in want} == pytest.approx(want, abs=1e-12)
    assert model["reading"]["truncated"] == 16 and model["reading"]["truncated_failed"] == 15
    assert "simulated: 16 replies cut off by the token limit, 15 of them scored wrong" in capsys.readouterr().out
    assert (output / "output_tokens.png").stat().st_size > 10_000
    page = (output / "report.html").read_text(encoding="utf-8")
    assert "<tr><th>simulated</th><td>overall</td><td>24</td><td>16</td><td>8.5</td><td>–</td></tr>" in page


def test_inspect_simulated_model_honours_max_tokens():
    """The simulated inspect model cuts a reply after ``max_tokens`` words and says
    ``max_tokens``, as a server does; under the limit it stops by itself."""
    import asyncio

    from inspect_ai.model import GenerateConfig

    import procbench_tools.integrations.inspect_registry  # noqa: F401  (registers the provider)

    (example,) = benchmark_examples(["Sort"], min_steps=12, max_steps=12, per_step=1)
    model = get_model("procbench/simulated", horizon=1000, reply_style="terse")
    cut = asyncio.run(model.generate(example["prompt"], config=GenerateConfig(max_tokens=5)))
    whole = asyncio.run(model.generate(example["prompt"], config=GenerateConfig(max_tokens=12)))
    assert cut.stop_reason == "max_tokens" and len(cut.completion.split()) == 5
    assert cut.usage.output_tokens == 5
    assert whole.stop_reason == "stop" and len(whole.completion.split()) == 12
    assert whole.completion.startswith(cut.completion)
