"""Numbered deals in the app: the setup's deal number (a digits editor) deals exactly what
`python -m tools.play.selfplay --deal N` and `python -m sim --deal N` deal; the pause menu and the
results show it (with its check, which the pause menu shows during play: the number itself, which
fixes every card, is readable nowhere while the match goes on); the results offer the same deal
again, with the same seats or rotated."""

import json
import sys

from engine import deals, games, runner
from sim.autoplay import AutoPlayer, setup_game
from sim.headless import Device, MemStorage


def _deck(g):
    return json.loads(json.dumps(g.start_event()))


def _to_row(dev, scr, label):
    for _ in range(60):
        if scr.rows()[scr.cur][0] == label:
            return
        dev.press("down")
    raise AssertionError("no row %r" % label)


def test_the_deal_editor_works_with_four_buttons_up_down_a_b():
    """The Display Pack 2 has no LEFT/RIGHT: the editor starts at the first digit, UP/DOWN change
    it, A moves on to the next and keeps the number at the last."""
    dev = Device("pico_display_2", MemStorage())
    dev.press("a")
    menu = dev.app.screen
    for _ in range([it[1] for it in menu.items].index("screwed")):
        dev.press("down")
    dev.press("a")
    st = dev.app.screen
    _to_row(dev, st, "Deal number")
    dev.press("a")
    ed = dev.app.screen
    assert ed.__class__.__name__ == "DealEdit" and ed.pos == 0
    want = "004711"
    for i in range(6):
        assert ed.pos == i
        while ("%06d" % ed.value)[i] != want[i]:
            dev.press("down")
        dev.press("a")
    assert dev.app.screen is st and st.deal == 4711


def test_setup_deal_number_deals_the_same_cards_as_selfplay_deal_n():
    dev = Device("pico_lcd_1_3", MemStorage())
    dev.press("a")
    menu = dev.app.screen
    for _ in range([it[1] for it in menu.items].index("screwed")):
        dev.press("down")
    dev.press("a")
    st = dev.app.screen
    assert st.__class__.__name__ == "Setup"
    _to_row(dev, st, "Deal number")
    dev.press("a")
    ed = dev.app.screen
    assert ed.__class__.__name__ == "DealEdit"
    want = "004711"
    for i in range(6):  # digit by digit: RIGHT to the next, UP/DOWN to change it
        while ed.pos != i:
            dev.press("right")
        while ("%06d" % ed.value)[i] != want[i]:
            dev.press("up")
    dev.press("a")
    assert dev.app.screen is st and st.deal == 4711
    assert ("Deal number", "4711") in st.rows()
    while st.cur != 0:
        dev.press("up")
    dev.press("a")
    dev.wait(2)
    play = dev.app.screen
    assert play.__class__.__name__ == "Play"
    g = play.turn.game
    assert g.seed == 4711
    # the same cards as self-play's deal 4711, whatever its bots' seed
    log = []
    runner.play("screwed", g.seats, 12345, levels=["random"] * g.seats, log=log.append, deal=4711)
    assert _deck(g) == log[0]
    # the bots' seed is apart from the deal
    assert play.turn.bots.seed != 4711
    # the pause menu shows its check, never the number (tests/test_app_deals: readable nowhere)
    dev.press("b")
    pause = dev.app.screen
    assert ("Deal check", deals.check(4711)) in [r[:2] for r in pause.rows()]


def test_sim_deal_option_sets_the_setups_deal_number():
    from sim.__main__ import parse

    assert parse(["--deal", "31"]).deal == 31
    dev = Device("pico_lcd_1_3", MemStorage(), deal=31)
    dev.press("a")
    setup_game(dev, "screw", humans=0, speed="instant")
    g = dev.app.screen.turn.game
    assert g.seed == 31 and _deck(g) == _deck(games.new_game("screw", g.seats, 31))


def test_results_offer_play_this_deal_again_same_seats_or_rotated():
    dev = Device("pico_lcd_1_3", MemStorage(), deal=808)
    dev.press("a")
    setup_game(dev, "syn-swap", humans=0, seats=4, speed="instant")
    first = dev.app.screen.turn
    names = list(first.names)
    deck = _deck(first.game)
    for rotated in (False, True):
        for _ in range(3000):
            if dev.app.screen.__class__.__name__ == "TextScreen":
                break
            dev.wait(1)
        res = dev.app.screen
        assert res.__class__.__name__ == "TextScreen" and res.ttl == "Game over"
        assert "Deal 808 (check %s)." % deals.check(808) in res.text
        for _ in range(20):
            if dev.app.screen.__class__.__name__ == "Again":
                break
            dev.press("a")
        again = dev.app.screen
        assert again.__class__.__name__ == "Again"
        if rotated:
            dev.press("down")
        dev.press("a")  # the table comes up at once (an all-bots game may end a frame later)
        play = dev.app.screen
        assert play.__class__.__name__ == "Play"
        t = play.turn
        assert t.game.seed == 808 and _deck(t.game) == deck  # every card as before
        want = names[-1:] + names[:-1] if rotated else names
        assert t.names == want
        names = list(t.names)


def _written(dev):
    """Every string dev's screens write in the large face from now on (the face's module may be
    let go and loaded again between screens: it is hooked again before every frame)."""
    out = []
    frame = dev.frame

    def hooked(mask=None):
        F = sys.modules.get("firmware.bigfont")
        if F is not None and not hasattr(F.text, "hooked"):
            real = F.text

            def text(c, s, *rest):
                out.append(s if isinstance(s, str) else bytes(s).decode("latin-1"))
                return real(c, s, *rest)

            text.hooked = True
            F.text = text
        frame(mask)

    dev.frame = hooked
    return out


def test_a_new_deals_number_is_readable_nowhere_until_the_match_is_over():
    """From the setup (the row says "new"; the editor starts from 000000; LEFT/RIGHT change
    nothing) through every screen the pause menu opens and the table's pages, the number of a
    match in progress is written nowhere; its check is, and the results give both."""
    dev = Device("pico_lcd_1_3", MemStorage())
    written = _written(dev)
    dev.press("a")
    menu = dev.app.screen
    for _ in range([it[1] for it in menu.items].index("screw")):
        dev.press("down")
    dev.press("a")
    st = dev.app.screen
    _to_row(dev, st, "Deal number")
    assert st.rows()[st.cur][1] == "new"
    for key in ("left", "right", "right"):
        dev.press(key)
        assert st.rows()[st.cur][1] == "new"
    dev.press("a")
    ed = dev.app.screen
    assert ed.__class__.__name__ == "DealEdit" and ed.value == 0
    dev.press("b")  # cancelled: still a new deal, still unread
    assert dev.app.screen is st and st.rows()[st.cur][1] == "new"
    for _ in range(30):
        dev.press("down")  # every row of the setup, its help line too
    dev.press("b")  # to the menu: the game is set up from there
    setup_game(dev, "screw", humans=1, speed="normal")
    play = dev.app.screen
    secret = "%d" % play.turn.game.seed
    assert len(secret) >= 3  # not a number that any short text might hold
    dev.wait(5)
    for page in range(3):  # the hand, the table and the log pages
        dev.press("right")
    for _ in range(3):
        if dev.app.screen.__class__.__name__ == "Pause":
            break
        dev.press("b")
    pause = dev.app.screen
    assert pause.__class__.__name__ == "Pause"
    for i in range(len(pause.rows())):
        label = pause.rows()[i][0]
        if label in ("Save and quit", "Abandon game...", "Resume"):
            continue
        while pause.cur != i:
            dev.press("down")
        dev.press("a")
        for _ in range(12):
            dev.press("down")  # through the whole text
        for _ in range(3):
            if dev.app.screen is pause:
                break
            dev.press("b")
        assert dev.app.screen is pause
    check = deals.check(int(secret))
    assert [w for w in written if check in w]  # the check is shown
    leaks = [w for w in written if secret in w]
    assert not leaks, leaks
    # once the match is over the results give the number and the same check
    dev.press("b")
    while dev.app.screen is play:
        if play.turn.interactive():
            AutoPlayer(dev).turn(play)
        elif play.turn.panel is not None:
            dev.press("a")
        else:
            dev.wait(5)
    res = dev.app.screen
    assert "Deal %s (check %s)." % (secret, check) in res.text
