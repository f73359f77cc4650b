#!/usr/bin/env python3
"""Issue #31's speed figures for ``deduce generate``, beside norvig.py in one run.

First times ``../shared/bench/norvig.py --count 2`` over ``top1465.txt``
(T seconds of CPU: on a shared machine the wall clock says more about the
other processes than about either program; on an idle one the two agree).
Then, for the accelerator and for pure Python (``DEDUCE_PURE_PYTHON=1``, a
child process each, one core), counts how many 9x9 puzzles
``deduce.generate`` makes in T seconds of CPU for each HoDoKu level and
with ``--technique xy-wing`` and ``skyscraper`` and ALS practice positions
(``--technique als --practice``) (each target its own run, seed 1), beside
HoDoKu 2.2's counts measured in the issue (goal: as many with the
accelerator, a quarter of them in pure Python).  The records are not read
beyond the puzzle, as a run printing puzzles reads them: a classic
puzzle's ER solve, made when its rating is first read, is not counted.  Last, the
median CPU seconds of ``--killers N`` 9x9 killers at Hard (goal: at most
1 CPU second, issue 46), as a ratio to T too; ``--before REV`` measures the
same killers on revision REV of the repository in a child process (its
tree from ``git archive``, with this tree's compiled accelerator), in the
same run, for the before/after figures.  Then the CPU seconds of one
jigsaw region layout (``deduce.generate.regions.random_regions``, median
and slowest of ``--layouts N`` seeds) at 6x6, 9x9, 12x12 and 16x16, and
the share with a spur or a plain box (goal: none; 9x9 well under 0.1 s).
``--wall`` measures wall-clock seconds instead, as before.

    python bench/generate.py [--seconds S] [--killers N] [--layouts N] [--skip accel,pure,killer,layouts]
                             [--before REV]
                             [--bank N --jobs J]   # a bank of N on a local Dask cluster, timed
    python bench/generate.py --skip accel,pure --before main   # the killer figures alone, before and after

Needs ``../shared`` beside the repository.  Never a timed test: run it once
on an idle machine and read the ratios.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import pathlib
import resource
import statistics
import subprocess
import sys
import time
from typing import Callable

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from _shared import CORPORA, SHARED  # noqa: E402

NORVIG = SHARED / "bench" / "norvig.py"
#: HoDoKu 2.2's counts in the issue's norvig time (20.9 s there), one core.
HODOKU = {"easy": 625, "medium": 247, "hard": 290, "unfair": 132, "extreme": 141, "xy-wing": 157}
TARGETS = [("easy", {"level": "easy"}), ("medium", {"level": "medium"}), ("hard", {"level": "hard"}),
           ("unfair", {"level": "unfair"}), ("extreme", {"level": "extreme"}),
           ("xy-wing", {"techniques": "xy-wing"}), ("skyscraper", {"techniques": "skyscraper"}),
           ("als practice", {"techniques": "als", "practice": True})]


def norvig_seconds() -> tuple[float, float]:
    """norvig.py's (wall, CPU) seconds."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, str(NORVIG), "--count", "2", str(CORPORA / "top1465.txt")],
                   check=True, stdout=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return time.perf_counter() - start, cpu


def clock(wall: bool) -> Callable[[], float]:
    return time.perf_counter if wall else time.process_time


def count_in(seconds: float, kwargs: dict, wall: bool) -> int:
    """Puzzles made in ``seconds`` (in this process; CPU seconds unless ``wall``)."""
    import deduce
    from deduce.generate import GenerateTimeout

    now = clock(wall)
    made = 0
    end = now() + seconds
    try:   # (the wall-clock timeout only as a guard: a run never outlasts 20 times its budget)
        for _ in deduce.generate(count=10 ** 6, seed=1, timeout=seconds * (1 if wall else 20), **kwargs):
            if now() > end:
                break
            made += 1
    except GenerateTimeout:
        pass
    return made


def child(mode: str, seconds: float, wall: bool) -> dict:
    """The counts, made in a child process with or without the accelerator."""
    env = dict(os.environ)
    env.pop("DEDUCE_PURE_PYTHON", None)
    if mode == "pure":
        env["DEDUCE_PURE_PYTHON"] = "1"
    out = subprocess.run([sys.executable, __file__, "--child", str(seconds)] + (["--wall"] if wall else []),
                         env=env, check=True, capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def killer_seconds(n: int, limit: float, wall: bool) -> list[float]:
    import deduce
    from deduce.generate import GenerateTimeout

    now = clock(wall)
    times = []
    for seed in range(n):
        start = now()
        with contextlib.suppress(GenerateTimeout):   # (counted at the limit: the median is then a floor)
            next(deduce.generate("killer", 9, level="hard", seed=seed, timeout=limit))
        times.append(now() - start)
    return times


def killer_seconds_at(rev: str, n: int, limit: float, wall: bool) -> list[float]:
    """:func:`killer_seconds` on revision ``rev`` of the repository, in a child process."""
    import shutil
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        for built in (ROOT / "deduce").glob("_deduce_accel*.so"):
            shutil.copy(built, pathlib.Path(tmp) / "deduce")
        code = (f"import sys, json; sys.path.insert(0, {tmp!r}); sys.path.insert(1, {tmp + '/bench'!r}); "
                f"import generate as g; print(json.dumps(g.killer_seconds({n}, {limit}, {wall})))")
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        out = subprocess.run([sys.executable, "-c", code], cwd=tmp, env=env, check=True, capture_output=True,
                             text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def layout_line(n: int, count: int, wall: bool) -> str:
    """The time of ``count`` jigsaw layouts at ``n`` by ``n`` (seeds 0 on), and how many have a spur or a box."""
    import random

    from deduce.generate.regions import _box_sets, random_regions, spurs

    now = clock(wall)
    times, flawed = [], 0
    for seed in range(count):
        start = now()
        region = random_regions(n, random.Random(seed)).region_of
        times.append(now() - start)
        cells = [frozenset(c for c in range(n * n) if region[c] == k) for k in range(n)]
        flawed += bool(spurs(region, n)) or any(x in _box_sets(n) for x in cells)
    return (f"jigsaw layout {n}x{n}: median {statistics.median(times):.4f} s, slowest {max(times):.4f} s "
            f"over {count}; {flawed} with a spur or a plain box")


def killer_line(label: str, times: list[float], t: float, unit: str) -> str:
    med = statistics.median(times)
    return (f"9x9 killer at Hard ({label}): median {med:.2f} {unit} s over {len(times)} (goal 1.0; "
            f"{med / t:.3f} x norvig's T = {t:.1f} s); each: {', '.join(f'{x:.2f}' for x in times)}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, help="time per target (default: norvig's time, measured)")
    ap.add_argument("--killers", type=int, default=11,
                    help="Hard 9x9 killers for the median (default 11: one killer takes 2 to 50 s, and a median of "
                    "five moved from 0.95 to 1.1 times norvig/2 between runs)")
    ap.add_argument("--layouts", type=int, default=25, help="jigsaw layouts per size for their times (default 25)")
    ap.add_argument("--skip", default="", help="comma-separated: accel, pure, killer, layouts")
    ap.add_argument("--bank", type=int, help="also make a bank of N puzzles on a local Dask cluster")
    ap.add_argument("--jobs", type=int, default=2, help="Dask workers for --bank")
    ap.add_argument("--wall", action="store_true", help="wall-clock seconds instead of CPU seconds")
    ap.add_argument("--before", metavar="REV", help="also the killer figures of revision REV (e.g. main)")
    ap.add_argument("--child", type=float, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child is not None:
        print(json.dumps({name: count_in(args.child, kw, args.wall) for name, kw in TARGETS}))
        return 0
    skip = set(args.skip.split(","))
    load = os.getloadavg()[0]
    wall_t, cpu_t = norvig_seconds()
    t = wall_t if args.wall else cpu_t
    seconds = args.seconds or t
    unit = "wall-clock" if args.wall else "CPU"
    print(f"norvig.py --count 2 over top1465.txt: {wall_t:.1f} s wall, {cpu_t:.1f} s CPU (load average {load:.1f}); "
          f"each target gets {seconds:.1f} {unit} seconds, one core, seed 1")
    from deduce import _accelerator

    if _accelerator.load() is None and "accel" not in skip:
        print("(the accelerator is not installed: pip install ./accel; its column is skipped)")
        skip.add("accel")
    counts = {mode: child(mode, seconds, args.wall) for mode in ("accel", "pure") if mode not in skip}
    print(f"{'target':12} {'HoDoKu':>7} " + " ".join(f"{m:>14}" for m in counts))
    for name, _ in TARGETS:
        goal = HODOKU.get(name)
        cells = []
        for mode, got in counts.items():
            n = got[name]
            if goal is None:
                cells.append(f"{n:>14}")
            else:
                want = goal if mode == "accel" else goal / 4
                cells.append(f"{n:>6} ({n / want:4.0%})".rjust(14))
        print(f"{name:12} {goal if goal else '-':>7} " + " ".join(cells))
    print("(percentages: of HoDoKu's count with the accelerator, of a quarter of it in pure Python)")
    if "killer" not in skip and args.killers:
        if args.before:
            before = killer_seconds_at(args.before, args.killers, 5 * wall_t, args.wall)
            print(killer_line(f"before, {args.before}", before, t, unit))
        times = killer_seconds(args.killers, 5 * wall_t, args.wall)
        print(killer_line("this tree" if args.before else "", times, t, unit).replace(" ()", ""))
        if args.before:
            print(f"  speed-up of the median: {statistics.median(before) / statistics.median(times):.1f}x")
    if "layouts" not in skip and args.layouts:
        for n in (6, 9, 12, 16):
            print(layout_line(n, args.layouts, args.wall))
    if args.bank:
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "deduce", "generate", "--count", str(args.bank), "--seed", "1",
                        "--json", "--scheduler", "local", "--jobs", str(args.jobs)], check=True,
                       stdout=subprocess.DEVNULL)
        print(f"a bank of {args.bank} on a local Dask cluster of {args.jobs}: {time.perf_counter() - start:.0f} s wall "
              f"(load average {os.getloadavg()[0]:.1f} at the end)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
