"""deduce's own one-line regression cases (``tests/data/regression.txt``, in
HoDoKu's reglib shape), so that a clean clone checks every technique that
has a HoDoKu id without ``../shared``: each case's expected step must still
be found, and nothing unsound.  ``python -m tests.make_regression``
rewrites the file from the showcase puzzles."""

from __future__ import annotations

import pathlib

import pytest

from deduce.techniques import TABLE

from . import reglib

DATA = pathlib.Path(__file__).resolve().parent / "data" / "regression.txt"
CASES = list(reglib.cases(DATA))


def test_the_cases_cover_every_technique_with_a_hodoku_id() -> None:
    ids = {case.code for case in CASES}
    assert {t.hodoku_id for t in TABLE if t.hodoku_id and t.code != "bf"} <= ids
    for case in CASES:
        assert len(case.givens.replace("+", "")) == 81 and (case.eliminations or case.placements), case.line


@pytest.mark.parametrize("case", CASES, ids=[f"{c.code}-line{c.line}" for c in CASES])
def test_regression_case(case: reglib.Case) -> None:
    _, solution = reglib.position(case)
    assert solution is not None, "each case's givens have one solution"
    ok, why = reglib.check(case)
    assert ok, why


def test_a_case_expecting_an_unsound_elimination_fails() -> None:
    case = next(c for c in CASES if c.eliminations)
    state, solution = reglib.position(case)
    cell = next(c for c in range(81) if state.value[c] < 0)
    wrong = case._replace(eliminations=frozenset({(cell, solution[cell])}), placements=frozenset())
    assert reglib.check(case)[0] and not reglib.check(wrong)[0]
