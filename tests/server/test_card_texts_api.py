"""``GET /api/texts/{game}/{lang}`` on a real server: every component's words in the asked
language; one clear error for an unknown game or language."""

from __future__ import annotations

import pytest


@pytest.fixture(scope="module", params=["sqlite"])
def server(request, tmp_path_factory):
    from srvtest import LiveServer

    live = LiveServer(f"sqlite:///{tmp_path_factory.mktemp('texts')}/texts.db").start()
    yield live
    live.stop()


@pytest.mark.parametrize("lang, name", [("en", "Pickaxe"), ("ru", "Кирка"), ("uk", "Кайло")])
def test_saltlands_texts_in_each_language(server, lang, name):
    r = server.http.get(f"/api/texts/saltlands/{lang}")
    assert r.status_code == 200
    body = r.json()
    assert body["game"] == "saltlands" and body["lang"] == lang
    pickaxe = body["texts"]["card:pickaxe"]
    assert pickaxe["name"] == name and pickaxe["kind"] == "card" and pickaxe["text"]
    assert {"character:scout", "token:loot", "rumor:r1/top", "hex:wreck", "raider:pickup"} <= set(body["texts"])


def test_age_of_thirst_explains_its_cards(server):
    texts = server.http.get("/api/texts/age-of-thirst/uk").json()["texts"]
    assert texts["source:wet"]["name"] == "Вологий день" and "2 гал." in texts["source:wet"]["text"]
    assert texts["tower:strike"]["kind_name"] == "карта променевої вежі"


def test_the_lobby_says_where_the_texts_are(server):
    specs = {s["name"]: s for s in server.http.get("/api").json()["specs"]}
    assert specs["saltlands"]["web"]["cards"] == "/api/texts/saltlands/"
    assert specs["saltlands"]["card_texts"] is True


@pytest.mark.parametrize("path, status, code, words", [
    ("/api/texts/chess/en", 404, "unknown_game", "no game 'chess'"),
    ("/api/texts/saltlands/de", 404, "unknown_language", "the languages are en, ru, uk"),
])
def test_a_bad_request_gets_one_clear_error(server, path, status, code, words):
    r = server.http.get(path)
    assert r.status_code == status and r.json()["code"] == code and words in r.json()["error"], r.text
