"""3D Medusa: each rule on a small position that keeps a solution, the
cases it must not take, the search against the definition written out
with sets, soundness, and its words and picture."""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from deduce import Puzzle, State, iter_solutions
from deduce.render.marks import marks
from deduce.render.words import TextRenderer
from strategies.medusa import Medusa, clusters, medusa_steps, strong_links

from .corpus_soundness import CORPORA, check_along_path, samples
from .soundness import solution_positions

EMPTY9 = Puzzle.empty(9)
SOLUTION = next(iter(iter_solutions(EMPTY9)))


def _cell(name: str) -> int:
    return (int(name[1]) - 1) * 9 + int(name[3]) - 1


def _position(cells: dict[str, str]) -> State:
    """SOLUTION with ``cells`` open (name -> candidates, e.g. "347")."""
    cand, value = [1 << s for s in SOLUTION], list(SOLUTION)
    for name, digits in cells.items():
        c = _cell(name)
        assert str(SOLUTION[c] + 1) in digits
        cand[c], value[c] = sum(1 << (int(d) - 1) for d in digits), -1
    return State(EMPTY9, cand, value)


def _cands(*names: str) -> set[tuple[int, int]]:
    """``"7r3c1"`` -> (cell, symbol index)."""
    return {(_cell(n[1:]), int(n[0]) - 1) for n in names}


def _found(state: State) -> list[tuple[str, set[tuple[int, int]]]]:
    return [(s.variant, set(s.eliminations)) for s in Medusa().find(state)]


#: row 3 {3,7} in r3c1 and r3c6, column 6 {3,4} in r3c6 and r4c6, row 4 2 in r4c1 and r4c6, column 1 7 in
#: r3c1 and r4c1: one colour holds 7r3c6, 3r3c1, 7r4c1, 2r4c6 and 3r4c6, two symbols in r4c6.
TWICE_IN_A_CELL = {"r3c6": "347", "r3c1": "37", "r4c6": "234", "r4c1": "27"}
#: one colour holds 7r1c7, 1r2c7 and 1r1c8 (row 1 and box 3 have three 1s: no link), 1 twice in box 3
TWICE_IN_A_HOUSE = {"r1c7": "17", "r1c8": "178", "r2c8": "127", "r2c7": "18"}
#: one colour leaves r7c4 {1,2} nothing
EMPTIES_A_CELL = {"r9c6": "12", "r9c4": "123", "r7c4": "12", "r7c6": "235"}
#: 2 in r4c7 is false whichever colour is true
TRAP = {"r4c7": "258", "r9c7": "58", "r4c1": "29", "r9c1": "29"}


def test_a_colour_twice_in_a_cell_is_false() -> None:
    assert _found(_position(TWICE_IN_A_CELL)) == [("cell", _cands("3r3c1", "7r3c6", "7r4c1", "2r4c6", "3r4c6"))]


def test_a_colour_twice_in_a_house_is_false() -> None:
    """Blue would put 1 in r1c7 and r2c8, both in box 3."""
    assert _found(_position(TWICE_IN_A_HOUSE)) == [("house", _cands("1r1c7", "7r1c8", "8r2c7", "1r2c8"))]


def test_a_colour_that_empties_a_cell_is_false() -> None:
    """Two clusters: the first puts 2 twice in box 8; in the second, blue
    (1 in r9c4, 2 in r9c6) takes both candidates of r7c4 {1,2}."""
    assert _found(_position(EMPTIES_A_CELL)) == [("house", _cands("1r7c4", "2r7c6", "2r9c4")),
                                                  ("empty", _cands("1r9c4", "2r9c6"))]


def test_a_candidate_false_under_both_colours_is_removed() -> None:
    """r4c7 {2,5,8}: blue puts 5 there, green 8 (two colours in a cell)."""
    assert _found(_position(TRAP)) == [("trap", _cands("2r4c7"))]


def test_must_not_find_clusters_of_one_symbol_or_an_odd_loop() -> None:
    """With r9c7 {5,6,8} the 5s and the 8s of column 7 are two one-symbol
    clusters (simple colouring's, tried earlier): no step; an odd loop of
    strong links (only in a position without a solution) colours nothing."""
    split = _position({**TRAP, "r9c7": "568"})
    assert all(len(k.symbols) >= 2 for k in clusters(split))
    assert _found(split) == []
    cand = [0b111110000] * 81
    # r1c1 {1,2}, r2c2 {1,2}, r2c1 {1,3}: 1r1c1 - 2r1c1 (cell) - 2r2c2 (box 1) - 1r2c2 (cell) - 1r2c1 (row 2)
    # - 1r1c1 (column 1): five links, a loop no two colours can alternate around
    cand[0], cand[10], cand[9] = 0b011, 0b011, 0b101
    odd = State(EMPTY9, cand, [-1] * 81)
    assert (9, 0) in strong_links(odd)[(0, 0)] and (10, 1) in strong_links(odd)[(0, 1)]
    assert clusters(odd) == []
    assert list(Medusa().find(odd)) == []


def _reference(state: State) -> list[tuple[bool, set[tuple[int, int]]]]:
    """The definition, with sets: assume one colour true and the other
    false; a colour is false when a cell gets two symbols, a house one symbol
    twice, or a cell nothing; else an uncoloured candidate false under both
    is removed."""
    cand, value, peer = state.cand, state.value, state.puzzle.peer_masks
    out = []
    for cluster in clusters(state):
        false_under = []
        refuted = []
        for true, false in (cluster.colours, cluster.colours[::-1]):
            t, f = set(true), set(false)
            out_cands = set(f)
            for c in range(81):
                for s in range(9):
                    if any((d == c and x != s) or (x == s and peer[c] >> d & 1) for d, x in t):
                        out_cands.add((c, s))
            bad = any((d, x) in out_cands for d, x in t)
            bad |= any(value[c] < 0 and all((c, s) in out_cands for s in range(9) if cand[c] >> s & 1)
                       for c in range(81))
            refuted.append((bad, set(true)))
            false_under.append(out_cands)
        if any(bad for bad, _ in refuted):
            out.extend((True, cands) for bad, cands in refuted if bad)
            continue
        coloured = set(cluster.colours[0]) | set(cluster.colours[1])
        gone = {(c, s) for c in range(81) if value[c] < 0 for s in range(9) if cand[c] >> s & 1
                and (c, s) not in coloured and (c, s) in false_under[0] and (c, s) in false_under[1]}
        if gone:
            out.append((False, gone))
    return out


#: positions keeping a solution (see tests/soundness.py)
POSITIONS = solution_positions(solved=(3, 8), extras=2)


@settings(max_examples=60, deadline=None)
@given(POSITIONS)
def test_the_search_is_the_definition_and_sound(case: tuple[State, list[int]]) -> None:
    state, solution = case
    links = strong_links(state)
    for k in clusters(state):
        for a, b in k.links:               # linked candidates are in opposite colours
            assert b in links[a]
            assert (a in k.colours[0]) != (b in k.colours[0])
    found = [(v != "trap", set(gone)) for _, v, _, gone in medusa_steps(state)]
    assert found == _reference(state)
    for _, gone in found:
        for cell, sym in gone:
            assert solution[cell] != sym


def test_words_at_three_levels_and_the_picture() -> None:
    for cells in (TWICE_IN_A_CELL, TWICE_IN_A_HOUSE, EMPTIES_A_CELL, TRAP):
        state = _position(cells)
        step = next(iter(Medusa().find(state)))
        text = TextRenderer(EMPTY9).levels(step)
        assert text["nudge"].startswith("Colour the candidates joined by strong links")
        assert "blue:" in text["clue"] and "green:" in text["clue"]
        full = text["explanation"]
        assert full.startswith("3D Medusa: ")
        assert TextRenderer(EMPTY9).removed(step.eliminations) in full
        if step.variant == "trap":
            assert "false whichever colour is true" in full
        else:
            assert "is false:" in full
        m = marks(step, EMPTY9, state)
        roles = {r for _, _, r in m.candidates}
        assert {"colour-1", "colour-2", "eliminated"} <= roles
        assert m.links and all(link.strong for link in m.links)


@pytest.mark.corpus
@pytest.mark.skipif(not CORPORA.exists(), reason="../shared/corpora is absent")
def test_sound_along_the_solve_paths_of_every_corpus() -> None:
    """Every 3D Medusa step at every position of the solve paths of a sample
    of each corpus (classic, jigsaw, killer) is checked against the solution."""
    checked = sum(check_along_path(puzzle, [Medusa()]) for _, puzzle in samples(4))
    assert checked > 0
