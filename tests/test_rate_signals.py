"""``deduce rate`` under signals: nothing left running, nothing half-written,
one line on standard error, and a stopped run resumed to the same file.

Behind the ``bounds`` marker: each test runs the command in a subprocess
for a few seconds.
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

from .test_rating import SHOWN, without_timings

pytestmark = pytest.mark.bounds

ROOT = Path(__file__).resolve().parent.parent
STEADY = [SHOWN[label] for label in ("X-chain", "alternating inference chain", "naked triple",
                                     "singles and pointing", "unique rectangle type 5")]


def descendants(pid: int) -> set[int]:
    """Every process below ``pid`` (Linux /proc)."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            parents[int(entry)] = int(stat.rsplit(")", 1)[1].split()[1])
    found, frontier = set(), {pid}
    while frontier:
        frontier = {p for p, pp in parents.items() if pp in frontier} - found
        found |= frontier
    return found


def alive(pids: set[int]) -> set[int]:
    out = set()
    for pid in pids:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z":
            out.add(pid)
    return out


def start(tmp_path: Path, *flags: str, copies: int = 8) -> tuple[subprocess.Popen, Path, Path]:
    """``deduce rate --jobs 2`` on a file of steady puzzles, once it has
    written two records to OUT and its workers run."""
    puzzles, out = tmp_path / "in.txt", tmp_path / "out"
    puzzles.write_text("\n".join(STEADY * copies) + "\n")
    proc = subprocess.Popen([sys.executable, "-m", "deduce", "rate", "--jobs", "2", *flags, str(puzzles),
                             "-o", str(out)], cwd=ROOT, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and (not out.exists() or out.read_text().count("\n") < 4):
        time.sleep(0.05)
    assert proc.poll() is None, "finished before it could be stopped"
    return proc, puzzles, out


def gone_soon(pids: set[int], seconds: float = 5.0) -> set[int]:
    deadline = time.monotonic() + seconds
    while alive(pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    return alive(pids)


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT, signal.SIGHUP], ids=lambda s: s.name)
def test_a_signal_stops_workers_and_writes_one_line(tmp_path, sig):
    proc, _, out = start(tmp_path, "--json")
    workers = descendants(proc.pid)
    assert len(workers) >= 2
    if sig == signal.SIGINT:
        os.killpg(proc.pid, sig)      # Ctrl-C reaches the whole foreground group
    else:
        proc.send_signal(sig)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 128 + sig
    assert err.count("\n") == 1 and err.startswith("deduce: stopped by") and "--resume" in err
    assert not gone_soon(workers)
    text = out.read_text()
    assert text.endswith("\n")
    assert all(json.loads(line)["status"] == "solved" for line in text.splitlines())


def test_workers_die_with_a_killed_parent(tmp_path):
    proc, _, _ = start(tmp_path, "--json")
    workers = descendants(proc.pid)
    proc.kill()
    proc.wait(30)
    assert not gone_soon(workers)


@pytest.mark.parametrize("form", ["--json", "--table"])
def test_resume_after_a_kill_gives_an_uninterrupted_runs_file(tmp_path, form):
    flags = [form] if form != "--table" else []
    proc, puzzles, out = start(tmp_path, *flags, copies=4)
    proc.kill()
    proc.wait(30)
    stopped = out.read_text().count("\n")
    command = [sys.executable, "-m", "deduce", "rate", "--jobs", "2", *flags, str(puzzles)]
    resumed = subprocess.run([*command, "-o", str(out), "--resume"], cwd=ROOT, capture_output=True, text=True,
                             timeout=600)
    whole = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert resumed.returncode == whole.returncode == 0 and resumed.stderr == ""
    assert stopped < len(whole.stdout.splitlines())
    assert without_timings(out.read_text()) == without_timings(whole.stdout)
