"""A new technique is one module: its home.

A dummy technique (a hidden single looked for in rows only, tried before the
built-in hidden single in every profile, Sudoku Explainer's and HoDoKu's
included) is written as one module in a temporary folder on ``sys.path``,
with its row, other names, words, details, picture and strategy together,
and registered through an entry point of a fake distribution (the real
entry-point machinery, nothing installed).  Without touching anything else
it is listed (``deduce techniques``), looked up by its other name,
explained at three levels, drawn and rated.
"""

from __future__ import annotations

import importlib
import pathlib
import sys
import textwrap
from typing import Iterator

import pytest

from deduce import Puzzle, registry
from deduce.engine import Solver
from deduce.rating import Rater
from deduce.render.svg import grid_svg
from deduce.render.words import TextRenderer
from deduce.state import State
from deduce.techniques import PROFILES, TECHNIQUES, technique

from .test_plugins import EASY, _distribution, run

HOME = textwrap.dedent('''
    """Row hidden single: a symbol with one place left in a row (a dummy technique's home)."""

    from __future__ import annotations

    from typing import Iterator, TypedDict

    import attrs

    from deduce.render.marks import Builder
    from deduce.step import Step
    from deduce.strategy import Producer
    from deduce.technique import EASY, SINGLES, row

    ROWS = (row(15, "row-hs", "Row hidden single", SINGLES, 1.6, 17, EASY,
                description="A symbol has only one place left in a row.", se_order=15, hodoku_order=25),)
    NAMES = {"Hidden single in a row only": ("row-hs",)}


    class RowSingleDetails(TypedDict):
        #: the row's other empty cells, none of which can hold the symbol
        others: tuple[int, ...]


    DETAILS = {"row-hs": RowSingleDetails}
    TEMPLATES = {"row-hs": (
        "Look along {house}.",
        "In {house}, where can {sym} go?",
        "In {house}, {sym} fits only in {cell}: {others_text}. So {cell} = {sym}.",
    )}
    FIELDS = {"others_text": lambda r, s: f"{r.cells(s.detail('others'))} cannot hold it"}


    def _picture(step, puzzle, state):
        b = Builder(step, state)
        b.cell_roles(step.cells, "pivot")
        b.house_roles(step.houses, "house")
        return b.done()


    MARKERS = {"row-hs": _picture}


    @attrs.frozen
    class RowHiddenSingle(Producer):
        CODE = "row-hs"

        def find(self, state) -> Iterator[Step]:
            g = state.puzzle.geometry
            for h in range(g.size):  # the rows
                empty = [c for c in g.houses[h] if state.value[c] < 0]
                if len(empty) < 2:
                    continue  # a full house
                for sym in range(g.size):
                    places = [c for c in empty if state.cand[c] >> sym & 1]
                    if len(places) == 1:
                        others = tuple(c for c in empty if c != places[0])
                        yield Step(self.technique, placements=[(places[0], sym)], cells=places, houses=[h],
                                   symbols=[sym], details=(("others", others),))
''')


@pytest.fixture
def dummy(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[pathlib.Path]:
    (tmp_path / "dummy_home.py").write_text(HOME)
    _distribution(tmp_path, "dummy_home", {"row-hs": "dummy_home:RowHiddenSingle"})
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.invalidate_caches()
    registry.reset()
    yield tmp_path
    sys.modules.pop("dummy_home", None)
    registry.reset()


def test_the_home_is_found_and_its_row_joins_every_profile_where_it_says(dummy: pathlib.Path) -> None:
    assert any(home.__name__ == "dummy_home" for home in registry.homes())
    assert TECHNIQUES["row-hs"].name == "Row hidden single"
    assert technique("Hidden single in a row only").code == "row-hs"
    for profile in ("deduce", "full"):
        codes = PROFILES[profile]
        assert codes.index("fh") < codes.index("row-hs") < codes.index("hs")
    assert PROFILES["se"][:3] == ("fh", "row-hs", "hs")
    assert PROFILES["hodoku"][:4] == ("fh", "ns", "row-hs", "hs")


def test_the_dummy_technique_is_listed(dummy: pathlib.Path) -> None:
    code, out, err = run("techniques")
    assert code == 0, err
    assert any("row-hs" in line.split() for line in out.splitlines())
    code, out, err = run("techniques", "Hidden single in a row only")
    assert code == 0 and "Row hidden single" in out, err


def test_the_dummy_technique_is_explained_drawn_and_rated(dummy: pathlib.Path) -> None:
    puzzle = Puzzle.from_string(EASY)
    state = State.from_puzzle(puzzle)
    before = state.copy()
    for step in Solver().steps(state):  # (each step is applied before it is yielded)
        if step.code == "row-hs":
            break
        before = state.copy()
    else:
        pytest.fail("the dummy technique was never used")
    renderer = TextRenderer(puzzle)
    (cell, sym), = step.placements
    row_name, cell_name, symbol = puzzle.geometry.house_name(step.houses[0]), puzzle.geometry.cell_name(cell), \
        puzzle.symbols[sym]
    levels = renderer.levels(step)
    assert levels["nudge"] == f"Look along {row_name}."
    assert levels["clue"] == f"In {row_name}, where can {symbol} go?"
    assert levels["explanation"].startswith(f"Row hidden single: in {row_name}, {symbol} fits only in {cell_name}: ")
    assert "cannot hold it" in levels["explanation"]
    svg = grid_svg(before, step)
    assert 'class="pivot"' in svg and 'class="placement"' in svg  # the home's picture: the cell as a pivot
    rating = Rater().rate(puzzle)
    assert rating.status == "solved" and rating.er == 1.6  # the dummy's own SE number, tried before hs


def test_without_the_home_nothing_is_left_behind(dummy: pathlib.Path) -> None:
    assert "row-hs" in TECHNIQUES
    sys.modules.pop("dummy_home", None)
    (dummy / "dummy_home-0.1.dist-info" / "entry_points.txt").unlink()
    importlib.invalidate_caches()
    registry.reset()
    assert "row-hs" not in TECHNIQUES and "row-hs" not in PROFILES["se"]
    assert not any(home.__name__ == "dummy_home" for home in registry.homes())
