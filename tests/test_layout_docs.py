"""The documents that describe the code say what the code is: the C files
the guides list are the C files there are, the technique families are the
table's (open to a plugin's own), and the command that stores a technique's
example is the one the tests' messages give."""

from __future__ import annotations

import pathlib
import re
import sys
from collections.abc import Iterator

import pytest

from deduce import techniques
from deduce.catalogue import STORE_EXAMPLE_COMMAND, store_example_command
from deduce.technique import Technique, family_title
from deduce.techniques import Provided, families, lookup

ROOT = pathlib.Path(__file__).resolve().parent.parent
C_FILES = {p.name for p in (ROOT / "deduce" / "_accel").glob("*.c")}


@pytest.mark.parametrize("doc", ["CONTRIBUTING.md", "docs/layout.md"])
def test_the_guides_name_every_c_file_and_no_other(doc: str) -> None:
    text = (ROOT / doc).read_text(encoding="utf-8")
    named = set(re.findall(r"`([a-z_]+\.c)`", text))
    assert C_FILES, "no C sources found"
    assert named == C_FILES, (f"{doc} names {sorted(named - C_FILES)} that are not in deduce/_accel/ and leaves out "
                              f"{sorted(C_FILES - named)}")


def test_contributing_gives_the_store_command_the_tests_give() -> None:
    text = " ".join((ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8").split())
    assert store_example_command("CODE") in text
    assert STORE_EXAMPLE_COMMAND.startswith("python bench/find_examples.py --catalogue")
    assert "--puzzle PUZZLE" in text  # an example from a given puzzle


def test_the_techniques_page_is_made_from_the_table() -> None:
    text = (ROOT / "docs" / "techniques.md").read_text(encoding="utf-8")
    assert "{deduce-families}" in text and "{deduce-techniques}" in text
    pytest.importorskip("docutils", reason="the docs extra is not installed")
    sys.path.insert(0, str(ROOT / "docs" / "_ext"))
    try:
        import deduce_tables
    finally:
        sys.path.remove(str(ROOT / "docs" / "_ext"))
    lines = dict(deduce_tables.family_lines())
    assert list(lines) == [family_title(f) for f in families()]
    for row in techniques.all_rows():
        assert row.name in lines[family_title(row.family)], f"{row.name} is missing from its family's line"
    # what made issue 43's drift: the rectangles are listed as the table has them
    assert "Unique rectangle type 6" in lines["Uniqueness"]


@pytest.fixture
def a_plugin_family() -> Iterator[Technique]:
    """A plugin row whose family the core has never heard of (the registry's loader replaced for the test)."""
    row = Technique("arrow-sum", "Arrow sum", "arrows", 2.0, 40, "Easy", order=455)
    before = techniques._plugin_loader
    got = before() if before is not None else Provided()
    techniques.set_plugin_loader(lambda: Provided(got.builtin, got.plugins + (row,), got.names, got.written_names))
    try:
        yield row
    finally:
        techniques.set_plugin_loader(before)


def test_a_plugin_brings_a_family_of_its_own_without_a_core_edit(a_plugin_family: Technique) -> None:
    assert "arrows" in families()
    assert lookup("arrows") == (a_plugin_family,)
    assert family_title("arrows") == "Arrows"
