"""Round trips: for random valid puzzles (classic 4-16, jigsaw, killer),
every format that can hold the puzzle reads back the same puzzle, both
when told the format and when left to detect it."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deduce.formats import WRITABLE, fitting_formats, read_puzzles, same_puzzle, write_puzzle

from .test_formats_support import classic_puzzles, jigsaw_puzzles, killer_puzzles

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _read_back(text: str, fmt: str | None):
    entries = list(read_puzzles(text, fmt))
    assert len(entries) == 1, (fmt, [e.error for e in entries])
    assert entries[0].error is None, (fmt, str(entries[0].error), text[:300])
    return entries[0].puzzle


def check_round_trip(puzzle) -> list[str]:
    formats = fitting_formats(puzzle)
    assert "json" in formats
    for fmt in formats:
        text = write_puzzle(puzzle, fmt)
        assert same_puzzle(_read_back(text, None), puzzle), (fmt, text[:300])
    return formats


@SETTINGS
@given(classic_puzzles())
def test_classic_round_trips_in_every_format(puzzle):
    formats = check_round_trip(puzzle)
    assert {"line", "grid", "bordered", "candidates"} <= set(formats)


@SETTINGS
@given(jigsaw_puzzles())
def test_jigsaw_round_trips_in_every_format(puzzle):
    formats = check_round_trip(puzzle)
    assert {"line", "janko-jigsaw", "fpuzzles-link", "sudokupad-link"} <= set(formats)


@SETTINGS
@given(killer_puzzles())
def test_killer_round_trips_in_every_format(puzzle):
    formats = check_round_trip(puzzle)
    assert {"janko-killer", "fpuzzles", "fpuzzles-link"} <= set(formats)
    assert ("killer-line" in formats) == (len(puzzle.cages) <= 52)


@pytest.mark.parametrize("fmt", sorted(WRITABLE))
def test_every_format_is_written_for_some_puzzle(fmt):
    from deduce.formats import read_puzzle

    from .test_formats_support import CLASSIC, JIGSAW4, KILLER4, SIX_LETTERS

    samples = [read_puzzle(CLASSIC), read_puzzle(JIGSAW4), read_puzzle(KILLER4), read_puzzle(SIX_LETTERS),
               read_puzzle("0 0 1 1 1\n0 0 2 1 1\n3 0 2 2 2\n3 3 3 2 4\n3 4 4 4 4\n2\n01A\n32C\n", "latin")]
    fitting = [p for p in samples if fmt in fitting_formats(p)]
    assert fitting, fmt
    for p in fitting:
        assert same_puzzle(_read_back(write_puzzle(p, fmt), None), p)


@SETTINGS
@given(classic_puzzles(sizes=(9,)), st.sampled_from(["line", "grid", "bordered", "json", "candidates"]))
def test_solutions_read_back(puzzle, fmt):
    from deduce.formats import write_solution

    values = [v if v >= 0 else 0 for v in puzzle.givens]
    text = write_solution(puzzle, values, fmt)
    again = _read_back(text, None)
    assert list(again.givens) == values
