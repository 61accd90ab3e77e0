"""The companion is installable and keeps a tap through a dropped connection: its manifest
and service worker, the page's files loaded without the network, and a tap made offline
sent once the connection is back (the page says it is waiting meanwhile)."""

from __future__ import annotations

import json

import pytest

from companiontest import PHONE, ready


@pytest.fixture
def server_url(tmp_path):
    from companiontest import serve

    with serve(tmp_path / "offline.db") as url:
        yield url


def test_installable_offline_and_a_tap_kept_through_a_drop(browser, server_url, artifacts):
    ctx = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, service_workers="allow")
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(f"{server_url}companion.html#/new/fallout")
        manifest = page.get_attribute("link[rel=manifest]", "href")
        body = json.loads(page.request.get(f"{server_url}{manifest}").text())
        assert body["start_url"] == "/companion.html" and body["display"] == "standalone" and body["icons"]
        page.wait_for_function("navigator.serviceWorker.controller !== null || navigator.serviceWorker.ready.then(() => true)")
        page.evaluate("navigator.serviceWorker.ready")
        page.tap("#create")
        ready(page, 0)
        sid = page.url.split("#/s/", 1)[1]
        page.reload()  # now under the service worker
        ready(page, 0)
        assert page.evaluate("Boolean(navigator.serviceWorker.controller)")
        before = page.get_attribute("#session", "data-index")
        ctx.set_offline(True)
        page.locator("#decision button[data-action]:visible >> nth=0").click()
        page.wait_for_selector("#link-status:not([hidden])")
        assert "1" in page.inner_text("#link-status")  # one tap waiting
        page.screenshot(path=str(artifacts / "offline-390.png"))
        ctx.set_offline(False)
        page.wait_for_selector("#link-status[hidden]", state="attached", timeout=30_000)
        ready(page, int(before) + 1)
        # the page's files come from the service worker's copy without the network
        ctx.set_offline(True)
        page.goto(f"{server_url}companion.html#/s/{sid}")
        page.wait_for_selector("#brand")
        assert page.inner_text("#brand").strip()
        ctx.set_offline(False)
    finally:
        ctx.close()
    assert not [e for e in errors if "Failed to fetch" not in e], errors
