"""A small Hugging Face Hub stand-in on 127.0.0.1 for the upload and download tests.

Implements just what ``huggingface_hub`` and ``datasets`` use to create a repo, commit a
folder (files inline, no LFS, no xet: run clients with ``HF_HUB_DISABLE_XET=1``) and read
it back. Repos live in memory. Run as a script to serve until killed:

    python -m tests.support.hub_standin  # prints the port
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, unquote, urlparse

REPO = r"(?P<kind>models|datasets|spaces)/(?P<repo>[^/]+/[^/]+)"


class Store:
    def __init__(self) -> None:
        self.repos: dict[tuple[str, str], dict[str, bytes]] = {}
        self.commits: dict[tuple[str, str], list[str]] = {}
        self.meta: dict[tuple[str, str], dict] = {}
        self.lock = threading.Lock()
        self.unknown: list[str] = []

    def sha(self, key: tuple[str, str]) -> str:
        history = self.commits.get(key) or ["0" * 40]
        return history[-1]


def _kind(plural: str) -> str:
    return {"models": "model", "datasets": "dataset", "spaces": "space"}[plural]


def make_handler(store: Store, token: str | None, echo_headers: bool = False):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args) -> None:  # quiet
            pass

        # --- helpers ------------------------------------------------------------------
        def _body(self) -> bytes:
            length = int(self.headers.get("Content-Length") or 0)
            return self.rfile.read(length) if length else b""

        def _send(self, status: int, payload=None, headers: dict | None = None, raw: bytes | None = None) -> None:
            if echo_headers and status >= 400 and isinstance(payload, dict):  # as careless servers do
                payload = {**payload, "error": f"{payload.get('error')}; request headers: {dict(self.headers)}"}
            data = raw if raw is not None else json.dumps(payload if payload is not None else {}).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json" if raw is None else "application/octet-stream")
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(data)

        def _authorized(self) -> bool:
            if token is None:
                return True
            if self.headers.get("Authorization") == f"Bearer {token}":
                return True
            self._send(401, {"error": "Invalid credentials"})
            return False

        def _entries(self, key: tuple[str, str], prefix: str, recursive: bool) -> list[dict]:
            files = store.repos.get(key, {})
            prefix = prefix.strip("/")
            out, folders = [], set()
            for path in sorted(files):
                if prefix and not path.startswith(prefix + "/"):
                    continue
                rest = path[len(prefix) + 1 :] if prefix else path
                if "/" in rest and not recursive:
                    folders.add((prefix + "/" if prefix else "") + rest.split("/")[0])
                    continue
                if recursive:
                    parts = rest.split("/")[:-1]
                    for depth in range(1, len(parts) + 1):
                        folders.add((prefix + "/" if prefix else "") + "/".join(parts[:depth]))
                out.append(self._file_entry(path, files[path]))
            dirs = [{"type": "directory", "path": folder, "oid": "0" * 40} for folder in sorted(folders)]
            return dirs + out

        @staticmethod
        def _file_entry(path: str, data: bytes) -> dict:
            return {"type": "file", "path": path, "size": len(data), "oid": hashlib.sha1(data).hexdigest()}

        # --- routes -------------------------------------------------------------------
        def do_POST(self) -> None:
            url = urlparse(self.path)
            if url.path == "/api/repos/create":
                if not self._authorized():
                    return
                body = json.loads(self._body() or b"{}")
                repo_id = f"{body.get('organization') or 'user'}/{body['name']}"
                key = (body.get("type") or "model", repo_id)
                with store.lock:
                    existed = key in store.repos
                    store.repos.setdefault(key, {})
                    store.meta[key] = body
                if existed:
                    self._send(409, {"error": "You already created this repo", "url": f"/{repo_id}"})
                else:
                    self._send(200, {"url": f"http://{self.headers['Host']}/{repo_id}", "name": repo_id})
                return
            if url.path == "/api/validate-yaml":
                self._body()
                self._send(200, {"errors": [], "warnings": []})
                return
            match = re.fullmatch(rf"/api/{REPO}/(?P<action>preupload|commit|paths-info)/(?P<rev>[^/]+)", url.path)
            if not match:
                store.unknown.append(f"POST {self.path}")
                self._send(404, {"error": "not found"})
                return
            key = (_kind(match["kind"]), match["repo"])
            body = self._body()
            if match["action"] == "preupload":
                if not self._authorized():
                    return
                files = json.loads(body)["files"]
                self._send(
                    200, {"files": [{"path": f["path"], "uploadMode": "regular", "shouldIgnore": False} for f in files]}
                )
            elif match["action"] == "commit":
                if not self._authorized():
                    return
                with store.lock:
                    files = store.repos.setdefault(key, {})
                    for line in body.decode().splitlines():
                        item = json.loads(line)
                        if item["key"] == "file":
                            value = item["value"]
                            files[value["path"]] = base64.b64decode(value["content"])
                        elif item["key"] == "deletedFile":
                            files.pop(item["value"]["path"], None)
                    sha = hashlib.sha1(body).hexdigest()
                    store.commits.setdefault(key, []).append(sha)
                repo = match["repo"]
                self._send(200, {"commitUrl": f"http://{self.headers['Host']}/{repo}/commit/{sha}", "commitOid": sha})
            else:  # paths-info
                form = parse_qs(body.decode())
                if not form and body:
                    form = {"paths": json.loads(body).get("paths", [])}
                files = store.repos.get(key, {})
                found = []
                for path in form.get("paths", []):
                    if path in files:
                        found.append(self._file_entry(path, files[path]))
                    elif any(name.startswith(path.rstrip("/") + "/") for name in files):
                        found.append({"type": "directory", "path": path, "oid": "0" * 40})
                self._send(200, found)

        def do_HEAD(self) -> None:
            self.do_GET()

        def do_GET(self) -> None:
            url = urlparse(self.path)
            path = unquote(url.path)
            if path == "/api/agent-harnesses":  # the client's telemetry registry: an empty one
                self._send(200, {"standardEnvVars": [], "harnesses": {}})
                return
            if match := re.fullmatch(rf"/api/{REPO}(?:/revision/(?P<rev>[^/]+))?", path):
                key = (_kind(match["kind"]), match["repo"])
                if key not in store.repos:
                    self._send(404, {"error": "Repository not found"}, {"X-Error-Code": "RepoNotFound"})
                    return
                siblings = [{"rfilename": name, "size": len(data)} for name, data in sorted(store.repos[key].items())]
                self._send(200, {"id": match["repo"], "sha": store.sha(key), "siblings": siblings, "private": False,
                                 "tags": [], "lastModified": "2026-01-01T00:00:00.000Z", "disabled": False,
                                 "gated": False, "cardData": {}})  # fmt: skip
                return
            if match := re.fullmatch(rf"/api/{REPO}/tree/(?P<rev>[^/]+)(?P<sub>/.*)?", path):
                key = (_kind(match["kind"]), match["repo"])
                recursive = parse_qs(url.query).get("recursive", ["false"])[0].lower() == "true"
                self._send(200, self._entries(key, match["sub"] or "", recursive))
                return
            if match := re.fullmatch(
                r"/(?:(?P<kind>datasets|spaces)/)?(?P<repo>[^/]+/[^/]+)/resolve/(?P<rev>[^/]+)/(?P<file>.+)", path
            ):
                key = (_kind(match["kind"]) if match["kind"] else "model", match["repo"])
                data = store.repos.get(key, {}).get(match["file"])
                if data is None:
                    self._send(404, {"error": "Entry not found"}, {"X-Error-Code": "EntryNotFound"})
                    return
                etag = f'"{hashlib.sha1(data).hexdigest()}"'
                headers = {"ETag": etag, "X-Repo-Commit": store.sha(key), "Accept-Ranges": "bytes"}
                if rng := re.fullmatch(r"bytes=(\d+)-(\d*)", self.headers.get("Range", "")):
                    start, end = int(rng[1]), int(rng[2]) if rng[2] else len(data) - 1
                    headers["Content-Range"] = f"bytes {start}-{end}/{len(data)}"
                    self.send_response_only  # noqa: B018
                    self._send(206, raw=data[start : end + 1], headers=headers)
                    return
                self._send(200, raw=data, headers=headers)
                return
            store.unknown.append(f"GET {self.path}")
            self._send(404, {"error": "not found"})

    return Handler


class HubStandIn:
    """``with HubStandIn() as hub: ...`` serves on ``hub.endpoint`` in a thread. With
    ``echo_headers`` every error reply quotes the request's headers, the token included."""

    def __init__(self, token: str | None = None, *, echo_headers: bool = False) -> None:
        self.store = Store()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), make_handler(self.store, token, echo_headers))
        self.endpoint = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> HubStandIn:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.server.shutdown()
        self.server.server_close()

    def files(self, repo_type: str, repo_id: str) -> dict[str, bytes]:
        return self.store.repos.get((repo_type, repo_id), {})


if __name__ == "__main__":
    with HubStandIn() as hub:
        print(hub.endpoint, flush=True)
        threading.Event().wait()
