"""Writes ``tests/data/regression.txt``: one-line regression cases in HoDoKu's
reglib shape, found by deduce on its own showcase puzzles.

For each technique with a HoDoKu id, the first step of it that is effective
somewhere along a showcase puzzle's logical solution path is written as
``:<id>:<digits>:<givens>:<deleted>:<eliminations>:<placements>::`` (see
``tests/reglib.py``), after checking it against the puzzle's solution.  The
file is a regression baseline a clean clone can check without
``../shared``: ``tests/test_regression_cases.py`` reads it.

    python -m tests.make_regression          # rewrites tests/data/regression.txt
"""

from __future__ import annotations

import pathlib

OUT = pathlib.Path(__file__).resolve().parent / "data" / "regression.txt"
#: Forcing chains are slow to search on every position; their cases come from
#: the showcase puzzle made for them only.
SLOW_FAMILIES = ("forcing",)


def _entry(cell: int, sym: int) -> str:
    return f"{sym + 1}{cell // 9 + 1}{cell % 9 + 1}"


def line(hodoku_id: str, state, step) -> str:  # type: ignore[no-untyped-def]
    from deduce import State

    puzzle = state.puzzle
    givens = "".join(
        str(puzzle.givens[c] + 1) if puzzle.givens[c] >= 0
        else f"+{state.value[c] + 1}" if state.value[c] >= 0 else "."
        for c in range(81))
    natural = State.from_puzzle(puzzle)
    for c in range(81):
        if puzzle.givens[c] < 0 and state.value[c] >= 0:
            natural.place(c, state.value[c])
    deleted = [(c, s) for c in range(81) if state.value[c] < 0
               for s in range(9) if natural.cand[c] >> s & 1 and not state.cand[c] >> s & 1]
    digits = "".join(str(s + 1) for s in sorted(set(step.symbols) or {s for _, s in step.eliminations}))
    return ":".join(["", hodoku_id, digits, givens, " ".join(_entry(c, s) for c, s in deleted),
                     " ".join(_entry(c, s) for c, s in step.eliminations),
                     " ".join(_entry(c, s) for c, s in step.placements), "", ""])


def main() -> None:
    from deduce import Solver, State, read_puzzle
    from deduce.engine import effective
    from deduce.registry import discovered
    from deduce.showcase import SHOWCASE
    from deduce.techniques import TABLE

    wanted = {t.code: t for t in TABLE if t.hodoku_id and t.code != "bf"}
    found: dict[str, str] = {}
    for _label, text, fmt in SHOWCASE:
        puzzle = read_puzzle(text, fmt)
        if puzzle.size != 9 or puzzle.has_cages or puzzle.geometry.is_jigsaw:
            continue
        result = Solver().solve(puzzle)
        if result.solution is None:
            continue
        state = State.from_puzzle(puzzle)
        for step in result.steps:
            if step.code == "bf":
                break
            for strategy in discovered():
                code = strategy.technique.code
                if code not in wanted or code in found:
                    continue
                if wanted[code].family in SLOW_FAMILIES and step.technique.family not in SLOW_FAMILIES:
                    continue
                for candidate in strategy.find(state):
                    if effective(candidate, state):
                        assert all(result.solution[c] != s for c, s in candidate.eliminations), candidate
                        assert all(result.solution[c] == s for c, s in candidate.placements), candidate
                        found[code] = line(wanted[code].hodoku_id, state, candidate)
                        break
            state.apply(step)
    header = ["# One-line regression cases in HoDoKu's reglib shape (see tests/reglib.py), found by deduce",
              "# on its showcase puzzles and checked against their solutions; written by tests/make_regression.py.",
              "# Fields: technique id, digits, givens ('+' before a placed digit), deleted candidates,",
              "# eliminations, placements (each <digit><row><col>)."]
    body = [found[t.code] for t in TABLE if t.code in found]
    OUT.write_text("\n".join(header + body) + "\n")
    missing = sorted(set(wanted) - set(found))
    print(f"{len(body)} cases written to {OUT}; no case for: {', '.join(missing)}")


if __name__ == "__main__":
    main()
