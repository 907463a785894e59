"""The paper's own Table 2 (Fujisawa et al., 2024, arXiv:2410.03117): its seven models'
prefix accuracy (PA) and sequential match (SM) per length bucket and overall, shown in
``report.html`` as reference rows beside a run's models. The figures are the paper's; they
have no intervals, and its replies were read in another way than this project reads them
(:data:`PAPER_READING`), so a difference from them is not a measured difference."""

from __future__ import annotations

PAPER_SOURCE = "Fujisawa et al. (2024), ProcBench, arXiv:2410.03117, Table 2"
PAPER_BUCKETS = ("short", "medium", "long", "overall")
PAPER_READING = (
    "The paper's models were sent prompts that ask for the answer in free form (no answer format), "
    "and each reply was turned into JSON by GPT-4o with structured output before scoring; its figures "
    "carry no intervals. The rows above it are read by procbench's answer reader, with no language model."
)

# model -> bucket -> (PA, SM), as printed in the paper's Table 2.
PAPER_TABLE_2: dict[str, dict[str, tuple[float, float]]] = {
    "Claude-3.5-Sonnet": {"short": (0.589, 0.455), "medium": (0.382, 0.221), "long": (0.255, 0.115),
                          "overall": (0.378, 0.230)},
    "Mistral-Large": {"short": (0.495, 0.366), "medium": (0.384, 0.239), "long": (0.265, 0.142),
                      "overall": (0.362, 0.229)},
    "Gemini-1.5-Pro": {"short": (0.329, 0.167), "medium": (0.230, 0.117), "long": (0.159, 0.071),
                       "overall": (0.224, 0.110)},
    "GPT-4o": {"short": (0.631, 0.396), "medium": (0.437, 0.285), "long": (0.344, 0.204), "overall": (0.443, 0.278)},
    "GPT-4o-mini": {"short": (0.408, 0.201), "medium": (0.220, 0.089), "long": (0.143, 0.039),
                    "overall": (0.230, 0.093)},
    "o1-mini": {"short": (0.801, 0.722), "medium": (0.681, 0.484), "long": (0.508, 0.214), "overall": (0.641, 0.432)},
    "o1-preview": {"short": (0.799, 0.656), "medium": (0.736, 0.563), "long": (0.599, 0.333),
                   "overall": (0.698, 0.496)},
}  # fmt: skip
