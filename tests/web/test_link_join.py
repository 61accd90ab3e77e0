"""Two friends online: one creates a game for two people and sends its link; the other opens
it and is offered the free seat on the game's page itself (not only in the lobby, among every
game's id), takes it, and plays as that seat. Once no seat is free, a watcher is offered none."""

from __future__ import annotations

import boardkit as kit


def test_a_friend_opening_the_link_takes_the_free_seat(server_url, browser):
    host_ctx, host = kit.watched_page(browser, "desktop", "en")
    friend_ctx, friend = kit.watched_page(browser, "phone", "ru")
    late_ctx, late = kit.watched_page(browser, "phone", "uk")
    try:
        created = kit.open_game(host, server_url, "fallout", seats=[{"kind": "human"}, {"kind": "human"}], players=2)
        gid = created["game"]["id"]
        host.wait_for_selector("#invite:has-text('p2')")  # the host is told the page's link invites a friend
        friend.goto(f"{server_url}?lang=ru#/game/{gid}")
        friend.wait_for_selector(kit.READY)
        offer = friend.locator("#take-seat button.join")
        assert offer.count() == 1 and "p2" in offer.inner_text() and "Сесть" in offer.inner_text()
        offer.click()
        friend.wait_for_selector("#you-are:has-text('p2')")
        friend.wait_for_selector(kit.READY)
        assert friend.locator("#take-seat button").count() == 0
        assert not friend.locator("#leave").is_hidden()
        # the host sees the seat taken; the friend plays it when its turn comes
        host.wait_for_selector("#players [data-seat='p2']:not(:has-text('free'))")
        host.wait_for_selector("#invite", state="detached")
        for _ in range(10):
            if friend.get_attribute("#game", "data-turn") == "mine":
                break
            before = kit.index(host)
            kit.click_action(host, kit.pick(kit.actions(host), ("end", "move ")))
            host.wait_for_selector(f"#game[data-ready='1']:not([data-index='{before}'])")
        friend.wait_for_selector(kit.MY_TURN)
        kit.play(friend, kit.pick(kit.actions(friend), ("move ", "end")))  # as p2, from the phone
        # a third person opening the link now only watches: no seat is free
        late.goto(f"{server_url}?lang=uk#/game/{gid}")
        late.wait_for_selector(kit.READY)
        assert late.locator("#take-seat button").count() == 0
        assert not (host.problems or friend.problems or late.problems), (host.problems, friend.problems, late.problems)
    finally:
        for ctx in (host_ctx, friend_ctx, late_ctx):
            ctx.close()
