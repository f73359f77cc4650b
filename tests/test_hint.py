"""``deduce hint``: a wrong symbol located with the original puzzle, each
level worded differently, solved grids and several solutions."""

from __future__ import annotations

import json

import pytest

from deduce import Solver, read_puzzle
from deduce.hint import MISTAKE, MULTIPLE, SOLVED, hint, position

from .test_cli import run

EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


@pytest.fixture(scope="module")
def solution() -> str:
    return Solver().solve(read_puzzle(EASY)).solution_string


def _with(grid: str, cell: int, ch: str) -> str:
    return grid[:cell] + ch + grid[cell + 1:]


def _wrong_far_from(solution: str, cell: int) -> str:
    """A symbol for ``cell`` that is wrong but clashes with nothing in EASY."""
    row, col, box = cell // 9, cell % 9, (cell // 27) * 3 + (cell % 9) // 3
    seen = {EASY[c] for c in range(81) if c // 9 == row or c % 9 == col or (c // 27) * 3 + (c % 9) // 3 == box}
    return next((d for d in "123456789" if d != solution[cell] and d not in seen), "")


def _open_cell(solution: str, start: int) -> int:
    """The first blank cell from ``start`` that can take a wrong, non-clashing symbol."""
    return next(c for c in range(start, 81) if EASY[c] == "." and _wrong_far_from(solution, c))


def test_a_wrong_digit_is_located_with_the_original_givens(tmp_path, solution):
    # the player filled three cells correctly and one wrongly, far from any clash
    grid = EASY
    for cell in (2, 3, 5):
        grid = _with(grid, cell, solution[cell])
    bad = _open_cell(solution, 36)
    name = f"r{bad // 9 + 1}c{bad % 9 + 1}"
    box = (bad // 27) * 3 + (bad % 9) // 3 + 1
    grid = _with(grid, bad, _wrong_far_from(solution, bad))
    givens = tmp_path / "original.txt"
    givens.write_text(EASY + "\n")
    outs = {}
    for level in ("nudge", "clue", "full"):
        code, out, _ = run(["hint", "--givens", str(givens), "--level", level], grid + "\n")
        assert code == 1
        outs[level] = out.strip()
    assert len(set(outs.values())) == 3  # each level words the mistake differently
    assert outs["nudge"] == f"Something you placed is wrong: check box {box}."
    assert outs["clue"] == f"{name} is wrong."
    assert outs["full"].startswith(f"The grid has a mistake: {name} holds ")
    for text in outs.values():  # the answer is never given away
        assert f"{name} = {solution[bad]}" not in text and f"{solution[bad]} in {name}" not in text
    for cell in (2, 3, 5):  # the right digits are not blamed
        assert f"r1c{cell + 1}" not in outs["full"]


def test_json_document_with_givens_and_position(solution):
    bad = _open_cell(solution, 36)
    grid = _with(EASY, bad, _wrong_far_from(solution, bad))
    doc = {"size": 9, "givens": EASY, "position": grid}
    code, out, _ = run(["hint", "--json"], json.dumps(doc) + "\n")
    rec = json.loads(out)
    assert code == 1 and rec["status"] == "mistake" and rec["cells"] == [f"r{bad // 9 + 1}c{bad % 9 + 1}"]
    assert rec["nudge"] != rec["clue"] != rec["explanation"]
    # a correct position gets the next step, a changed given is named
    right = _with(EASY, bad, solution[bad])
    code, out, _ = run(["hint", "--json"], json.dumps({"size": 9, "givens": EASY, "position": right}) + "\n")
    assert code == 0 and json.loads(out)["status"] == "hint"
    changed = _with(right, 0, "1")
    code, out, _ = run(["hint"], json.dumps({"size": 9, "givens": EASY, "position": changed}) + "\n")
    assert code == 1 and "r1c1 is given as 5" in out


def test_solved_grid_says_so(solution):
    code, out, _ = run(["hint"], solution + "\n")
    assert code == 0 and out.startswith("The grid is solved")
    h = hint(position(read_puzzle(solution)))
    assert h.status == SOLVED and h.step is None


def test_several_solutions_say_so():
    h = hint(position(read_puzzle("." * 80 + "1")))
    assert h.status == MULTIPLE and "more than one solution" in h.text("full")
    code, out, _ = run(["hint", "--level", "clue"], "." * 80 + "1\n")
    assert code == 3 and "more than one solution" in out


def test_without_the_original_a_lone_culprit_is_still_found(solution):
    bad = _open_cell(solution, 0)
    grid = _with(EASY, bad, _wrong_far_from(solution, bad))
    h = hint(position(read_puzzle(grid)))
    assert h.status == MISTAKE and h.cells == (bad,)
    assert {h.text(level) for level in ("nudge", "clue", "full")}.__len__() == 3


def test_givens_file_mismatch_is_a_clear_error(tmp_path):
    givens = tmp_path / "two.txt"
    givens.write_text(EASY + "\n" + EASY + "\n")
    code, _, err = run(["hint", "--givens", str(givens)], EASY + "\n" + EASY + "\n" + EASY + "\n")
    assert code == 2 and "2 puzzles for 3 grids" in err
    code, _, err = run(["hint", "--givens", str(tmp_path / "missing.txt")], EASY + "\n")
    assert code == 2 and "missing.txt" in err


def test_profile_hodoku_hints_hodokus_step():
    """``--profile hodoku`` hints the step HoDoKu's own path takes from the
    position (:class:`HodokuSolver`), where the plain profile's first find differs."""
    from deduce.engine import Solver
    from deduce.puzzle import Puzzle
    from deduce.rating import HodokuSolver
    from deduce.state import State

    puzzle = Puzzle.from_string("57..6...3.3...5.6.6.1..7....53.....1....8....9.....27....8..4.2.8.1...3.2...4..19")
    state = State.from_puzzle(puzzle)
    path = HodokuSolver().solve(puzzle).steps
    for step in path[:17]:  # singles only: the grid of values is the whole position
        assert step.placements and not step.eliminations
        state.apply(step)
    grid = "".join("." if v < 0 else str(v + 1) for v in state.value)
    hodoku = next(HodokuSolver().steps(state.copy(), unique=True))
    plain = Solver(profile="hodoku").next_step(state)
    assert (hodoku.technique.code, hodoku.eliminations) != (plain.technique.code, plain.eliminations)
    code, out, err = run(["hint", "--json", "--profile", "hodoku"], grid + "\n")
    rec = json.loads(out)
    assert code == 0 and rec["status"] == "hint", err
    assert rec["step"]["code"] == hodoku.technique.code
    assert sorted(rec["step"]["eliminations"]) == sorted([f"r{c // 9 + 1}c{c % 9 + 1}", str(d + 1)]
                                                         for c, d in hodoku.eliminations)
