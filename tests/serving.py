"""A ``deduce serve`` process for the tests that need a running server
(``test_server_running.py``, ``test_app_browser.py``)."""

from __future__ import annotations

import contextlib
import json
import os
import pathlib
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[1]


class Served:
    def __init__(self, *args: str, env: dict[str, str] | None = None):
        self.proc = subprocess.Popen([sys.executable, "-m", "deduce", "serve", "--port", "0", *args], cwd=ROOT,
                                     stderr=subprocess.PIPE, text=True, env={**os.environ, **(env or {})})
        self.lines: list[str] = []
        line = self.proc.stderr.readline()
        self.lines.append(line)
        while "serving on" not in line:
            line = self.proc.stderr.readline()
            assert line, f"the server did not start: {self.lines}"
            self.lines.append(line)
        self.url = line.split("serving on ")[1].split()[0].rstrip("/")
        threading.Thread(target=self._drain, daemon=True).start()
        self.wait_ready()

    def _drain(self):
        for line in self.proc.stderr:
            self.lines.append(line)

    def wait_ready(self):
        for _ in range(100):
            try:
                urllib.request.urlopen(self.url + "/healthz", timeout=2).read()
                return
            except OSError:
                time.sleep(0.1)
        raise AssertionError("the server does not answer")

    @property
    def address(self) -> tuple[str, int]:
        host, port = self.url.removeprefix("http://").rsplit(":", 1)
        return host, int(port)

    def post(self, endpoint: str, body: dict | bytes, timeout: float = 60,
             headers: dict[str, str] | None = None) -> tuple[int, dict]:
        code, doc, _ = self.exchange(endpoint, body, timeout, headers)
        return code, doc

    def exchange(self, endpoint: str, body: dict | bytes, timeout: float = 60,
                 headers: dict[str, str] | None = None) -> tuple[int, dict, dict[str, str]]:
        """(status, the last JSON record, the headers by lower-case name) of ``POST /api/endpoint``."""
        data = body if isinstance(body, bytes) else json.dumps(body).encode()
        req = urllib.request.Request(f"{self.url}/api/{endpoint}", data=data,
                                     headers={"Content-Type": "application/json", **(headers or {})})
        try:
            with urllib.request.urlopen(req, timeout=timeout) as r:
                return r.status, json.loads(r.read().decode().splitlines()[-1]), _lower(r.headers)
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read().decode()), _lower(e.headers)

    def get(self, path: str, timeout: float = 30) -> tuple[int, str]:
        try:
            with urllib.request.urlopen(self.url + path, timeout=timeout) as r:
                return r.status, r.read().decode()
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode()

    def access_log(self) -> list[dict]:
        """The access log's records so far (the JSON lines of standard error)."""
        out = []
        for line in list(self.lines):
            if line.startswith("{"):
                with contextlib.suppress(ValueError):
                    out.append(json.loads(line))
        return out

    def workers(self) -> list[int]:
        """The worker processes (the children started by multiprocessing's spawn)."""
        out = []
        for pid in self.children():
            with contextlib.suppress(OSError):
                if b"spawn_main" in pathlib.Path(f"/proc/{pid}/cmdline").read_bytes():
                    out.append(pid)
        return out

    def children(self) -> list[int]:
        out = []
        for stat in pathlib.Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == self.proc.pid:
                out.append(int(stat.parent.name))
        return out

    def stop(self, sig=signal.SIGTERM) -> int:
        self.proc.send_signal(sig)
        return self.proc.wait(20)


def _lower(headers) -> dict[str, str]:
    return {k.lower(): v for k, v in headers.items()}


def alive(pid: int) -> bool:
    try:
        status = pathlib.Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "State:\tZ" not in status
