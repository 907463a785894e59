"""The paper's length buckets, the one place they are defined: ``short`` (2–6 steps),
``medium`` (7–16), ``long`` (17–25), and ``extra`` for any other step count. They name the
dataset's splits, the report's columns and the metric's ``by_length`` groups. Standard
library only: the metric Space carries this file."""

BUCKETS = {"short": range(2, 7), "medium": range(7, 17), "long": range(17, 26)}
EXTRA = "extra"
BUCKET_NAMES = (*BUCKETS, EXTRA)  # every bucket, in order


def length_bucket(steps: int) -> str:
    """``short`` (2–6 steps), ``medium`` (7–16), ``long`` (17–25) or ``extra`` (anything else)."""
    for name, counts in BUCKETS.items():
        if steps in counts:
            return name
    return EXTRA
