#!/usr/bin/env python3
"""Does Sudoku Explainer put ``deduce generate --er LO-HI`` puzzles in their band?

Generates ``--er 6.0-7.0 --count 30`` and ``--er 7.0-8.0 --count 30``
(fixed seeds, one process each) and rates every puzzle with Sudoku
Explainer's own ``serate`` (1.2.1.3), then prints per band how many serate
puts in it, how many get deduce's ER exactly, and serate's ERs.

serate is the reference, not part of deduce: build it by hand outside the
repository from its public source (gsf's serate 1.2.1.3 on Sudoku Explainer
1.2.1, kept in the history of github.com/1to9only/SukakuExplainer as the
commit "gsf's serate", 6d3894d), e.g.::

    git -C SukakuExplainer archive 6d3894d | tar -x -C /work/ref/se
    cd /work/ref/se && find diuf -name '*.java' > srcs.txt
    javac -nowarn -encoding ISO-8859-1 -d classes @srcs.txt

(with javac 17 the four ``new ErrorMessage(MSG, bool)`` calls of
``diuf/sudoku/io/SudokuIO.java`` are ambiguous: add ``, new Object[0]`` to
each; the GUI's resources need not be copied for serate), then give the
command that runs it::

    python bench/se_bands.py --serate "java -cp /work/ref/se/classes diuf.sudoku.test.serate"

or set ``SERATE`` to that command.  ``--count``, ``--seed`` and ``--bands``
change the sample; ``--list`` prints every puzzle with both ERs.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import shlex
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent

#: (band, seed) pairs of the default run.
BANDS = (("6.0-7.0", 21), ("7.0-8.0", 22))


def generate(band: str, count: int, seed: int) -> list[dict]:
    """``deduce generate --er band --count count --seed seed --json``'s records."""
    cmd = [sys.executable, "-m", "deduce", "generate", "--er", band, "--count", str(count), "--seed", str(seed),
           "--json"]
    out = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def serate(command: str, puzzles: list[str]) -> list[float]:
    """serate's ER of each puzzle (81 characters, ``.`` for an empty cell)."""
    with tempfile.TemporaryDirectory() as tmp:
        src = pathlib.Path(tmp) / "in.txt"
        dst = pathlib.Path(tmp) / "out.txt"
        src.write_text("".join(p + "\n" for p in puzzles))
        subprocess.run([*shlex.split(command), "--format=%r", f"--input={src}", f"--output={dst}"],
                       check=True, capture_output=True)
        return [float(x) for x in dst.read_text().split()]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--serate", default=os.environ.get("SERATE"),
                    help="the command that runs serate (default: $SERATE)")
    ap.add_argument("--count", type=int, default=30)
    ap.add_argument("--bands", nargs="*", default=[f"{b}:{s}" for b, s in BANDS],
                    help="BAND:SEED pairs (default: 6.0-7.0:21 7.0-8.0:22)")
    ap.add_argument("--list", action="store_true", help="every puzzle with deduce's and serate's ER")
    args = ap.parse_args()
    if not args.serate:
        print("se_bands: give --serate COMMAND or set SERATE (see this script's docstring)", file=sys.stderr)
        return 2
    rows = []
    for item in args.bands:
        band, _, seed = item.partition(":")
        lo, hi = (float(x) for x in band.split("-"))
        t0 = time.perf_counter()
        made = generate(band, args.count, int(seed or 0))
        seconds = time.perf_counter() - t0
        ers = serate(args.serate, [m["puzzle"] for m in made])
        inside = sum(lo - 1e-9 <= e <= hi + 1e-9 for e in ers)
        exact = sum(abs(e - m["er"]) < 0.05 for e, m in zip(ers, made))
        spread = " ".join(f"{e:.1f}" for e in sorted(ers))
        rows.append((band, seed, len(made), inside, exact, seconds, spread))
        if args.list:
            for m, e in zip(made, ers):
                print(f"  {band} {m['puzzle']} deduce {m['er']} serate {e}")
    print("| --er band (seed) | made | serate in band | deduce ER = serate's | generation s | serate's ERs |")
    print("|---|---|---|---|---|---|")
    for band, seed, n, inside, exact, seconds, spread in rows:
        print(f"| {band} ({seed}) | {n} | {inside}/{n} | {exact}/{n} | {seconds:.0f} | {spread} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
