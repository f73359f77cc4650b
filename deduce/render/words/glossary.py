"""The words deduce's explanations use, defined once: shown by
``deduce techniques glossary``, in the README and (as data) on the page.

>>> dict(GLOSSARY)["restricted common"].startswith("A symbol two almost locked sets share")
True
"""

from __future__ import annotations

#: (term, definition), in the order a learner meets them.
GLOSSARY: tuple[tuple[str, str], ...] = (
    ("cell", "One square of the grid, written r4c6 (row 4, column 6, counted from 1)."),
    ("house", "A row, column, box or (jigsaw) region: it holds every symbol exactly once."),
    ("see", "Two cells see each other when they share a house (or a cage whose digits differ): "
            "they cannot hold the same symbol."),
    ("candidate", "A symbol a cell may still hold. r4c6<>7 removes 7 from r4c6; r4c6=7 places it."),
    ("strong link", "Two candidates of which at least one is true: the only two places of a symbol in a house, "
                    "or the only two candidates of a cell."),
    ("weak link", "Two candidates that cannot both be true: the same symbol in two cells that see each other, "
                  "or two candidates of one cell."),
    ("chain", "Links followed one after another, strong and weak in turn, each line giving its reason; "
              "'by line 3' points back to the line a step follows from."),
    ("base and cover", "In a fish, the base houses hold all of a symbol's places inside the cover houses; so the "
                       "cover houses get that symbol from the base, and lose it elsewhere."),
    ("fin", "A place of the symbol in a base house outside the cover houses. A finned fish only removes what "
            "also sees every fin."),
    ("sashimi", "A finned fish that would not be a fish without its fin: one base house holds the symbol, apart "
                "from the fin, in a single cell."),
    ("franken", "A fish whose base or cover houses include boxes as well as rows or columns."),
    ("mutant", "A fish mixing rows, columns and boxes freely in both its base and its cover."),
    ("pivot and pincers", "In a wing, the pivot sees each pincer; whatever the pivot holds, one pincer holds the "
                          "symbol removed from the cells that see both."),
    ("colour and cluster", "Colouring gives the two ends of each strong link of one symbol opposite colours; a "
                           "cluster is a set of cells joined that way. In a cluster one colour holds the symbol "
                           "everywhere, the other nowhere."),
    ("grouped", "A chain whose link ends may be a group of cells of one house (the symbol is in one of them)."),
    ("almost locked set", "N cells of one house holding N+1 symbols between them: without any one of those "
                          "symbols they are locked on the rest."),
    ("restricted common", "A symbol two almost locked sets share whose places in one set all see its places in "
                          "the other: it lies in at most one of the two sets."),
    ("deadly pattern", "Cells that could swap two symbols without breaking any rule, giving a second solution; "
                       "uniqueness techniques assume the puzzle has one solution and avoid it."),
    ("roof and floor", "In a unique rectangle, the floor corners hold only the pair; the roof corners hold "
                       "more."),
    ("BUG", "Bivalue universal grave: every unsolved cell with two candidates and every symbol with two places "
            "in each house. Such a grid has no solution or several, so an extra candidate must be true."),
    ("cage", "A killer's group of cells with a sum, named by its first cell and sum: cage r1c1 (11)."),
    ("innie and outie", "45 rule: houses hold known totals (45 each in 9×9). Innies are cells inside the houses "
                        "but in no cage wholly inside them; outies are cells outside the houses in cages "
                        "sticking out of them. Their sum follows from the cage sums."),
    ("derived cage", "Cells whose sum the 45 rule fixes: they act as a new cage with that sum."),
    ("leftovers", "Jigsaw: k rows (or columns) and k regions hold each symbol k times, so the cells only in the "
                  "rows and the cells only in the regions hold the same symbols."),
    ("forcing chain", "Each possibility (every candidate of a cell, every place of a symbol in a house, or a "
                      "candidate true and false) is followed; what they all lead to is true."),
    ("dynamic", "A chain whose links are judged in the grid as the assumption changes it, not only in the "
                "grid as it stands."),
    ("nesting level", "1: the chain also applies simple techniques inside its assumption; 2: it also applies "
                      "AICs there; 3: cell and region forcing chains too; 4: dynamic forcing chains; 5: nested "
                      "forcing chains of level 2 too (Sudoku Explainer's levels)."),
    ("trial and error", "Trying a value and searching on; used only when no enabled technique applies, and the "
                        "explanation says so."),
)


def glossary_lines() -> list[str]:
    """The glossary as text, one term a paragraph."""
    return [f"{term}: {text}" for term, text in GLOSSARY]
