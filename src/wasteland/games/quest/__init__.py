"""Quest exploration (WQ): exploring a battlefield tile by tile, deploying enemy groups,
the battle track, enemy actions, conditions and the event table, as a cooperative game."""
