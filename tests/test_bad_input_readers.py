"""The readers' bad-input catalogue: every malformed input ends in exit 2
with exactly one line on standard error that names the place (line,
column, cell, cage or field) and the problem, and never a traceback."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from deduce.formats.lzstring import compress_to_base64

from .test_formats_support import CLASSIC, JIGSAW4, KILLER4, run

NINE = [CLASSIC[i:i + 9] for i in range(0, 81, 9)]
GRID = "\n".join(NINE) + "\n"
SPACED = "\n".join(" ".join(r) for r in NINE) + "\n"
HODOKU = (
    ".-------.-------.-------.\n" + "\n".join(
        ("| " + " | ".join(" ".join(r[b:b + 3]) for b in (0, 3, 6)) + " |"
         + ("\n:-------+-------+-------:" if i in (2, 5) else "")) for i, r in enumerate(NINE))
    + "\n'-------'-------'-------'\n")
MARKS = "| 12 3 | 4 1234 |\n" * 4
SIXTEEN = "\n".join(" ".join(str((r * 4 + r // 4 + c) % 16 + 1) for c in range(16)) for r in range(16))
FP4 = {"size": 4, "grid": [[{} for _ in range(4)] for _ in range(4)]}
LATIN = "1 1 2 2\n1 1 2 2\n3 3 4 4\n3 3 4 4\n1\n00A\n"


def fp(**changes) -> str:
    doc = json.loads(json.dumps(FP4))
    doc.update(changes)
    return json.dumps(doc)


def fp_link(text: str) -> str:
    return "https://www.f-puzzles.com/?load=" + compress_to_base64(text)


def sub(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


CASES = [
    # -- one puzzle per line
    ("line-short", [], "12345\n", "line 1: expected N*N characters"),
    ("line-truncated", [], CLASSIC[:80] + "\n", "got 80"),
    ("line-one-extra", [], CLASSIC + "7\n", "got 82"),
    ("line-superscript-two", [], CLASSIC[:4] + "²" + CLASSIC[5:] + "\n", "line 1, column 5: unknown symbol '²'"),
    ("line-arabic-digit", [], CLASSIC[:9] + "٣" + CLASSIC[10:] + "\n", "line 1, column 10: unknown symbol '٣'"),
    ("line-fullwidth-digit", [], "５" + CLASSIC[1:] + "\n", "line 1, column 1: unknown symbol '５'"),
    ("line-unknown-letter", [], CLASSIC[:40] + "Z" + CLASSIC[41:] + "\n", "line 1, column 41: unknown symbol 'Z'"),
    ("line-second-bad", [], CLASSIC + "\n" + CLASSIC[:70] + "\n", "line 2: expected N*N characters"),
    ("line-after-comments", [], "# a\n\n# b\n" + CLASSIC[:79] + "\n", "line 4:"),
    ("jigsaw-line-bad-regions", [], "." * 16 + "1112133322442245\n", "region ids (columns 17-32)"),
    ("jigsaw-line-superscript-region", [], "." * 16 + "111213332244224²\n",
     "line 1: region ids (columns 17-32): region id '²' is not a letter or a digit"),
    ("janko-superscript-region", ["--format", "janko-jigsaw"], JIGSAW4[:-2] + "²\n",
     "line 9: region id '²' in column 4 is not a letter or a digit"),
    ("latin-superscript-region", ["--format", "latin"], LATIN.replace("4 4\n1\n", "4 ²\n1\n"),
     "line 4: region id '²' in column 4 is not a letter or a digit"),
    ("json-superscript-region", [], '{"size": 4, "regions": ["1122", "1122", "3344", "334²"]}\n',
     "region id '²' is not a letter or a digit"),
    ("jigsaw-line-region-too-big", [], "." * 16 + "1111133322442244\n", "region"),
    ("marks-line-bad-char", [], "123456789" * 40 + "12345678Z" + "123456789" * 40 + "\n", "cell 41"),
    ("forced-line-on-grid", ["--format", "line"], "1 2 3 4\n", "line 1: expected N*N characters"),
    # -- grids
    ("grid-short-row", [], sub(GRID, NINE[3], NINE[3][:8]), "line 4: expected 9 values in this row, got 8"),
    ("grid-long-row", [], sub(SPACED, " ".join(NINE[5]), " ".join(NINE[5]) + " 1"), "line 6: expected 9 values"),
    ("grid-truncated", [], "\n".join(NINE[:8]) + "\n", "line 8: expected 9 rows of 9 cells, found 8"),
    ("grid-extra-row", [], GRID + NINE[0] + "\n", "line 10: 1 row(s) after the 9x9 grid that ends on line 9"),
    ("grid-then-partial-grid", [], GRID + "\n" + NINE[0] + "\n", "line 11: expected 9 rows of 9 cells, found 1"),
    ("grid-superscript", [], sub(SPACED, "1 . 4", "1 ² 4"), "line 2: cell 2: unknown symbol '²'"),
    ("grid-unknown-symbol", [], sub(GRID, NINE[2], "Q" + NINE[2][1:]), "line 3: cell 1: unknown symbol 'Q'"),
    ("grid-16-value-17", [], sub(SIXTEEN, "16", "17"), "'17' is not a symbol"),
    ("grid-16-superscript", [], sub(SIXTEEN, " 12 ", " ²² "), "is not a symbol"),
    ("grid-two-columns", [], "1 2\n2 1\n", "line 1: the grid must be square, got 1x2"),
    ("grid-two-characters", [], "12\n21\n", "line 1: a row of 2 cells is not a supported size"),
    ("grid-26-wide", [], " ".join(["1"] * 26) + "\n" + " ".join(["1"] * 26) + "\n", "a row of 26 cells"),
    ("grid-4-short", [], "1 2 3 4\n0 0 0\n0 0 0 0\n0 0 0 0\n", "line 2: expected 4 values in this row, got 3"),
    ("bordered-missing-row", [], sub(HODOKU, "| " + " | ".join(" ".join(NINE[4][b:b + 3]) for b in (0, 3, 6)) + " |\n",
                                     ""), "expected 9 rows of 9 cells, found 8"),
    ("bordered-wide-row", [], sub(HODOKU, "| . . 7 | 5", "| . . 7 1 | 5"), "line 3: expected 9 values in this row"),
    ("sdk-truncated", [], "[Puzzle]\n" + "\n".join(r.replace(".", "-") for r in NINE[:7]) + "\n",
     "expected 9 rows of 9 cells, found 7"),
    # -- pencil marks
    ("marks-unknown-symbol", [], sub(MARKS, "12 3 |", "12 Z |"), "cell 2: 'Z' is not a symbol"),
    ("marks-missing-row", [], MARKS.split("\n", 1)[1], "expected 4 rows of candidates, found 3"),
    ("marks-short-row", [], "| 12 3 | 4 1234 |\n| 12 3 | 4 |\n" + "| 12 3 | 4 1234 |\n" * 2,
     "line 2: expected 4 cells in this row, got 3"),
    # -- HoDoKu library lines
    ("hodoku-truncated", [], f":0000:x:{CLASSIC[:80]}:::\n", "line 1, column 9: the givens hold 80 cells"),
    ("hodoku-bad-deleted", [], f":0000:x:{CLASSIC}:9x1::\n", "deleted candidate '9x1'"),
    ("hodoku-zero-deleted", [], f":0000:x:{CLASSIC}:901::\n", "deleted candidate '901'"),
    ("hodoku-double-plus", [], f":0000:x:++{CLASSIC[1:]}:::\n", "'++' in the givens"),
    ("hodoku-plus-blank", [], f":0000:x:+{CLASSIC}:::\n", "'+' before an empty cell"),
    ("hodoku-letter", [], f":0000:x:a{CLASSIC[1:]}:::\n", "givens: 'a' is not a digit"),
    # -- CSV
    ("csv-bad-puzzle", [], "puzzle,rating\n12345,1\n", "line 2: expected N*N characters"),
    ("csv-missing-column", [], "rating,puzzle\n1\n", "line 2: no 'puzzle' column in this row"),
    ("csv-superscript", [], f"quizzes\n{CLASSIC[:8]}²{CLASSIC[9:]}\n", "line 2, column 9: unknown symbol '²'"),
    ("csv-killer-bad-sums", [], ",puzz_color,puzz_hint\n0,K" + KILLER4.split()[0] + ',"3,x"\n',
     "line 2, column 18: cage sums must be whole numbers"),
    # -- deduce's JSON
    ("json-unclosed", [], '{"size": 4\n', "line 1, column 11: invalid JSON"),
    ("json-size-string", [], '{"size": "4"}\n', "'size' must be a whole number, got \"4\""),
    ("json-size-float", [], '{"size": 4.5}\n', "'size' must be a whole number, got 4.5"),
    ("json-size-bool", [], '{"size": true}\n', "'size' must be a whole number, got true"),
    ("json-size-huge", [], '{"size": ' + "9" * 4301 + "}\n", "invalid JSON"),
    ("json-size-99", [], '{"size": 99}\n', "'size' must be 3 to 25, got 99"),
    ("json-size-missing", [], '{"givens": "."}\n', "'size' is required"),
    ("json-deep-nesting", [], "[" * 100000 + "]" * 100000 + "\n", "nested too deeply"),
    ("json-cages-number", [], '{"size": 4, "cages": 5}\n', "'cages' must be a list, got 5"),
    ("json-cells-null", [], '{"size": 4, "cages": [{"sum": 3, "cells": null}]}\n',
     "cage 1 (sum 3): 'cells' must be a non-empty list"),
    ("json-cells-empty", [], '{"size": 4, "cages": [{"sum": 3, "cells": []}]}\n', "cage 1 (sum 3): 'cells'"),
    ("json-region-lists", [], json.dumps({"size": 4, "regions": [[[0], [0], [1], [1]]] * 4}) + "\n",
     "'regions' row 1: region id [0] is not a number or a letter"),
    ("json-regions-string", [], '{"size": 4, "regions": "0011"}\n', "'regions' must be a list of 4 rows"),
    ("json-givens-number", [], '{"size": 4, "givens": 5}\n', "'givens' must be a string, got 5"),
    ("json-givens-superscript", [], '{"size": 4, "givens": "1².............."}\n',
     "'givens' position 2 (r1c2): unknown symbol '²'"),
    ("json-symbols-repeat", [], '{"size": 4, "symbols": "AABC"}\n', "'symbols' must be 4 distinct characters"),
    ("json-symbols-number", [], '{"size": 4, "symbols": 7}\n', "'symbols' must be a string, got 7"),
    ("json-sum-string", [], '{"size": 4, "cages": [{"sum": "3", "cells": ["r1c1"]}]}\n',
     "cage 1: 'sum' must be a whole number"),
    ("json-sum-infinite", [], '{"size": 4, "cages": [{"sum": 1e400, "cells": ["r1c1"]}]}\n',
     "cage 1: 'sum' must be a whole number"),
    ("json-cell-list-in-list", [], '{"size": 4, "cages": [{"sum": 3, "cells": [["r1c1"]]}]}\n',
     "cage 1 (sum 3): [\"r1c1\"] is not a cell"),
    ("json-cell-triple", [], '{"size": 4, "cages": [{"sum": 3, "cells": [[1, 2, 3]]}]}\n', "is not a cell"),
    ("json-cell-outside", [], '{"size": 4, "cages": [{"sum": 3, "cells": [[5, 1]]}]}\n',
     "cage 1 (sum 3): cell [5, 1] is outside the 4x4 grid"),
    ("json-repeats-string", [], '{"size": 4, "cages": [{"sum": 3, "cells": ["r1c1"], "repeats": "yes"}]}\n',
     "cage 1 (sum 3): 'repeats' must be true or false"),
    ("json-unknown-field", [], '{"size": 4, "colour": "red"}\n', "unknown field(s) 'colour'"),
    ("json-not-object", [], '"just a string"\n', "a puzzle document must be a JSON object"),
    ("json-empty-list", [], "[]\n", "the JSON list holds no puzzle"),
    ("json-list-item", [], '[{"size": 4}, {"size": 0}]\n', "item 2: 'size' must be 3 to 25"),
    ("json-lines-second", [], '{"size": 4}\n{"size": 4, "givens": 1}\n', "line 2: 'givens' must be a string"),
    # -- f-puzzles documents
    ("fp-grid-number", [], fp(grid=5), "'grid' must be 4 rows of 4 cells"),
    ("fp-grid-short", [], fp(grid=[[{}] * 4] * 3), "'grid' must be 4 rows of 4 cells"),
    ("fp-value-9", [], sub(fp(), "{}", '{"value": 9, "given": true}'), "r1c1: value 9 is not 1-4"),
    ("fp-value-string", [], sub(fp(), "{}", '{"value": "2", "given": true}'), "r1c1: value \"2\" is not 1-4"),
    ("fp-region-letter", [], sub(fp(), "{}", '{"region": "a"}'), "r1c1: region \"a\" is not 0-3"),
    ("fp-cell-not-object", [], sub(fp(), "{}", "7"), "r1c1: a cell must be an object"),
    ("fp-killer-bad-cell", [], fp(killercage=[{"cells": ["X9"], "value": "3"}]),
     "killer cage 1: \"X9\" is not a cell like R1C1"),
    ("fp-killer-outside", [], fp(killercage=[{"cells": ["R5C1"], "value": "3"}]),
     "killer cage 1: cell R5C1 is outside the 4x4 grid"),
    # (a cage without a value is a cage without a total, strategies/variants/plain_cages.py; a value that is not
    # a number is refused)
    ("fp-killer-bad-sum", [], fp(killercage=[{"cells": ["R2C3", "R2C4"], "value": "x"}]),
     'killer cage 1 (r2c3...): its value "x" is not a whole number'),
    ("fp-killer-cells-null", [], fp(killercage=[{"cells": None, "value": "3"}]), "killer cage 1: 'cells'"),
    ("fp-size-5-no-regions", [], json.dumps({"size": 5, "grid": [[{}] * 5] * 5}),
     "r1c1: a 5x5 grid has no boxes, so every cell needs a region"),
    ("fp-arrow", [], fp(arrow=[{"lines": [["R1C2", "R1C3"]], "cells": ["R1C1"]}]),
     "arrow 1: its line starts at R1C2, not in its circle"),
    ("fp-unknown-key", [], fp(snakeeyes=[{"cells": ["R1C1"]}]), "constraint 'snakeeyes' is not supported"),
    ("fp-diagonal", [], fp(**{"diagonal+": "yes"}), "'diagonal+' must be true or false"),
    ("fp-size-text", [], fp(size="big"), "'size' must be a whole number from 3 to 25"),
    # -- links
    ("fp-link-thermo", [], fp_link(fp(thermometer=[{"lines": [["R1C1", "R1C10"]]}])),
     "line 1: f-puzzles link: thermometer 1: cell R1C10 is outside the 4x4 grid"),
    ("fp-link-bad-base64", [], "https://www.f-puzzles.com/?load=N4Ig!!!!\n",
     "line 1: f-puzzles link: '!' (position 5) is not a base64 character"),
    ("fp-link-truncated", [], fp_link(fp())[:60] + "\n", "line 1: f-puzzles link:"),
    ("fp-link-no-load", [], "https://www.f-puzzles.com/?id=12\n", "f-puzzles link: no '?load=' payload"),
    ("fp-link-not-json", [], fp_link("hello there") + "\n", "f-puzzles link: the payload is not an f-puzzles document"),
    ("fp-link-empty", [], "https://www.f-puzzles.com/?load=\n", "f-puzzles link: the compressed payload is empty"),
    ("sudokupad-short-id", [], "https://sudokupad.app/xyz123\n", "SudokuPad link: only links that carry the puzzle"),
    ("sudokupad-scl-no-cells", [], "https://sudokupad.app/scl" + compress_to_base64("{c:[[{v:1}]]}") + "\n",
     "SudokuPad link: the scl payload has no 'cells'"),
    ("sudokupad-scl-unclosed", [], "https://sudokupad.app/scl" + compress_to_base64("{ce:[[{v:'1}]]}") + "\n",
     "SudokuPad link: the scl payload is not SudokuPad's JSON (an unclosed string at character 10)"),
    ("sudokupad-scl-thermo", [], "https://sudokupad.app/scl" + compress_to_base64(
        "{ce:[[,,,],[,,,],[,,,],[,,,]],l:[{wp:[[0.5,0.5],[1.5,1.5]],c:CFCFCF,th:9}]}") + "\n",
     "SudokuPad link: line 1 (r1c1-r2c2): a line of colour #CFCFCF has no one meaning; "
     "deduce cannot tell its rule"),
    ("sudokupad-scl-lines", [], "https://sudokupad.app/scl" + compress_to_base64(json.dumps(
        {"cells": [[{}] * 4] * 4, "lines": [{"wayPoints": [[0, 0], [1, 1]]}]})) + "\n",
     "SudokuPad link: line 1 (r1c1-r2c2): a line of colour none has no one meaning"),
    ("sudokuwiki-80", [], "https://www.sudokuwiki.org/sudoku.htm?bd=" + "0" * 80 + "\n",
     "SudokuWiki link: 'bd=' holds 80 characters"),
    ("sudokuwiki-letter", [], "bd=" + "0" * 40 + "Q" + "0" * 40 + "\n",
     "SudokuWiki link: column 44: unknown symbol 'Q'"),
    ("sudokuwiki-upper-empty", [], "BD=\n", "SudokuWiki link: 'bd=' holds 0 characters"),
    # -- the Latin-square seed's format
    ("latin-count-short", ["--format", "latin"], LATIN.replace("\n1\n", "\n2\n"), "2 given letters announced, 1 found"),
    ("latin-letter-range", ["--format", "latin"], LATIN.replace("00A", "00Q"), "line 6: 'Q' is not one of A-D"),
    ("latin-superscript-count", ["--format", "latin"], LATIN.replace("\n1\n", "\n²\n"),
     "line 5: expected the number of given letters, got '²'"),
    ("latin-outside", ["--format", "latin"], LATIN.replace("00A", "07A"), "line 6: row 0, column 7 is outside"),
    # -- Janko layouts and killer lines
    ("janko-superscript", ["--format", "janko-jigsaw"], sub(JIGSAW4, "- - 4 3", "- - ² 3"),
     "line 2: value '²' in column 3 is not 1-4 or -"),
    ("janko-killer-half", ["--format", "janko-killer"],
     "4 4\n½ - - -\n- - - -\n- - - -\n- - - -\n1 1 1 1\n2 2 2 2\n3 3 3 3\n4 4 4 4\n",
     "line 2: cage sum '½' in column 1 is not a number"),
    ("janko-not-square", [], sub(JIGSAW4, "4 4", "4 5"), "line 1: the grid must be square"),
    ("janko-too-big", ["--format", "janko-jigsaw"], sub(JIGSAW4, "4 4", "30 30"), "line 1: a 30x30 grid is outside"),
    ("janko-truncated", ["--format", "janko-jigsaw"], JIGSAW4.rsplit("\n", 3)[0] + "\n",
     "expected 4 lines of values and 4 lines of ids"),
    ("janko-extra-line", ["--format", "janko-jigsaw"], JIGSAW4 + "1 2 3 4\n", "line 10: unexpected extra line"),
    ("janko-ambiguous", [], "4 4\n- - - -\n- - - -\n- - - -\n- - - -\n1 1 1 1\n1 1 1 1\n2 2 2 2\n3 3 3 3\n",
     "choose it with --format janko-jigsaw or --format janko-killer"),
    ("killer-line-sums", [], "AABCDEECDFFFDGGH 3,x\n", "line 1, column 18: cage sums must be whole numbers"),
    ("killer-line-superscript", [], "AABCDEECDFFFDGGH 3,3,6,9,5,8,5,²\n", "cage sums must be whole numbers"),
    ("killer-line-15", ["--format", "killer-line"], "AABCDEECDFFFDGG 3,3\n", "15 cage letters is not N*N"),
    ("killer-line-digit", ["--format", "killer-line"], "1ABCDEECDFFFDGGH 3,3\n", "column 1: cage letter '1'"),
    ("killer-line-count", [], "AABCDEECDFFFDGGH 3,3,6\n", "8 cages but 3 sums"),
    # -- everything else
    ("empty", [], "", "the input is empty"),
    ("only-comments", [], "# nothing here\n\n", "the input is empty"),
    ("unknown-format", ["--format", "kakuro"], CLASSIC + "\n", "unknown format 'kakuro'"),
    ("symbols-repeat", ["--symbols", "AAB"], CLASSIC + "\n", "--symbols must be distinct characters"),
    ("binary-zeros", [], "\x00" * 81 + "\n", "unknown symbol '\\x00'"),
]


def test_the_catalogue_is_long_enough():
    assert len(CASES) >= 70
    assert len({c[0] for c in CASES}) == len(CASES)


@pytest.mark.parametrize("name,args,stdin,needle", CASES, ids=[c[0] for c in CASES])
def test_bad_input_is_exit_2_and_one_line(name, args, stdin, needle):
    code, out, err = run(["count", *args], stdin)
    assert code == 2, (code, out, err)
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("deduce: ") and "Traceback" not in err
    assert needle in lines[0], lines[0]


@pytest.mark.parametrize("name,read_as", [("grid-short-row", "a grid"), ("bordered-wide-row", "a bordered grid"),
                                          ("json-cells-null", "JSON"), ("csv-bad-puzzle", "a puzzle line"),
                                          ("marks-missing-row", "pencil marks"), ("fp-arrow", "an f-puzzles document"),
                                          ("janko-superscript", "the Janko jigsaw layout")])
def test_the_error_names_the_format_tried(name, read_as):
    (_, args, stdin, _) = next(c for c in CASES if c[0] == name)
    _, _, err = run(["count", *args], stdin)
    assert err.rstrip().endswith(f"(read as {read_as})"), err


@pytest.mark.parametrize("name", ["grid-truncated", "json-deep-nesting", "fp-link-bad-base64", "hodoku-truncated"])
def test_bad_input_through_a_real_process(name, tmp_path):
    (_, args, stdin, needle) = next(c for c in CASES if c[0] == name)
    path = tmp_path / "bad.txt"
    path.write_text(stdin, encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "deduce", "solve", *args, str(path)], capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 2
    assert len(proc.stderr.splitlines()) == 1 and needle in proc.stderr
    assert "Traceback" not in proc.stderr


def test_a_batch_reports_the_bad_line_and_carries_on():
    code, out, err = run(["count"], f"{CLASSIC}\n{CLASSIC[:60]}\n{CLASSIC}\n")
    assert code == 2
    assert [line for line in out.splitlines() if not line.startswith("#")] == ["1", "1"]
    assert err.splitlines() == ["deduce: line 2: expected N*N characters for a grid (81 for 9x9, 16, 36, 64, 144, "
                                "256, 625 ...), got 60 (read as a puzzle line)"]
