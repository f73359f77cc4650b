"""``python -m deduce``: the command line tool."""

from .cli import entry_point

entry_point()
