"""``procbench lm-eval-tasks``: print the folder of ProcBench's lm-evaluation-harness tasks."""

from __future__ import annotations

import argparse
from typing import Any

EXAMPLES = """\
examples:
  lm_eval --include_path "$(procbench lm-eval-tasks)" --tasks procbench_all --model hf \\
      --model_args pretrained=Qwen/Qwen2.5-0.5B-Instruct --apply_chat_template --log_samples --output_path runs
      the whole benchmark (group procbench_all: 23 tasks, procbench_sort ... procbench_findcyclic)
  lm_eval --include_path "$(procbench lm-eval-tasks)" --tasks procbench_sort,procbench_cumulate \\
      --metadata '{"per_step": 3, "max_steps": 40}' --model local-chat-completions --apply_chat_template \\
      --model_args model=my-model,base_url=http://127.0.0.1:8000/v1/chat/completions
      two tasks, generated with other parameters (per_step, min_steps, max_steps, seed, answer_format,
      or dataset: an exported folder or Hub repo id), against an OpenAI-compatible server

Needs lm-eval: the lm-eval extra (from the repository: pip install '.[lm-eval]').
Then: procbench evaluate runs/<model> --dataset ...
"""


def add_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "lm-eval-tasks",
        help="print the folder of the lm-evaluation-harness tasks (for --include_path)",
        description="Print the folder of ProcBench's lm-evaluation-harness task pack, to pass as --include_path.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..integrations import LM_EVAL_TASK_PACK

    print(LM_EVAL_TASK_PACK)
    return 0
