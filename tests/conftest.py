import atexit
import os
import shutil
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

# Nothing in the tests may reach the Hugging Face Hub, nor touch the user's caches: the
# Hub-facing tests run their uploads in subprocesses against a loopback stand-in. The
# private HF_HOME goes away when the test run ends.
os.environ["HF_HUB_OFFLINE"] = "1"
os.environ["HF_DATASETS_OFFLINE"] = "1"
os.environ["HF_HOME"] = tempfile.mkdtemp(prefix="procbench-test-hf-")
atexit.register(shutil.rmtree, os.environ["HF_HOME"], ignore_errors=True)
os.environ.pop("HF_TOKEN", None)

# CI runs Hypothesis derandomised: the same examples every run, so a red CI is never chance;
# and without its clock (no deadline per example, no health check on slow generation), so a
# busy machine cannot turn it red either. Run locally without CI set, the properties still
# meet fresh random examples each time; a property that fails for some seed is a bug to fix.
settings.register_profile(
    "ci", derandomize=True, print_blob=True, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture
def chromium():
    """Headless Chromium driven by selenium (``tests/browser.py``): the test skips with one
    line where Debian's chromium and chromium-driver are not installed, and fails instead
    under ``PROCBENCH_REQUIRE_BROWSER=1``, which CI (``.ci/run``) sets."""
    from tests import browser

    browser.skip_or_fail()
    with browser.chromium() as driver:
        yield driver
