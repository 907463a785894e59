"""The metric as a Hugging Face Space: ``<name>.py``, a metric card, ``app.py`` and
``requirements.txt`` (``evaluate-cli`` no longer works with current ``huggingface_hub``)."""

from __future__ import annotations

import shutil
from pathlib import Path

import procbench_metric
from procbench_tools import scoring

CARD = """---
title: ProcBench Metric
emoji: 🪜
colorFrom: indigo
colorTo: green
sdk: gradio
app_file: app.py
pinned: false
tags:
- evaluate
- metric
description: >-
  Step-aware scores for ProcBench answers: prefix accuracy, sequential match, final match and
  prefix match length.
---

# ProcBench metric

Scores answers to [ProcBench](https://arxiv.org/abs/2410.03117) step by step. Load it with

```python
import evaluate

metric = evaluate.load("{repo_id}")
result = metric.compute(predictions=predictions, references=references, tasks=task_names)
```

## Inputs

- `predictions`: per example the model's raw response (a string, read with ProcBench's
  answer reader: JSON or Python literals, fenced blocks, `<answer>` tags, `Step 1: ...` /
  `Final answer: ...` lines and more; see `reader.py`), a dict `{{"intermediate": [...],
  "final": ...}}`, or a flat list of states (intermediate then final). Anything that cannot
  be read (None, a number, a dict without a final state, a state that is a dict, text with
  no answer) is an *invalid prediction*: it scores 0 everywhere and is counted; the metric
  never raises on it.
- `references`: the dataset's `label` column as it is: dicts with `intermediate` and
  `final` (and usually `init`), or JSON strings of them; also the published ProcBench's.
- `tasks` (optional): task names, one per example, for a breakdown by task.

## Definitions

A label's scored sequence is `intermediate + [final]`; `init` is never scored. For a
prediction of M states against a reference of N:

- `prefix_match_length` (PML): the number of leading predicted states that match;
- `prefix_accuracy` (PA): PML / max(N, M);
- `sequential_match` (SM): 1 if PA = 1, else 0;
- `final_match` (FM): 1 if the last predicted state matches the reference's final state.

States match by the reference's type: a str reference matches a str, or an int whose str()
equals it (never a list or a bool); an int reference matches anything that converts to that
int (`"42"`, `42.0`, never a bool); a list reference matches a list of the same length whose
elements are equal by str(). The empty string is a real state.

## Output

One flat shape, the same at every level:

```
{{"prefix_accuracy": float, "sequential_match": float, "final_match": float,
 "prefix_match_length": float, "invalid_predictions": int, "n": int,
 "by_length": {{"short": {{...same six keys...}}, "medium": {{...}}, "long": {{...}}, "extra": {{...}}}},
 "by_task": {{"Sort": {{...same six keys...}}, ...}}}}
```

The four measures are means over the examples; `by_length` holds the buckets present
(short: 2–6 steps, medium: 7–16, long: 17–25, extra: any other count, from the reference);
`by_task` appears when `tasks` is given.

## Citation

```bibtex
{citation}
```
"""

APP = """import evaluate
from evaluate.utils import launch_gradio_widget

module = evaluate.load("./{script}")
launch_gradio_widget(module)
"""

REQUIREMENTS = "evaluate==0.4.6\ndatasets>=4.0\n"


# The metric imports the scoring core from the installed package; the Space carries those
# files beside the script and imports them relatively. evaluate copies a script's relative
# imports one level deep only, so the Space's script names every carried file in an import
# of its own; the metric itself imports two of them (``DIRECT``).
SCORING_DIR = Path(scoring.__file__).parent
CARRIED = tuple(sorted(path.stem for path in SCORING_DIR.glob("*.py") if path.stem != "__init__"))
DIRECT = ("measures", "reader")
PACKAGE_IMPORT = "from procbench_tools.scoring.{module} import"


def space_script(source: str) -> str:
    """The metric script as the Space runs it: its package imports made sibling imports,
    and one import line for each other file the Space carries (so that evaluate copies it)."""
    for module in DIRECT:
        package_import = PACKAGE_IMPORT.format(module=module)
        if package_import not in source:
            raise RuntimeError(f"procbench_metric.py no longer has the line {package_import!r}")
        source = source.replace(package_import, f"from .{module} import")
    first_import = source.index("\nfrom .")
    carried = "".join(f"\nfrom .{module} import __name__ as _{module}" for module in CARRIED if module not in DIRECT)
    return source[:first_import] + carried + source[first_import:]


def build_space(folder: Path, repo_id: str) -> Path:
    """Write the Space's files into ``folder``; the script is named after the repo, as
    ``evaluate.load(repo_id)`` expects, and carries the scoring core beside it."""
    script = f"{repo_id.split('/')[-1]}.py"
    folder.mkdir(parents=True, exist_ok=True)
    source = Path(procbench_metric.__file__).read_text(encoding="utf-8")
    (folder / script).write_text(space_script(source), encoding="utf-8")
    for module in CARRIED:
        shutil.copyfile(SCORING_DIR / f"{module}.py", folder / f"{module}.py")
    citation = procbench_metric.CITATION.strip()
    (folder / "README.md").write_text(CARD.format(repo_id=repo_id, citation=citation), encoding="utf-8")
    (folder / "app.py").write_text(APP.format(script=script), encoding="utf-8")
    (folder / "requirements.txt").write_text(REQUIREMENTS, encoding="utf-8")
    return folder
