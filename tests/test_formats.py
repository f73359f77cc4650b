"""Reading puzzles as people keep them, and writing them for the apps they
play in: one test per layout, with examples written for these tests."""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys

import pytest

from deduce.backtrack import first_solutions
from deduce.formats import (
    CANDIDATES,
    entry_state,
    fitting_formats,
    read_puzzle,
    read_puzzles,
    read_source,
    same_puzzle,
    write_puzzle,
)
from deduce.formats.lzstring import compress_to_base64, decompress_from_base64

from .test_formats_support import CLASSIC, CLASSIC_SOLUTION, JIGSAW4, KILLER4, SIX, SIX_LETTERS, run

DATA = pathlib.Path(__file__).resolve().parent / "data" / "formats"
ROOT = pathlib.Path(__file__).resolve().parent.parent


def givens(entry_or_puzzle) -> str:
    p = getattr(entry_or_puzzle, "puzzle", entry_or_puzzle)
    assert p is not None, getattr(entry_or_puzzle, "error", None)
    return p.givens_string()


def test_the_examples_have_one_solution():
    sols = first_solutions(read_puzzle(CLASSIC), 2)
    assert len(sols) == 1 and "".join(str(v + 1) for v in sols[0]) == CLASSIC_SOLUTION
    assert len(first_solutions(read_puzzle(SIX), 2)) == 1


# -- plain grids -----------------------------------------------------------------------------

NINE_LINES = "\n".join(CLASSIC[i:i + 9] for i in range(0, 81, 9)) + "\n"


@pytest.mark.parametrize("text", [
    NINE_LINES,
    NINE_LINES.replace(".", "0"),
    NINE_LINES.replace(".", "*"),
    "\n".join(" ".join(CLASSIC[i:i + 9]) for i in range(0, 81, 9)),                      # space-separated
    "\n".join(" ".join(CLASSIC[i:i + 9]).replace(".", "0") for i in range(0, 81, 9)),
    (DATA / "classic-hodoku.txt").read_text(),
    (DATA / "classic-se.txt").read_text(),
    (DATA / "classic-newspaper.txt").read_text(),
    (DATA / "classic.sdk").read_text(),
    "\n".join(("-----------\n" if i in (3, 6) else "") + "|".join(CLASSIC[i * 9 + b:i * 9 + b + 3] for b in (0, 3, 6))
              for i in range(9)),                                                        # Simple Sudoku .ss
    "\ufeff" + NINE_LINES.replace("\n", "\r\n"),                                           # BOM and CRLF
    "\ufeff" + (DATA / "classic-hodoku.txt").read_text().replace("\n", "\r\n"),
])
def test_every_printed_grid_reads_as_the_same_puzzle(text):
    entries = list(read_puzzles(text))
    assert len(entries) == 1
    assert givens(entries[0]) == CLASSIC


def test_blank_lines_separate_bands_inside_a_grid_and_puzzles_between_grids():
    entries = list(read_puzzles((DATA / "two-banded.txt").read_text()))
    assert [givens(e) for e in entries] == [CLASSIC, SIX]
    assert [e.line for e in entries] == [1, 13]


def test_nine_lines_of_nine_characters_are_one_grid_not_nine_small_puzzles():
    code, out, err = run(["solve"], NINE_LINES)
    assert code == 0, err
    assert "".join(out.split()) == CLASSIC_SOLUTION
    code, out, err = run(["solve", "--format", "grid"], NINE_LINES)
    assert code == 0, err


def test_sixteen_four_by_four_puzzles_one_a_line_stay_a_collection():
    four = ["1.....2..3.....4", "..3......1..2...", "4...........3..1", ".2..1......3...."]
    entries = list(read_puzzles("\n".join(four * 4) + "\n"))
    assert [e.format for e in entries] == ["line"] * 16 and all(e.puzzle.size == 4 for e in entries)


# -- alphabets and blanks ----------------------------------------------------------------------

def test_letters_are_inferred_for_a_six_by_six():
    puzzle = read_puzzle(SIX_LETTERS)
    assert puzzle.symbols == "ABCDEF"
    code, out, err = run(["solve"], SIX_LETTERS + "\n")
    assert code == 0, err
    assert set(out.strip()) == set("ABCDEF")


def test_lower_case_letters_and_letter_grids():
    puzzle = read_puzzle(SIX_LETTERS.lower())
    assert puzzle.symbols == "ABCDEF" and puzzle.givens == read_puzzle(SIX).givens
    grid = "\n".join(" ".join(SIX_LETTERS[i:i + 6]) for i in range(0, 36, 6))
    assert read_puzzle(grid).symbols == "ABCDEF"


def test_x_is_a_symbol_of_a_25x25_letter_puzzle_and_a_blank_elsewhere():
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXY"
    line = "X" + "." * 623 + "A"
    puzzle = read_puzzle(line, symbols=letters)
    assert puzzle.givens[0] == letters.index("X")
    inferred = read_puzzle("x" + "." * 623 + "Y")
    assert inferred.symbols == letters and inferred.givens[0] == letters.index("X")
    assert read_puzzle("x" + CLASSIC[1:]).givens[0] == -1


def test_hexadecimal_sixteen_when_zero_stands_beside_another_blank():
    line = "0123456789ABCDEF" + "." * 240
    puzzle = read_puzzle(line)
    assert puzzle.symbols == "0123456789ABCDEF" and puzzle.givens[:16] == tuple(range(16))
    assert read_puzzle("1" + "0" * 255).symbols == "123456789ABCDEFG"


def test_sixteen_by_sixteen_values_grid():
    rows = [" ".join(str((r * 4 + r // 4 + c) % 16 + 1) if (r + c) % 3 else "0" for c in range(16))
            for r in range(16)]
    puzzle = read_puzzle("\n".join(rows))
    assert puzzle.size == 16 and puzzle.givens[1] == (0 + 0 + 1) % 16


# -- collections -----------------------------------------------------------------------------

def test_collection_lines_with_comments_tabs_ratings_and_serate_output():
    entries = list(read_puzzles((DATA / "collection.txt").read_text()))
    assert [givens(e) for e in entries] == [CLASSIC] * 4 + [SIX]
    assert [e.line for e in entries] == [2, 4, 5, 6, 7]
    code, out, err = run(["count", str(DATA / "collection.txt")])
    assert code == 0 and out.split() == ["1"] * 5, err


@pytest.mark.parametrize("name", ["quizzes.csv", "puzzle-column.csv"])
def test_csv_with_a_puzzle_column(name):
    entries = list(read_puzzles((DATA / name).read_text()))
    assert givens(entries[0]) == CLASSIC
    assert entries[0].line == 2


def test_krazydad_style_killer_csv():
    text = ',ptitle,puzz_color,puzz_hint\n0,mine,K' + KILLER4.split()[0] + ',"' + KILLER4.split()[1] + '"\n'
    (entry,) = read_puzzles(text)
    assert entry.puzzle is not None and len(entry.puzzle.cages) == 8, entry.error


def test_hodoku_library_line_is_a_position():
    # r1c3=8 given, r1c1 placed (+2), 1 deleted from r3c1 (the "deleted" field: digit, row, column)
    grid = "+2" + CLASSIC[1:]
    line = f":0000:x:{grid}:131::"
    (entry,) = read_puzzles(line)
    assert entry.format == CANDIDATES and entry.error is None
    assert entry.puzzle.givens[0] == -1 and entry.puzzle.givens[2] == 7
    state = entry_state(entry)
    assert state.value[0] == 1
    assert not state.cand[18] & 1 and state.cand[18]
    code, out, err = run(["solve"], line + "\n")
    assert code == 0 and out.startswith(":0000:x:+2+78+5") and "+8" not in out[:16], err


def test_candidate_string_of_729_characters():
    masks = ["".join(str(d) if ch in (".", str(d)) else "." for d in range(1, 10)) for ch in CLASSIC]
    text = "".join(masks)
    (entry,) = read_puzzles(text)
    assert entry.format == CANDIDATES and givens(entry) == CLASSIC
    code, out, err = run(["solve"], text + "\n")
    assert code == 0 and len(out.strip()) == 729, err


# -- reading our own output back --------------------------------------------------------------

@pytest.mark.parametrize("source", [
    CLASSIC, NINE_LINES, (DATA / "classic-hodoku.txt").read_text(), SIX_LETTERS,
    (DATA / "collection.txt").read_text(), JIGSAW4, KILLER4, f":0000:x:{CLASSIC}:::",
])
def test_solve_output_reads_back(source):
    code, out, err = run(["solve"], source)
    assert code == 0, err
    code, count, err = run(["count"], out)
    assert code == 0 and set(count.split()) == {"1"}, (out, err)


def test_candidate_grid_solve_output_reads_back():
    code, grid, _ = run(["convert", "--to", "candidates"], CLASSIC)
    assert code == 0
    code, out, err = run(["solve"], grid)
    assert code == 0, err
    code, count, err = run(["count"], out)
    assert (code, count.strip()) == (0, "1"), err


# -- f-puzzles, SudokuPad, SudokuWiki ------------------------------------------------------------

#: Made with the reference lz-string (pieroxy's algorithm) from a 4x4 document with title and author.
FPUZZLES_4 = ("N4IgzglgXgpiBcACALAGkSALhTAbOSIAYgPYCuATiOiAIZmYAWJVhAtnDQOYUQAmCRAG0hoAG61cZAogCM3CGJgA7QZgrSAvumDbE"
              "unZoC66UXoP6QEqTIBMCpaqTqthk8IvjJ0wQGYHKmoaMOah7maGkZbWPkhoGFyKgc7BxkaaQA==")
FPUZZLES_THERMO = ("N4IgzglgXgpiBcACALAGkSALhTAbOSIAYgPYCuATiOiAIZmYAWJVhAtnDQOYUQAmCRAG0hoAG61cZAogCM3CGJgA7QZgrSAvum"
                   "DbEunZoC66UXoP6QEqTIBMCpaqTqthk8IvjJ0wQGYHKmoaMOah7maGkZbWPkhoGFyKgc7Bxu5YjDAUbCQcmFmCoiC4EMowYIVC"
                   "IABKsgDCstQYtXW2IEZGxppAA===")
FPUZZLES_KILLER = ("N4IgzglgXgpiBcACALAGkSA5gJwgEwUQG0jgBfdcyixcgXXVJqtubIeJa7Y6ev9Z0OIANYQANuJjYAxgENMcJKRAyYksISIgAS"
                   "gEYAwnpDpdhgEwhhANzniArkowBmEM1Xrxm5WYOvT+gbIVqa2Dk4gAOxulB4aWrrmRiYYOkmWNnaOhFExtHFeCWl+KYlBIRhh2"
                   "Uggru5q8T46zskBLRmhWREArHmgDYVNLf6pLcGZ4Tm99Z7exLrIramLHZVdU30Fc9o6iyML5RPVGNPCAC4wAB5nWv2zRYbGRxE"
                   "AFhBudGRAA")


def test_lz_string_decodes_the_reference_payload():
    doc = json.loads(decompress_from_base64(FPUZZLES_4))
    assert doc["title"] == "Four" and doc["size"] == 4
    assert compress_to_base64(json.dumps(doc)) == FPUZZLES_4


def test_fpuzzles_link_and_document():
    link = "https://www.f-puzzles.com/?load=" + FPUZZLES_4
    (entry,) = read_puzzles(link)
    assert entry.format == "fpuzzles-link" and givens(entry) == "1.....2..3.....4"
    doc = decompress_from_base64(FPUZZLES_4)
    (entry,) = read_puzzles(doc)
    assert entry.format == "fpuzzles" and givens(entry) == "1.....2..3.....4"
    code, out, err = run(["solve"], link + "\n")
    assert code in (0, 3) and out.startswith("https://www.f-puzzles.com/?load="), err


def test_fpuzzles_killer_with_a_cosmetic_text_warns_and_reads():
    (entry,) = read_puzzles("https://www.f-puzzles.com/?load=" + FPUZZLES_KILLER)
    assert entry.puzzle is not None and len(entry.puzzle.cages) == 8
    assert any("'text' ignored" in w for w in entry.warnings)
    code, out, err = run(["convert", "--to", "killer-line"], "https://www.f-puzzles.com/?load=" + FPUZZLES_KILLER)
    assert code == 0 and same_puzzle(read_puzzle(out), entry.puzzle)
    assert "'text' ignored" in err


def test_fpuzzles_thermometer_link_is_read_and_an_unknown_key_named_in_one_line():
    p = read_puzzle("https://www.f-puzzles.com/?load=" + FPUZZLES_THERMO)
    assert [type(c).__name__ for c in p.constraints] == ["Thermometer"]
    doc = {"size": 4, "grid": [[{} for _ in range(4)] for _ in range(4)], "snakeeyes": [{"cells": ["R1C1"]}]}
    code, out, err = run(["solve"], json.dumps(doc) + "\n")
    assert code == 2 and all(line.startswith("#") for line in out.splitlines())  # at most a comment record
    assert err.strip().splitlines() == [
        "deduce: line 1: constraint 'snakeeyes' is not supported (read as an f-puzzles document)"]


def test_fpuzzles_jigsaw_regions():
    doc = {"size": 4, "grid": [[{"region": r} for r in row] for row in
                               ([0, 0, 0, 2], [0, 2, 2, 2], [1, 1, 3, 3], [1, 1, 3, 3])]}
    doc["grid"][0][2].update(value=4, given=True)
    p = read_puzzle(json.dumps(doc))
    assert p.geometry.is_jigsaw and p.givens[2] == 3
    assert same_puzzle(read_puzzle(json.dumps(doc).replace('"given": true', '"given": false')),
                       p.with_givens([-1] * 16))


def test_sudokupad_links():
    payload = compress_to_base64(decompress_from_base64(FPUZZLES_4))
    for link in ("https://sudokupad.app/fpuzzles" + payload, "sudokupad.app/?puzzle=fpuzzles" + payload):
        (entry,) = read_puzzles(link)
        assert entry.format == "sudokupad-link" and givens(entry) == "1.....2..3.....4", entry.error
    scl = {"cells": [[{"value": 1}, {}, {}, {}], [{}, {}, {"value": 2}, {}], [{}, {"value": 3}, {}, {}],
                     [{}, {}, {}, {"value": 4}]],
           "cages": [{"value": "title: Four"}, {"cells": [[0, 0], [0, 1]], "value": "3"}]}
    (entry,) = read_puzzles("https://sudokupad.app/scl" + compress_to_base64(json.dumps(scl)))
    assert givens(entry) == "1.....2..3.....4" and entry.puzzle.cages[0].total == 3
    zipped = "{ce:[[{v:1},,,],[,,{v:2},],[,{v:3},,],[,,,{v:4}]],ca:[{v:'title: Four'},{ce:[[0,0],[0,1]],v:3}]}"
    (entry,) = read_puzzles("https://sudokupad.app/scl" + compress_to_base64(zipped))
    assert givens(entry) == "1.....2..3.....4" and entry.puzzle.cages[0].total == 3, entry.error
    (entry,) = read_puzzles("https://sudokupad.app/abc123")
    assert "short puzzle id" in str(entry.error)


def test_sudokuwiki_links_and_bd_strings():
    zeros = CLASSIC.replace(".", "0")
    for text in (f"https://www.sudokuwiki.org/sudoku.htm?bd={zeros}", f"bd={zeros}", f"BD={zeros}"):
        (entry,) = read_puzzles(text)
        assert givens(entry) == CLASSIC


# -- convert ---------------------------------------------------------------------------------

@pytest.mark.parametrize("source,formats", [
    (CLASSIC, {"line", "grid", "bordered", "candidates", "marks-line", "hodoku", "json", "fpuzzles",
               "fpuzzles-link", "sudokupad-link", "sudokuwiki"}),
    (JIGSAW4, {"line", "json", "fpuzzles", "fpuzzles-link", "sudokupad-link", "janko-jigsaw"}),
    (KILLER4, {"json", "fpuzzles", "fpuzzles-link", "sudokupad-link", "janko-killer", "killer-line"}),
])
def test_convert_writes_every_fitting_format_and_reads_back(source, formats):
    puzzle = read_puzzle(source)
    assert set(fitting_formats(puzzle)) == formats
    for fmt in formats:
        code, out, err = run(["convert", "--to", fmt], source)
        assert code == 0, (fmt, err)
        assert same_puzzle(read_puzzle(out), puzzle), fmt
        assert out == write_puzzle(puzzle, fmt) + "\n"


def test_convert_refuses_a_format_that_cannot_hold_the_puzzle():
    code, out, err = run(["convert", "--to", "line"], KILLER4)
    assert code == 2 and out == "" and err.strip() == "deduce: line cannot hold this puzzle: a line holds no cages"


def test_convert_keeps_pencil_marks():
    grid = (DATA / "classic-hodoku.txt").read_text()
    code, marks, _ = run(["convert", "--to", "candidates"], grid)
    code2, again, _ = run(["convert", "--to", "candidates"], marks)
    assert code == code2 == 0 and again == marks


def test_disconnected_region_is_a_warning_and_the_solve_goes_on():
    text = "4 4\n- - - -\n- - - -\n- - - -\n- - - -\n1 1 2 2\n2 2 1 1\n3 3 4 4\n3 3 4 4\n"
    puzzle = read_puzzle(text)
    assert puzzle.warnings == ("region 1 is in 2 pieces (r1c1, r2c3)", "region 2 is in 2 pieces (r1c3, r2c1)")
    code, _, err = run(["convert", "--to", "line"], text)
    assert code == 0 and "region 1 is in 2 pieces" in err


# -- reading files and standard input ---------------------------------------------------------------

def test_read_source_takes_away_bom_and_crlf(tmp_path):
    path = tmp_path / "p.txt"
    path.write_bytes(b"\xef\xbb\xbf" + CLASSIC.encode() + b"\r\n")
    assert read_source(str(path)) == CLASSIC + "\n"
    code, out, err = run(["solve", str(path)])
    assert code == 0 and out.strip() == CLASSIC_SOLUTION, err


def test_closed_standard_input_is_one_line():
    proc = subprocess.run(f"{sys.executable} -m deduce solve <&-", shell=True, capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    assert proc.returncode == 2
    assert len(proc.stderr.splitlines()) == 1 and "standard input is closed" in proc.stderr


def test_standard_input_with_a_bom_through_a_pipe():
    proc = subprocess.run([sys.executable, "-m", "deduce", "solve"], input=b"\xef\xbb\xbf" + CLASSIC.encode() + b"\r\n",
                          capture_output=True, cwd=ROOT, timeout=120)
    assert proc.returncode == 0 and proc.stdout.decode().strip() == CLASSIC_SOLUTION


def test_convert_keeps_a_hodoku_position():
    line = f":0000:x:+2{CLASSIC[1:]}:514 924::"
    code, out, err = run(["convert", "--to", "hodoku"], line)
    assert code == 0 and out.strip() == line, err
    (entry,) = read_puzzles(line)
    state = entry_state(entry)
    assert not state.cand[3] & 1 << 4 and not state.cand[12] & 1 << 8 and state.value[0] == 1


@pytest.mark.parametrize("fmt", ["line", "grid", "bordered", "candidates", "marks-line", "json", "fpuzzles",
                                 "fpuzzles-link", "sudokupad-link"])
def test_a_converted_collection_reads_back_whole(fmt):
    code, out, err = run(["convert", "--to", fmt, str(DATA / "collection.txt")])
    assert code == 0, err
    code, counts, err = run(["count"], out)
    assert code == 0 and counts.split() == ["1"] * 5, err


def test_converting_a_position_to_a_givens_format_says_what_is_dropped():
    code, out, err = run(["convert", "--to", "line"], f":0000:x:+2{CLASSIC[1:]}:514::")
    assert code == 0 and out.strip() == "." + CLASSIC[1:]
    assert err.strip() == "deduce: line 1: line holds givens only: the pencil marks and placed digits are dropped"
    code, out, err = run(["convert", "--to", "line"], f":0000:x:{CLASSIC}:::")
    assert code == 0 and err == ""
