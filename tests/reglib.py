"""HoDoKu's regression library: reading cases and checking strategies on them.

One case per line: ``:<technique>:<candidates>:<givens>:<deleted>:<eliminations>:<placements>:<extra>:``.
``<givens>`` is 81 characters, ``+`` before a digit that was placed rather
than given; ``<deleted>``, ``<eliminations>`` and ``<placements>`` are
blank-separated ``<digit><row><col>`` entries.  A variant ``-x`` means the
technique must *not* be found.
"""

from __future__ import annotations

import pathlib
from typing import Iterator, NamedTuple

from deduce import Puzzle, State
from deduce.backtrack import first_solutions
from deduce.registry import discovered
from deduce.techniques import TABLE

PATH = pathlib.Path(__file__).resolve().parent.parent.parent / "shared" / "corpora" / "hodoku-reglib-1.3.txt"

#: HoDoKu ids whose step deduce files under a different technique of its
#: own (same logic, other name), beside the table's own hodoku_id column.
ALIASES: dict[str, tuple[str, ...]] = {
    # discontinuous nice loops are AICs: the same strong/weak link logic,
    # found by the static chain search
    "0707": ("aic",),
    # HoDoKu files colour traps and wraps (and the two multi-colour types) apart
    "0608": ("avoidable-rectangle",),
    "0709": ("grouped-aic",), "0710": ("grouped-aic",),
    "0501": ("simple-colours",), "0503": ("multi-colours",),
    # a continuous nice loop's eliminations are each an AIC (the loop less
    # one weak link) or a contradiction along the loop
    "0706": ("aic",),
    # HoDoKu reports two patterns sharing eliminations as one step: "dual"
    # kites and empty rectangles, "siamese" finned fish (same base sets)
    "0404": ("2-string-kite",), "0405": ("empty-rectangle",),
    "03111": ("finned-swordfish", "sashimi-swordfish"), "03211": ("finned-swordfish", "sashimi-swordfish"),
    "03121": ("finned-jellyfish", "sashimi-jellyfish"), "03221": ("finned-jellyfish", "sashimi-jellyfish"),
    "03411": ("finned-franken-swordfish",), "03421": ("finned-franken-jellyfish",),
    "03621": ("finned-mutant-jellyfish",),
    # kraken fish: deduce's one row (0371, type 1) also answers HoDoKu's type 2
    "0372": ("kraken-fish",),
}

#: Variants deduce deliberately does not implement, with the reason.
SKIPPED_VARIANTS: dict[tuple[str, str], str] = {
    (code, "2"): "uniqueness with missing candidates: deduce's own rectangles need both symbols in the corners "
                 "they read; HoDoKu's reading (the hodoku profile's settings) finds these cases: "
                 "tests/test_hodoku_path.py"
    for code in ("0600", "0601", "0602", "0603", "0604", "0605", "0606", "0607", "0608")
}

#: Single cases (by line of the library) deduce's finders do not reach, with the reason.
SKIPPED_CASES: dict[int, str] = {
    line: "a franken/mutant jellyfish deduce's fish finder does not reach: it keeps base houses apart (no endo "
          "fins) and allows at most two fins in franken and mutant fish (tried up to four: still not found)"
    for line in (716, 717, 724, 755)
}


class Case(NamedTuple):
    line: int
    code: str          # HoDoKu id, e.g. "0300"
    variant: str       # "", "1", "x", ...
    candidates: str
    givens: str
    deleted: tuple[tuple[int, int], ...]
    eliminations: frozenset[tuple[int, int]]
    placements: frozenset[tuple[int, int]]
    extra: str

    @property
    def must_not_find(self) -> bool:
        return self.variant == "x"


def _entries(text: str) -> list[tuple[int, int]]:
    out = []
    for item in text.split():
        digit, row, col = int(item[0]), int(item[1]), int(item[2])
        out.append(((row - 1) * 9 + col - 1, digit - 1))
    return out


def cases(path: pathlib.Path | None = None) -> Iterator[Case]:
    """The cases of ``path`` (HoDoKu's library, :data:`PATH`, by default)."""
    for lineno, raw in enumerate((path or PATH).read_text().splitlines(), 1):
        if not raw.startswith(":"):
            continue
        parts = raw.split(":")
        code, _, variant = parts[1].partition("-")
        yield Case(lineno, code, variant, parts[2], parts[3], tuple(_entries(parts[4])),
                   frozenset(_entries(parts[5])), frozenset(_entries(parts[6])), parts[7] if len(parts) > 7 else "")


def position(case: Case) -> tuple[State, tuple[int, ...] | None]:
    """The case's pencil-mark position and the puzzle's solution (from its givens)."""
    given_only = "".join(ch if i == 0 or case.givens[i - 1] != "+" else "." for i, ch in enumerate(case.givens)
                         if ch != "+")
    digits = case.givens.replace("+", "")
    # the '+' digits were placed by the solver, not given: avoidable rectangles tell them apart
    puzzle = Puzzle.from_string(given_only)
    state = State.from_puzzle(puzzle)
    for cell, (g, d) in enumerate(zip(given_only, digits)):
        if g == "." and d != ".":
            state.place(cell, int(d) - 1)
    for cell, sym in case.deleted:
        state.cand[cell] &= ~(1 << sym)
    sols = first_solutions(puzzle, 2)
    return state, sols[0] if len(sols) == 1 else None


def codes_for(hodoku_id: str) -> set[str]:
    """deduce technique codes that answer a HoDoKu id."""
    return {t.code for t in TABLE if t.hodoku_id == hodoku_id} | set(ALIASES.get(hodoku_id, ()))


def strategies_for(hodoku_id: str) -> list:
    codes = codes_for(hodoku_id)
    return [s for s in discovered() if s.technique.code in codes]


def check(case: Case, max_steps: int = 400, strategies: list | None = None) -> tuple[bool, str]:
    """(passed, why) for one case, with the strategies that implement its
    technique (or ``strategies``)."""
    if strategies is None:
        strategies = strategies_for(case.code)
    state, solution = position(case)
    found_steps = []
    for strategy in strategies:
        for i, step in enumerate(strategy.find(state)):
            if i >= max_steps:
                break
            if solution is not None:
                for cell, sym in step.eliminations:
                    if solution[cell] == sym:
                        return False, f"unsound: {strategy!r} removes the solution value of cell {cell}"
                for cell, sym in step.placements:
                    if solution[cell] != sym:
                        return False, f"unsound: {strategy!r} places a wrong value in cell {cell}"
            found_steps.append(step)
    relevant = [s for s in found_steps if s.eliminations or s.placements]
    if case.must_not_find:
        digits = {int(d) - 1 for d in case.candidates if d.isdigit()}
        hits = [s for s in relevant if any(sym in digits for _, sym in s.eliminations + s.placements)]
        return (not hits), "found a step it must not find" if hits else "ok"
    # deduce may report one pattern as several steps (one per house); the
    # library guarantees every instance of the technique agrees, so the
    # expected eliminations must lie in what the technique's steps remove.
    got_e = {e for s in relevant for e in s.eliminations}
    got_p = {p for s in relevant for p in s.placements}
    # a placement removes the cell's other candidates (HoDoKu states BUG+1 that way)
    got_e |= {(c, o) for c, v in got_p for o in range(9) if o != v and state.cand[c] >> o & 1}
    if (case.eliminations and case.eliminations <= got_e) or (case.placements and case.placements <= got_p):
        return True, "ok"
    return False, f"expected step not found among {len(relevant)} steps"
