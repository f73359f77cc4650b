#!/usr/bin/env python3
"""The Latin-square seed program, on deduce's public API.

Reads from standard input: N lines of region ids (a jigsaw region map),
an integer n, then n lines ``<row><col><letter>`` (0-based row and column).
Prints every solution: its number (from 1) on a line, then N lines of N
letters separated by single spaces; or ``无解`` ("no solution") when there
is none.  Exit status 0 either way; 2 for malformed input.

    python examples/latin_square.py < examples/latin_square.txt
"""

from __future__ import annotations

import sys

from deduce import Contradiction, ParseError, iter_solutions, read_puzzle
from deduce.formats import write_solution


def main() -> int:
    try:
        puzzle = read_puzzle(sys.stdin.read(), "latin")
    except ParseError as exc:
        print(f"latin_square: {exc}", file=sys.stderr)
        return 2
    count = 0
    try:
        for solution in iter_solutions(puzzle):
            count += 1
            print(count)
            print(write_solution(puzzle, solution, "latin"))
    except Contradiction:
        pass  # givens that clash: no solution
    if count == 0:
        print("无解")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:
        sys.exit(0)
