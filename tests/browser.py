"""Headless Chromium for the tests, driven by selenium: Debian's ``chromium`` and
``chromium-driver`` packages (``/usr/bin/chromium``, ``/usr/bin/chromedriver``), never a
browser or driver that Selenium Manager would download (``SE_OFFLINE``, and the paths given
explicitly). Where they are missing, the tests that need them skip with one line, unless
``PROCBENCH_REQUIRE_BROWSER=1`` (set by CI), which makes that a failure."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")
REQUIRE = "PROCBENCH_REQUIRE_BROWSER"
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--window-size=1400,1000",
)


def missing() -> str | None:
    """Why no browser test can run here (``None`` when one can)."""
    if not (CHROMIUM.is_file() and CHROMEDRIVER.is_file()):
        return f"no headless Chromium here ({CHROMIUM} and {CHROMEDRIVER}: apt-get install chromium chromium-driver)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install '.[test]')"
    return None


def skip_or_fail() -> None:
    """Skip the calling test with one line when no browser can run, or fail under
    ``PROCBENCH_REQUIRE_BROWSER=1``."""
    reason = missing()
    if reason is None:
        return
    if os.environ.get(REQUIRE) == "1":
        pytest.fail(f"{REQUIRE}=1 but {reason}")
    pytest.skip(reason)


@contextmanager
def chromium() -> Iterator[Any]:
    """A headless Chromium with a fresh profile, its console log kept."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    os.environ["SE_OFFLINE"] = "true"  # Selenium Manager must not download anything
    profile = tempfile.mkdtemp(prefix="procbench-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in (*FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=str(CHROMEDRIVER)), options=options)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def save_page(driver: Any, path: Path, width: int = 1400, scale: float = 0.5) -> None:
    """A PNG of the whole page (not only the window), ``scale`` times its size; parts the
    page lays out only near the screen (``content-visibility: auto``) are laid out first."""
    import base64

    driver.execute_script(
        "document.querySelectorAll('figure, .example').forEach(e => { e.style.contentVisibility = 'visible'; })"
    )
    height = driver.execute_script("return document.documentElement.scrollHeight")
    shot = driver.execute_cdp_cmd(
        "Page.captureScreenshot",
        {"captureBeyondViewport": True, "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": scale}},
    )
    path.write_bytes(base64.b64decode(shot["data"]))
