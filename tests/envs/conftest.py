"""The environments' tests run over every registered game that declares an action space
and an observation (``wasteland.envs.base.env_games``), with a few option sets each."""

from __future__ import annotations

from wasteland.envs.base import env_games

GAMES = list(env_games())


def option_sets(game: str) -> list[dict]:
    """A range of options: the defaults, the most players, and each choice option's values
    at the fewest players (bounded: the first few)."""
    spec = env_games()[game]
    sets: list[dict] = [{}]
    players = spec.option("players")
    if players is not None and players.high:
        sets.append({"players": min(players.high, 4)})
    for option in spec.options:
        if option.kind == "choice" and not option.hidden and option.name != "teams":
            for value in option.values[:3]:
                if value != option.default:
                    sets.append({option.name: value})
        if option.kind == "bool" and not option.hidden and option.sweep:
            sets.append({option.name: not option.default})
    out = []
    for s in sets:
        try:
            spec.validate(dict(s))
        except Exception:
            continue  # a combination the game refuses (tutorial with many players...)
        if s not in out:
            out.append(s)
    return out[:6]


CASES = [(g, o) for g in GAMES for o in option_sets(g)]
IDS = [f"{g}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'defaults'}" for g, o in CASES]
