#!/usr/bin/env python3
"""Find example puzzles and steps for the technique catalogue.

Two modes:

* ``--want CODES``: generate original 9×9 puzzles (a random solved grid,
  a search solution relabelled and shuffled, with givens removed in random
  order while the solution stays unique) and print ``code puzzle`` for the
  first one whose logical solution uses each technique; used to grow
  ``deduce/showcase.py``.
* ``--catalogue``: find one example step per technique and store each in
  its own file, ``deduce/data/examples/<code>.json`` (what ``deduce
  techniques NAME`` shows); only the techniques looked for are written, so
  adding a technique never rewrites another's example.
  The showcase positions are solved first, then generated puzzles for
  a third of ``--seconds``.  A step the solver took is *easiest* (no
  technique earlier in the order of trial applied there).  For a technique
  the solver never took, its own strategies are asked at the hard
  positions of the solve paths, and a step no technique rated easier makes
  any of its eliminations or placements (*not reducible*) is kept; failing
  that (a skyscraper is always a sashimi X-wing too), a step is kept with
  the easier techniques that also make it named (``also``), and the
  catalogue says so.  Only deduce's own puzzles are stored (the showcase
  and the generated ones), never a corpus's.

    python bench/find_examples.py --want x-wing,swordfish --seconds 300 [--seed 1] [--as-used]
    python bench/find_examples.py --catalogue --seconds 900 [--seed 1] [--merge] [--generate 0.33]
    python bench/find_examples.py --catalogue --merge --codes jellyfish,bug4 --by-rating --generate 1 \
        --search-as-generated --generated-only --deplete --seconds 1800 --out /tmp/examples

Reproducibly: ``--puzzles N`` bounds the search by the number of generated
puzzles instead of time, and with ``--codes`` each technique is looked for
on its own, with puzzles from a generator seeded by ``--seed`` and its code,
so the same command writes the same file whatever else is asked for or
already stored (the file records the command)::

    python bench/find_examples.py --catalogue --codes aligned-pair-exclusion --puzzles 200 --seed 1

``--puzzle TEXT`` (repeatable) looks only in the puzzles given, for a
technique that needs a property of the whole puzzle (a symmetry, a layout)::

    python bench/find_examples.py --catalogue --merge --codes CODE --puzzle PUZZLE

``--by-rating`` solves the generated puzzles (and the showcase) trying the
techniques in order of rating, so that every step taken is one no easier
technique makes; ``--search-as-generated`` asks the missing techniques at
each generated puzzle's positions at once, saving as it goes.
"""

from __future__ import annotations

import argparse
import json
import math
import pathlib
import random
import sys
import time
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from deduce import Puzzle, Solver, count_solutions  # noqa: E402
from deduce.backtrack import iter_solutions  # noqa: E402
from deduce.catalogue import FORMAT, example_to_record  # noqa: E402
from deduce.engine import effective  # noqa: E402
from deduce.formats import read_puzzle  # noqa: E402
from deduce.registry import discovered  # noqa: E402
from deduce.showcase import SHOWCASE  # noqa: E402
from deduce.state import State  # noqa: E402
from deduce.step import Step  # noqa: E402
from deduce.strategy import allows_cages, requires_unique  # noqa: E402
from deduce.techniques import OPT_IN, SE_ONLY, TABLE, TECHNIQUES  # noqa: E402

OUT = ROOT / "deduce" / "data" / "examples"


def random_grid(rng: random.Random) -> list[int]:
    base = next(iter_solutions(Puzzle.empty(9)))
    perm = list(range(9))
    rng.shuffle(perm)
    rows = [b * 3 + r for b in rng.sample(range(3), 3) for r in rng.sample(range(3), 3)]
    cols = [b * 3 + c for b in rng.sample(range(3), 3) for c in rng.sample(range(3), 3)]
    grid = [perm[base[r * 9 + c]] for r in rows for c in cols]
    if rng.random() < 0.5:  # transpose
        grid = [grid[c * 9 + r] for r in range(9) for c in range(9)]
    return grid


def minimal(grid: list[int], rng: random.Random, deplete: bool = False) -> Puzzle:
    """Givens taken away in random order while the solution stays unique;
    ``deplete``: one digit's givens first (it is then given at most once or
    twice, which a fish of four needs to be more than a smaller fish's
    complement)."""
    puzzle = Puzzle.empty(9)
    givens = list(grid)
    cells = list(range(81))
    rng.shuffle(cells)
    if deplete:
        d = rng.randrange(9)
        cells.sort(key=lambda c: grid[c] != d)
    for c in cells:
        v = givens[c]
        givens[c] = -1
        if count_solutions(puzzle.with_givens(givens), 2) != 1:
            givens[c] = v
    return puzzle.with_givens(givens)


def want_mode(args: argparse.Namespace) -> int:
    want = set(args.want.split(","))
    rng = random.Random(args.seed)
    solver = Solver()
    own = {code: [s for s in discovered() if s.technique.code == code] for code in want}
    t0 = time.time()
    while want and time.time() - t0 < args.seconds:
        puzzle = minimal(random_grid(rng), rng)
        result = solver.solve(puzzle)
        state = State.from_puzzle(puzzle)
        for step in result.steps:
            for code in list(want):
                if step.code == code or (not args.as_used and any(
                        effective(s, state) for st in own[code] for s in st.find(state))):
                    print(code, puzzle.givens_string(), flush=True)
                    want.discard(code)
            state.apply(step)
    if want:
        print("not found:", ",".join(sorted(want)))
    return 0


# -- the catalogue ------------------------------------------------------------------

def profile_of(code: str) -> str:
    return "se" if code in SE_ONLY else "full" if code in OPT_IN else "deduce"


def _difficulty(t: Any) -> tuple[float, int]:
    return (t.se if t.se is not None else 99.0, t.hodoku or 0)


def easier_than(code: str, puzzle: Puzzle, unique: bool) -> list[Any]:
    """Strategies of techniques rated easier than ``code`` (SE, then HoDoKu), usable on ``puzzle``."""
    mine = _difficulty(TECHNIQUES[code])
    out = []
    for s in discovered():
        if s.technique.code not in TECHNIQUES or _difficulty(s.technique) >= mine:
            continue
        if s.technique.code in OPT_IN and code not in OPT_IN:
            continue  # the opt-in fish are no easier way for a learner, whatever their rating
        if (requires_unique(s) and not unique) or (puzzle.has_cages and not allows_cages(s)):
            continue
        out.append(s)
    return out


def also_by(step: Step, state: State, unique: bool) -> list[str]:
    """Easier techniques that make one of the step's eliminations or placements here."""
    mine = set(step.eliminations) | set(step.placements)
    found = []
    for s in easier_than(step.code, state.puzzle, unique):
        if s.technique.code in found:
            continue
        for other in s.find(state):
            if effective(other, state) and mine & (set(other.eliminations) | set(other.placements)):
                found.append(s.technique.code)
                break
    return found


def by_rating() -> list[Any]:
    """Every technique's strategies, easiest rated first (trial and error left out)."""
    return sorted((s for s in discovered() if s.technique.code in TECHNIQUES and s.technique.code != "bf"),
                  key=lambda s: _difficulty(s.technique))


class Collector:
    """The best example per technique: the solver's own step (easiest), else
    one no easier technique makes, else one with the easier techniques that
    also make it named (``also``)."""

    def __init__(self, deadline: float, codes: set[str] | None = None):
        self.found: dict[str, dict[str, Any]] = {}
        self.rank: dict[str, int] = {}
        self.deadline = deadline
        #: the techniques looked for (all when None)
        self.codes = codes

    def missing(self, below: int = 1) -> list[str]:
        return [t.code for t in TABLE if self.rank.get(t.code, -1) < below
                and (self.codes is None or t.code in self.codes)]

    def take(self, code: str, source: str, easiest: bool, state: State, step: Step, unique: bool) -> bool:
        """Keep the step if it is better than the one kept; True when it cannot be bettered."""
        if self.rank.get(code, -1) == 2 or (self.codes is not None and code not in self.codes):
            return True
        also = also_by(step, state, unique)
        rank = 0 if also else 2 if easiest else 1
        if self.rank.get(code, -1) >= rank:
            return False
        record = example_to_record(source, easiest, state, step)
        record["also"] = also
        self.found[code] = record
        self.rank[code] = rank
        kind = "also by " + ",".join(also) if also else "easiest" if easiest else "not reducible"
        print(f"{code:26} {kind:30} {source[:60]}", flush=True)
        return rank == 2

    def solve_path(self, puzzle: Puzzle, source: str, unique: bool,
                   profile: str = "deduce") -> list[tuple[State, Step]]:
        """Record every step the solver took; return the path's positions."""
        result = Solver(profile=profile).solve(puzzle)
        state = State.from_puzzle(puzzle)
        path = []
        for step in result.steps:
            if profile_of(step.code) == profile or (profile == "deduce" and step.code == "bf"):
                self.take(step.code, source, True, state.copy(), step, unique)
            path.append((state.copy(), step))
            state.apply(step)
        return path

    def solve_by_rating(self, puzzle: Puzzle, source: str, unique: bool) -> list[tuple[State, Step]]:
        """Solve trying every technique in order of rating (SE, then HoDoKu),
        the opt-in ones too: each step taken is one no technique rated easier
        makes any of (nothing easier applies there at all)."""
        result = Solver(strategies=by_rating()).solve(puzzle)
        state = State.from_puzzle(puzzle)
        path = []
        for step in result.steps:
            if step.code != "bf":
                self.take(step.code, source, False, state.copy(), step, unique)
            path.append((state.copy(), step))
            state.apply(step)
        return path

    def search_path(self, path: list[tuple[State, Step]], source: str, unique: bool) -> None:
        """Ask the missing techniques' own strategies at the path's hard positions
        (where the solver needed more than singles and intersections; any
        position for uniqueness techniques, whose patterns form early, and
        for Sudoku Explainer's direct ones, which are singles' neighbours)."""
        for state, taken in reversed(path):  # the rarer techniques live late in a solve
            if time.time() > self.deadline:
                return
            easy = taken.technique.family in ("singles", "intersections") and taken.code not in SE_ONLY
            # uniqueness patterns form early; big subsets are only free of their complementary
            # (easier) subset in houses with many empty cells, which early positions have
            codes = {c for c in self.missing() if not easy or c in SE_ONLY
                     or TECHNIQUES[c].family in ("uniqueness", "subsets")}
            for s in discovered():
                code = s.technique.code
                if code not in codes or (requires_unique(s) and not unique):
                    continue
                if state.puzzle.has_cages and not allows_cages(s):
                    continue
                if s.technique.family == "forcing" and taken.technique.family not in ("forcing", "last-resort"):
                    continue  # chains only where the solver itself needed chains
                if code in OPT_IN and taken.technique.family in ("singles", "intersections", "subsets"):
                    continue  # the big fish only where something beyond subsets was needed
                tried = 0
                for step in s.find(state):
                    if effective(step, state):
                        self.take(code, source, False, state.copy(), step, unique)
                        tried += 1
                        if self.rank.get(code, -1) >= 1 or tried == 3:
                            break
                    if time.time() > self.deadline:
                        return


def save(col: Collector, args: argparse.Namespace) -> None:
    """One file per technique found (of those looked for): ``<code>.json`` in ``--out`` (a folder)."""
    out = pathlib.Path(args.out) if args.out else OUT
    out.mkdir(parents=True, exist_ok=True)
    argv = sys.argv[1:]
    if "--out" in argv:  # (where the file goes is not part of what it holds)
        del argv[argv.index("--out"):argv.index("--out") + 2]
    command = "bench/find_examples.py " + " ".join(a for a in argv if not a.startswith("--out="))
    for t in TABLE:
        if t.code in col.found and (col.codes is None or t.code in col.codes):
            doc = {"format": FORMAT, "code": t.code, "generated_by": command, "seed": args.seed,
                   "example": col.found[t.code]}
            (out / f"{t.code}.json").write_text(json.dumps(doc, separators=(",", ":")) + "\n", encoding="utf-8")


def stored_records(folder: pathlib.Path) -> dict[str, dict[str, Any]]:
    """The examples stored in ``folder``, by code."""
    out = {}
    for path in sorted(folder.glob("*.json")):
        doc = json.loads(path.read_text(encoding="utf-8"))
        if doc.get("format") == FORMAT:
            out[doc["code"]] = doc["example"]
    return out


def catalogue_mode(args: argparse.Namespace) -> int:
    if args.puzzles is not None and args.codes:
        # reproducible: each technique on its own, with a generator seeded by the seed and its code
        for code in args.codes.split(","):
            catalogue_run(args, {code}, random.Random(f"{args.seed}:{code}"))
        return 0
    return catalogue_run(args, set(args.codes.split(",")) if args.codes else None, random.Random(args.seed))


def catalogue_run(args: argparse.Namespace, codes: set[str] | None, rng: random.Random) -> int:
    t0 = time.time()
    col = Collector(math.inf if args.puzzles is not None else t0 + args.seconds, codes)
    merge = pathlib.Path(args.out) if args.out and pathlib.Path(args.out).exists() else OUT
    if args.merge and merge.exists():
        for code, rec in stored_records(merge).items():
            col.found[code] = rec
            col.rank[code] = 0 if rec.get("also") else 2 if rec["easiest"] else 1
    paths = []
    named = {text.strip(): label for label, text, _ in SHOWCASE}
    given = [(f"the showcase's {named[text.strip()]!r}" if text.strip() in named else
              f"a given puzzle ({text.strip()[:90]})", text, None) for text in args.puzzle or ()]
    for label, text, fmt in given or ([] if args.generated_only else SHOWCASE):
        puzzle = read_puzzle(text, fmt)
        unique = count_solutions(puzzle, 2) == 1
        paths.append((col.solve_path(puzzle, label, unique), label, unique))
        if args.by_rating:
            paths.append((col.solve_by_rating(puzzle, label, unique), label, unique))
        if not puzzle.has_cages and puzzle.size == 9:
            col.solve_path(puzzle, label, unique, "se")
    generated = 0
    while not given and col.missing(below=2) and (generated < args.puzzles if args.puzzles is not None
                                    else time.time() - t0 < args.seconds * args.generate):
        puzzle = minimal(random_grid(rng), rng, args.deplete)
        generated += 1
        if args.by_rating:
            path = col.solve_by_rating(puzzle, f"a puzzle deduce generated ({puzzle.givens_string()})", True)
        else:
            path = col.solve_path(puzzle, f"a puzzle deduce generated ({puzzle.givens_string()})", True)
        if generated % 20 == 0:
            print(f"({generated} puzzles, {time.time() - t0:.0f} s)", flush=True)
        if set(SE_ONLY) & set(col.missing(below=2)):
            col.solve_path(puzzle, f"a puzzle deduce generated ({puzzle.givens_string()})", True, "se")
        if len(path) > 40 and any(s.technique.family not in ("singles",) for _, s in path):
            if args.search_as_generated:  # search each generated path at once (all the time goes to generating)
                before = dict(col.rank)
                col.search_path(path, f"a puzzle deduce generated ({puzzle.givens_string()})", True)
                if col.rank != before:
                    save(col, args)  # keep what was found should the search be stopped
            else:
                paths.append((path, f"a puzzle deduce generated ({puzzle.givens_string()})", True))
    def relevance(item: tuple[list[tuple[State, Step]], str, bool]) -> int:
        # a puzzle picked for a technique still missing first
        label = item[1].lower()
        return 0 if any(TECHNIQUES[c].name.lower() in label for c in col.missing()) else 1

    paths.sort(key=relevance)
    for path, source, unique in paths:
        if not col.missing(below=1) or time.time() > col.deadline:
            break
        col.search_path(path, source, unique)
    save(col, args)
    ranks = [col.rank[c] for c in col.found]
    print(f"{len(col.found)} of {len(TABLE)} techniques ({ranks.count(2)} easiest, {ranks.count(1)} not "
          f"reducible, {ranks.count(0)} also made by an easier technique); {generated} puzzles generated; "
          f"missing: {', '.join(c for c in col.missing(below=0)) or 'none'}; "
          f"{time.time() - t0:.0f} s; written to {args.out or OUT.relative_to(ROOT)}")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--want", help="technique codes, comma-separated")
    ap.add_argument("--catalogue", action="store_true", help="write deduce/data/examples/<code>.json")
    ap.add_argument("--puzzles", type=int, help="generate this many puzzles (instead of a time bound): reproducible")
    ap.add_argument("--seconds", type=float, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--merge", action="store_true", help="keep the stored examples, improve on them")
    ap.add_argument("--codes", help="look only for these techniques (comma-separated codes)")
    ap.add_argument("--generate", type=float, default=1 / 3,
                    help="share of --seconds spent generating puzzles (the rest searches solve paths)")
    ap.add_argument("--deplete", action="store_true",
                    help="generate puzzles whose givens of one digit are taken away first (for jellyfish)")
    ap.add_argument("--by-rating", action="store_true",
                    help="solve generated puzzles trying techniques in order of rating: every step taken is "
                         "not reducible to an easier technique")
    ap.add_argument("--generated-only", action="store_true", help="skip the showcase puzzles")
    ap.add_argument("--puzzle", action="append",
                    help="with --catalogue: look only in this puzzle (any format deduce reads; repeatable), not in "
                         "the showcase or generated ones: for a technique that needs a property of the whole "
                         "puzzle, such as a symmetry")
    ap.add_argument("--out", help="the folder to write the examples to (default deduce/data/examples)")
    ap.add_argument("--search-as-generated", action="store_true",
                    help="search each generated puzzle's solve path as soon as it is made (use with --generate 1)")
    ap.add_argument("--as-used", action="store_true",
                    help="only count steps the solver took (where the technique was the easiest available)")
    args = ap.parse_args()
    if args.catalogue:
        return catalogue_mode(args)
    if not args.want:
        ap.error("give --want CODES or --catalogue")
    return want_mode(args)


if __name__ == "__main__":
    sys.exit(main())
