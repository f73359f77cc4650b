"""'Must not find' cases: near misses of each pattern, written as positions.

Each position starts from an empty 9×9 grid (every candidate open) and
narrows one symbol's candidates so that a pattern *almost* forms.  The
strategy must find nothing; a companion position, one change away, shows
that the same strategy does find the real pattern.
"""

from __future__ import annotations

from deduce import Puzzle, State
from strategies.bug import BugPlusOne
from strategies.fish import Fish
from strategies.single_digit import EmptyRectangle, Skyscraper
from strategies.uniqueness import UniqueRectangle
from strategies.wings import WWing, XYWing, XYZWing

D = 0  # the symbol "1"


def cell(r: int, c: int) -> int:
    return (r - 1) * 9 + c - 1


def empty() -> State:
    return State.from_puzzle(Puzzle.empty(9))


def only_in_row(state: State, row: int, cols: list[int], sym: int = D) -> None:
    for c in range(1, 10):
        if c not in cols:
            state.cand[cell(row, c)] &= ~(1 << sym)


def test_x_wing_needs_exactly_two_cover_columns():
    near = empty()
    only_in_row(near, 1, [1, 5])
    only_in_row(near, 5, [1, 6])  # three columns: no X-wing
    assert list(Fish(2).find(near)) == []
    real = empty()
    only_in_row(real, 1, [1, 5])
    only_in_row(real, 5, [1, 5])
    steps = list(Fish(2).find(real))
    assert steps and all(s.detail("base") == (0, 4) for s in steps)


def test_finned_x_wing_only_eliminates_where_the_fin_is_seen():
    near = empty()
    only_in_row(near, 1, [1, 5, 9])  # fin r1c9 in box 3: no cover cell sees it
    only_in_row(near, 5, [1, 5])
    assert list(Fish(2, "finned").find(near)) == []
    assert list(Fish(2, "sashimi").find(near)) == []
    real = empty()
    only_in_row(real, 1, [1, 5, 6])  # fin r1c6 in box 2 sees r2c5 and r3c5
    only_in_row(real, 5, [1, 5])
    steps = list(Fish(2, "finned").find(real))
    assert steps and {c for s in steps for c, _ in s.eliminations} == {cell(2, 5), cell(3, 5)}


def test_franken_fish_must_not_pass_off_a_standard_fish():
    real = empty()
    only_in_row(real, 1, [1, 5])
    only_in_row(real, 5, [1, 5])
    assert list(Fish(2, "basic", "franken").find(real)) == [] or all(
        any(h >= 18 for h in s.detail("base") + s.detail("cover")) for s in Fish(2, "basic", "franken").find(real))


def test_skyscraper_needs_the_weak_link():
    near = empty()
    only_in_row(near, 2, [3, 7])
    only_in_row(near, 6, [4, 8])  # no end of one link sees an end of the other
    assert list(Skyscraper().find(near)) == []
    real = empty()
    only_in_row(real, 2, [3, 7])
    only_in_row(real, 6, [3, 8])
    assert list(Skyscraper().find(real))


def test_xy_wing_needs_one_shared_third_symbol():
    near = empty()
    near.cand[cell(5, 5)] = 0b11          # pivot {1,2}
    near.cand[cell(5, 1)] = 0b101         # {1,3}
    near.cand[cell(1, 5)] = 0b1010        # {2,4}: the pincers share nothing
    assert list(XYWing().find(near)) == []
    near.cand[cell(1, 5)] = 0b110         # {2,3}: a real XY-wing on 3
    steps = list(XYWing().find(near))
    assert steps and steps[0].eliminations[0][1] == 2


def test_xyz_wing_needs_the_pivot_to_hold_all_three():
    near = empty()
    near.cand[cell(5, 5)] = 0b1011        # {1,2,4}
    near.cand[cell(5, 4)] = 0b101         # {1,3}
    near.cand[cell(4, 5)] = 0b110         # {2,3}
    assert list(XYZWing().find(near)) == []


def test_w_wing_needs_a_strong_link():
    near = empty()
    near.cand[cell(1, 1)] = 0b11
    near.cand[cell(5, 9)] = 0b11
    assert list(WWing().find(near)) == []  # 1 and 2 have many places everywhere


def test_empty_rectangle_needs_a_cross():
    near = empty()
    for c in range(4, 7):
        for r in range(4, 7):
            if (r, c) not in ((4, 4), (6, 6)):
                near.cand[cell(r, c)] &= ~1  # box 5's 1s: r4c4 and r6c6, a diagonal, not a cross
    only_in_row(near, 4, [4, 8])
    assert list(EmptyRectangle().find(near)) == []


def test_unique_rectangle_needs_two_boxes():
    near = empty()
    for r, c in ((1, 1), (1, 5), (5, 1), (5, 5)):  # four boxes
        near.cand[cell(r, c)] = 0b11
    near.cand[cell(5, 5)] = 0b111
    assert list(UniqueRectangle(1).find(near)) == []
    real = empty()
    for r, c in ((1, 1), (1, 5), (2, 1), (2, 5)):  # boxes 1 and 2
        real.cand[cell(r, c)] = 0b11
    real.cand[cell(2, 5)] = 0b111
    steps = list(UniqueRectangle(1).find(real))
    assert steps and set(steps[0].eliminations) == {(cell(2, 5), 0), (cell(2, 5), 1)}


def test_xy_chain_needs_the_chain_to_close_on_x():
    from strategies.chains import XYChain

    near = empty()
    near.cand[cell(1, 1)] = 0b011   # {1,2}
    near.cand[cell(1, 5)] = 0b110   # {2,3}
    near.cand[cell(5, 5)] = 0b1100  # {3,4}: the chain ends on 4, not 1
    assert list(XYChain().find(near)) == []
    near.cand[cell(5, 5)] = 0b0101  # {1,3}: now either r1c1 or r5c5 is 1
    steps = list(XYChain().find(near))
    assert steps and all(sym == 0 for s in steps for _, sym in s.eliminations)
    assert (cell(5, 1), 0) in {e for s in steps for e in s.eliminations}


def test_bug_plus_one_needs_a_true_bug():
    assert list(BugPlusOne().find(empty())) == []


def test_x_chain_needs_strong_links_at_both_ends():
    from strategies.forcing import ForcingChains

    near = empty()
    only_in_row(near, 2, [3, 7])
    only_in_row(near, 6, [4, 8])  # as for the skyscraper: the two strong links never meet
    assert list(ForcingChains("x-chain").find(near)) == []
    real = empty()
    only_in_row(real, 2, [3, 7])
    only_in_row(real, 6, [3, 8])
    found = {e for s in ForcingChains("x-chain").find(real) for e in s.eliminations}
    assert found and found <= {(cell(r, c), D) for r in (1, 3) for c in (7, 8, 9)} | {
        (cell(r, c), D) for r in (4, 5) for c in (7, 8, 9)}


def test_forcing_chains_find_nothing_without_strong_links():
    from strategies.forcing import ForcingChains

    state = empty()
    state.place(cell(1, 1), D)  # one placed symbol: weak links everywhere, no cell or house down to one choice
    for kind in ("x-chain", "aic", "grouped-aic", "nishio", "cell-region", "dynamic"):
        assert list(ForcingChains(kind).find(state)) == [], kind


def test_aic_needs_the_chain_to_close():
    from strategies.forcing import ForcingChains

    near = empty()
    near.cand[cell(1, 1)] = 0b011   # {1,2}
    near.cand[cell(1, 5)] = 0b110   # {2,3}
    near.cand[cell(5, 5)] = 0b1100  # {3,4}: the chain ends on 4, not 1
    assert list(ForcingChains("aic").find(near)) == []
    near.cand[cell(5, 5)] = 0b0101  # {1,3}: either r1c1 or r5c5 is 1
    steps = list(ForcingChains("aic").find(near))
    assert (cell(5, 1), 0) in {e for s in steps for e in s.eliminations}
    assert all(s.detail("nesting") == 0 and s.detail("static") for s in steps)


def test_dynamic_plus_steps_really_use_an_inner_technique():
    from deduce.catalogue import example_step
    from deduce.techniques import TECHNIQUES

    found = example_step(TECHNIQUES["dynamic-forcing-plus"])
    assert found is not None
    _, _, step = found
    assert step.detail("nesting") == 1
    assert any(reason[0] == "rule" for _, chain, _ in step.detail("branches") for _, reason, _ in chain)


def test_nested_steps_really_use_an_inner_chain_and_explain_it():
    from deduce.backtrack import first_solutions
    from deduce.catalogue import example_step
    from deduce.render.words import TextRenderer
    from deduce.techniques import TECHNIQUES

    found = example_step(TECHNIQUES["nested-forcing"])
    assert found is not None
    _, state, step = found
    assert step.detail("nesting") == 2
    inner = [reason for _, chain, _ in step.detail("branches") for _, reason, _ in chain
             if reason[0] == "rule" and len(reason) > 4]
    assert inner and all(reason[1] in ("aic", "x-chain", "cell-region-forcing") for reason in inner)
    solution = first_solutions(state.puzzle, 2)[0]
    assert all(solution[c] != s for c, s in step.eliminations) and all(solution[c] == s for c, s in step.placements)
    text = TextRenderer(state.puzzle).explain(step)
    assert "(in the position this assumption leaves:)" in text and "Nesting level 2" in text


def test_locked_pair_needs_the_line_and_the_box():
    from strategies.subsets import LockedSubset

    near = empty()
    near.cand[cell(1, 1)] = 0b11
    near.cand[cell(1, 4)] = 0b11  # a naked pair in row 1, but in two boxes
    assert list(LockedSubset(2).find(near)) == []
    real = empty()
    real.cand[cell(1, 1)] = 0b11
    real.cand[cell(1, 2)] = 0b11  # row 1 and box 1
    removed = {e for s in LockedSubset(2).find(real) for e in s.eliminations}
    assert (cell(1, 9), 0) in removed and (cell(3, 3), 1) in removed


def test_colour_trap_needs_a_cell_seeing_both_colours():
    from strategies.colouring import SimpleColours

    near = empty()
    only_in_row(near, 1, [1, 5])
    for r in range(2, 10):   # column 5: 1 only in r1c5 and r7c5
        if r != 7:
            near.cand[cell(r, 5)] &= ~1
    only_in_row(near, 7, [5, 2])  # chain r1c1 - r1c5 - r7c5 - r7c2: ends r1c1 (blue) and r7c2 (green)
    found = {e for s in SimpleColours("trap").find(near) for e in s.eliminations}
    assert (cell(2, 2), D) in found and (cell(8, 1), D) in found  # each sees both ends
    assert all(sym == D for _, sym in found)
    assert (cell(4, 4), D) not in found and (cell(4, 2), D) not in found  # sees one colour or none
    assert list(SimpleColours("wrap").find(near)) == []  # no colour sees itself


def test_als_xz_needs_a_restricted_common_and_a_second_common_symbol():
    from strategies.als import AlsXZ

    def position(second: int) -> State:
        state = empty()
        state.cand[cell(1, 1)] = 0b011            # A = r1c1 {1,2}
        state.cand[cell(5, 1)] = 0b101            # B = r5c1 {1,3} and r5c2 {second,3}
        state.cand[cell(5, 2)] = second | 0b100
        return state

    near = position(second=0b1000)  # B holds {1,3,4}: only 1 is common, nothing for z
    assert list(AlsXZ().find(near)) == []
    real = position(second=0b010)    # B holds {1,2,3}: 1 is the restricted common, 2 the z
    found = {e for s in AlsXZ().find(real) for e in s.eliminations}
    assert (cell(1, 2), 1) in found and (cell(4, 1), 1) in found
    assert (cell(9, 9), 1) not in found and all(sym == 1 for _, sym in found)


def test_sue_de_coq_needs_the_count_to_balance():
    from strategies.als import SueDeCoq

    def position(box_cell: int) -> State:
        state = empty()
        state.cand[cell(1, 1)] = 0b0111   # r1c1 {1,2,3}
        state.cand[cell(1, 2)] = 0b1011   # r1c2 {1,2,4}: V = {1,2,3,4} where row 1 meets box 1
        state.cand[cell(1, 5)] = 0b0011   # r1c5 {1,2} in the rest of row 1
        state.cand[cell(2, 1)] = box_cell  # r2c1 in the rest of box 1
        return state

    assert list(SueDeCoq().find(position(0b10100))) == []  # {3,5}: five symbols for four cells
    found = {e for s in SueDeCoq().find(position(0b1100)) for e in s.eliminations}  # {3,4}
    assert (cell(1, 9), 0) in found and (cell(1, 9), 1) in found      # row 1 loses 1 and 2
    assert (cell(3, 3), 2) in found and (cell(3, 3), 3) in found      # box 1 loses 3 and 4
    assert (cell(1, 9), 2) not in found and (cell(3, 3), 0) not in found


def test_hidden_rectangle_needs_a_locked_in_both_lines_of_the_far_corner():
    from strategies.uniqueness import HiddenRectangle

    def position(extra_place: bool) -> State:
        state = empty()
        state.cand[cell(1, 1)] = 0b11          # floor corner r1c1 {1,2}; rectangle r1c1 r1c4 r2c1 r2c4
        only_in_row(state, 2, [1, 4] + ([7] if extra_place else []))     # 1 in row 2: r2c1, r2c4 (+ r2c7)
        for r in range(1, 10):                 # 1 in column 4: r1c4 and r2c4 only
            if r not in (1, 2):
                state.cand[cell(r, 4)] &= ~1
        return state

    assert list(HiddenRectangle().find(position(extra_place=True))) == []
    found = [s for s in HiddenRectangle().find(position(extra_place=False))]
    assert found and {e for s in found for e in s.eliminations} == {(cell(2, 4), 1)}


def test_avoidable_rectangle_needs_placed_not_given_corners():
    from strategies.uniqueness import AvoidableRectangle

    def position(given: bool) -> State:
        puzzle = Puzzle.from_string("1" + "." * 80) if given else Puzzle.empty(9)
        state = State.from_puzzle(puzzle)
        if not given:
            state.place(cell(1, 1), 0)     # r1c1 = 1, placed by the solver
        state.place(cell(1, 4), 1)         # r1c4 = 2
        state.place(cell(2, 1), 1)         # r2c1 = 2: r2c4 = 1 would make a swappable rectangle
        return state

    assert list(AvoidableRectangle(1).find(position(given=True))) == []
    found = {e for s in AvoidableRectangle(1).find(position(given=False)) for e in s.eliminations}
    assert found == {(cell(2, 4), 0)}


def test_unique_loop_needs_every_house_to_hold_two_of_its_cells():
    from strategies.unique_loops import UniqueLoop

    loop = [cell(1, 1), cell(1, 4), cell(2, 4), cell(2, 7), cell(3, 7), cell(3, 1)]  # rows 1-3, boxes 1-3

    def position(last: int) -> State:
        state = empty()
        for c in loop:
            state.cand[c] = 0b11          # {1,2}
        state.cand[cell(3, 1)] = last
        return state

    assert list(UniqueLoop(1).find(position(0b101))) == []   # r3c1 {1,3}: no loop on {1,2}
    found = {e for s in UniqueLoop(1).find(position(0b111)) for e in s.eliminations}  # r3c1 {1,2,3}
    assert found == {(cell(3, 1), 0), (cell(3, 1), 1)}


def test_a_unique_loop_may_have_three_cells_beyond_the_pair_but_no_more():
    # (the search skips a pair unless three cells hold it alone: this is the fewest a loop can have)
    from strategies.unique_loops import UniqueLoop

    loop = [cell(1, 1), cell(1, 4), cell(2, 4), cell(2, 7), cell(3, 7), cell(3, 1)]
    roof = [cell(1, 1), cell(1, 4), cell(3, 1)]

    def position(roof: list[int]) -> State:
        state = empty()
        for c in loop:
            state.cand[c] = 0b111 if c in roof else 0b11   # {1,2,3} on the roof, else {1,2}
        return state

    # type 2: the roof's extra 3 goes from the cells that see the whole roof (r1c2, r1c3)
    found = {e for s in UniqueLoop(2).find(position(roof)) if s.detail("corners") and set(s.detail("corners")) ==
             set(loop) for e in s.eliminations}
    assert found == {(cell(1, 2), 2), (cell(1, 3), 2)}
    four = position(roof + [cell(2, 4)])
    assert not [s for s in UniqueLoop(2).find(four) if set(s.detail("corners")) == set(loop)]


def test_bug_types_need_a_true_bug():
    from strategies.bug import BugType, bug_extras

    state = empty()  # far from a BUG: every cell holds nine candidates
    assert bug_extras(state) is None
    assert all(list(BugType(k).find(state)) == [] for k in (2, 3, 4))


def test_multi_colours_need_two_clusters_linked():
    from strategies.colouring import MultiColours

    state = empty()
    only_in_row(state, 1, [1, 2])   # cluster A: r1c1 = r1c2
    only_in_row(state, 5, [5, 6])   # cluster B: r5c5 = r5c6, no cell of A sees a cell of B
    assert list(MultiColours(1).find(state)) == [] and list(MultiColours(2).find(state)) == []


def test_als_xy_wing_needs_the_wings_to_share_a_symbol():
    from strategies.als import AlsXYWing

    def position(wing: int) -> State:
        state = empty()
        state.cand[cell(1, 1)] = 0b011   # wing r1c1 {1,2}
        state.cand[cell(5, 1)] = 0b101   # pivot r5c1 {1,3}: 1 to the first wing, 3 to the second
        state.cand[cell(5, 2)] = wing    # wing r5c2
        return state

    assert list(AlsXYWing().find(position(0b1100))) == []   # {3,4}: nothing in common with {1,2}
    found = {e for s in AlsXYWing().find(position(0b0110)) for e in s.eliminations}  # {2,3}: z = 2
    assert (cell(1, 2), 1) in found and all(sym == 1 for _, sym in found)


def test_remote_pair_needs_an_odd_number_of_links():
    from strategies.chains import RemotePair

    near = empty()
    for r, c in ((1, 1), (1, 5), (5, 5)):
        near.cand[cell(r, c)] = 0b011   # {1,2}: r1c1 and r5c5 hold the same symbol
    near.cand[cell(5, 9)] = 0b101       # {1,3}: not the same pair, no fourth link
    assert list(RemotePair().find(near)) == []
    near.cand[cell(5, 9)] = 0b011       # {1,2}: r1c1 and r5c9 now hold different ones
    steps = list(RemotePair().find(near))
    removed = {e for s in steps for e in s.eliminations}
    assert {(cell(1, 9), 0), (cell(1, 9), 1), (cell(5, 1), 0), (cell(5, 1), 1)} <= removed
    # r1c1 and r5c5 (two links apart) are never both ends
    assert all({s.cells[0], s.cells[-1]} != {cell(1, 1), cell(5, 5)} for s in steps)


def test_als_chain_needs_every_link():
    from strategies.als import AlsChain

    def position(last: int) -> State:
        s = empty()
        s.cand[cell(1, 1)] = 0b0011   # {1,2}
        s.cand[cell(1, 5)] = 0b0110   # {2,3}, joined to r1c1 by 2 (row 1)
        s.cand[cell(2, 6)] = 0b1100   # {3,4}, joined to r1c5 by 3 (box 2)
        s.cand[cell(2, 1)] = last
        return s

    assert list(AlsChain().find(position(0b10001))) == []   # {1,5}: no 4, the chain breaks before r2c1
    steps = list(AlsChain().find(position(0b01001)))       # {1,4}: joined to r2c6 by 4 (row 2)
    ones = {c for s in steps if s.detail("z") == D for c, _ in s.eliminations}
    assert {cell(1, 2), cell(3, 1), cell(9, 1)} <= ones     # 1 is in r1c1 or r2c1
    assert all(len(s.detail("sets")) >= 4 for s in steps)


def test_wxyz_wing_needs_exactly_one_unrestricted_symbol():
    from strategies.wings import WXYZWing

    def position(r2c3: int) -> State:
        s = empty()
        s.cand[cell(1, 1)] = 0b1111   # pivot {1,2,3,4}
        s.cand[cell(1, 2)] = 0b0011   # {1,2}
        s.cand[cell(1, 7)] = 0b1001   # {1,4}
        s.cand[cell(2, 3)] = r2c3
        return s

    # {1,4}: 4 sits in r1c7 and r2c3, which do not see each other: 1 and 4 both unrestricted
    assert list(WXYZWing().find(position(0b1001))) == []
    steps = list(WXYZWing().find(position(0b0101)))   # {1,3}: only 1 is unrestricted
    assert steps and {(cell(1, 3), D)} == {e for s in steps for e in s.eliminations}


def test_mutant_fish_must_not_pass_off_a_standard_or_franken_fish():
    from strategies.fish import fish_shape

    real = empty()
    only_in_row(real, 1, [1, 5])
    only_in_row(real, 5, [1, 5])       # a plain X-wing (rows 1 and 5, columns 1 and 5)
    only_in_row(real, 9, [2, 3])       # and 1 in row 9 only in box 7: a franken pattern with box 7
    for size in (2, 3):  # (four houses can mix rows and columns around these: real mutant jellyfish)
        for kind in ("basic", "finned"):
            assert list(Fish(size, kind, "mutant").find(real)) == []
    assert Fish(2, "basic").find(real) and list(Fish(2, "basic").find(real))
    rows, cols, boxes = (0, 4), (9, 13), (18, 19)
    assert fish_shape(rows, cols, 9) == "standard" and fish_shape(cols, rows, 9) == "standard"
    assert fish_shape((0, 18), (9, 19), 9) == "franken"
    assert fish_shape((0, 9), (13, 14), 9) == "mutant" and fish_shape(rows, (9, 4), 9) == "mutant"
    assert fish_shape(boxes, cols, 9) == "franken"


def test_unique_rectangle_type_5_needs_the_same_extra_on_the_diagonal():
    def position(r2c5: int) -> State:
        s = empty()
        for r, c in ((1, 1), (1, 5), (2, 1), (2, 5)):  # boxes 1 and 2
            s.cand[cell(r, c)] = 0b011                   # {1,2}
        s.cand[cell(1, 1)] = 0b111                       # {1,2,3}
        s.cand[cell(2, 5)] = r2c5
        return s

    assert list(UniqueRectangle(5).find(position(0b1011))) == []   # {1,2,4}: two different extras
    steps = list(UniqueRectangle(5).find(position(0b0111)))        # {1,2,3}: one of r1c1, r2c5 is 3
    removed = {e for s in steps for e in s.eliminations}
    # the cells that see both r1c1 and r2c5 (and still hold 3) lose 3
    assert removed == {(cell(2, 2), 2), (cell(2, 3), 2), (cell(1, 4), 2), (cell(1, 6), 2)}


def test_unique_rectangle_type_6_needs_the_x_wing():
    def position(extra_in_row_2: bool) -> State:
        s = empty()
        for r, c in ((1, 1), (1, 5), (2, 1), (2, 5)):
            s.cand[cell(r, c)] = 0b011                   # {1,2}
        s.cand[cell(1, 5)] = 0b111                       # roofs r1c5 and r2c1 (diagonal) hold 3 too
        s.cand[cell(2, 1)] = 0b111
        for row in (1, 2):                                # 1 only in the rectangle in rows 1 and 2 ...
            for c in range(1, 10):
                if c not in (1, 5):
                    s.cand[cell(row, c)] &= ~1
        if extra_in_row_2:
            s.cand[cell(2, 9)] |= 1                       # ... unless row 2 has another place for it
        return s

    assert not any((c, 0) in s.eliminations for s in UniqueRectangle(6).find(position(True))
                   for c in (cell(1, 5), cell(2, 1)))
    steps = list(UniqueRectangle(6).find(position(False)))
    assert steps and {(cell(1, 5), 0), (cell(2, 1), 0)} <= set(steps[0].eliminations)
