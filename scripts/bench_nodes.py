"""The cost of spreading the server over nodes: ``wasteland bench server`` on 1, 2 and 3
nodes, back to back and repeated, with the ratios of each round (issue 26).

    PYTHONPATH=src python scripts/bench_nodes.py --db postgresql://postgres@127.0.0.1:55432/wasteland \
        [--games 200] [--seconds 15] [--rounds 3] [--setups 1h,3h]

A setup is a number of nodes, with ``h`` behind HAProxy (``deploy/haproxy.cfg``): ``1``,
``1h``, ``2h``, ``3h``; with ``l`` behind HAProxy balancing every request by least
connections (the shipped configuration without its affinity by game id, for comparison:
the seats of a game then usually land on different nodes). On a machine shared with other work one run's figures say little,
so each round runs every setup in turn and its ratios are taken against the round's first
setup; the machine's load (``/proc/loadavg``) is printed beside each run.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

FIGURES = {
    "actions/s": r"= (\d+) actions/s",
    "p50 ms": r"p50 ([\d.]+)",
    "p99 ms": r"p99 ([\d.]+)",
    "cpu µs": r"server CPU: \d+% of one core \((\d+) µs an action\)",
    "net µs": r"net of the nodes' idle CPU .*?: (\d+) µs an action",
    "haproxy µs": r"HAProxy CPU: \d+% of one core \((\d+) µs an action\)",
}


def run(setup: str, db: str, games: int, seconds: float) -> dict[str, float]:
    command = [sys.executable, __file__, "--one", setup, "--db", db, "--games", str(games), "--seconds", str(seconds)]
    load = open("/proc/loadavg").read().split()[0]
    out = subprocess.run(command, capture_output=True, text=True, env=os.environ).stdout
    found = {"load": float(load)}
    for name, pattern in FIGURES.items():
        match = re.search(pattern, out)
        if match:
            found[name] = float(match.group(1))
    if "errors:" in out:
        found["errors"] = float(re.search(r"errors: (\d+)", out).group(1))
    if "cpu µs" not in found:
        print(out, file=sys.stderr)
    return found


def one(setup: str, db: str, games: int, seconds: float) -> int:
    """One bench run in this process (``l``: on the configuration without affinity)."""
    from wasteland.server import bench

    nodes = int(setup.rstrip("hl"))
    if setup.endswith("l"):
        shipped = bench.HAPROXY_CFG.read_text()
        plain = "".join(line for line in shipped.splitlines(keepends=True) if "use_backend games" not in line)
        tmp = tempfile.NamedTemporaryFile("w", suffix=".cfg", delete=False)
        tmp.write(plain)
        tmp.close()
        bench.HAPROXY_CFG = Path(tmp.name)
    return bench.bench_command(games, seconds, db, 0.0, nodes=nodes, haproxy=setup.endswith(("h", "l")))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--db", required=True, help="postgresql://... (the nodes share it)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=15)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--setups", default="1h,3h", help="comma-separated: 1, 1h, 2h, 3h (h: behind HAProxy; "
                        "l: behind HAProxy without the affinity by game id)")
    parser.add_argument("--one", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        sys.exit(one(args.one, args.db, args.games, args.seconds))
    setups = args.setups.split(",")
    ratios: dict[str, list[float]] = {s: [] for s in setups[1:]}
    for number in range(args.rounds):
        results = {}
        for setup in setups:
            results[setup] = found = run(setup, args.db, args.games, args.seconds)
            print(f"round {number + 1} {setup:>3}: " + "  ".join(f"{k} {v:g}" for k, v in found.items()), flush=True)
        base = results[setups[0]].get("cpu µs")
        for setup in setups[1:]:
            cpu = results[setup].get("cpu µs")
            if base and cpu:
                ratios[setup].append(cpu / base)
        print(f"round {number + 1} CPU an action against {setups[0]}: "
              + ", ".join(f"{s} {ratios[s][-1]:.2f}x" for s in setups[1:] if ratios[s]), flush=True)
    for setup, values in ratios.items():
        if values:
            print(f"{setup} against {setups[0]}: " + ", ".join(f"{v:.2f}" for v in values)
                  + f" (median {statistics.median(values):.2f}x)")


if __name__ == "__main__":
    main()
