"""What ``load_dataset("procbench", "Sort")`` does in a folder without an export, as the
README's "The Hugging Face dataset" section says: datasets takes the bare name for a Hub
dataset and, when the Hub has none (or cannot be reached), falls back to its own cache,
where loading any folder named ``procbench`` left a copy. A path (``./procbench``) is never
taken for a Hub dataset: it fails at once, and asks the network nothing."""

import os
import socket
import subprocess
import sys

import datasets
import pytest

from procbench_tools.dataset.export import export

CACHED_COPY = "Using the latest cached version of the dataset since procbench couldn't be found on the Hugging Face Hub"


@pytest.fixture
def elsewhere(tmp_path, monkeypatch):
    """A folder holding an export with 2 steps, loaded once by its bare name (as the README
    does), then an empty folder beside it as the working directory; datasets' cache is the
    test's own."""
    cache = tmp_path / "cache"
    first = tmp_path / "first"
    export(first / "procbench", configs=["Sort"], max_steps=2, examples_per_step=3, progress=False)
    monkeypatch.chdir(first)
    loaded = datasets.load_dataset("procbench", "Sort", split="short", cache_dir=str(cache))
    (tmp_path / "second").mkdir()
    monkeypatch.chdir(tmp_path / "second")
    return loaded, cache


def test_a_bare_name_falls_back_to_the_copy_another_folder_left(elsewhere, caplog):
    loaded, cache = elsewhere
    found = datasets.load_dataset("procbench", "Sort", split="short", cache_dir=str(cache))  # HF_HUB_OFFLINE=1
    assert found["id"] == loaded["id"] and found.num_rows == 3  # the first folder's rows
    assert CACHED_COPY in caplog.text  # datasets' warning, the only sign


def test_a_path_fails_at_once_offline(elsewhere):
    _, cache = elsewhere
    with pytest.raises(ConnectionError, match=r"Couldn't reach '\./procbench' on the Hub \(OfflineModeIsEnabled\)"):
        datasets.load_dataset("./procbench", "Sort", cache_dir=str(cache))


def test_a_path_fails_at_once_online_without_asking_the_network(elsewhere):
    """Not offline, and the Hub a listening socket on 127.0.0.1 that must get no connection."""
    _, cache = elsewhere
    with socket.create_server(("127.0.0.1", 0)) as hub:
        hub.setblocking(False)
        endpoint = f"http://127.0.0.1:{hub.getsockname()[1]}"
        env = {**os.environ, "HF_HUB_OFFLINE": "0", "HF_DATASETS_OFFLINE": "0", "HF_ENDPOINT": endpoint}
        script = f"import datasets; datasets.load_dataset('./procbench', 'Sort', cache_dir={str(cache)!r})"
        result = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True)
        with pytest.raises(BlockingIOError):
            hub.accept()  # nobody called
    assert result.returncode == 1
    assert result.stderr.splitlines()[-1].startswith("huggingface_hub.errors.HFValidationError: Repo id must use")
    assert result.stderr.splitlines()[-1].endswith(": './procbench'.")
