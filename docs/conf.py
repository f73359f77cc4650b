"""Sphinx configuration for deduce's documentation.

Build it (warnings are errors, as in ``.ci/run``)::

    python -m pip install -e '.[docs]'
    python -m sphinx -W --keep-going -b html docs docs/_build/html

The pages are Markdown (MyST); the API reference comes from the docstrings
and their doctests (autodoc); the technique list and the glossary are made
at build time from deduce's own table and glossary, so they never drift
from what ``deduce techniques`` prints.
"""

from __future__ import annotations

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parent / "_ext"))

import deduce

project = "deduce"
author = "the deduce maintainers"
copyright = "the deduce maintainers"
release = deduce.__version__
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
    "deduce_tables",
]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
exclude_patterns = ["_build"]
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence"]

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "undoc-members": False}
# Type hints name classes that the pages do not document one by one.
nitpicky = False
# The pages quote the program word for word (its apostrophes and quotes are straight).
smartquotes = False

html_theme = "alabaster"
html_title = f"deduce {release}"
html_theme_options = {"description": "Solve, explain and rate Sudoku-family puzzles", "fixed_sidebar": True}
