"""Writes docs/environments.md, the specs page of the research environments, from the code:
per game its environment ids (PettingZoo, Gymnasium, OpenSpiel), players, the action space's
size, layout version and layout, the observation's shape and the meaning of every index
(``spec.observer.layout()`` and each plane's places), the rewards on offer, the end
conditions, and the baselines (the ladder's tables in docs/baselines/, the training
script's result in docs/baselines/ppo.json).

    python scripts/environments_doc.py          # rewrite the page
    python scripts/environments_doc.py --check  # exit 1 if the page is not what the code says
"""

from __future__ import annotations

import argparse
import inspect
import json
import sys
from pathlib import Path

import wasteland.envs.gymnasium as wg
import wasteland.envs.openspiel as wo
import wasteland.envs.pettingzoo as pz
from wasteland.envs.base import OUTCOME, env_games, env_name

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "environments.md"
BASELINES = ROOT / "docs" / "baselines"


def doc_line(obj) -> str:
    return " ".join((inspect.getdoc(obj) or "").split())


def places(keys: tuple[str, ...]) -> str:
    """Every place, in order, its offset in the list first (``3:`node`` is the plane's fourth index)."""
    return " ".join(f"{k}:`{place}`" for k, place in enumerate(keys))


def observation_table(spec) -> list[str]:
    lines = ["| indices | feature | what each index holds |", "|---|---|---|"]
    domains: dict[tuple[str, ...], str] = {}
    for feature, (name, first, length, description) in zip(spec.observer.features, spec.observer.layout()):
        span = f"{first}" if length == 1 else f"{first}–{first + length - 1}"
        if feature.keys:
            label = domains.setdefault(feature.keys, f"P{len(domains) + 1}")
            what = f"one per place of list {label}, in its order" + (f"; the value: {description}" if description else "; 1 where it is")
        else:
            what = description or ("one number" if length == 1 else f"{length} numbers")
        lines.append(f"| {span} | {name} | {what} |")
    for keys, label in domains.items():
        lines.append("")
        lines.append(f"List {label} ({len(keys)} places): {places(keys)}")
    return lines


def action_table(spec) -> list[str]:
    lines = ["| indices | action |", "|---|---|"]
    for template, first, length in spec.action_space.layout():
        span = f"{first}" if length == 1 else f"{first}–{first + length - 1}"
        lines.append(f"| {span} | `{template}` |")
    return lines


def baselines(game: str) -> list[str]:
    out: list[str] = []
    for path in sorted(BASELINES.glob(f"{game}*.txt")):
        out += ["", "```", path.read_text(encoding="utf-8").rstrip(), "```"]
    ppo = BASELINES / "ppo.json"
    if ppo.exists():
        r = json.loads(ppo.read_text(encoding="utf-8"))
        if wg.env_ids().get(r["env"], {}).get("game") == game:
            out += ["", f"**Training (MaskablePPO, CPU)** on `{r['env']}` with the `{r['reward']}` reward: "
                    f"{r['steps']:,} steps ({r['cpu_seconds']} CPU s) won {r['wins']} of {r['games']} new games "
                    f"(95% interval {r['interval'][0]:.1%} to {r['interval'][1]:.1%}); the masked random policy won "
                    f"{r['random_wins']} of the same {r['games']} ({r['random_interval'][0]:.1%} to "
                    f"{r['random_interval'][1]:.1%}). To reproduce: `{r['command']}`."]
    return out or ["", "No baseline recorded yet."]


def game_section(game: str, spec) -> list[str]:
    ids = [i for i, kw in wg.env_ids().items() if kw["game"] == game]
    rewards = spec.observer.rewards
    out = [f"## {spec.title}", "",
           f"- **PettingZoo**: `{env_name(game)}` (`wasteland.envs.pettingzoo.env({game!r})`)",
           f"- **Gymnasium**: " + ", ".join(f"`{i}`" for i in ids),
           f"- **OpenSpiel**: `{wo.short_name(game)}`",
           f"- **Players**: {spec.min_players} to {spec.max_players}",
           f"- **Action space**: {spec.action_space.size:,} indices, layout version {spec.action_space.version}; "
           f"chance outcomes at most {spec.action_space.chance}",
           f"- **Observation**: float32, shape ({spec.observer.size},), from the seat's own view only",
           f"- **Rewards**: `{OUTCOME}` (at the end, 1 for each winner, 0 for the others)"
           + "".join(f"; `{name}` (dense: {doc_line(f)})" for name, f in rewards.items()),
           "- **End conditions**: the rulebook's (the end reasons the ladder's games gave are listed with its "
           "tables below); the bounds for bots, which are not rulebook endings and say so in the end reason: "
           + (", ".join(f"`{o.name}`" for o in spec.options if o.hidden and o.kind == "int" and o.name != "first_player")
              or "none")
           + (f"; the ladder and `wasteland versus` play with `{spec.simulation}`" if spec.simulation else ""),
           "", "### Observation, index by index", ""]
    out += observation_table(spec)
    out += ["", "### Actions", ""]
    out += action_table(spec)
    out += ["", "### Baselines"]
    out += baselines(game)
    return out + [""]


def build() -> str:
    out = ["# Research environments", "",
           "<!-- generated by scripts/environments_doc.py from the code; do not edit: run the script -->", "",
           "Every registered game with a fixed action space is a PettingZoo AEC and parallel environment, a "
           "Gymnasium environment per id (one seat against bots; solo where one person can play), and an OpenSpiel "
           "game. A dense reward is a potential of the seat's view: a step's reward is its change (so the best "
           "policy is the outcome's). OpenSpiel games start from one root whose set-up is dealt by chance nodes "
           "(the set-up's seed, digit by digit); information-state strings are perfect recall. "
           "A text interface for agents that read words: `wasteland.envs.text`.", "",
           "Baselines: `wasteland ladder GAME` (paired seeds, every seat order; Bradley-Terry ratings on the Elo "
           "scale with bootstrap intervals, or win rates with Wilson intervals for one seat). Figures from the "
           "shared two-core machine; the commands above each table reproduce them.", ""]
    out += [f"- [{spec.title}](#{spec.title.lower().replace(' ', '-').replace(':', '').replace(',', '')})"
            for spec in env_games().values()]
    out.append("")
    for game, spec in env_games().items():
        out += game_section(game, spec)
    assert set(pz.names().values()) == set(env_games())
    return "\n".join(out).rstrip() + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the page instead of writing it")
    args = parser.parse_args()
    text = build()
    if args.check:
        if PAGE.read_text(encoding="utf-8") != text:
            print(f"{PAGE} is not what the code says: run python scripts/environments_doc.py", file=sys.stderr)
            return 1
        return 0
    PAGE.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
