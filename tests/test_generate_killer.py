"""Killers a setter controls (issue 46, items 2 and 4): ``--cage-sizes``,
``--max-single-cages``, ``--cages``, one-cell cages counted as givens,
every killer format holding what the generator makes, bad values refused
in one line, and 45-rule steps rated as their table rows.  Small grids and
fixed seeds by default; every level at 9x9 under ``fuzz``."""

from __future__ import annotations

import pytest

import deduce
from deduce.backtrack import count_solutions
from deduce.formats import fitting_formats, read_puzzle, same_puzzle, write_puzzle
from deduce.formats.layouts import CAGE_LETTERS
from deduce.generate import GenerateError
from deduce.generate.request import MOST_CAGES
from deduce.rating import Rater
from deduce.rating.scales import killer_ceilings, killer_scale
from deduce.techniques import TECHNIQUES

from .test_cli import run

#: The formats that hold killer cages (without givens: all of them; with givens, the last four).
KILLER_FORMATS = ("killer-line", "janko-killer", "json", "fpuzzles", "fpuzzles-link", "sudokupad-link")


def made(size: int, count: int = 2, seed: int = 0, **options):
    return list(deduce.generate("killer", size, count=count, seed=seed, timeout=120, **options))


def sizes(record) -> list[int]:
    return sorted(len(c.cells) for c in record.puzzle.cages)


def assert_unique_and_meets(record, level: str | None) -> None:
    assert count_solutions(record.puzzle) == 1
    assert deduce.solve(record.puzzle).solution_string == record.solution_string
    if level is not None:
        assert record.level == level


def assert_every_killer_format(puzzle) -> None:
    """Each killer format holds the puzzle and reads it back the same."""
    fitting = fitting_formats(puzzle)
    wanted = KILLER_FORMATS if not any(g >= 0 for g in puzzle.givens) else KILLER_FORMATS[2:]
    assert set(wanted) <= set(fitting), (wanted, fitting)
    for fmt in wanted:
        back = read_puzzle(write_puzzle(puzzle, fmt), fmt)
        assert same_puzzle(back, puzzle), fmt
        assert back.cages == puzzle.cages, fmt   # in the same order too: the solve's path depends on it


def test_no_one_cell_cage_at_easy_when_asked():
    for record in made(6, level="easy", max_single_cages=0):
        assert 1 not in sizes(record)
        assert_unique_and_meets(record, "Easy")


def test_no_one_cell_cage_at_9x9_easy_rated_easy_after_the_round_trip():
    # (the Easy path at 9x9 is made otherwise: cages changed while the rating's own path solves more)
    for record in made(9, count=1, seed=4, level="easy", max_single_cages=0):
        assert 1 not in sizes(record)
        assert_unique_and_meets(record, "Easy")
        back = read_puzzle(write_puzzle(record.puzzle, "killer-line"), "killer-line")
        assert Rater().rate(back).level == "Easy"
        assert_every_killer_format(record.puzzle)


def test_default_one_cell_cages_few_at_easy_none_at_hard():
    for record in made(4, count=3, level="easy"):
        assert sizes(record).count(1) <= 1   # (4 for a 9x9, in proportion to the cells: 16/81 of 4)
    for record in made(9, count=1, level="hard"):
        assert 1 not in sizes(record)
        assert_unique_and_meets(record, "Hard")


def test_cage_sizes_honoured():
    for record in made(6, level="medium", cage_sizes="2-4"):
        assert all(2 <= k <= 4 for k in sizes(record))
        assert_unique_and_meets(record, "Medium")
    for record in made(4, cage_sizes=(2, 3)):
        assert all(2 <= k <= 3 for k in sizes(record))


def test_exact_number_of_cages():
    for record in made(6, level="medium", cages=12):
        assert len(record.puzzle.cages) == 12
        assert_unique_and_meets(record, "Medium")


@pytest.mark.fuzz
def test_exact_number_of_cages_at_9x9_hard():
    for record in made(9, count=2, level="hard", cages=25):
        assert len(record.puzzle.cages) == 25 and 1 not in sizes(record)
        assert_unique_and_meets(record, "Hard")


def test_one_cell_cages_count_as_givens():
    for record in made(6, count=3, givens=2, max_single_cages=6):
        shown = sum(g >= 0 for g in record.puzzle.givens) + sizes(record).count(1)
        assert shown <= 2
        assert_unique_and_meets(record, None)
        assert_every_killer_format(record.puzzle)


@pytest.mark.parametrize(("size", "level"), [(4, "easy"), (4, "medium"), (6, "easy"), (6, "medium"),
                                             (9, "medium"), (9, "hard")])
def test_every_killer_converts_to_each_killer_format_and_back(size, level):
    for record in made(size, level=level):
        assert len(record.puzzle.cages) <= MOST_CAGES == len(CAGE_LETTERS)
        assert_every_killer_format(record.puzzle)


@pytest.mark.fuzz
@pytest.mark.parametrize("level", ["easy", "medium", "hard", "unfair", "extreme"])
def test_every_level_at_9x9_converts_and_meets(level):
    for record in made(9, count=3, seed=1, level=level):
        assert_unique_and_meets(record, level.capitalize())
        assert_every_killer_format(record.puzzle)


def test_killer_line_from_the_cli_at_easy():
    code, out, err = run(["generate", "--kind", "killer", "--size", "6", "--level", "easy", "--seed", "3",
                          "--to", "killer-line", "--count", "2"])
    assert (code, err) == (0, "")
    for line in out.splitlines():
        assert count_solutions(read_puzzle(line, "killer-line")) == 1


@pytest.mark.parametrize(("args", "says"), [
    (["--cage-sizes", "5-2"], "--cage-sizes 5-2: the minimum is above the maximum"),
    (["--cage-sizes", "two"], "--cage-sizes two: expected MIN-MAX"),
    (["--cage-sizes", "1-1"], "--cage-sizes 1-1: one-cell cages only"),
    (["--cage-sizes", "2-10"], "--cage-sizes 2-10: a cage holds 1 to 9 cells"),
    (["--max-single-cages", "-1"], "--max-single-cages -1: between 0 and 81"),
    (["--cages", "5"], "--cages 5: cages of at most 9 cells need at least 9"),
    (["--cages", "53"], "--cages 53: the killer formats hold at most 52"),
    (["--cages", "45", "--max-single-cages", "0"], "--cages 45: cages of at least 2 cells"),
    (["--cages", "20", "--kind", "classic"], "--cages is for killer cages"),
])
def test_bad_killer_options_one_line_exit_2(args, says):
    kind = [] if "--kind" in args else ["--kind", "killer"]
    code, out, err = run(["generate", *kind, *args, "--seed", "1"])
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and says in err, err


def test_bad_killer_options_from_python():
    with pytest.raises(GenerateError, match="--cages 3"):
        deduce.generate("killer", 6, cages=3)
    with pytest.raises(GenerateError, match="a whole number"):
        deduce.generate("killer", 6, max_single_cages="many")


def test_45_rule_steps_rate_their_table_rows():
    rater = Rater()
    seen = set()
    for record in made(9, count=1, level="hard") + made(6, level="medium"):
        steps = deduce.Solver().solve(record.puzzle).steps
        for step in steps:
            if step.technique.code in ("innie", "innies-outies"):
                seen.add((step.technique.code, len(step.houses) > 1))
                assert step.se == TECHNIQUES[step.technique.code].se_for(step.variant)
                assert step.se == TECHNIQUES[step.technique.code].se
        rating = rater.rate(record.puzzle)
        assert rating.er == max(s.se for s in steps)
        assert (rating.score, rating.level) == killer_scale(steps, record.puzzle.ncells)
    assert {("innie", True), ("innies-outies", True)} & seen   # a 45 rule over several houses, as one house's


def test_killer_level_raised_by_the_killer_ceilings():
    combo = [s for s in deduce.Solver().solve(made(9, count=1, level="medium")[0].puzzle).steps]
    score, level = killer_scale(combo, 81)
    ceilings = killer_ceilings(81)
    assert level == "Medium" and ceilings["Easy"] < score <= ceilings["Medium"]
