"""The ``hodoku`` profile's nice loops, AICs and forcing chains are the ones
HoDoKu 2.2.0 applies (its tabling: :mod:`strategies._hodoku_tabling`).

The expected steps are what HoDoKu printed for these puzzles (``/vp``:
``sudoku.Main /bs FILE /vp``), its chain steps in order with their exact
eliminations or placement; the puzzles are made here (their whole paths are
in ``tests/data/hodoku-paths.txt``).  Every nice loop, AIC and forcing chain
the tabling finds along a solve is checked against the solution.
"""

from __future__ import annotations

import pytest

from deduce import Puzzle
from deduce.backtrack import first_solutions
from deduce.rating import HodokuSolver
from deduce.state import State
from deduce.step import Step
from strategies._hodoku_forcing import forcing_chains
from strategies._hodoku_tabling import hodoku_classic, nice_loops
from strategies.chains import Chains


def _cell(text: str) -> int:
    return (int(text[1]) - 1) * 9 + int(text[3]) - 1


def _told(step: Step) -> str:
    """A chain step as HoDoKu names its type, then its result in deduce's notation."""
    placed = " ".join(f"r{c // 9 + 1}c{c % 9 + 1}={d + 1}" for c, d in step.placements)
    removed = " ".join(f"r{c // 9 + 1}c{c % 9 + 1}<>{d + 1}" for c, d in step.eliminations)
    return f"{step.detail('hodoku')} {placed}{removed}"


#: HoDoKu's chain steps, in order (types by its /lt codes; eliminations sorted by cell, then digit)
HODOKU_CHAINS = {
    # continuous loop with a cell entered and left by strong links, then an AIC of type 1
    "..73....69..8.5..1...19..833.......9......67.......8..19.62.....7..5....2.6......": [
        "cnl r4c4<>2 r4c4<>4 r7c3<>3 r8c6<>8 r9c6<>8", "aic r4c7<>5 r4c8<>5 r6c4<>5"],
    # plain and grouped discontinuous nice loops, a grouped AIC
    "7.....93.4.....5..81.4.....9..1.6.2....7..6...6...3.8.....84......2....71.46..8.2": [
        "aic r4c7<>3 r7c9<>3", "dnl r5c3<>2", "dnl r5c5<>9", "dnl r7c2<>5", "dnl r7c8<>5", "dnl r8c2<>3",
        "dnl r9c2<>9", "dnl r4c2<>3", "dnl r8c1<>3", "gdnl r5c1<>5", "gdnl r5c2<>5", "gaic r6c7<>1 r7c9<>1"],
    # AICs of type 2, a grouped AIC, and a forcing chain contradiction that places a digit
    "75...6.3.....8...4.4.7..2....78....14.....968..............8...3..4625....635....": [
        "aic r4c6<>4 r6c7<>4 r6c8<>4", "aic r6c2<>3 r6c3<>3", "aic r2c7<>7 r6c8<>7", "dnl r2c6<>1",
        "dnl r1c3<>2", "dnl r3c1<>1", "dnl r4c2<>3", "dnl r6c5<>2", "dnl r9c8<>1", "gaic r2c2<>6 r4c1<>6",
        "fcc r6c8=2", "dnl r6c3<>1", "dnl r2c3<>9"],
}


@pytest.mark.parametrize("puzzle", list(HODOKU_CHAINS))
def test_the_chain_steps_are_hodokus(puzzle):
    steps = HodokuSolver().solve(Puzzle.from_string(puzzle)).steps
    told = [_told(s) for s in steps if s.detail("hodoku")]
    expected = [" ".join([kind, *sorted(rest.split(), key=lambda e: (_cell(e), e))])
                for kind, _, rest in (e.partition(" ") for e in HODOKU_CHAINS[puzzle])]
    assert told == expected


def test_only_hodokus_grid_is_tabled():
    # 9x9 with 3x3 boxes only: other grids keep deduce's own chain search (HoDoKu has no other grid)
    assert hodoku_classic(State.from_puzzle(Puzzle.from_string(next(iter(HODOKU_CHAINS)))))
    assert not hodoku_classic(State.from_puzzle(Puzzle.from_string("1..." "3..2" "...3" "..2.")))
    assert Chains("aic", tabling=True) != Chains("aic")
    assert repr(Chains("grouped-aic", sets=False, tabling=True)) == "Chains('grouped-aic', sets=False, tabling=True)"


def _positions(puzzle: Puzzle) -> list[tuple[State, Step]]:
    """Each step of the ``hodoku`` profile's solve with the position before it."""
    state = State.from_puzzle(puzzle)
    out = []
    for step in HodokuSolver().solve(puzzle).steps:
        out.append((state.copy(), step))
        state.apply(step)
    return out


@pytest.mark.parametrize("puzzle", list(HODOKU_CHAINS)[2:])
def test_every_tabled_chain_along_a_solve_is_sound(puzzle):
    p = Puzzle.from_string(puzzle)
    solution = tuple(first_solutions(p, 1)[0])
    checked = 0
    for state, step in _positions(p):
        if not step.detail("hodoku"):
            continue
        for groups in (False, True):
            loops, _ = nice_loops(state, groups)
            for f in loops:
                assert all(solution[c] != d for c, d in f.eliminations), (f.kind, sorted(f.eliminations))
                checked += 1
        chains, _ = forcing_chains(state)
        for f in chains:
            assert all(solution[c] != d for c, d in f.eliminations), (f.kind, sorted(f.eliminations))
            assert f.placement is None or solution[f.placement[0]] == f.placement[1], (f.kind, f.placement)
            checked += 1
    assert checked > 50


# -- ALS chains and forcing nets (strategies._hodoku_als, strategies._hodoku_nets) --------------------------

#: HoDoKu's ALS chain and forcing net steps, in order, as its /vp printed them (HoDoKu's name, then the result);
#: the puzzles are in tests/data/hodoku-paths.txt (made here from puzzles of classic-rated.csv by transposing and
#: relabelling)
HODOKU_ALS_NETS = {
    "..23...9...........46.9...26..9..45.1....4...2..5..83..89.1...7...........52...1.": ["als-chain r2c7<>5"],
    "7.8.......6.4.32.....6...5.9..3...7...2.4.1...8...6..5.9...4.....41.7.9.......3.8": ["net r6c8=2"],
    "6.....1....7.5..8..4....7.3..85.7....5.6....8..23.9....2....8.4..4.6..2.7.....9..": ["net r1c2<>3"],
    "..68.....7.953.....3...2.9.1.5....8.6.2...9.3.9....5.1.5.9...3.....574.8.....12..": [
        "net r5c4=1", "net r6c1=3", "als-chain r3c7<>7"],
}


def _result(step: Step) -> str:
    kind = "net" if step.technique.code == "dynamic-forcing" else step.technique.code
    placed = " ".join(f"r{c // 9 + 1}c{c % 9 + 1}={d + 1}" for c, d in step.placements)
    removed = " ".join(f"r{c // 9 + 1}c{c % 9 + 1}<>{d + 1}" for c, d in sorted(step.eliminations))
    return f"{kind} {placed}{removed}"


@pytest.mark.parametrize("puzzle", list(HODOKU_ALS_NETS))
def test_the_als_chains_and_forcing_nets_are_hodokus(puzzle):
    steps = HodokuSolver().solve(Puzzle.from_string(puzzle)).steps
    told = [_result(s) for s in steps if s.technique.code in ("als-chain", "dynamic-forcing")]
    assert told == HODOKU_ALS_NETS[puzzle]


@pytest.mark.parametrize("puzzle", [list(HODOKU_ALS_NETS)[i] for i in (0, 3)])
def test_every_hodoku_als_chain_and_net_along_a_solve_is_sound(puzzle):
    from strategies._hodoku_als import als_chains
    from strategies._hodoku_nets import net_results
    from strategies.als import als_links

    p = Puzzle.from_string(puzzle)
    solution = tuple(first_solutions(p, 1)[0])
    checked = 0
    for state, step in _positions(p):
        if step.technique.code == "als-chain":
            sets, chains = als_chains(state, als_links(state))
            for chain in chains:
                # links go to later sets only, each joins sets that do not overlap, four sets or more
                assert list(chain.sets) == sorted(chain.sets) and len(chain.sets) >= 4
                assert all(not sets[a].cells & sets[b].cells for a, b in zip(chain.sets, chain.sets[1:]))
                assert all(solution[c] != d for c, d in chain.eliminations), chain
                checked += 1
        if step.technique.code == "dynamic-forcing":
            for placements, eliminations in net_results(state):
                assert all(solution[c] == d for c, d in placements), placements
                assert all(solution[c] != d for c, d in eliminations), eliminations
                checked += 1
    assert checked > 0
