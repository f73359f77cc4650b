"""The reasons a chain's consequence follows (the first item of a node's
reason tuple), shared by the propagations of :mod:`strategies.implications`
and :mod:`strategies.se_order`."""

ASSUMED = "assumed"
SAME_CELL = "cell"        # cell = s, so cell <> t
PEER = "peer"             # cell = s, so its peer <> s
NAKED = "naked"           # every other candidate of the cell is gone
HIDDEN = "hidden"         # every other place in the house is gone
RULE = "rule"             # an inner technique (dynamic+)
GROUP = "group"           # the symbol's places left in a house lie in one line and box
ALS_NODE = "als"          # an almost locked set lost a symbol: it is locked on the rest
