"""The server across nodes on standard parts (issue 26): PostgreSQL, three `wasteland
serve` nodes and HAProxy with the repository's own configuration (deploy/haproxy.cfg), all
on loopback.

One Saltlands game of two people and a bot: each person sits down and plays through a
different node, a spectator watches on the third. Mid-game one node is killed (SIGKILL),
another is drained (SIGTERM), and the database goes away for five seconds; the clients
reconnect through the balancer each time. At the end: every acknowledged action is in the
record at its index, no action was acknowledged twice, every client ends on the same
position, and each connection saw the actions in order with none skipped."""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
from websockets.sync.client import connect

from srvtest import GAME, LiveServer, ServerProcess, ThrowawayCluster, free_port, new_database, replay_state

HAPROXY_CFG = Path(__file__).resolve().parents[2] / "deploy" / "haproxy.cfg"
CONFIG = {"players": 3}
SEED = 11
#: the whole test must end within this (CI): the game itself takes some 10-20 s
DEADLINE = 90.0


class Player(threading.Thread):
    """A person at the table (``seat``) or a spectator (None), over one WebSocket at a time:
    plays a random legal action on its turn, and on any lost connection reconnects through
    the balancer."""

    def __init__(self, game_id: str, seat: int | None, token: str | None, first: str, balancer: str) -> None:
        super().__init__(daemon=True)
        self.game_id, self.seat, self.token = game_id, seat, token
        self.url, self.balancer = first, balancer
        self.rng = random.Random(seat if seat is not None else 99)
        self.acked: list[tuple[int, str]] = []  # (index, action) acknowledged to this client
        self.runs: list[list[tuple[int, str]]] = []  # per connection: the updates it pushed, in order
        self.starts: list[int] = []  # per connection: the index of its first state
        self.connections = 0
        self.closes: list[Any] = []
        self.last: dict[str, Any] | None = None
        self.stop = False
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            while not self.stop:
                try:
                    self._session()
                except Exception as exc:  # closed, refused (503 while the database is away), reset
                    self.closes.append(getattr(getattr(exc, "rcvd", None), "code", type(exc).__name__))
                if self.over():
                    return
                self.url = self.balancer  # from now on through the balancer
                time.sleep(0.2)
        except BaseException as exc:  # noqa: BLE001 - handed to the test
            self.error = exc

    def over(self) -> bool:
        return self.last is not None and self.last.get("outcome") is not None

    def _session(self) -> None:
        query = f"?token={self.token}" if self.token else ""
        with connect(f"{self.url}/api/games/{self.game_id}/ws{query}", open_timeout=5, max_size=2**24) as ws:
            self.connections += 1
            run: list[tuple[int, str]] = []
            self.runs.append(run)
            pending: tuple[int, int, str] | None = None  # (ref, index, action) sent, not answered
            ref = 0
            while not self.stop:
                message = json.loads(ws.recv(timeout=10))
                kind = message["type"]
                if kind == "error":
                    if message.get("code") == "reconnect":
                        return
                    pending = None
                    time.sleep(0.2)
                    ws.send(json.dumps({"type": "state"}))
                    continue
                if kind == "state":
                    if not run and len(self.starts) < len(self.runs):
                        self.starts.append(message["index"])
                    self.last = message
                elif kind == "update":
                    run.append((message["action_index"], message["action"]))
                    self.last = message
                    if pending is not None and message.get("ref") == pending[0]:
                        assert (pending[1], pending[2]) == (message["action_index"], message["action"])
                        self.acked.append((pending[1], pending[2]))
                        pending = None
                else:
                    continue
                if self.over():
                    return
                decision = self.last.get("decision")
                if self.seat is not None and pending is None and decision and decision["seat"] == self.seat \
                        and decision["actions"]:
                    time.sleep(0.05)  # a person thinks a little
                    ref += 1
                    action = self.rng.choice(decision["actions"])
                    pending = (ref + 1000 * self.connections, self.last["index"], action)
                    ws.send(json.dumps({"type": "action", "action": action, "index": self.last["index"],
                                        "ref": pending[0]}))


def _haproxy(listen: str, nodes: list[str], stats: str) -> subprocess.Popen:
    env = {**os.environ, "WL_LISTEN": listen, "WL_STATS": stats,
           **{f"WL_NODE{i + 1}": node for i, node in enumerate(nodes)}}
    return subprocess.Popen([shutil.which("haproxy") or "/usr/sbin/haproxy", "-db", "-f", str(HAPROXY_CFG)], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def _wait(predicate, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


def _ready(http: httpx.Client) -> bool:
    try:
        return http.get("/readyz").status_code == 200
    except httpx.TransportError:
        return False


@pytest.fixture
def cluster_db(tmp_path):
    if not shutil.which("haproxy") and not Path("/usr/sbin/haproxy").exists():
        pytest.fail("HAProxy is not installed: run `bash .ci/run` (it installs Debian's haproxy)")
    pg = ThrowawayCluster()
    url = pg.start()
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("CREATE DATABASE wl_cluster")
    try:
        yield pg, url.rsplit("/", 1)[0] + "/wl_cluster"
    finally:
        pg.stop()


def test_three_nodes_behind_haproxy_lose_nothing(cluster_db, tmp_path):
    started = time.monotonic()
    pg, db = cluster_db
    nodes = [ServerProcess(db, str(tmp_path), args=("--bot-workers", "1")) for _ in range(3)]
    listen, stats = f"127.0.0.1:{free_port()}", f"127.0.0.1:{free_port()}"
    proxy = _haproxy(listen, [f"127.0.0.1:{n.port}" for n in nodes], stats)
    balancer = httpx.Client(base_url=f"http://{listen}", timeout=10)
    players: list[Player] = []
    try:
        _wait(lambda: _ready(balancer), 20, "HAProxy to see the nodes")
        # The game is made on node 1; its seats are taken on nodes 1 and 2.
        created = nodes[0].http.post("/api/games", json={"game": "saltlands", **CONFIG, "seed": SEED,
                                                          "seats": ["human", "human", "random"], "join": 0}).json()
        game_id = created["game"]["id"]
        second = nodes[1].http.post(f"/api/games/{game_id}/join", json={}).json()
        assert second["seat"] == 1
        tokens = {0: created["token"], 1: second["token"]}
        players = [Player(game_id, 0, tokens[0], f"ws://127.0.0.1:{nodes[0].port}", f"ws://{listen}"),
                   Player(game_id, 1, tokens[1], f"ws://127.0.0.1:{nodes[1].port}", f"ws://{listen}"),
                   Player(game_id, None, None, f"ws://127.0.0.1:{nodes[2].port}", f"ws://{listen}")]
        for player in players:
            player.start()

        def index() -> int:
            return max((p.last or {}).get("index", 0) for p in players)

        _wait(lambda: index() >= 10, 30, "the first actions")
        nodes[0].kill()  # SIGKILL: node 1 and every process of it, mid-game
        _wait(lambda: index() >= 25, 30, "play on after the SIGKILL")
        nodes[1].proc.send_signal(signal.SIGTERM)  # drain node 2
        nodes[1].proc.wait(20)
        _wait(lambda: index() >= 40, 30, "play on after the SIGTERM")
        outage_at = index()
        pg._run(f"{pg.bin}/pg_ctl", "-D", pg.data, "-m", "fast", "-w", "stop")
        time.sleep(5)
        pg._run(f"{pg.bin}/pg_ctl", "-D", pg.data, "-l", os.path.join(pg.dir, "log"), "-w", "-o",
                f"-p {pg.port} -k {pg.dir} -c listen_addresses=127.0.0.1", "start")
        _wait(lambda: all(p.over() or p.error for p in players), DEADLINE - (time.monotonic() - started),
              "the end of the game")
    finally:
        for player in players:
            player.stop = True
        balancer.close()
        proxy.terminate()
        proxy.wait(10)
        for node in nodes:
            node.kill()
    for player in players:
        assert player.error is None, player.error
    # Read the record from the database itself.
    with psycopg.connect(db) as conn:
        stored = [n for (n,) in conn.execute("SELECT notation FROM wl_actions WHERE game_id = %s ORDER BY idx",
                                            (game_id,)).fetchall()]
        sources = dict(conn.execute("SELECT source, count(*) FROM wl_actions WHERE game_id = %s GROUP BY source",
                                    (game_id,)).fetchall())
    final = replay_state(CONFIG, SEED, stored)
    assert GAME.outcome(final) is not None, "the stored record does not end the game"
    assert sources.get("bot", 0) > 0 and sources.get("human", 0) > 0
    assert outage_at < len(stored)  # the outage came mid-game
    for player in players:
        # Every acknowledged action is in the record at its index, and none twice.
        indices = [i for i, _ in player.acked]
        assert len(indices) == len(set(indices)), player.acked
        for i, action in player.acked:
            assert stored[i] == action
        # Every client ends on the same position: the record's last index, its outcome, and
        # its own seat's view of it.
        assert player.last["index"] == len(stored) and player.last["outcome"] is not None
        assert player.last["view"] == GAME.view(final, player.seat)
        # Each connection saw the actions in order from where it started, none skipped.
        for start, run in zip(player.starts, player.runs):
            assert [i for i, _ in run] == list(range(start, start + len(run)))
            assert [a for _, a in run] == stored[start:start + len(run)]
        assert player.connections >= 2  # each reconnected at least once (kill, drain or outage)
    # A person's action committed but never acknowledged is one whose connection was lost
    # between the commit and the answer: at most one per lost connection.
    unanswered = sources["human"] - sum(len(p.acked) for p in players[:2])
    assert 0 <= unanswered <= sum(p.connections - 1 for p in players[:2])
    assert 1012 in players[1].closes  # the drained node told its client to reconnect
    assert time.monotonic() - started < DEADLINE


class Node(LiveServer):
    """A node in this process (its hub can be looked at), with one bot worker."""

    def __init__(self, db: str) -> None:
        import uvicorn

        from wasteland.server.app import create_app
        from wasteland.server.run import uvicorn_config

        self.db = db
        self.app = create_app(db, bot_workers=1)
        self.server = uvicorn.Server(uvicorn_config(self.app, host="127.0.0.1", port=0))
        self.thread = threading.Thread(target=self.server.run, daemon=True)


def test_the_balancer_brings_the_sockets_of_one_game_to_one_node(pg_admin_url, tmp_path):
    """deploy/haproxy.cfg sends a game's requests and sockets to the node its id hashes
    to, so that its actions are played on one node only (docs/scaling.md); the games
    themselves still spread over the nodes, and the lobby is answered by any."""
    db = new_database("postgres", pg_admin_url, str(tmp_path))
    nodes = [Node(db).start() for _ in range(3)]
    listen, stats = f"127.0.0.1:{free_port()}", f"127.0.0.1:{free_port()}"
    proxy = _haproxy(listen, [f"127.0.0.1:{n.port}" for n in nodes], stats)
    balancer = httpx.Client(base_url=f"http://{listen}", timeout=10)
    sockets = []
    try:
        _wait(lambda: _ready(balancer), 20, "HAProxy to see the nodes")
        homes = set()
        for number in range(12):
            created = balancer.post("/api/games", json={"game": "saltlands", "players": 2, "seed": number,
                                                        "seats": ["human", "human"], "join": 0}).json()
            game_id = created["game"]["id"]
            second = balancer.post(f"/api/games/{game_id}/join", json={})
            assert second.status_code == 200, second.text
            for token in (created["token"], second.json()["token"], None):
                query = f"?token={token}" if token else ""
                ws = connect(f"ws://{listen}/api/games/{game_id}/ws{query}", open_timeout=10).__enter__()
                sockets.append(ws)
                assert json.loads(ws.recv(timeout=10))["type"] == "state"
            # Every client of the game is on one node; the others hold no client of it.
            holding = [n for n in nodes if n.app.state.hub.rooms.get(game_id) is not None
                       and n.app.state.hub.rooms[game_id].clients]
            assert len(holding) == 1 and len(holding[0].app.state.hub.rooms[game_id].clients) == 3
            homes.add(holding[0].port)
        assert len(homes) > 1  # twelve games hashed to one node of three: 1 in 177,000
    finally:
        for ws in sockets:
            ws.close()
        balancer.close()
        proxy.terminate()
        proxy.wait(10)
        for node in nodes:
            node.stop()
