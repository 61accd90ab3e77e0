"""The kinds of decision a quest asks for: the rule each one answers and its question
(the round's loop in ``engine``, and ``diagnose`` when an action answers another kind)."""

DECISION_INFO = {
    "hero": ("WQ-40.2", "your activation: spend a die on an action, or end"),
    "stun": ("WQ-40.3", "stunned: give up an activation die or a destiny die"),
    "place": ("WQ-38.3", "line up one of the card's gate positions with the closed gate"),
    "close": ("WQ-38.3", "several gate positions are furthest: choose where the closed gate goes"),
    "anchor": ("WQ-39.1", "mystic items equally near a hero: choose the one the group deploys by"),
    "deploy": ("WQ-39.1", "choose the zone for this enemy"),
    "beside": ("WQ-39.1", "fewer places by the anchor than enemies that could take them: choose the enemy "
                          "that takes the next place"),
    "master": ("WQ-40.4", "groups equally far from the heroes: choose the one that Moves"),
    "rebirth": ("WQ-40.4", "choose the hero for Heroic rebirth"),
    "rebirth_zone": ("WQ-40.4", "empty zones equally near: choose where the hero returns"),
    "effect": ("WQ-40.4", "free Recover, or remove one disease"),
    "inspiration": ("WQ-40.4", "choose the hero who gains an inspiration point"),
    "step": ("WQ-40.1", "zones equally near the heroes: choose where this enemy Moves"),
    "strike": ("WQ-40.1", "heroes equally near this enemy: choose the one it strikes"),
}
