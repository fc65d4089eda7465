"""The table's widgets draw from a narrow model: the shown seat's Model and the table's Scene
(firmware.table), the human input on the holder's turn, and plain arguments; never the screen,
the turn controller or the game. Drawn here with none of those in existence, and the Scene kept
in step with the game by the table screen through a played game."""

from engine import games
from firmware import table, tableview
from firmware.gfx import Canvas
from sim.autoplay import play_watched


def scene_of(gid, seats, me):
    g = games.new_game(gid, seats, 3)
    names = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"][:seats]
    fam = games.entry(gid)[games.RULES]
    m = table.model(fam, g.view(me), names, False, False)
    log = ["Ann played the 4 of clubs.", "Bo drew a card."]
    sc = table.Scene(fam, names, log, "A game", "Game")
    sc.to_act = g.to_act
    sc.me = sc.you = me
    sc.logn = len(log)
    sc.gen = 1
    return g, m, sc


def test_the_hand_page_draws_from_the_model_and_the_scene_alone():
    from firmware.menus import available

    for gid, seats in (("shithead", 3), ("screwed", 3), ("schieber", 4)):
        if gid not in available():
            continue
        g, m, sc = scene_of(gid, seats, 0)
        c = Canvas(240, 240)
        c.seen = set()
        p = tableview.parts(c.width, c.height)
        assert not tableview.hand_page(p, c, m, sc, None, "", 0, 0)
        assert c.dirty and not c.seen & set(g.hidden_from(0)), gid
        rows = p[tableview._MENU].sig
        assert any(sc.names[g.to_act] in r[0] for r in rows), rows  # whose turn, from the scene
        assert any("drew a card" in r[0] for r in rows), rows  # the news, from the scene's log
        # the same model and scene again: nothing drawn
        c.dirty[:] = []
        tableview.hand_page(p, c, m, sc, None, "", 0, 0)
        assert not c.dirty


def test_the_hand_over_screen_draws_from_plain_arguments():
    from firmware import overlay

    c = Canvas(240, 240)
    c.seen = set()
    w = overlay.Cover()
    log = ["Ann played the 4 of clubs.", "Bo drew a card.", "Cy passed."]
    overlay.paint(w, c, True, 1, "Bo", log, 3, 1, 0, 0)
    assert w.same(1, 3, 1) and w.stage == 0 and not c.seen
    c.dirty[:] = []
    overlay.paint(w, c, False, 1, "Bo", log, 3, 1, 0, 10)
    assert not c.dirty  # nothing changed
    overlay.paint(w, c, False, 1, "Bo", log, 3, 1, 1, 20)
    assert c.dirty and w.stage == 1  # the cue alone: "Hold A"
    assert overlay.news(log, 3, 1) == log[-2:] and overlay.news(log, 3, 3) == []


def test_the_scene_follows_the_game_on_every_drawn_frame():
    checked = [0]

    def check(play):
        t = play.turn
        sc = play.scene
        assert sc.names is t.names and sc.log is t.log
        if not play.need and not play.full:
            g = t.game
            assert (sc.to_act, sc.over, sc.logn) == (g.to_act, g.over, t.logn)
            assert sc.me == t.shown_seat()
            assert sc.bot == (g.to_act >= 0 and t.kinds[g.to_act] != 0)
            checked[0] += 1

    play_watched(check)
    assert checked[0] > 20
