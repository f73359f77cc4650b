"""Rating on a Dask cluster: the same records as ``--jobs``, nothing lost.

The first test (a local cluster of two workers, a few seconds) runs by
default; the ones that kill workers or the client are behind the
``cluster`` marker.  All skip when Dask is not installed.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from deduce.puzzle import Puzzle
from deduce.rating import rate_all

from .test_cli import run
from .test_rating import EASY, SHOWN, mixed_file

pytest.importorskip("distributed")

ROOT = Path(__file__).resolve().parent.parent
#: classic puzzles that take a few tenths of a second each
STEADY = [SHOWN[label] for label in ("X-chain", "alternating inference chain", "naked triple",
                                     "singles and pointing", "unique rectangle type 5")]


class Deadly:
    """A puzzle that kills the process that rates it (it travels whole: Dask's
    scheduler unpickles what it is sent, so it must not die on arrival)."""

    def givens_string(self) -> str:
        return "deadly"

    def __getattr__(self, name: str):
        if name.startswith("__"):
            raise AttributeError(name)
        os._exit(3)


@pytest.fixture(scope="module")
def client():
    from deduce.rating.cluster import connect

    client, close = connect("local", 2)
    yield client
    close()


def records(out: str) -> list[dict]:
    docs = [json.loads(line) for line in out.splitlines()]
    for d in docs:
        d.pop("seconds", None)
    return docs


def test_cluster_gives_the_records_of_jobs_on_a_mixed_file(tmp_path):
    puzzles = tmp_path / "mixed.jsonl"
    puzzles.write_text(mixed_file())
    code_jobs, out_jobs, err_jobs = run(["rate", "--json", "--jobs", "2", str(puzzles)])
    code, out, err = run(["rate", "--json", "--scheduler", "local", "--jobs", "2", "--batch-size", "2",
                          str(puzzles)])
    assert code == code_jobs == 2 and err == err_jobs
    assert records(out) == records(out_jobs)
    assert [d["status"] for d in records(out)] == ["solved", "solved", "invalid", "solved", "solved", "invalid",
                                                   "multiple-solutions"]


def test_a_scheduler_that_cannot_be_used_is_one_line():
    code, out, err = run(["rate", "--scheduler", "nowhere", "--jobs", "1"], f"{EASY}\n")
    assert code == 2 and out == "" and err.count("\n") == 1 and "nowhere" in err


@pytest.mark.cluster
def test_a_worker_killed_mid_run_costs_nothing(client):
    puzzles = [Puzzle.from_string(t) for t in STEADY * 6]
    expected = [r.as_dict() | {"seconds": 0} for r in rate_all(puzzles, jobs=1)]
    before = client.run(os.getpid)
    got = []
    for rating in rate_all(puzzles, client=client, batch_size=2):
        got.append(rating.as_dict() | {"seconds": 0})
        if len(got) == 2:
            os.kill(next(iter(before.values())), signal.SIGKILL)
    assert got == expected
    deadline = time.monotonic() + 30
    while len(client.nthreads()) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
    assert set(client.run(os.getpid).values()) != set(before.values())   # the kill did happen


@pytest.mark.cluster
def test_a_puzzle_that_kills_its_workers_is_an_error_and_the_run_goes_on(client):
    good = [Puzzle.from_string(t) for t in [EASY, *STEADY] * 2]
    puzzles = good[:5] + [Deadly()] + good[5:]
    got = list(rate_all(puzzles, client=client, batch_size=2))
    assert [r.status for r in got] == ["solved"] * 5 + ["error"] + ["solved"] * 7
    assert got[5].puzzle == "deadly" and "killed" in got[5].error
    expected = [r.as_dict() | {"seconds": 0} for r in rate_all(good, jobs=1)]
    assert [r.as_dict() | {"seconds": 0} for r in got[:5] + got[6:]] == expected


@pytest.mark.cluster
def test_resume_after_killing_the_client_gives_an_uninterrupted_runs_file(tmp_path):
    puzzles = tmp_path / "in.txt"
    puzzles.write_text("\n".join(STEADY * 8) + "\n")
    whole, part = tmp_path / "whole.json", tmp_path / "part.json"
    command = [sys.executable, "-m", "deduce", "rate", "--json", "--jobs", "2", str(puzzles)]
    subprocess.run([*command, "-o", str(whole)], cwd=ROOT, check=True, timeout=600)
    cluster = [*command, "--scheduler", "local", "--batch-size", "2", "-o", str(part)]
    proc = subprocess.Popen(cluster, cwd=ROOT, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and (not part.exists() or part.read_text().count("\n") < 4):
        time.sleep(0.1)
    proc.kill()
    proc.wait(30)
    assert 4 <= part.read_text().count("\n") < 40      # stopped mid-run
    done = subprocess.run([*cluster, "--resume"], cwd=ROOT, timeout=600)
    assert done.returncode == 0
    assert records(part.read_text()) == records(whole.read_text())


@pytest.mark.cluster
@pytest.mark.parametrize("later", [0.0, 0.4, 0.9])
def test_sigterm_stops_a_local_cluster_run_with_one_line(tmp_path, later):
    """At any moment: ``later`` seconds after the third record the client is
    most often waiting on a future, where a signal once became the batch's
    ``error`` record instead of the stop."""
    from .test_rate_signals import descendants, gone_soon

    puzzles, out = tmp_path / "in.txt", tmp_path / "out.json"
    # (enough that the run is still going a second after its third record: 40 puzzles once were, until
    # the ratings got faster and the signal found the command finished or exiting)
    total = len(STEADY) * 40
    puzzles.write_text("\n".join(STEADY * 40) + "\n")
    proc = subprocess.Popen([sys.executable, "-m", "deduce", "rate", "--json", "--scheduler", "local", "--jobs", "2",
                             "--batch-size", "2", str(puzzles), "-o", str(out)], cwd=ROOT, stderr=subprocess.PIPE,
                            text=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and (not out.exists() or out.read_text().count("\n") < 3):
        time.sleep(0.05)
    time.sleep(later)
    below = descendants(proc.pid)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 128 + signal.SIGTERM
    assert err.count("\n") == 1 and err.startswith("deduce: stopped by SIGTERM")
    assert not gone_soon(below, 15)
    lines = out.read_text().splitlines()
    assert 3 <= len(lines) < total  # stopped mid-run
    assert all(json.loads(line)["status"] == "solved" for line in lines)
