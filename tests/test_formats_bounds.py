"""Bounded reading: a huge input is refused at once, in little memory
(the 200 MB case runs behind the ``bounds`` marker; a 1 MB one by default)."""

from __future__ import annotations

import pathlib
import subprocess
import sys

import pytest

from deduce.errors import ParseError
from deduce.formats import MAX_LINE, read_puzzles, read_source

from .test_formats_support import run

ROOT = pathlib.Path(__file__).resolve().parent.parent

# The child's CPU seconds and its peak memory in MB: Linux's VmHWM is the peak of this program's own
# address space, where ru_maxrss keeps, across exec, the peak of the process it was forked from (a
# test run grown past 300 MB made the child seem as large).
DRIVER = """
import resource, sys
from deduce.cli import main
code = main(sys.argv[1:])
use = resource.getrusage(resource.RUSAGE_SELF)
try:
    with open("/proc/self/status") as fh:
        peak = next(int(line.split()[1]) for line in fh if line.startswith("VmHWM:")) // 1024
except (OSError, StopIteration):
    peak = use.ru_maxrss // 1024
print(use.ru_utime + use.ru_stime, peak)
sys.exit(code)
"""


def test_a_line_longer_than_any_puzzle_needs_is_refused(tmp_path):
    path = tmp_path / "long.txt"
    path.write_text("12 " * (MAX_LINE // 3 + 10) + "\n")
    with pytest.raises(ParseError, match="line 1: the line is longer than"):
        read_source(str(path))
    code, out, err = run(["count", str(path)])
    assert code == 2 and out == ""
    assert err.strip().splitlines() == [f"deduce: {path}: line 1: the line is longer than {MAX_LINE} characters, "
                                        "more than any puzzle needs"]


def test_the_text_api_refuses_an_overlong_line_too():
    (entry,) = read_puzzles("1" * (MAX_LINE + 1))
    assert "longer than" in str(entry.error)


@pytest.mark.bounds
@pytest.mark.parametrize("via", ["file", "stdin"])
def test_a_200_mb_line_is_refused_fast_in_little_memory(tmp_path, via):
    path = tmp_path / "huge.txt"
    chunk = "12 " * (1 << 20)
    with open(path, "w") as fh:
        for _ in range(200 * (1 << 20) // len(chunk) + 1):
            fh.write(chunk)
    args = [sys.executable, "-c", DRIVER, "count"]
    if via == "file":
        proc = subprocess.run(args + [str(path)], capture_output=True, text=True, cwd=ROOT, timeout=60)
    else:
        with open(path, "rb") as stdin:
            proc = subprocess.run(args, stdin=stdin, capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 2
    assert len(proc.stderr.splitlines()) == 1 and "longer than" in proc.stderr and "Traceback" not in proc.stderr
    # the reader stops at the first overlong line: seconds of CPU (not of a clock a loaded machine
    # stretches), start-up included, and little memory, whatever the size of the rest
    cpu, rss = proc.stdout.split()[-2:]
    assert float(cpu) < 5, proc.stdout
    assert int(rss) < 300, proc.stdout
