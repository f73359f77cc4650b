"""Exceptions raised by deduce.

Every error about input is a :class:`ValueError` subclass whose message names
the place (line, column, cell, cage) and the problem, so a command-line tool
can print it as one line.
"""

from __future__ import annotations


class DeduceError(ValueError):
    """Base class of deduce's input errors."""


class InvalidPuzzleError(DeduceError):
    """The puzzle's structure is wrong: size, regions, cages, symbols."""


class ParseError(DeduceError):
    """Text could not be read as a puzzle.

    ``line`` and ``column`` are 1-based positions in the input, when known.

    >>> str(ParseError("unknown symbol 'x'", line=3, column=7))
    "line 3, column 7: unknown symbol 'x'"
    """

    def __init__(self, message: str, *, line: int | None = None, column: int | None = None):
        self.message = message
        self.line = line
        self.column = column
        where = []
        if line is not None:
            where.append(f"line {line}")
        if column is not None:
            where.append(f"column {column}")
        super().__init__(f"{', '.join(where)}: {message}" if where else message)

    def at_line(self, line: int) -> ParseError:
        """The same error, placed at ``line`` (for errors found inside one line)."""
        return ParseError(self.message, line=line, column=self.column)


class Contradiction(Exception):
    """The position has no solution: a cell without candidates, a house
    without a place for a symbol, a clash of two equal symbols or a cage
    whose sum cannot be met.  ``reason`` says which, in words."""

    def __init__(self, reason: str):
        self.reason = reason
        super().__init__(reason)


class UnsoundStepError(AssertionError):
    """A strategy produced a step that contradicts the known solution.

    This is a bug in the strategy: the engine checks every step against the
    solution when it knows it, and refuses to apply a wrong one.
    """


class SolveTimeout(Exception):
    """Raised when work runs past its time limit (see :mod:`deduce.deadline`):
    checked between steps and inside the searches."""

    def __init__(self, seconds: float):
        super().__init__(f"no result within {seconds:g} s")
        self.seconds = seconds
