#!/usr/bin/env python3
"""Make the practice bank, ``deduce/data/practice.json``: for every technique
of the table, positions where it is the first step of a solve (what the app's
"Practise this" opens, deduce/server/study.py).

A position is one on a solve path just before the engine takes the technique:
from it, with the same profile, the first step found is that technique.  The
profile is ``deduce`` (the hints') for the techniques it holds, ``se`` for
Sudoku Explainer's own (the direct ones) and ``full`` for the opt-in ones.
The puzzles are deduce's own, never a corpus's: the catalogue's stored
examples (deduce/data/examples: showcase and generated puzzles, killers,
jigsaws and variants among them), the showcase, then puzzles the generator
makes for a technique still short of positions (``--generate`` seconds each).
Each position kept is read back from its record and its first step found
again before it is written: what the app opens is what was judged.

    python bench/make_practice.py [--per 3] [--generate 20] [--seconds 60] [--seed 1] [--codes x-wing,als-xz]

``--codes`` remakes those techniques' positions and keeps the others' stored.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys
import time
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from deduce.backtrack import count_solutions, iter_solutions  # noqa: E402
from deduce.catalogue import ordered_table, stored  # noqa: E402
from deduce.engine import Solver, check_step, effective  # noqa: E402
from deduce.errors import DeduceError, SolveTimeout  # noqa: E402
from deduce.formats import read_puzzle  # noqa: E402
from deduce.generate.practice import (  # noqa: E402
    BANK_FORMAT,
    PRACTICE_PROFILES,
    bank_path,
    first_step,
    position_record,
    practice_profiles,
    profile_for,
    record_state,
)
from deduce.puzzle import Puzzle  # noqa: E402
from deduce.showcase import SHOWCASE  # noqa: E402
from deduce.solve_cache import SolveCache  # noqa: E402
from deduce.state import State  # noqa: E402

OUT = ROOT / "deduce" / bank_path()


def solution_of(puzzle: Puzzle) -> tuple[list[int] | None, bool]:
    """The puzzle's solution (the first found) and whether it is its only one."""
    found = []
    for s in iter_solutions(puzzle):
        found.append(list(s))
        if len(found) == 2:
            break
    return (found[0] if found else None), len(found) == 1


class Bank:
    """Positions by technique code, at most ``per`` each, from distinct puzzles, judged with the technique's
    preferred profile where one is found, else the next of :data:`PRACTICE_PROFILES` that has one."""

    def __init__(self, codes: list[str], per: int):
        self.codes = set(codes)
        self.per = per
        self.by: dict[tuple[str, str], list[dict[str, Any]]] = {}

    @property
    def found(self) -> dict[str, list[dict[str, Any]]]:
        """Each technique's positions of its most preferred profile that has any."""
        out: dict[str, list[dict[str, Any]]] = {}
        for code in sorted(self.codes):
            out[code] = next((self.by[code, p] for p in practice_profiles(code) if self.by.get((code, p))), [])
        return out

    def short(self) -> list[str]:
        """The techniques still short of positions of their preferred profile."""
        return [c for c in sorted(self.codes) if len(self.by.get((c, profile_for(c)), [])) < self.per]

    def wanted(self, code: str) -> tuple[str, ...]:
        """The profiles a new position of ``code`` would still be kept for."""
        if code not in self.codes:
            return ()
        out = []
        for p in practice_profiles(code):
            if len(self.by.get((code, p), [])) < self.per:
                out.append(p)
            if self.by.get((code, p)):
                break   # (a less preferred profile is never used once this one has positions)
        return tuple(out)

    def offer(self, code: str, profile: str, puzzle: Puzzle, state: State, source: str) -> bool:
        """Keep the position (before a ``code`` step of ``profile``'s solve) if wanted and it checks out."""
        if profile not in self.wanted(code):
            return False
        record = position_record(code, profile, puzzle, state, source)
        kept = self.by.setdefault((code, profile), [])
        if any(r["puzzle"] == record["puzzle"] for r in kept):
            return False
        if count_solutions(record_state(record), 2) != 1:   # (the app's hints are for one solution)
            return False
        if first_step(record_state(record), profile) != code:   # read back, judged again
            print(f"  {code}: the position read back has another first step; not kept", flush=True)
            return False
        kept.append(record)
        print(f"{code:26} {len(kept)}/{self.per} {profile:6} {source[:70]}", flush=True)
        return True

    def walk(self, puzzle: Puzzle, profile: str, source: str, seconds: float, start: State | None = None) -> None:
        """Solve ``puzzle`` (from ``start``, a position of it) with ``profile``; offer the position before each step."""
        solution, unique = solution_of(puzzle)
        if solution is None:
            return
        state = start.copy() if start is not None else State.from_puzzle(puzzle)
        before = state.copy()
        try:
            for step in Solver(profile=profile, time_limit=seconds).steps(state, solution, unique=unique):
                if unique:   # (the app's hints are for puzzles with one solution)
                    self.offer(step.technique.code, profile, puzzle, before, source)
                before = state.copy()
        except (SolveTimeout, DeduceError) as exc:
            print(f"  ({source[:50]}: {profile} solve stopped: {type(exc).__name__})", flush=True)


def has_step(strategies: list[Any], state: State) -> bool:
    """Whether one of ``strategies`` has an effective step in ``state``."""
    return any(effective(step, state) for s in strategies for step in s.find(state))


def clear_the_way(code: str, profile: str, start: State, seconds: float) -> State | None:
    """A position, reached from ``start`` (one where ``code`` has a step) by sound steps of the techniques
    ``profile`` tries before it, where ``code`` is ``profile``'s first step: each step taken is the first,
    in the profile's order, of those that leave a ``code`` step in place (a solve path in another order
    than the profile's: the easier steps that would spoil the pattern are left to after it).  None when
    every easier step spoils it, or after ``seconds``."""
    solution, unique = solution_of(start.puzzle)
    if solution is None or not unique or not all(start.cand[k] >> v & 1 for k, v in enumerate(solution)):
        return None
    solver = Solver(profile=profile)
    strategies = solver.usable(start.puzzle, unique=True)
    target = [s for s in strategies if s.technique.code == code]
    if not target:
        return None
    earlier = strategies[:strategies.index(target[0])]
    state: State | None = start.copy()
    end = time.time() + seconds
    while state is not None and time.time() < end and has_step(target, state):
        first = solver.next_step(state, strategies)
        if first is not None and first.technique.code == code:
            return state
        state = next_keeping(earlier, target, state, solution, end)
    return None


def next_keeping(earlier: list[Any], target: list[Any], state: State, solution: list[int],
                 end: float) -> State | None:
    """``state`` after the first step of ``earlier`` (checked against ``solution``) that leaves a step of
    ``target``, or None."""
    for strategy in earlier:
        for step in strategy.find(state):
            if time.time() > end:
                return None
            if not effective(step, state):
                continue
            check_step(step, solution, state)
            trial = state.copy()
            trial.apply(step)
            trial.cache = SolveCache()
            if has_step(target, trial):
                return trial
    return None


def clear_walk(bank: Bank, code: str, profile: str, puzzle: Puzzle, source: str, seconds: float) -> None:
    """Solve ``puzzle`` with ``profile``; at the first positions holding a ``code`` step, clear the way to it."""
    solution, unique = solution_of(puzzle)
    if solution is None or not unique:
        return
    solver = Solver(profile=profile, time_limit=seconds)
    target = [s for s in solver.usable(puzzle, unique=True) if s.technique.code == code]
    state, end = State.from_puzzle(puzzle), time.time() + seconds
    before = state.copy()
    try:
        for _ in solver.steps(state, solution, unique=True):
            if time.time() > end or profile not in bank.wanted(code):
                return
            if has_step(target, before):
                cleared = clear_the_way(code, profile, before, max(1.0, end - time.time()))
                if cleared is not None and bank.offer(code, profile, puzzle, cleared, source + ", the way cleared"):
                    return
            before = state.copy()
    except (SolveTimeout, DeduceError):
        return


def generated(kind: str, code: str, end: float, seed: int, **options: Any) -> Any:
    """The generator's first 9x9 ``kind`` puzzle using ``code`` (``options`` its), made before ``end``; None
    (and why, printed) when it makes none."""
    from deduce.generate import generate

    try:
        return next(iter(generate(kind, 9, techniques=code, timeout=max(1.0, end - time.time()), seed=seed,
                                  **options)))
    except (DeduceError, SolveTimeout, ValueError, StopIteration) as exc:
        print(f"  {code}: the {kind} generator ({options.get('profile')}): {' '.join(str(exc).split())[:100]}")
        return None


def killers(bank: Bank, code: str, args: argparse.Namespace) -> None:
    """Killers the generator makes for cage technique ``code``, walked with deduce's profile (each position
    before a step offered), the way cleared where the solve passes the pattern by."""
    end, seed = time.time() + args.generate, args.seed
    while bank.wanted(code) and time.time() < end:
        made = generated("killer", code, end, seed, profile="deduce")
        if made is None:
            return
        seed += 1
        source = f"a killer deduce generated (seed {made.seed})"
        bank.walk(made.puzzle, "deduce", source, args.seconds)
        if "deduce" in bank.wanted(code):
            clear_walk(bank, code, "deduce", made.puzzle, source, args.clear)


def clear_examples(bank: Bank, examples: dict[str, Any], seconds: float) -> None:
    """For each technique still short, its stored example's position with the way cleared to it."""
    for code in bank.codes:
        ex = examples.get(code)
        if ex is None:
            continue
        for profile in bank.wanted(code):
            try:
                state = clear_the_way(code, profile, ex.state(), seconds)
            except (SolveTimeout, DeduceError) as exc:
                print(f"  {code} ({profile}): clearing the way stopped: {type(exc).__name__}", flush=True)
                continue
            if state is not None:
                source = f"the catalogue's example ({ex.source}), easier steps that keep the pattern taken first"
                bank.offer(code, profile, ex.puzzle, state, source[:200])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--per", type=int, default=3, help="positions per technique")
    ap.add_argument("--seconds", type=float, default=60, help="the longest one solve may take")
    ap.add_argument("--generate", type=float, default=20, help="seconds of generating per technique still short")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--codes", help="only these techniques (comma-separated); the others' positions are kept")
    ap.add_argument("--out", default=str(OUT))
    ap.add_argument("--no-walk", dest="walk", action="store_false",
                    help="skip the walks of the catalogue's and showcase's puzzles (the generator only)")
    ap.add_argument("--profiles", help="the generator's puzzles for these profiles only (comma-separated)")
    ap.add_argument("--clear", type=float, default=0,
                    help="seconds per technique and profile to clear the way to its stored example's pattern")
    args = ap.parse_args()
    t0 = time.time()
    table = [t.code for t in ordered_table()]
    codes = args.codes.split(",") if args.codes else table
    bank = Bank(codes, args.per)
    examples = stored()
    # 1. the stored examples' own positions, where the technique comes first there; then their puzzles
    # (and the showcase's) solved with each profile still wanted
    sources: list[tuple[Puzzle, str, State | None]] = []
    for code, ex in examples.items():
        for profile in bank.wanted(code):
            if first_step(ex.state(), profile) == code:
                bank.offer(code, profile, ex.puzzle, ex.state(), f"the catalogue's example ({ex.source})"[:200])
        # the solve from the example's own position (the pattern is there; easier steps come first)
        sources.append((ex.puzzle, f"the catalogue's {code} example's position ({ex.source})"[:200], ex.state()))
    sources += [(ex.puzzle, f"the catalogue's {code} example ({ex.source})"[:200], None)
                for code, ex in examples.items()]
    sources += [(read_puzzle(text, fmt), f"the showcase's {label!r}", None) for label, text, fmt in SHOWCASE]
    for puzzle, source, start in sources if args.walk else []:
        wanted = {p for c in bank.codes for p in bank.wanted(c)}
        for profile in [p for p in PRACTICE_PROFILES if p in wanted]:
            bank.walk(puzzle, profile, source, args.seconds, start)
    if args.clear:
        clear_examples(bank, examples, args.clear)
    # 2. the generator, for the techniques still short
    from deduce.techniques import TECHNIQUES

    for code in bank.short():
        if TECHNIQUES[code].family == "cages" and args.clear:
            killers(bank, code, args)
            continue
        if TECHNIQUES[code].family in ("variants", "cages", "leftovers"):
            continue   # (the generator's practice positions are classic ones)
        tried = [p for p in bank.wanted(code) if not args.profiles or p in args.profiles.split(",")]
        for profile in tried:   # (each profile holding it, the preferred first, a share of the time)
            end = time.time() + args.generate / len(tried)
            seed = args.seed
            while len(bank.found[code]) < args.per and time.time() < end and profile in bank.wanted(code):
                made = generated("classic", code, end, seed, practice=True, profile=profile)
                if made is None:
                    break
                seed += 1
                source = f"a puzzle deduce generated (seed {made.seed})"
                if made.position is not None:
                    state = State(made.puzzle, list(made.position.cand), list(made.position.value))
                    if bank.offer(code, profile, made.puzzle, state, source):
                        continue
                    cleared = clear_the_way(code, profile, state, args.clear) if args.clear else None
                    if cleared is not None and bank.offer(code, profile, made.puzzle, cleared,
                                                          source + ", the way to its position cleared"):
                        continue
                bank.walk(made.puzzle, profile, source, args.seconds)   # (the profile's own path may take it)
                if args.clear and profile in bank.wanted(code):
                    clear_walk(bank, code, profile, made.puzzle, source, args.clear)
    write(bank, args, table)
    short = [c for c in table if c in bank.codes and not bank.found[c]]
    print(f"{sum(len(v) for v in bank.found.values())} positions for {len(bank.codes) - len(short)} of "
          f"{len(bank.codes)} techniques; none for: {', '.join(short) or 'none'}; {time.time() - t0:.0f} s")
    return 0


def write(bank: Bank, args: argparse.Namespace, table: list[str]) -> None:
    out = pathlib.Path(args.out)
    old: dict[str, list[dict[str, Any]]] = {}
    if out.exists():
        old = json.loads(out.read_text(encoding="utf-8")).get("positions", {})
    positions = {c: (bank.found[c] if c in bank.codes else old.get(c, [])) for c in table}
    command = "bench/make_practice.py " + " ".join(a for a in sys.argv[1:] if not a.startswith("--out"))
    doc = {"format": BANK_FORMAT, "generated_by": command.strip(),
           "positions": {c: v for c, v in positions.items() if v}}
    text = json.dumps(doc, separators=(",", ":"))
    out.write_text(text.replace('},{"code"', '},\n{"code"') + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
