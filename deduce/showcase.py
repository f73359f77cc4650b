"""Built-in positions that show each technique at work.

The classic puzzles were made for deduce by its own generator (a random
solved grid, givens removed while the solution stays unique) and picked
because their logical solution uses the technique named; the killer and
Latin-square puzzles are the seeds' own; the variant puzzles (f-puzzles
documents) were made by ``bench/variant_seeds.py``.  ``deduce techniques NAME`` and
the explanation tests find real steps on them.
"""

from __future__ import annotations

#: (label, puzzle text, format or None to detect)
SHOWCASE: tuple[tuple[str, str, str | None], ...] = (
    ("singles and pointing", "5.4.........1..8..68...2.5....231....4....2.5..3.4...83.6.......5.67..2.......97.", None),
    ("naked and hidden pair",
     "7...8......2..4..3.4.5....9..61..3.5....7..1.8....39....5..6..1.1..475.....3.....", None),
    ("claiming", ".3...4...42.6.5.........7..2.....6..68..923......5..91...4.9.7..9...7.8...1......", None),
    ("naked triple", ".....163...46.7...37..8......7......4..5....9.65..2.....3.1...6.....9..2.2....5.8", None),
    ("hidden triple", "92...1.7.........65.......81....48...8......7...96..1..1..7....7...5..4.8..1...95", None),
    ("fish and quads", "..4......9..1..8.......215..6.231.........2.5..3.4...83.6.......5...8.2..2....97.", None),
    ("wings and single-digit patterns",
     "..............6..1.48.13.....1.4...5......8...9...2..38.59.4..2..428..1.7..1...6.", None),
    ("unique rectangles", "....4.....1.2....74.27.....6.5...82.........9...68..7516.89....8....16...4....2..", None),
    ("unique rectangle type 5",
     "5...4.6....7..1..848.....1.1..5...7.85...6...9...1...4...35.4............3..68..5", None),
    ("unique rectangle type 2",
     ".93....7.....56........4........14....8.4.96..52....8.....1.65.....2....32.....17", None),
    ("BUG+1", ".....8....4...9.2..3.7..9.6..728......15..47......12..8...5.731........99....3...", None),
    # from the enjoysudoku forum's hardest list (Sudoku Explainer 10.2): deduce's default set runs out
    ("nested forcing chains",
     "........9.5.7...2.7.9..2....1.67..5.......4..8....5....7.31....6....7.3..3..6...1", None),
    ("seed: the Finnish mathematician's puzzle",
     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..", None),
    ("seed: Latin square with letters", "001111\n002113\n022243\n022443\n544433\n555553\n7\n04B\n05A\n13D\n14C\n"
                                        "24E\n50C\n51A\n", "latin"),
    ("seed: Latin square with letters (unique)", "000011\n022013\n221113\n243333\n244455\n445555\n6\n02C\n03B\n"
                                                 "05A\n20D\n35E\n53F\n", "latin"),
    ("seed: killer sudoku and the 45 rule",
     "AABBCDDEEFFBBCCDGGHFIJKKLLMHNIJOOPLMQNRSSTPUVQWRXXTYUVWWZaabYcdeeZZfbgcdhhZZfggii "
     "11,23,12,11,14,12,13,6,3,10,13,15,11,13,15,8,12,10,9,3,8,11,14,15,12,23,11,14,10,5,9,6,19,13,11", None),
    ("X-chain", ".5...4......6.....172.5.4..........2...12.3.......3974..8.3...974....13.62.9.....", None),
    ("alternating inference chain",
     ".3...4.5.42....9.6.619...3821.8.5.....8.......9..41...1..2.7..5.7..58..9.........", None),
    ("Nishio", "...8.....2...49..35....7.1..4..9...6......1....7..5.9..89.3.6..6.....8.....2....4", None),
    ("cell and region forcing chains",
     "..78............9..1....532.......1..3..5.9.494...38....9...1..32...5.....547.3..", None),
    ("dynamic forcing chains",
     ".7.....1..3.1.42..6....5.....3..68....93....4....8.....5..9...2.164....3.....2.4.", None),
    ("BUG type 2", "12764....5......6....5.8.912..3......46.8......8.9...7.........8...6.2...6.173.8.", None),
    ("unique loop", "...93..7..12.....34....7..6.3..7.5.....58..3.8...194........28......8.94.4.......", None),
    # variant puzzles made here (bench/variant_seeds.py: random, minimal, each solved by logic)
    ('seed: Sudoku X (the two diagonals)',
     '{"size":9,"grid":[[{},{"value":1,"given":true},{},{"value":5,"given":true},{},{},{"value":7,"given":'
     'true},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{"value":8,"given":true},{"value":9,"given":t'
     'rue},{},{"value":2,"given":true},{}],[{},{},{},{"value":4,"given":true},{},{},{"value":1,"given":tru'
     'e},{},{}],[{},{"value":5,"given":true},{"value":4,"given":true},{},{},{},{},{"value":3,"given":true}'
     ',{"value":8,"given":true}],[{},{},{},{},{},{"value":7,"given":true},{},{},{}],[{"value":4,"given":tr'
     'ue},{"value":2,"given":true},{},{"value":1,"given":true},{},{},{},{},{"value":6,"given":true}],[{},{'
     '},{},{},{},{},{},{},{}],[{"value":6,"given":true},{"value":3,"given":true},{},{},{},{},{},{},{}]],"d'
     'iagonal+":true,"diagonal-":true}', "fpuzzles"),
    ('seed: thermometers',
     '{"size":9,"grid":[[{},{"value":2,"given":true},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{'
     '},{},{},{},{},{},{},{},{}],[{},{},{},{"value":8,"given":true},{},{},{},{},{}],[{},{"value":4,"given"'
     ':true},{},{},{"value":1,"given":true},{},{},{"value":7,"given":true},{}],[{"value":8,"given":true},{'
     '},{},{},{},{},{"value":9,"given":true},{},{}],[{},{"value":1,"given":true},{"value":7,"given":true},'
     '{},{},{},{},{},{}],[{},{},{},{},{},{"value":7,"given":true},{"value":2,"given":true},{},{}],[{},{},{'
     '},{},{"value":4,"given":true},{"value":2,"given":true},{},{},{}]],"thermometer":[{"lines":[["R1C1","'
     'R1C2","R1C3","R1C4","R1C5"]]},{"lines":[["R9C9","R8C8","R7C7","R6C6"]]},{"lines":[["R5C1","R4C2","R3'
     'C3"]]},{"lines":[["R5C9","R6C8","R7C7","R8C6"]]},{"lines":[["R1C9","R2C8","R3C7"]]}]}', "fpuzzles"),
    ('seed: kropki dots, all given',
     '{"size":9,"grid":[[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{"value":7,"given":true}],[{'
     '},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{}'
     ',{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}]'
     '],"ratio":[{"cells":["R1C2","R1C3"]},{"cells":["R1C3","R2C3"]},{"cells":["R1C4","R2C4"]},{"cells":["'
     'R2C1","R3C1"]},{"cells":["R2C5","R3C5"]},{"cells":["R2C6","R3C6"]},{"cells":["R2C8","R3C8"]},{"cells'
     '":["R3C5","R3C6"]},{"cells":["R3C5","R4C5"]},{"cells":["R4C3","R4C4"]},{"cells":["R4C4","R4C5"]},{"c'
     'ells":["R4C5","R5C5"]},{"cells":["R5C1","R6C1"]},{"cells":["R5C2","R5C3"]},{"cells":["R5C8","R6C8"]}'
     ',{"cells":["R6C7","R7C7"]},{"cells":["R7C7","R8C7"]},{"cells":["R8C4","R9C4"]},{"cells":["R8C6","R8C'
     '7"]},{"cells":["R9C1","R9C2"]}],"difference":[{"cells":["R1C2","R2C2"]},{"cells":["R1C3","R1C4"]},{"'
     'cells":["R2C7","R2C8"]},{"cells":["R3C1","R3C2"]},{"cells":["R3C6","R3C7"]},{"cells":["R4C7","R5C7"]'
     '},{"cells":["R4C8","R5C8"]},{"cells":["R5C1","R5C2"]},{"cells":["R5C2","R6C2"]},{"cells":["R5C3","R5'
     'C4"]},{"cells":["R5C3","R6C3"]},{"cells":["R6C1","R7C1"]},{"cells":["R7C1","R7C2"]},{"cells":["R7C3"'
     ',"R8C3"]},{"cells":["R7C6","R7C7"]},{"cells":["R7C6","R8C6"]},{"cells":["R7C8","R7C9"]},{"cells":["R'
     '7C9","R8C9"]},{"cells":["R8C1","R8C2"]},{"cells":["R8C3","R8C4"]},{"cells":["R8C5","R9C5"]},{"cells"'
     ':["R9C3","R9C4"]},{"cells":["R9C4","R9C5"]},{"cells":["R9C6","R9C7"]},{"cells":["R9C8","R9C9"]}],"ne'
     'gative":["difference","ratio"]}', "fpuzzles"),
    ('seed: odd and even cells',
     '{"size":9,"grid":[[{},{},{},{},{"value":5,"given":true},{},{},{"value":9,"given":true},{"value":4,"g'
     'iven":true}],[{},{},{"value":5,"given":true},{"value":2,"given":true},{},{},{},{},{}],[{},{},{},{},{'
     '},{},{},{},{}],[{"value":5,"given":true},{},{},{},{},{"value":3,"given":true},{},{},{}],[{},{"value"'
     ':2,"given":true},{"value":9,"given":true},{},{"value":4,"given":true},{"value":5,"given":true},{},{}'
     ',{}],[{},{"value":4,"given":true},{},{},{},{},{"value":6,"given":true},{},{"value":5,"given":true}],'
     '[{},{},{},{"value":7,"given":true},{"value":2,"given":true},{},{},{},{"value":9,"given":true}],[{},{'
     '},{"value":2,"given":true},{},{"value":9,"given":true},{},{},{"value":1,"given":true},{"value":3,"gi'
     'ven":true}],[{},{},{},{},{},{"value":8,"given":true},{},{},{}]],"even":[{"cell":"R1C6"},{"cell":"R3C'
     '4"},{"cell":"R4C8"},{"cell":"R6C1"},{"cell":"R6C2"},{"cell":"R7C3"},{"cell":"R8C6"}],"odd":[{"cell":'
     '"R1C8"},{"cell":"R2C6"},{"cell":"R2C8"},{"cell":"R6C4"},{"cell":"R9C4"}]}', "fpuzzles"),
    ('seed: non-consecutive',
     '{"size":9,"grid":[[{},{},{},{"value":4,"given":true},{},{"value":3,"given":true},{},{"value":2,"give'
     'n":true},{}],[{},{},{},{},{},{},{"value":9,"given":true},{},{"value":6,"given":true}],[{},{},{},{},{'
     '},{},{},{"value":1,"given":true},{}],[{},{},{},{},{},{},{},{"value":3,"given":true},{}],[{},{},{},{}'
     ',{},{},{},{},{}],[{"value":5,"given":true},{},{},{},{},{"value":8,"given":true},{},{"value":6,"given'
     '":true},{}],[{},{},{},{"value":7,"given":true},{},{},{},{},{}],[{},{"value":6,"given":true},{},{},{}'
     ',{},{},{},{}],[{},{},{},{},{},{},{},{},{}]],"nonconsecutive":true}', "fpuzzles"),
    ("BUG types 3 and 4", "7.........1.63.82....4..3....95...8.2..1....5.3..4...1..2.8...747..6..5.3......4.", None),
)
