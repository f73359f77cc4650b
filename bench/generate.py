#!/usr/bin/env python3
"""Issue #31's speed figures for ``deduce generate``, beside norvig.py in one run.

First times ``../shared/bench/norvig.py --count 2`` over ``top1465.txt``
(T seconds).  Then, for the accelerator and for pure Python
(``DEDUCE_PURE_PYTHON=1``, a child process each, one core), counts how many
9x9 puzzles ``deduce.generate`` makes in T seconds for each HoDoKu level and
with ``--technique xy-wing`` and ``skyscraper`` (each target its own run of
T seconds, seed 1), beside HoDoKu 2.2's counts measured in the issue (goal:
as many with the accelerator, a quarter of them in pure Python).  Last, the
median seconds of ``--killers N`` 9x9 killers at Hard (goal: at most T/2).

    python bench/generate.py [--seconds S] [--killers N] [--skip accel,pure,killer]
                             [--bank N --jobs J]   # a bank of N on a local Dask cluster, timed

Needs ``../shared`` beside the repository.  Never a timed test: run it once
on an idle machine and read the ratios.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import pathlib
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from _shared import CORPORA, SHARED  # noqa: E402

NORVIG = SHARED / "bench" / "norvig.py"
#: HoDoKu 2.2's counts in the issue's norvig time (20.9 s there), one core.
HODOKU = {"easy": 625, "medium": 247, "hard": 290, "unfair": 132, "extreme": 141, "xy-wing": 157}
TARGETS = [("easy", {"level": "easy"}), ("medium", {"level": "medium"}), ("hard", {"level": "hard"}),
           ("unfair", {"level": "unfair"}), ("extreme", {"level": "extreme"}),
           ("xy-wing", {"techniques": "xy-wing"}), ("skyscraper", {"techniques": "skyscraper"})]


def norvig_seconds() -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, str(NORVIG), "--count", "2", str(CORPORA / "top1465.txt")],
                   check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - start


def count_in(seconds: float, kwargs: dict) -> int:
    """Puzzles made in ``seconds`` (in this process)."""
    import deduce
    from deduce.generate import GenerateTimeout

    made = 0
    try:
        for _ in deduce.generate(count=10 ** 6, seed=1, timeout=seconds, **kwargs):
            made += 1
    except GenerateTimeout:
        pass
    return made


def child(mode: str, seconds: float) -> dict:
    """The counts, made in a child process with or without the accelerator."""
    env = dict(os.environ)
    env.pop("DEDUCE_PURE_PYTHON", None)
    if mode == "pure":
        env["DEDUCE_PURE_PYTHON"] = "1"
    out = subprocess.run([sys.executable, __file__, "--child", str(seconds)], env=env, check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def killer_seconds(n: int, limit: float) -> list[float]:
    import deduce
    from deduce.generate import GenerateTimeout

    times = []
    for seed in range(n):
        start = time.perf_counter()
        with contextlib.suppress(GenerateTimeout):   # (counted at the limit: the median is then a floor)
            next(deduce.generate("killer", 9, level="hard", seed=seed, timeout=limit))
        times.append(time.perf_counter() - start)
    return times


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, help="time per target (default: norvig's time, measured)")
    ap.add_argument("--killers", type=int, default=5, help="Hard 9x9 killers for the median (default 5)")
    ap.add_argument("--skip", default="", help="comma-separated: accel, pure, killer")
    ap.add_argument("--bank", type=int, help="also make a bank of N puzzles on a local Dask cluster")
    ap.add_argument("--jobs", type=int, default=2, help="Dask workers for --bank")
    ap.add_argument("--child", type=float, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child is not None:
        print(json.dumps({name: count_in(args.child, kw) for name, kw in TARGETS}))
        return 0
    skip = set(args.skip.split(","))
    t = norvig_seconds()
    seconds = args.seconds or t
    print(f"norvig.py --count 2 over top1465.txt: {t:.1f} s; each target gets {seconds:.1f} s, one core, seed 1")
    from deduce import _accelerator

    if _accelerator.load() is None and "accel" not in skip:
        print("(the accelerator is not installed: pip install ./accel; its column is skipped)")
        skip.add("accel")
    counts = {mode: child(mode, seconds) for mode in ("accel", "pure") if mode not in skip}
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
        times = killer_seconds(args.killers, 5 * t)
        med = statistics.median(times)
        print(f"9x9 killer at Hard: median {med:.1f} s over {len(times)} (norvig/2 = {t / 2:.1f} s; "
              f"ratio {med / (t / 2):.1f}); each: {', '.join(f'{x:.1f}' for x in times)}")
    if args.bank:
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "deduce", "generate", "--count", str(args.bank), "--seed", "1",
                        "--json", "--scheduler", "local", "--jobs", str(args.jobs)], check=True,
                       stdout=subprocess.DEVNULL)
        print(f"a bank of {args.bank} on a local Dask cluster of {args.jobs}: {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
