"""An environment for subprocesses in which nothing can be downloaded: tiktoken's cache is
an empty folder and every HTTP(S) request goes to a proxy on 127.0.0.1:9, where nothing
listens; the Hugging Face libraries are offline."""

import os

BLACKHOLE = "http://127.0.0.1:9"


def offline_env(tmp_path, **extra):
    cache = tmp_path / "empty-tiktoken-cache"
    cache.mkdir(exist_ok=True)
    env = {**os.environ, **extra}
    for name in ("NO_PROXY", "no_proxy"):
        env.pop(name, None)
    env.update(
        TIKTOKEN_CACHE_DIR=str(cache),
        HTTP_PROXY=BLACKHOLE,
        HTTPS_PROXY=BLACKHOLE,
        http_proxy=BLACKHOLE,
        https_proxy=BLACKHOLE,
        HF_HUB_OFFLINE="1",
        HF_DATASETS_OFFLINE="1",
    )
    return env
