#!/usr/bin/env python3
"""Issue #33's speed figures, each timed in this one run beside norvig.py,
for the default install (the C accelerator) and for the pure Python engine
(``DEDUCE_PURE_PYTHON=1``), one after the other; each engine's ``deduce
--version`` line is printed first (``--engines`` picks one).

Prints, per figure and engine, deduce's time, the baseline's time measured
in the same run, and the ratio (never a timed test: the machine's load moves
absolute times, ratios taken minutes apart move much less).  Times are CPU
seconds (user and system, of the child processes or of the explain loop):
on a shared, loaded machine wall times measure the other processes too.  The goals are
the default install's (issue #33 item 5); the pure Python engine's older
goals are in brackets:

* **rate**: ``deduce rate --jobs 1`` over the puzzle column of
  ``classic-rated.csv`` against ``norvig.py --count 2`` over ``top1465.txt``,
  timed before and after the rating (their mean; goal: at most 2.5x [15x]).
  ``--rate-limit N`` (``--pure-rate-limit N`` for pure Python alone) rates
  an evenly spaced sample of N puzzles instead and scales the time to the
  whole file (said so in the output);
* **solve**: ``deduce solve`` over the whole of ``top1465.txt`` against
  ``norvig.py`` in its default mode (first solution) over the same file,
  process start included (goal: deduce 20x faster, 0.05x [0.2x]);
* **explain**: the median seconds of ``deduce explain`` (the solve with the
  default profile and the text of every step, in one process per engine)
  over an evenly spaced sample of ``top1465.txt`` (``--explain-sample``,
  ``--pure-explain-sample``; goal 0.08 s [0.3 s]);
* **hardest** (``--hardest N``, reported, not gating; in this process, with
  the engine it runs): the first N puzzles
  of ``hardest-database-110626.txt`` that carry Sudoku Explainer's ER,
  solved with the ``se`` profile plus nested forcing chains up to
  ``--nested`` (SE's nested levels 2 to 5; default 5) before trial and
  error: how many get an ER within 0.3 of SE's (a solve that still needs
  trial and error, or runs out of ``--timeout`` seconds, has none), and
  the CPU seconds per puzzle (``--jobs J`` rates J puzzles at once, one
  process each: give it at most as many jobs as the machine has cores).

    python bench/speed.py [--engines accel,pure] [--skip rate,solve,explain] [--rate-limit N]
                          [--pure-rate-limit N] [--explain-sample N] [--pure-explain-sample N]
                          [--hardest N [--hardest-start K] [--jobs J]] [--nested LEVEL] [--timeout S]

Needs ``../shared`` beside the repository (corpora and ``bench/norvig.py``).
"""

from __future__ import annotations

import argparse
import csv
import functools
import json
import os
import pathlib
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from deduce.engine import Solver

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from _shared import CORPORA, SHARED  # noqa: E402

NORVIG = SHARED / "bench" / "norvig.py"


#: The engines measured: name, what their processes add to the environment, goals (rate, solve, explain).
ENGINES = {
    "accel": ("default install", {}, (2.5, 0.05, 0.08)),
    "pure": ("DEDUCE_PURE_PYTHON=1", {"DEDUCE_PURE_PYTHON": "1"}, (15.0, 0.2, 0.3)),
}


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(cmd: list[str], stdin_path: pathlib.Path | None = None, env: dict[str, str] | None = None) -> float:
    """CPU seconds of one command, process start included (output discarded); raises if it fails."""
    t0 = _children_cpu()
    with open(stdin_path or "/dev/null", "rb") as stdin:
        done = subprocess.run(cmd, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              env=None if env is None else {**os.environ, **env})
    seconds = _children_cpu() - t0
    if done.returncode not in (0, 1):
        raise RuntimeError(f"{' '.join(cmd)} failed ({done.returncode}): {done.stderr.decode()[-500:]}")
    return seconds


def deduce_cmd(*args: str) -> list[str]:
    return [sys.executable, "-m", "deduce", *args]


def spaced(items: list, k: int) -> list:
    """``k`` items spread evenly over ``items`` (all of them when k is 0 or too big)."""
    if not k or k >= len(items):
        return items
    return [items[i * len(items) // k] for i in range(k)]


def line(name: str, ours: float, theirs: float, goal: str) -> None:
    print(f"{name:<16} deduce {ours:9.2f} s   baseline {theirs:8.2f} s CPU   ratio {ours / theirs:6.3f}x   ({goal})",
          flush=True)


def norvig_count_seconds() -> float:
    return timed([sys.executable, str(NORVIG), "--count", "2", str(CORPORA / "top1465.txt")])


def fig_rate(engine: str, limit: int, timeout: float | None, norvig_count: float) -> float:
    """The rating's ratio to the mean of ``norvig_count`` (timed just
    before) and a second ``norvig.py --count 2`` run timed just after (the
    machine's speed can drift by a third over the minutes the rating
    takes); returns the one after, the next figure's one before."""
    name, env, goals = ENGINES[engine]
    rows = [r["puzzle"] for r in csv.DictReader((CORPORA / "classic-rated.csv").open())]
    sample = spaced(rows, limit)
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as f:
        f.write("\n".join(sample) + "\n")
    cmd = deduce_cmd("rate", "--jobs", "1", "--csv", f.name)
    if timeout:
        cmd += ["--timeout", str(timeout)]
    seconds = timed(cmd, env=env)
    pathlib.Path(f.name).unlink()
    after = norvig_count_seconds()
    print(f"norvig.py --count 2 over top1465 again, after the rating: {after:.1f} s (the ratio uses the mean)",
          flush=True)
    scale = len(rows) / len(sample)
    note = "" if scale == 1 else f", {len(sample)} of {len(rows)} puzzles rated, time scaled x{scale:.2f}"
    line(f"rate ({engine})", seconds * scale, (norvig_count + after) / 2,
         f"{name}: classic-rated vs norvig --count 2 on top1465; goal <= {goals[0]}x{note}")
    return after


def fig_solve(engine: str) -> None:
    name, env, goals = ENGINES[engine]
    top = CORPORA / "top1465.txt"
    norvig = timed([sys.executable, str(NORVIG), str(top)])
    ours = timed(deduce_cmd("solve", str(top)), env=env)
    line(f"solve ({engine})", ours, norvig,
         f"{name}: top1465, first solution, process start included; goal <= {goals[1]}x")


def fig_explain(engine: str, sample: int) -> None:
    """The explain median, measured in a child process running the engine."""
    name, env, goals = ENGINES[engine]
    done = subprocess.run([sys.executable, __file__, "--explain-child", str(sample)], capture_output=True,
                          text=True, check=True, env={**os.environ, **env})
    median, longest, count, total = json.loads(done.stdout)
    print(f"explain ({engine}) median {median:.3f} s CPU, max {longest:.1f} s over {count} of {total} top1465 "
          f"puzzles ({name}, in process; goal: median <= {goals[2]} s)", flush=True)


def explain_child(sample_size: int) -> None:
    """``--explain-child N``: the explain times of N spaced puzzles of top1465, as JSON."""
    from deduce import Puzzle
    from deduce.engine import Solver
    from deduce.render.words import TextRenderer

    puzzles = [ln.strip() for ln in (CORPORA / "top1465.txt").open() if ln.strip() and not ln.startswith("#")]
    sample = spaced(puzzles, sample_size)
    solver = Solver()
    times = []
    for text in sample:
        t0 = time.process_time()
        puzzle = Puzzle.from_string(text[:81])
        result = solver.solve(puzzle)
        renderer = TextRenderer(puzzle)
        for step in result.steps:
            renderer.explain(step)
        times.append(time.process_time() - t0)
    print(json.dumps([statistics.median(times), max(times), len(sample), len(puzzles)]))


@functools.cache
def _hardest_solver(nested: int) -> Solver:
    """The ``se`` profile's solver with nested levels 2 to ``nested``, made
    once per process (and so once per worker of ``--jobs``)."""
    from deduce.engine import Solver
    from deduce.rating.rater import with_nesting
    from deduce.registry import strategies_for

    return Solver(with_nesting(strategies_for("se"), nested))


def _rate_hardest(job: tuple[str, int, float | None]) -> tuple[float | None, str | None, float, float]:
    """One forum puzzle with the ``se`` profile plus nested levels 2 to
    ``nested``: (ER or None, hardest technique, wall seconds, CPU seconds).
    Runs in this process or in a worker of ``--jobs``."""
    from deduce import Puzzle, deadline
    from deduce.errors import SolveTimeout
    from deduce.rating import se_scale

    text, nested, timeout = job
    solver = _hardest_solver(nested)
    t0, c0 = time.perf_counter(), time.process_time()
    ours: float | None
    try:
        with deadline.limit(timeout):
            result = solver.solve(Puzzle.from_string(text))
        ours, _, _, name = se_scale(result.steps)
        if result.backtracking:
            ours = None
    except SolveTimeout:
        ours, name = None, None
    return ours, name, time.perf_counter() - t0, time.process_time() - c0


def fig_hardest(args: argparse.Namespace) -> None:
    rated = []
    for ln in (CORPORA / "hardest-database-110626.txt").open():
        if ln.startswith("#") or "," not in ln:
            continue
        fields = ln.strip().split(",")
        if len(fields) > 5 and fields[5]:
            rated.append((fields[0], float(fields[5])))
    rated = rated[args.hardest_start: args.hardest_start + args.hardest]
    jobs = [(text, args.nested, args.timeout) for text, _ in rated]
    if args.jobs > 1:
        from concurrent.futures import ProcessPoolExecutor
        pool = ProcessPoolExecutor(args.jobs)
        results = pool.map(_rate_hardest, jobs)
    else:
        pool, results = None, map(_rate_hardest, jobs)
    close, times = 0, []
    for (_, er), (ours, name, wall, cpu) in zip(rated, results):
        times.append(cpu)
        close += ours is not None and abs(ours - er) <= 0.3 + 1e-9
        print(f"  SE {er:4.1f}  deduce {ours}  {wall:6.1f} s wall  {cpu:6.1f} s CPU  "
              f"{name if ours is not None else ''}", flush=True)
    if pool is not None:
        pool.shutdown()
    n = len(times)
    print(f"hardest   ER within 0.3 of SE on {close}/{n}; CPU seconds per puzzle median "
          f"{statistics.median(times):.1f}, max {max(times):.1f} ({args.jobs} job(s); reported, goal 70% under 300 s)",
          flush=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engines", default="accel,pure", help="engines to measure: accel, pure (default both)")
    ap.add_argument("--skip", default="", help="figures to leave out: rate, solve, explain")
    ap.add_argument("--rate-limit", type=int, default=0, help="rate an evenly spaced sample of N puzzles")
    ap.add_argument("--pure-rate-limit", type=int, default=None, help="--rate-limit for pure Python alone")
    ap.add_argument("--explain-sample", type=int, default=100)
    ap.add_argument("--pure-explain-sample", type=int, default=None, help="--explain-sample for pure Python alone")
    ap.add_argument("--explain-child", type=int, default=None, help=argparse.SUPPRESS)
    ap.add_argument("--hardest", type=int, default=0, help="also rate the first N SE-rated forum hardest")
    ap.add_argument("--hardest-start", type=int, default=0,
                    help="leave out the first K rated puzzles (to run a long --hardest in parts)")
    ap.add_argument("--nested", type=int, default=5, help="nested forcing chains up to this level for --hardest")
    ap.add_argument("--timeout", type=float, default=None, help="seconds per puzzle (rate and hardest)")
    ap.add_argument("--jobs", type=int, default=1,
                    help="processes for --hardest, one puzzle each (at most one per core: times are per puzzle)")
    args = ap.parse_args()
    if not NORVIG.exists() or not CORPORA.exists():
        print(f"{SHARED} is absent: nothing to measure", file=sys.stderr)
        return 2
    if args.explain_child is not None:
        explain_child(args.explain_child)
        return 0
    skip = {s.strip() for s in args.skip.split(",") if s.strip()}
    engines = [e.strip() for e in args.engines.split(",") if e.strip()]
    for engine in engines:
        version = subprocess.run(deduce_cmd("--version"), capture_output=True, text=True,
                                 env={**os.environ, **ENGINES[engine][1]}).stdout.strip()
        print(f"{engine}: {version}", flush=True)
    norvig_count = norvig_count_seconds()
    print(f"norvig.py --count 2 over top1465: {norvig_count:.1f} s", flush=True)
    for engine in engines:
        limit = args.pure_rate_limit if engine == "pure" and args.pure_rate_limit is not None else args.rate_limit
        if "rate" not in skip:
            norvig_count = fig_rate(engine, limit, args.timeout, norvig_count)
    for engine in engines:
        if "solve" not in skip:
            fig_solve(engine)
    for engine in engines:
        sample = (args.pure_explain_sample if engine == "pure" and args.pure_explain_sample is not None
                  else args.explain_sample)
        if "explain" not in skip:
            fig_explain(engine, sample)
    if args.hardest:
        fig_hardest(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
