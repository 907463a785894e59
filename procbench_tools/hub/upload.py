"""Everything that talks to the Hugging Face Hub, kept thin: one function a job."""

from __future__ import annotations

import functools
import importlib
import os
import stat
from pathlib import Path
from typing import Any

from huggingface_hub import HfApi, constants, get_token
from huggingface_hub.errors import HfHubHTTPError, OfflineModeIsEnabled, RepositoryNotFoundError

from ..errors import HubError
from ..redaction import redact

# A dataset lookup is one request (``HfApi.dataset_info`` does not retry) given this many
# seconds, so a Hub that cannot be reached is named within them and never hangs evaluate.
LOOKUP_TIMEOUT = 10

LOGIN_HELP = (
    "no Hugging Face token found: log in with `hf auth login` "
    "(or `huggingface-cli login`), or set the HF_TOKEN environment variable"
)


@functools.cache
def transport_errors() -> tuple[type[BaseException], ...]:
    """The exceptions meaning "the Hub could not be reached": the HTTP client's transport
    errors (whichever client huggingface_hub uses) and the OS's connection errors."""
    found: list[type[BaseException]] = [ConnectionError, TimeoutError]
    for module, name in (("httpx2", "TransportError"), ("httpx", "TransportError"), ("requests", "ConnectionError")):
        try:
            found.append(getattr(importlib.import_module(module), name))
        except (ImportError, AttributeError):
            continue
    return tuple(found)


def endpoint() -> str:
    """The Hub the client talks to (``HF_ENDPOINT`` or huggingface.co)."""
    return constants.ENDPOINT


def unreachable(error: BaseException, what: str) -> HubError:
    """One line for a Hub that cannot be reached, naming the endpoint."""
    reason = str(error).strip() or type(error).__name__
    return HubError(
        f"cannot reach the Hugging Face Hub at {endpoint()} to {what} ({reason}); "
        "check the network, or HF_ENDPOINT if you set it"
    )


def _token() -> str:
    token = get_token()
    if not token:
        raise HubError(LOGIN_HELP)
    return token


def refuse_links(folder: Path) -> None:
    """``ValueError`` (one line naming the entry) when anything in ``folder`` is a symbolic
    link or not a regular file or folder: an upload sends the files inside the folder,
    never a link's target (a secret elsewhere would become a public file)."""
    for root, folders, files in os.walk(folder, followlinks=False):
        for name in sorted(folders + files):
            path = Path(root) / name
            mode = os.lstat(path).st_mode
            if stat.S_ISLNK(mode):
                raise ValueError(
                    f"{path} is a symbolic link: only the files inside {folder} are uploaded, never a link's target; "
                    "replace it with the file itself, or export again"
                )
            if not (stat.S_ISREG(mode) or stat.S_ISDIR(mode)):
                raise ValueError(f"{path} is not a regular file: only files and folders can be uploaded; remove it")


def upload_folder(
    folder: str | Path,
    repo_id: str,
    *,
    repo_type: str = "dataset",
    private: bool | None = None,
    space_sdk: str | None = None,
    commit_message: str = "Upload ProcBench",
) -> str:
    """Create ``repo_id`` if needed and upload ``folder`` to it in one commit; returns the
    commit URL. ``space_sdk`` is needed when ``repo_type`` is ``space``. A folder holding a
    symbolic link is refused (:func:`refuse_links`)."""
    folder = Path(folder)
    if not folder.is_dir() or not any(folder.iterdir()):
        raise HubError(f"{folder} is not a folder with files to upload")
    refuse_links(folder)
    api = HfApi(token=_token())
    try:
        api.create_repo(repo_id, repo_type=repo_type, private=private, space_sdk=space_sdk, exist_ok=True)
        commit = api.upload_folder(
            folder_path=str(folder), repo_id=repo_id, repo_type=repo_type, commit_message=commit_message
        )
    except OfflineModeIsEnabled:
        raise HubError("HF_HUB_OFFLINE is set: unset it to upload") from None
    except transport_errors() as error:
        raise unreachable(error, f"upload to {repo_id}") from None
    except HfHubHTTPError as error:
        status = error.response.status_code if error.response is not None else "?"
        hint = " (is the token allowed to write to it?)" if status in (401, 403) else ""
        said = " ".join(str(error).split())  # the server's text, on the one line (HubError redacts it)
        raise HubError(f"the Hub refused the upload to {repo_id} (HTTP {status}){hint}: {said}") from None
    return redact(commit.commit_url)  # the server's text too


def check_dataset_repo(repo_id: str) -> None:
    """Quickly (one request, no retries, :data:`LOOKUP_TIMEOUT` seconds at most) make sure
    ``repo_id`` is a dataset on the Hub; ``ValueError`` if it is not, ``HubError`` if the
    Hub cannot be asked."""
    if constants.is_offline_mode():
        raise ValueError(
            f"--dataset {repo_id}: no such file or folder, and HF_HUB_OFFLINE is set, so it was not looked up "
            "as a Hub dataset repo"
        )
    try:
        HfApi().dataset_info(repo_id, timeout=LOOKUP_TIMEOUT)
    except RepositoryNotFoundError:
        raise ValueError(
            f"--dataset {repo_id}: no such file or folder here, nor a dataset repo on the Hub at {endpoint()}"
        ) from None
    except transport_errors() as error:
        raise unreachable(error, f"look up the dataset repo {repo_id} (there is no folder of that name here)") from None
    except HfHubHTTPError as error:
        status = error.response.status_code if error.response is not None else "?"
        raise HubError(f"the Hub at {endpoint()} refused to show the dataset repo {repo_id} (HTTP {status})") from None


def dataset_card_metadata(repo_id: str) -> dict[str, Any] | None:
    """The YAML of a Hub dataset's card, or ``None`` if it cannot be read; ``ValueError``
    for a card that is refused (one that expands without end, :class:`CardError`)."""
    from huggingface_hub import hf_hub_download

    from ..dataset.layout import CardError, read_card_metadata

    try:
        return read_card_metadata(Path(hf_hub_download(repo_id, "README.md", repo_type="dataset")))
    except CardError as error:
        raise ValueError(f"--dataset {repo_id}: its dataset card README.md {error}") from None
    except Exception:  # the card only adds detail to messages: never fail for it
        return None


def dataset_config_names(source: str, *, local: bool) -> list[str]:
    """The configs of a dataset folder (no network) or Hub repo."""
    import datasets

    try:
        return datasets.get_dataset_config_names(source)
    except Exception as error:
        where = "folder" if local else "Hub dataset"
        raise HubError(f"cannot read the {where} {source!r}: {error}") from None


def load_hub_dataset(repo_id: str, config: str) -> Any:
    """All splits of one config of a Hub dataset (the one network read of ``evaluate``)."""
    import datasets

    try:
        return datasets.load_dataset(repo_id, config)
    except Exception as error:
        raise HubError(f"cannot load {config!r} of the Hub dataset {repo_id!r}: {error}") from None
