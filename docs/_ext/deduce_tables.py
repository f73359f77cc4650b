"""Sphinx directives that write deduce's own tables into the docs.

``deduce-techniques`` makes the technique list from ``deduce.TABLE`` (the
one table: code, name, family, both rating scales, description),
``deduce-families`` the list of what each family covers from the same rows, and
``deduce-glossary`` the glossary from ``deduce techniques glossary``, so
the documentation says what the program says.
"""

from __future__ import annotations

import io
from typing import Any

from docutils import nodes
from docutils.parsers.rst import Directive


def _table(headers: list[str], rows: list[list[str]], widths: list[int]) -> nodes.table:
    table = nodes.table()
    group = nodes.tgroup(cols=len(headers))
    table += group
    for width in widths:
        group += nodes.colspec(colwidth=width)
    head = nodes.thead()
    group += head
    head += _row(headers)
    body = nodes.tbody()
    group += body
    for row in rows:
        body += _row(row)
    return table


def _row(cells: list[str]) -> nodes.row:
    row = nodes.row()
    for text in cells:
        entry = nodes.entry()
        entry += nodes.paragraph(text=text)
        row += entry
    return row


class TechniqueTable(Directive):
    """Every technique of the table, in deduce's order of trial."""

    def run(self) -> list[nodes.Node]:
        import deduce

        rows = []
        for technique in deduce.TABLE:
            se = "" if technique.se is None else f"{technique.se:.1f}"
            hodoku = "" if technique.hodoku is None else str(technique.hodoku)
            rows.append([technique.code, technique.name, technique.family, se, hodoku, technique.level,
                         technique.description])
        headers = ["code", "technique", "family", "SE", "HoDoKu", "level", "what it does"]
        return [_table(headers, rows, [12, 16, 10, 4, 5, 7, 46])]


def family_lines() -> list[tuple[str, str]]:
    """(title, what it covers) per family, from the rows: deduce's default
    set first, then what runs on request (``--profile full`` or ``--only``),
    then what only a reference program's profile uses."""
    from deduce.technique import family_title
    from deduce.techniques import families, techniques_of_family

    out = []
    for family in families():
        rows = techniques_of_family(family)
        default = [t.name for t in rows if "deduce" in t.profiles]
        on_request = [t.name for t in rows if t.opt_in]
        reference = [t.name for t in rows if "full" not in t.profiles]
        parts = [", ".join(default)] if default else []
        if on_request:
            parts.append("on request: " + ", ".join(on_request))
        if reference:
            parts.append("in a reference program's profile only: " + ", ".join(reference))
        out.append((family_title(family), "; ".join(parts) + "."))
    return out


class FamilyList(Directive):
    """What each family covers, made from the table's rows (a new row or family shows at once)."""

    def run(self) -> list[nodes.Node]:
        items = nodes.bullet_list()
        for title, covers in family_lines():
            item = nodes.list_item()
            paragraph = nodes.paragraph()
            paragraph += nodes.strong(text=title)
            paragraph += nodes.Text(": " + covers)
            item += paragraph
            items += item
        return [items]


class Glossary(Directive):
    """The words deduce's explanations use, as ``deduce techniques glossary`` prints them."""

    def run(self) -> list[nodes.Node]:
        from deduce.cli import main

        out = io.StringIO()
        main(["techniques", "glossary"], out=out, err=io.StringIO())
        items = nodes.definition_list()
        for line in out.getvalue().splitlines()[1:]:
            term, _, text = line.strip().partition(": ")
            if not text:
                continue
            item = nodes.definition_list_item()
            item += nodes.term(text=term)
            definition = nodes.definition()
            definition += nodes.paragraph(text=text)
            item += definition
            items += item
        return [items]


def setup(app: Any) -> dict[str, Any]:
    app.add_directive("deduce-techniques", TechniqueTable)
    app.add_directive("deduce-families", FamilyList)
    app.add_directive("deduce-glossary", Glossary)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
