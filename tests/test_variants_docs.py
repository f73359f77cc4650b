"""The variant constraints in the docs (issue 44), walked from the constraint registry.

* ``docs/ratings.md`` holds a row for every variant technique, made from the
  technique table (its weights and reasons), not copied by hand:
  ``python -m tests.test_variants_docs`` writes the block again.
* every constraint's f-puzzles keys are in ``docs/variants.md``, with an
  example step in the docs (the block of examples made from the stored
  examples, written the same way) and in ``deduce techniques``.
"""

from __future__ import annotations

import pathlib
import re
import sys
from types import ModuleType

from deduce import catalogue, constraint
from deduce.constraint import Constraint
from deduce.technique import Technique

DOCS = pathlib.Path(__file__).resolve().parent.parent / "docs"
RATINGS_BLOCK = ("<!-- variant rows: made from the technique table by `python -m tests.test_variants_docs` -->",
                 "<!-- end of the variant rows -->")
EXAMPLES_BLOCK = ("<!-- variant examples: made from the stored examples by `python -m tests.test_variants_docs` -->",
                  "<!-- end of the variant examples -->")


def keys_of(cls: type[Constraint]) -> tuple[str, ...]:
    return cls.KEYS + tuple(f"negative: {k}" for k in cls.NEGATES)


def home_of(cls: type[Constraint]) -> ModuleType:
    return sys.modules[cls.__module__]


def house_kinds() -> list[type[Constraint]]:
    """The constraints with houses of N cells (their steps are the extra houses' techniques)."""
    return [cls for cls in constraint.kinds() if cls.houses is not Constraint.houses]


def variant_rows() -> list[tuple[Technique, tuple[str, ...]]]:
    """Every variant technique's row and the constraint keys it serves, in order of ER then code."""
    import strategies

    out = []
    for home in strategies.homes():
        if not home.__name__.startswith("strategies.variants."):
            continue
        served = [cls for cls in constraint.kinds() if home_of(cls) is home]
        if home.__name__.endswith(".extra_houses"):
            served = house_kinds()
        keys = tuple(k for cls in served for k in keys_of(cls))
        out.extend((row, keys) for row in getattr(home, "ROWS", ()))
    return sorted(out, key=lambda rk: (rk[0].se or 0, rk[0].code))


def without_technique() -> list[type[Constraint]]:
    """The constraints whose only rule is that cells differ: no technique of their own."""
    served = {k for _, keys in variant_rows() for k in keys}
    return [cls for cls in constraint.kinds() if not set(keys_of(cls)) & served]


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def ratings_block() -> str:
    lines = ["| code | technique | constraints | ER | score | level | why |", "|---|---|---|---|---|---|---|"]
    for row, keys in variant_rows():
        lines.append(f"| `{row.code}` | {row.name} | {', '.join(f'`{k}`' for k in keys)} | {row.se} | {row.hodoku} | "
                     f"{row.level} | {_cell(row.rating_note)} |")
    rest = ", ".join(f"`{k}`" for cls in without_technique() for k in keys_of(cls))
    lines += ["", f"No technique of their own (their cells differ, so they are peers: every technique uses them "
                  f"at its own weight): {rest}."]
    return "\n".join(lines)


def examples_block() -> str:
    stored = catalogue.stored()
    lines = []
    for row, keys in variant_rows():
        ex = stored[row.code]
        lines.append(f"* `{row.code}` ({', '.join(f'`{k}`' for k in keys)}), {ex.source}: "
                     f"{_cell(ex.step.text('full', ex.state().puzzle))}")
    return "\n".join(lines)


def block(text: str, marks: tuple[str, str]) -> str:
    start, end = text.index(marks[0]) + len(marks[0]), text.index(marks[1])
    return text[start:end].strip()


def test_the_ratings_page_has_the_technique_tables_row_for_every_variant_technique():
    text = (DOCS / "ratings.md").read_text()
    assert block(text, RATINGS_BLOCK) == ratings_block(), "run: python -m tests.test_variants_docs"


def test_every_constraint_key_is_rated_or_said_to_have_no_technique():
    rated = {k for _, keys in variant_rows() for k in keys}
    plain = {k for cls in without_technique() for k in keys_of(cls)}
    every = {k for cls in constraint.kinds() for k in keys_of(cls)}
    assert every == rated | plain and not rated & plain
    assert {"antiknight", "antiking", "killercage/no-total"} == plain   # (a new rule with no technique is a choice)


def test_every_constraint_key_is_in_the_variants_page():
    text = (DOCS / "variants.md").read_text()
    for cls in constraint.kinds():
        for key in cls.KEYS + cls.NEGATES:
            shown = "killercage" if key == "killercage/no-total" else key
            assert f"`{shown}`" in text or f'"{shown}"' in text, (cls.__name__, key)


def test_the_variants_page_has_a_stored_example_of_every_variant_technique():
    text = (DOCS / "variants.md").read_text()
    assert block(text, EXAMPLES_BLOCK) == examples_block(), "run: python -m tests.test_variants_docs"


def test_every_constraint_with_a_technique_has_an_example_in_deduce_techniques():
    """Each technique's stored example is a puzzle holding the constraints its row serves (one of them)."""
    stored = catalogue.stored()
    for row, keys in variant_rows():
        ex = stored.get(row.code)
        assert ex is not None, row.code
        puzzle = ex.state().puzzle
        held = {re.sub(r"^negative:\s*", "negative: ", k) for c in puzzle.constraints for k in keys_of(type(c))}
        assert held & set(keys), (row.code, keys)


def write() -> None:
    for name, marks, make in (("ratings.md", RATINGS_BLOCK, ratings_block),
                              ("variants.md", EXAMPLES_BLOCK, examples_block)):
        path = DOCS / name
        text = path.read_text()
        start, end = text.index(marks[0]) + len(marks[0]), text.index(marks[1])
        path.write_text(text[:start] + "\n\n" + make() + "\n\n" + text[end:])


if __name__ == "__main__":
    write()
