"""``GET /api/games/{game}/rules/{lang}`` on a real server on localhost: every registered
game's rules reference in each language, its address in the spec's ``web``, and one JSON
error for an unknown game or language (SQLite only: nothing here touches the store)."""

from __future__ import annotations

import pytest

from srvtest import LiveServer

from wasteland.core import rules_reference as rr
from wasteland.core.registry import registered_games

SPECS = registered_games()


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    server = LiveServer(str(tmp_path_factory.mktemp("rules") / "rules.db")).start()
    yield server
    server.stop()


def test_each_game_serves_its_rules_in_each_language_at_the_address_its_spec_names(live):
    listed = {s["name"]: s for s in live.http.get("/api").json()["specs"]}
    for name, spec in SPECS.items():
        base = listed[name]["web"]["rules"]
        assert base == f"/api/games/{name}/rules/"
        for lang in rr.LANGUAGES:
            got = live.http.get(base + lang)
            assert got.status_code == 200 and got.headers["content-type"].startswith("application/json")
            body = got.json()
            assert body["game"] == name and body["lang"] == lang and body["anchor_prefix"] == spec.anchor_prefix
            assert list(body["rules"]) == [r.anchor for r in rr.rules(spec, lang)] == list(spec.anchors)
            first = rr.rule_text(spec, spec.anchors[0], lang)
            assert body["rules"][first.anchor] == {"title": first.title, "text": first.text, "lang": lang}


@pytest.mark.parametrize("path, status, code, words", [
    ("/api/games/no-such-game/rules/en", 404, "unknown_game", "unknown game 'no-such-game'"),
    ("/api/games/saltlands/rules/de", 400, "unknown_language", "language 'de': the rules are in en, ru, uk"),
    ("/api/games/saltlands/rules/..%2F..%2Fetc", 404, "not_found", "no API route"),
])
def test_an_unknown_game_or_language_is_one_json_error(live, path, status, code, words):
    got = live.http.get(path)
    assert got.status_code == status, got.text
    body = got.json()
    assert body["code"] == code and words in body["error"]
