"""What pictures show for each family of steps (deduce.render.marks), on the
built-in showcase positions: roles read from each step's record, chain
links between real candidates in the chain's direction, and the JSON form
of them that other tools draw from."""

from __future__ import annotations

import functools
import itertools
import re

import attrs
import pytest

import deduce
from deduce.formats import read_puzzle
from deduce.literal import unpack
from deduce.render.json import result_to_json
from deduce.render.marks import ROLES, Link, Marks, marks, to_json
from deduce.showcase import SHOWCASE
from deduce.state import State

#: showcase positions whose solves hold every family drawn below (a few seconds in all)
LABELS = ("naked and hidden pair", "hidden triple", "unique rectangle type 5", "X-chain", "Nishio",
          "cell and region forcing chains", "seed: killer sudoku and the 45 rule",
          "seed: Latin square with letters")


@functools.cache
def steps_with_states() -> tuple:
    """(puzzle, state before the step, step) for every step of the showcase solves above."""
    out = []
    for label, text, fmt in SHOWCASE:
        if label not in LABELS:
            continue
        puzzle = read_puzzle(text, fmt)
        state = State.from_puzzle(puzzle)
        for step in deduce.solve(puzzle).steps:
            out.append((puzzle, state.copy(), step))
            state.apply(step)
    return tuple(out)


def of(*codes: str) -> list:
    found = [t for t in steps_with_states() if t[2].code in codes or t[2].technique.family in codes]
    assert found, f"no {codes} step in the showcase solves"
    return found


def roles_of(m: Marks) -> tuple[dict, dict, dict, dict]:
    cells: dict[int, set[str]] = {}
    cands: dict[tuple[int, int], set[str]] = {}
    for c, r in m.cells:
        cells.setdefault(c, set()).add(r)
    for c, s, r in m.candidates:
        cands.setdefault((c, s), set()).add(r)
    return cells, cands, dict(m.houses), dict(m.cages)


def test_every_mark_is_well_formed_and_every_role_is_in_the_legend_table():
    for puzzle, state, step in steps_with_states():
        m = marks(step, puzzle, state)
        n = puzzle.size
        assert set(m.roles()) <= set(ROLES)
        assert all(0 <= c < n * n for c, _ in m.cells)
        assert all(0 <= h < 3 * n for h, _ in m.houses)
        assert all(0 <= k < len(puzzle.cages) for k, _ in m.cages)
        for c, s, r in m.candidates:
            assert state.cand[c] >> s & 1, (step.code, c, s, r)  # only candidates that are there
        assert {(c, s) for c, s, r in m.candidates if r == "eliminated"} == set(step.eliminations)
        assert {(c, s) for c, s, r in m.candidates if r == "placed"} == set(step.placements)


def test_chain_links_join_real_candidates_and_strong_links_end_on_a_true_candidate():
    for puzzle, state, step in of("chains", "forcing", "xy-wing", "w-wing", "skyscraper", "2-string-kite",
                                  "turbot-fish", "empty-rectangle"):
        m = marks(step, puzzle, state)
        assert m.links, step.code
        _, cands, _, _ = roles_of(m)
        for link in m.links:
            for c, s in (link.start, link.end):
                assert state.cand[c] >> s & 1 and state.value[c] < 0, (step.code, link)
            if link.strong and link.directed:  # "start false, so end true" (3D Medusa's colour links have no way)
                assert "on" in cands.get(link.end, set()) or "z" in cands.get(link.end, set()), (step.code, link)


def test_forcing_chain_links_follow_the_records_parent_to_child():
    for puzzle, state, step in of("forcing", "aic", "grouped-aic", "x-chain"):
        if step.detail("aic") is not None:
            continue  # one strand, drawn from its nodes (below)
        m = marks(step, puzzle, state)
        pairs = {(a.start, a.end) for a in m.links}
        _, cands, _, _ = roles_of(m)
        for _start, chain, _contradiction in step.detail("branches"):
            for x, _reason, parents in chain:
                cell, sym, _on = unpack(x)
                assert cands.get((cell, sym)), (step.code, cell, sym)
                for p in parents:
                    pc, ps, _ = unpack(p)
                    if (pc, ps) != (cell, sym):
                        assert ((pc, ps), (cell, sym)) in pairs or ((cell, sym), (pc, ps)) in pairs


def test_an_aic_is_drawn_as_one_strand_whose_line_styles_are_its_links():
    drawn = 0
    for puzzle, state, step in of("aic", "grouped-aic", "x-chain"):
        aic = step.detail("aic")
        if aic is None:
            continue
        drawn += 1
        nodes, links, _loop = aic
        m = marks(step, puzzle, state)
        _, cands, _, _ = roles_of(m)
        sets = sum(node[2] >= 0 for node in nodes)
        # one line per link between nodes, one inside each almost locked set: a strand, no fan
        assert len(m.links) == len(links) + sets, step
        expected = []
        for k, node in enumerate(nodes):
            if k:
                expected.append("strong" if links[k - 1][0] == "=" else "weak")
            if node[2] >= 0:
                expected.append("als")
        assert [k.kind for k in m.links] == expected
        for a, b in itertools.pairwise(m.links):
            assert a.end == b.start  # one strand: each line goes on from where the last arrived
        # the first node is false, then each link's end true (strong) or false (weak), as the words read
        assert cands[m.links[0].start] & {"off"}
        for k in m.links:
            want = "on" if k.kind in ("strong", "als") else "off"
            assert want in cands[k.end], (step.code, k)
    assert drawn


def test_an_als_link_is_labelled_as_one_in_a_forcing_chain_too():
    from strategies._chain_records import chain_marks

    seen = 0
    for puzzle, state, step in of("grouped-aic"):
        records = [rec for _s, chain, con in step.detail("branches") for rec in (*chain, *((con,) if con else ()))]
        kinds: dict[tuple, set[str]] = {}
        for x, reason, parents in records:
            if x >= 0 and reason:
                for p in parents:
                    kinds.setdefault((unpack(p)[:2], unpack(x)[:2]), set()).add(reason[0])
        als = {pair for pair, why in kinds.items() if why == {"als"}}
        if not als:
            continue
        plain = attrs.evolve(step, details=tuple((k, v) for k, v in step.details if k != "aic"))
        m = chain_marks(plain, puzzle, state)
        for k in m.links:
            if (k.start, k.end) in als:
                seen += 1
                assert k.kind == "als" and not k.strong
    assert seen


def test_xy_chain_alternates_strong_links_in_cells_and_weak_links_between_them():
    for puzzle, state, step in of("xy-chain"):
        m = marks(step, puzzle, state)
        path, values = step.detail("path"), step.detail("values")
        assert len(m.links) == 2 * len(path) - 1
        assert [k.strong for k in m.links] == [i % 2 == 0 for i in range(len(m.links))]
        for k in m.links:  # strong links inside a cell, weak links between cells of the path
            assert (k.start[0] == k.end[0]) == k.strong
        x = step.symbols[0]
        assert m.links[0].start == (path[0], x) and m.links[-1].end == (path[-1], values[-1]) and values[-1] == x


def test_fish_roles_are_base_cover_and_fins():
    for puzzle, state, step in of("fish"):
        m = marks(step, puzzle, state)
        cells, cands, houses, _ = roles_of(m)
        assert {h for h, r in houses.items() if r == "base"} == set(step.detail("base"))
        assert {h for h, r in houses.items() if r == "cover"} == set(step.detail("cover"))
        sym = step.symbols[0]
        for fin in step.detail("fins"):
            assert "fin" in cells[fin] and "fin" in cands[(fin, sym)]
        body = [c for c in step.cells if c not in step.detail("fins")]
        assert all("pattern" in cands.get((c, sym), {"pattern"}) for c in body)


def test_wings_show_pivot_and_pincers():
    for puzzle, state, step in of("xy-wing", "xyz-wing"):
        cells, cands, _, _ = roles_of(marks(step, puzzle, state))
        assert cells[step.detail("pivot")] == {"pivot"}
        z = step.symbols[0]
        for p in step.detail("pincers"):
            assert cells[p] == {"pincer"} and "z" in cands[(p, z)]
    for puzzle, state, step in of("w-wing"):
        cells, _, _, _ = roles_of(marks(step, puzzle, state))
        assert all(cells[c] == {"pincer"} for c in step.cells[:2])


def test_xyz_wing_links_the_pivot_to_each_pincer_as_the_xy_wing_does():
    """Pivot is x, so the pincer {x,z} is not x (weak link), so it is z
    (strong link): one such pair per pincer, on the symbol it shares."""
    for puzzle, state, step in of("xyz-wing"):
        m = marks(step, puzzle, state)
        _, cands, _, _ = roles_of(m)
        pivot, z = step.detail("pivot"), step.symbols[0]
        links = {(k.start, k.end): k.strong for k in m.links}
        assert len(links) == 4 and all(k.directed for k in m.links)
        for p in step.detail("pincers"):
            (x,) = [s for s in range(puzzle.size) if state.cand[p] >> s & 1 and s != z]
            assert state.cand[pivot] >> x & 1
            assert links[((pivot, x), (p, x))] is False and links[((p, x), (p, z))] is True
            assert "on" in cands[(pivot, x)] and "off" in cands[(p, x)] and "z" in cands[(p, z)]
        assert "z" in cands[(pivot, z)]
        doc = to_json(m, puzzle)
        assert len(doc["links"]) == 4 and sum(k["strong"] for k in doc["links"]) == 2


def test_a_candidate_true_in_one_branch_and_false_in_another_shows_both_roles():
    both = 0
    for puzzle, state, step in of("forcing", "aic", "grouped-aic", "x-chain"):
        if step.detail("aic") is not None:
            continue  # one strand, drawn from its nodes (below)
        said: dict[tuple[int, int], set[str]] = {}
        for _start, chain, contradiction in step.detail("branches"):
            for x, _reason, _parents in (*chain, *((contradiction,) if contradiction else ())):
                if x >= 0:
                    cell, sym, on = unpack(x)
                    said.setdefault((cell, sym), set()).add("on" if on else "off")
        m = marks(step, puzzle, state)
        _, cands, _, _ = roles_of(m)
        for key, roles in said.items():
            assert roles <= cands[key], (step.code, key)
        both += sum(len(r) == 2 for r in said.values())
        # each role once per candidate
        assert len(m.candidates) == len(set(m.candidates))
    assert both, "no candidate with two roles in the showcase chains"


def test_colour_clusters_get_one_colour_each_and_links_join_opposite_colours():
    for puzzle, state, step in of("simple-colours", "multi-colours"):
        m = marks(step, puzzle, state)
        _, cands, _, _ = roles_of(m)
        sym = step.symbols[0]
        colours = step.detail("colours")
        for i, cells in enumerate(colours):
            assert all(f"colour-{i % 4 + 1}" in cands[(c, sym)] for c in cells)
        assert m.links
        for k in m.links:
            a, b = cands[k.start], cands[k.end]
            assert a != b and k.strong and not k.directed


def test_uniqueness_corners_are_floor_or_roof():
    for puzzle, state, step in of("uniqueness"):
        cells, _, _, _ = roles_of(marks(step, puzzle, state))
        corners = step.detail("corners")
        if corners:
            assert all(cells[c] & {"floor", "roof"} for c in corners)


def test_killer_45_rule_shows_innies_outies_and_the_cages_used():
    for puzzle, state, step in of("innie", "innies-outies"):
        cells, _, houses, cages = roles_of(marks(step, puzzle, state))
        for c in step.detail("innies"):
            assert "innie" in cells[c]
        for c in step.detail("outies"):
            assert "outie" in cells[c]
        assert set(houses) == set(step.houses)
        assert all(cages[k] == "cage" for k in step.detail("inside_cages"))
        assert all(cages[k] == "cage-out" for k in step.detail("outie_cages"))
    for puzzle, state, step in of("cage-combo", "cage-single"):
        _, _, _, cages = roles_of(marks(step, puzzle, state))
        assert set(cages) == set(step.cages) and set(cages.values()) == {"cage"}


def test_law_of_leftovers_shows_both_sides():
    for puzzle, state, step in of("leftovers"):
        cells, _, _, _ = roles_of(marks(step, puzzle, state))
        assert all("set-1" in cells[c] for c in step.detail("lines_only"))
        assert all("set-2" in cells[c] for c in step.detail("regions_only"))


def test_als_sets_get_a_colour_each_and_a_cell_in_two_sets_shows_both():
    from deduce.puzzle import Puzzle
    from deduce.step import Step
    from deduce.techniques import TECHNIQUES

    puzzle = Puzzle.empty(9)
    # a made-up record (marks only read it): r1c1 belongs to both sets
    step = Step(TECHNIQUES["als-xz"], eliminations=[(40, 3)], cells=(0, 1, 9),
                details=(("sets", (((0, 1), (2, 3, 4), 0), ((0, 9), (3, 4, 5), 9))), ("x", 2), ("z", 3)))
    cells, cands, _, _ = roles_of(marks(step, puzzle))
    assert cells[0] == {"set-1", "set-2"} and cells[1] == {"set-1"} and cells[9] == {"set-2"}
    assert "z" in cands[(0, 3)] and "rcc" in cands[(1, 2)]
    assert cands[(0, 4)] == {"set-1", "set-2"} and cands[(1, 4)] == {"set-1"}  # a candidate of both sets
    # the restricted common 2 joins the sets with a weak link without direction
    (link,) = marks(step, puzzle).links
    assert link.start[1] == link.end[1] == 2 and not link.strong and not link.directed
    assert link.start[0] in (0, 1) and link.end[0] in (0, 9) and link.start[0] != link.end[0]


_CAND = re.compile(r"^r(\d+)c(\d+)=(.)$")


def test_json_records_carry_the_links_of_every_chain_technique():
    seen = set()
    for label, text, fmt in SHOWCASE:
        if label not in LABELS:
            continue
        puzzle = read_puzzle(text, fmt)
        doc = result_to_json(deduce.solve(puzzle), steps=True)
        assert doc["schema"] == 2
        for s in doc["steps"]:
            m = s["marks"]
            assert set(m) >= {"cells", "candidates", "houses", "links"}
            if s["code"] in ("xy-chain", "aic", "grouped-aic", "nishio", "cell-region-forcing", "x-chain",
                             "remote-pair", "dynamic-forcing"):
                seen.add(s["code"])
                assert m["links"], s["code"]
                for link in m["links"]:
                    assert _CAND.match(link["from"]) and _CAND.match(link["to"])
                    assert isinstance(link["strong"], bool)
                roles = {c["candidate"]: c["role"] for c in m["candidates"]}
                ends = {link["to"] for link in m["links"]} | {link["from"] for link in m["links"]}
                assert ends <= set(roles)
    assert {"xy-chain", "aic", "grouped-aic", "nishio"} <= seen


def test_to_json_names_cells_candidates_houses_and_cages():
    puzzle = read_puzzle(next(t for label, t, _ in SHOWCASE if label.startswith("seed: killer")))
    m = Marks(cells=((0, "innie"),), candidates=((0, 4, "on"),), houses=((9, "house"),), cages=((0, "cage"),),
              links=(Link((0, 4), (1, 4), strong=False),))
    assert to_json(m, puzzle) == {
        "cells": [{"cell": "r1c1", "role": "innie"}], "candidates": [{"candidate": "r1c1=5", "role": "on"}],
        "houses": [{"house": "column 1", "role": "house"}],
        "links": [{"from": "r1c1=5", "to": "r1c2=5", "strong": False, "directed": True,
                   "kind": "weak"}],
        "cages": [{"cage": puzzle.cage_name(0), "role": "cage"}]}


@pytest.mark.parametrize("role", sorted(ROLES))
def test_every_role_has_a_colour_and_a_legend(role):
    colour, legend = ROLES[role]
    assert re.fullmatch(r"#[0-9a-f]{6}", colour) and legend


def test_grouped_chains_colour_their_almost_locked_sets_and_groups():
    found = False
    for puzzle, state, step in of("grouped-aic"):
        cells, _, _, _ = roles_of(marks(step, puzzle, state))
        for _start, chain, _ in step.detail("branches"):
            for _x, reason, _parents in chain:
                if reason[0] == "als":
                    found = True
                    assert all(any(r.startswith("set-") for r in cells[c]) for c in reason[1])
                elif reason[0] == "group":
                    assert all("pattern" in cells[c] for c in reason[2])
    assert found
