"""Combat: attacks on raiders and on players, soaking damage, death, respawn and loot.

SL §85 to SL §96 and SL §99, SL §122 (robbery). Every attack is resolved on its own (SL §85).
"""

from __future__ import annotations

from . import notation as N
from .notation import parse
from .state import Player, State
from .zones import (
    Events,
    ability,
    card_def,
    clear_player_cards,
    discard_card,
    discard_from_player,
    draw_mirage,
    draw_raider,
    gain,
    get_card,
    get_card_by_id,
    permanent_armor,
    take_from_player,
    victory_cards,
)


def attack_raider(
    s: State, p: Player, rid: int, damage: int, dtype: str, events: Events, loot: bool = True,
    join: bool = True,
) -> None:
    """SL §86, SL §87, SL §88: raider armor (never destroyed) stops normal damage; each remaining
    point kills one crew; at 0 crew the raider is removed and its destroyer loots it
    (``loot`` False: an area attack's raider not next to the user, SL §143). ``join`` False:
    Born Killer lets this attack stand alone instead of adding to her streak (SL §146)."""
    rtype, where, crew = s.raiders[rid]
    h = s.static.geo.names[where]
    rdef = s.static.content.raiders[rtype]
    armor = rdef.armor if dtype == "normal" else 0
    hits = max(0, damage - armor)
    if ability(s, p) == "born_killer" and s.current == p.seat:
        # SL §146 Born Killer: in her turn the normal damage of consecutive attacks on a
        # raider adds up and its armor counts once (ruling: "consecutive" = attacks with
        # no other action in between but the refreshes that ready the next one and discards,
        # turn.py's apply_turn). An attack that stands alone starts a new streak. Ruling: on raiders
        # only, whose lost crew stays lost; an attack on a player (a robbery, SL §122) is
        # soaked on its own, as every attack on a player is (SL §85).
        if dtype == "normal":
            hits, total = streak_hits(s, rid, damage, join)
            armor = damage - hits
            s.streak = [e for e in s.streak if e[0] != rid] + [[rid, total]]
        elif not any(e[0] == rid for e in s.streak):
            s.streak = s.streak + [[rid, 0]]
    events.append(
        {"type": "attack_raider", "seat": p.seat, "raider": rtype, "hex": h, "damage": damage,
         "damage_type": dtype, "armor": armor, "hits": hits}
    )
    if hits == 0:
        return
    if hits < crew:
        s.raiders[rid][2] = crew - hits
        events.append({"type": "raider_wounded", "raider": rtype, "hex": h, "crew": crew - hits})
        return
    del s.raiders[rid]
    events.append({"type": "raider_destroyed", "raider": rtype, "hex": h, "seat": p.seat})
    if s.static.rules.overkill and hits > crew:
        # SL §151 (ruling): the killing attack's hits after armor exceed the crew left.
        events.append({"type": "no_loot", "raider": rtype, "hex": h, "why": "overkill (SL §151)"})
        return
    if not loot:
        events.append({"type": "no_loot", "raider": rtype, "hex": h,
                       "why": "destroyed on a hex not next to the attacker (SL §143)"})
        return
    loot_raider(s, p, rtype, events)


def streak_hits(s: State, rid: int, damage: int, join: bool) -> tuple[int, int]:
    """SL §146: the hits of Born Killer's normal attack on raider ``rid`` and her streak's
    damage after it, adding to the attacks before it (``join``) or standing alone."""
    armor = s.static.content.raiders[s.raiders[rid][0]].armor
    before = next((e[1] for e in s.streak if e[0] == rid), 0) if join else 0
    total = before + damage
    return max(0, total - armor) - max(0, before - armor), total


def streak_choice(s: State, p: Player, rid: int, damage: int, dtype: str, loot: bool = True) -> bool:
    """Whether Born Killer's attack asks her to add it to her streak or let it stand alone.

    SL §146 says she *may* add up the damage, so the choice is hers (a decision), but it is
    asked only when the two answers differ in outcome (ruling: an identical choice is noise):
    never for a first attack (nothing to add to), nor against no armor (adding up changes
    nothing, now or later), nor when the raider is destroyed either way and the loot is the
    same, which only Overkill (SL §151) can change: more hits than crew lose the loot."""
    if ability(s, p) != "born_killer" or s.current != p.seat or dtype != "normal":
        return False
    if not any(e[0] == rid and e[1] > 0 for e in s.streak):
        return False
    if s.static.content.raiders[s.raiders[rid][0]].armor == 0:
        return False
    crew = s.raiders[rid][2]
    joined = streak_hits(s, rid, damage, True)[0]
    alone = streak_hits(s, rid, damage, False)[0]
    if joined >= crew and alone >= crew:
        return loot and s.static.rules.overkill and (joined > crew) != (alone > crew)
    return True  # wounded either way: the hits or the streak carried on differ


def attack_or_ask(
    s: State, p: Player, rid: int, damage: int, dtype: str, events: Events, loot: bool = True
) -> dict | None:
    """Attack raider ``rid``, or return the Born Killer decision (SL §146) that must come
    first, for the caller to put on the stack."""
    if streak_choice(s, p, rid, damage, dtype, loot):
        return {"kind": "streak", "seat": p.seat, "raider": rid, "damage": damage, "loot": loot}
    attack_raider(s, p, rid, damage, dtype, events, loot=loot)
    return None


def streak_options(s: State, frame: dict) -> list[str]:
    """SL §146: add this attack to the streak on the raider, or let it stand alone."""
    return [N.Join.text(), N.Alone.text()]


def resolve_streak(s: State, frame: dict, action: str, events: Events) -> None:
    if s.stack and s.stack[-1] is frame:
        s.stack.pop()
    p = s.players[frame["seat"]]
    attack_raider(s, p, frame["raider"], frame["damage"], "normal", events, loot=frame["loot"],
                  join=action == "join")


def loot_raider(s: State, p: Player, rtype: str, events: Events) -> None:
    """SL §99: the matching raider vehicle (if one is left anywhere) and the cards on the
    raider info card; the Raider deck falls back on the Mirage deck when empty. Weapon
    Mastery (SL §146) draws the Mirage cards from the Raider deck too while it lasts."""
    rdef = s.static.content.raiders[rtype]
    loot: list[int] = []
    mastery = ability(s, p) == "weapon_mastery"
    for _ in range(rdef.loot_raider + (rdef.loot_mirage if mastery else 0)):
        c = draw_raider(s, events)
        if c is not None:
            loot.append(c)
    for _ in range(0 if mastery else rdef.loot_mirage):
        c = draw_mirage(s, events)
        if c is not None:
            loot.append(c)
    vehicle = get_card(s, lambda d: d.deck == "raider_vehicle" and d.raider_type == rtype, events)
    if vehicle is None:
        events.append({"type": "no_vehicle_left", "raider": rtype})
    else:
        loot.append(vehicle)
    for c in loot:
        gain(s, p, c, events, "loot")


def start_soak(
    s: State, target: Player, damage: int, dtype: str, source: str, events: Events, robbery_by: int | None = None
) -> None:
    """Open the defender's decision for one attack (digest 6.6). Permanent armor applies
    at once to normal damage (SL §88); the rest is the defender's to soak."""
    armor = permanent_armor(s, target) if dtype == "normal" else 0
    left = max(0, damage - armor)
    events.append(
        {"type": "attacked", "seat": target.seat,
         "hex": s.static.geo.names[target.hex] if target.hex is not None else None,
         "source": source, "damage": damage,
         "damage_type": dtype, "armor": min(armor, damage), "left": left,
         "robbery": robbery_by is not None}
    )
    if left == 0:
        return
    s.stack.append(
        {"kind": "soak", "seat": target.seat, "left": left, "damage_type": dtype,
         "source": source, "robbery_by": robbery_by}
    )


def soak_options(s: State, frame: dict) -> list[str]:
    """The defender's ways to stop the next point of damage (SL §85 to SL §89, SL §122)."""
    p = s.players[frame["seat"]]
    names = s.static.catalog.card_names
    out: list[str] = []
    robbery = frame["robbery_by"] is not None
    if robbery and not victory_cards(s, p):
        return []  # SL §122: a victim with no Victory card loses nothing (no armor card spent)
    for c in p.hand:
        d = card_def(s, c)
        for i, act in enumerate(d.actions):
            if c in p.engaged:
                continue
            if act.effect == "armor" and frame["damage_type"] == "normal":
                out.append(N.Armor.text(names[c], i + 1))  # one-time armor (SL §88)
            elif act.effect == "heal" and not robbery:
                out.append(N.Heal.text(names[c], i + 1))  # SL §89; never against robbery (SL §122)
    if robbery:
        for c in victory_cards(s, p):
            out.append(N.Yield.text(names[c]))  # SL §122: the victim picks the cards (ruling)
    else:
        for c in p.cargo:
            if card_def(s, c).crew:
                out.append(N.Lose.text(names[c]))  # SL §85: discard a crew member
    return out


def resolve_soak(s: State, frame: dict, action: str, events: Events) -> None:
    p = s.players[frame["seat"]]
    a = parse(action)
    verb = a.VERB
    name = a.crew if verb == "lose" else a.card
    option = a.option - 1 if verb in ("armor", "heal") else 0
    card = s.static.catalog.card_index[name]
    left = frame["left"]
    if verb in ("armor", "heal"):
        prevented = card_def(s, card).actions[option].amount
    elif verb == "lose":
        prevented = 1
    else:  # yield a Victory card to the robber (SL §122)
        take_from_player(p, card)
        robber = s.players[frame["robbery_by"]]
        s.traded.append(card)
        events.append({"type": "robbed", "seat": p.seat, "by": robber.seat, "card": name})
        gain(s, robber, card, events, "robbery")
        prevented = 1
        _continue_soak(s, frame, left - prevented, events)
        return
    why = {"armor": "armor", "heal": "heal", "lose": "crew lost"}[verb]
    if verb == "lose" or card_def(s, card).actions[option].one_time:
        discard_from_player(s, p, card, events, why)
    else:
        p.engaged.add(card)  # SL §128: healing is only usually a one-time action
    events.append({"type": "soaked", "seat": p.seat, "how": verb, "card": name, "points": min(prevented, left)})
    _continue_soak(s, frame, left - prevented, events)


def _continue_soak(s: State, frame: dict, left: int, events: Events) -> None:
    if s.stack and s.stack[-1] is frame:
        s.stack.pop()
    if left > 0:
        s.stack.append({**frame, "left": left})


def settle_soak(s: State, events: Events) -> bool:
    """Run the automatic part of the top soak frame. Returns True if it changed anything.

    With points left and nothing to stop them, the character is hit and dies (SL §85,
    SL §90); robbery with no Victory card left takes nothing (SL §122)."""
    frame = s.stack[-1]
    if soak_options(s, frame):
        return False
    s.stack.pop()
    p = s.players[frame["seat"]]
    if frame["robbery_by"] is not None:
        events.append({"type": "robbery_empty", "seat": p.seat})
        return True
    kill_player(s, p, events, frame["source"])
    return True


def kill_player(s: State, p: Player, events: Events, cause: str) -> None:
    """SL §90, SL §96, SL §121: the figure leaves the board; whether it comes back depends on
    difficulty (Easy always, Normal once, Hard never; the tutorial keeps its cards)."""
    rules = s.static.rules
    p.hex = None
    # Drop any further attacks still waiting on this player.
    s.stack = [f for f in s.stack if not (f["kind"] == "soak" and f["seat"] == p.seat)]
    if rules.mode == "tutorial":
        p.status = "dead"
        events.append({"type": "death", "seat": p.seat, "cause": cause, "respawn": "tutorial"})
        return
    can_respawn = rules.difficulty == "easy" or (rules.difficulty == "normal" and p.respawned == 0)
    if can_respawn:
        p.status = "dead"
        events.append({"type": "death", "seat": p.seat, "cause": cause, "respawn": rules.difficulty})
        return
    p.status = "out"
    clear_player_cards(s, p, events, "eliminated")  # SL §96
    events.append({"type": "eliminated", "seat": p.seat, "cause": cause})
    _hand_over_activation(s, p)


def _hand_over_activation(s: State, p: Player) -> None:
    """Ruling (SL §96, SL §100): the current player runs the raider activation at the end of
    her turn, but one who is eliminated by it has left the game and chooses nothing more;
    the rest of that activation (types, raider order, ties, spawn points) passes to the
    next player in turn order still in the game."""
    n = len(s.players)
    heir = next((q for step in range(1, n) if (q := s.players[(p.seat + step) % n]).status != "out"), None)
    if heir is None:
        return  # nobody is left: the game ends (SL §114)
    s.stack = [{**f, "seat": heir.seat} if f["kind"] == "activation" and f["seat"] == p.seat else f
               for f in s.stack]


def respawn(s: State, p: Player, events: Events) -> None:
    """SL §90 to SL §95 at the start of the dead player's turn. The step missing from the source
    is, by the digest's provisional ruling 6.7, taking a Sailer (or, configurable, the
    whole starting kit) by the get-a-card search."""
    rules = s.static.rules
    if rules.mode == "tutorial":
        # SL §121: keep every card and start again from the starting dunes.
        p.status = "active"
        s.stack.append({"kind": "enter", "seat": p.seat, "respawn": "tutorial"})
        events.append({"type": "respawn", "seat": p.seat})
        return
    for card in p.cards():  # step 1 (each a discard of hers: Fuel Drain applies, SL §135)
        discard_card(s, p, card, events, "respawn")
    p.engaged.clear()
    p.last_used.clear()
    p.respawned += 1  # on Normal this is step 2, the black side: no ability (SL §93)
    p.status = "active"
    events.append({"type": "respawn", "seat": p.seat, "black_side": rules.difficulty == "normal"})
    s.stack.append({"kind": "enter", "seat": p.seat, "respawn": "starting_tiles"})  # last step
    s.stack.append({"kind": "respawn_kit", "seat": p.seat})  # the missing step, after the discard
    # Draw 8 Mirage cards, then discard 4 (SL §91, SL §94); cards without a slot are placed first.
    s.stack.append({"kind": "discard", "seat": p.seat, "count": 4, "reason": "respawn"})
    for _ in range(8):
        c = draw_mirage(s, events)
        if c is not None:
            gain(s, p, c, events, "respawn")


def respawn_kit(s: State, p: Player, events: Events) -> None:
    """The respawn step missing from the source (provisional ruling 6.7): take a Sailer,
    or with ``respawn_step = "starting_cards"`` the whole starting kit, by the get-a-card
    search (supply, discard pile, Mirage deck)."""
    rules = s.static.rules
    kit = ["sailer"]
    if rules.respawn_step == "starting_cards":
        kit += ["spear", "water"]
        if p.character is not None:
            kit.append(s.static.content.characters[p.character].special_item)
    for card_id in kit:
        c = get_card_by_id(s, card_id, events)
        if c is not None:
            gain(s, p, c, events, "respawn")
