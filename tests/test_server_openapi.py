"""The OpenAPI contract of ``deduce serve`` under schemathesis (behind the
``server`` marker): every check, a fixed seed and a bounded number of
examples, against a real server on a loopback port, with no failure.

Two of the checks are told what the document says: a body the schema
allows may still hold a malformed puzzle (any text is a string), so
``positive_data_acceptance`` accepts 400 too, and 501 (no generator), 503
(busy, stopping) and 504 (the time limit) are documented answers, not
server errors.  Schemathesis runs with one worker thread: with two, Hypothesis
parses its lambdas' source in both at once, which Python 3.11's ``ast`` does
not survive ("AST constructor recursion depth mismatch").
"""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
pytest.importorskip("schemathesis")

pytestmark = pytest.mark.server

from .serving import Served  # noqa: E402

CONFIG = """\
[checks.not_a_server_error]
expected-statuses = ["2xx", "3xx", "4xx", "501", "503", "504"]

[checks.positive_data_acceptance]
expected-statuses = ["2xx", "400", "429", "501", "503", "504"]
"""
#: Examples per operation and mode (the whole run stays within a few minutes on a shared 2-core machine).
EXAMPLES = 10
SEED = 42


def test_schemathesis_finds_no_failure(tmp_path):
    config = tmp_path / "schemathesis.toml"
    config.write_text(CONFIG)
    cli = shutil.which("schemathesis") or shutil.which("st")
    command = [cli] if cli else [sys.executable, "-m", "schemathesis.cli"]
    s = Served("--workers", "2", "--timeout", "1", "--generate-timeout", "1", "--per-client", "64",
               "--no-access-log")
    try:
        run = subprocess.run([*command, "--config-file", str(config), "--no-color", "run", f"{s.url}/api/openapi.json",
                              "--checks", "all", "--seed", str(SEED), "--max-examples", str(EXAMPLES),
                              "--workers", "1", "--request-timeout", "30", "--phases", "examples,coverage,fuzzing"],
                             cwd=tmp_path, capture_output=True, text=True, timeout=600)
    finally:
        s.stop()
    report = run.stdout[-6000:] + run.stderr[-2000:]
    assert run.returncode == 0, report
    assert "passed" in run.stdout.lower(), report
