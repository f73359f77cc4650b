"""``deduce techniques``: the technique catalogue."""

from __future__ import annotations

import argparse
from typing import Any

from .common import Output


def add_parsers(sub: Any) -> None:
    p = sub.add_parser("techniques", help="the technique catalogue, or one technique or constraint with an example")
    p.add_argument("name", nargs="?", help="a technique code or name, or a constraint key (antiknight, ...)")
    p.set_defaults(run=None, standalone=cmd_techniques)


def cmd_techniques(args: argparse.Namespace, io: Output) -> int:
    from ..catalogue import print_catalogue

    return print_catalogue(args.name, io.print, io.warn)
