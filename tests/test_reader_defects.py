"""A file that looks like one format and breaks one of its rules is
reported in that format's terms, in one line, exit 2 (issue #32 item 5):
never read as another format into a different puzzle, nor into one error
per line."""

from __future__ import annotations

import io
import pathlib

import pytest

from deduce.cli import main

ROOT = pathlib.Path(__file__).resolve().parents[1]
LATIN = (ROOT / "examples" / "latin_square.txt").read_text()
BORDERED = """+-------+-------+-------+
| 4 . . | . . . | 8 . 5 |
| . 3 . | . . . | . . . |
| . . . | 7 . . | . . . |
+-------+-------+-------+
| . 2 . | . . . | . 6 . |
| . . . | . 8 . | 4 . |
| . . . | . 1 . | . . . |
+-------+-------+-------+
| . . . | 6 . 3 | . 7 . |
| 5 . . | 2 . . | . . . |
| 1 . 4 | . . . | . . . |
+-------+-------+-------+
"""


def run(text: str, *args: str) -> tuple[int, list[str], str]:
    out, err = io.StringIO(), io.StringIO()
    import sys

    saved = sys.stdin
    sys.stdin = io.StringIO(text)
    try:
        code = main(["solve", "-", *args], out=out, err=err)
    finally:
        sys.stdin = saved
    return code, [line for line in err.getvalue().splitlines() if line], out.getvalue()


def short_row(text: str, line: int) -> str:
    lines = text.splitlines()
    lines[line - 1] = lines[line - 1][:-1]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("text, where, words", [
    (LATIN.replace("\n6\n", "\n²\n"), "line 7", "expected the number of given letters, got '²'"),
    (short_row(LATIN, 3), "line 3", "region map row has 5 ids, expected 6"),
    (short_row(LATIN.replace("\n6\n", "\n²\n"), 3), "line 3", "region map row has 5 ids, expected 6"),
    (LATIN.replace("\n6\n", "\nsix\n"), "line 7", "got 'six'"),
    ("\n".join(ln for i, ln in enumerate(LATIN.splitlines()) if i != 2) + "\n", "line 6",
     "expected 6 lines of region ids"),
])
def test_a_latin_square_file_with_one_defect_is_one_line_in_latin_terms(text, where, words):
    code, errors, out = run(text)
    assert code == 2 and len(errors) == 1, errors
    assert errors[0].startswith(f"deduce: {where}: ") and words in errors[0]
    assert errors[0].endswith("(read as the Latin-square layout)")
    assert "no solution" not in out


@pytest.mark.parametrize("text, line, fmt", [
    (BORDERED, 7, "a bordered grid"),
    (BORDERED.replace("| ", "").replace(" |", "").replace("+-", "").replace("-+", "").replace("-", ""), None, None),
])
def test_a_bordered_grid_with_one_short_row_is_one_line(text, line, fmt):
    code, errors, _ = run(text)
    assert code == 2 and len(errors) == 1, errors
    assert "expected 9 values in this row, got 8" in errors[0]
    if fmt:
        assert errors[0] == f"deduce: line {line}: expected 9 values in this row, got 8 (read as {fmt})"


def test_the_latin_square_example_still_reads():
    code, errors, out = run(LATIN)
    assert code == 0 and errors == [] and out.strip()
