"""The 320x320 panel's table (the PicoCalc's): its centre takes the room the 320x240 panels do not
have, so a four-seat table shows every other seat whole on the hand page (a row each: name, count,
face-up cards, the seat's words), the pile, the deck and the trick in the bigger faces, and a
Schieber player choosing trump sees all nine cards; the other panels keep their layout."""

import pytest

import boards
from engine import games
from firmware import table, tableview
from firmware import tables
from firmware.tables import around
from sim.autoplay import AutoPlayer, setup_game
from sim.headless import Device
from tests.test_app_around import NAMES, engine_seat, states

ROOMY = "picocalc"
AROUND = ("shithead", "popcorn", "screwed", "syn-partners", "syn-swap")


def centre_of(board):
    b = boards.load(board)
    return b.WIDTH, tableview.parts(b.WIDTH, b.HEIGHT)[tableview._CENTRE]


def test_only_the_320x320_panel_has_a_roomy_centre():
    """The centre is roomy on the 320x320 panel alone; every other board keeps its centre and its
    menu of four lines (the 240-high ones) as before."""
    for board in boards.IDS:
        b = boards.load(board)
        p = tableview.parts(b.WIDTH, b.HEIGHT)
        centre = p[tableview._CENTRE]
        assert tables.roomy(centre.h) == (b.HEIGHT >= 320), board
        if b.HEIGHT == 240:
            assert centre.h == 3 * (tableview.FH + 3), board
        if b.HEIGHT >= 200:
            assert p[tableview._MENU].h // tableview.F.LINE == 4, board


@pytest.mark.parametrize("gid", AROUND)
def test_every_other_seat_of_a_four_seat_table_is_on_the_hand_page_whole(gid):
    """At a four-seat table on the 320x320 panel each other seat has a row of its own on the hand
    page: its whole name, the count the engine's view gives, every face-up card of the view, and
    its words (whole, or up to a count and its word); in the order of play from your left."""
    W, centre = centre_of(ROOMY)
    fam = games.entry(gid)[games.RULES]
    names = NAMES[:4]
    checked = 0
    for g in states(gid, 4, moves=(0, 6, 25, 40)):
        for me in (0, 3):
            v = g.view(me)
            m = table.model(fam, v, names, False, False)
            ps = around.layout(W, centre.y, centre.h, m, names, me, g.to_act)
            seats_ = [p for p in ps if p[0] == around._SEAT]
            order = [(me + j) % 4 for j in (1, 2, 3)]
            assert [p[11] for p in seats_] == order, (gid, ps)
            ys = [p[2] for p in seats_]
            assert ys == sorted(set(ys)), ys  # a row each, one under another
            for p in seats_:
                s = p[11]
                cnt, up = engine_seat(g, v, s)
                assert p[5] == names[s]
                assert p[7] == cnt and p[8] == up, (gid, s, p, cnt, up)
                extra = m.seats[s][2].strip()
                assert p[10] == extra or (
                    extra.startswith(p[10] + " ") and extra[len(p[10]) + 1].isdigit()
                ), (gid, p[10], extra)
            checked += 1
    assert checked >= 6


def test_the_pile_and_the_deck_are_drawn_in_the_bigger_faces():
    """The middle of the 320x320 table (pile, deck, the cards drawn or swapped) is a row of the
    bigger faces (BW x BH) between the seats' rows and your own row; the seats and your own row
    keep the small faces."""
    W, centre = centre_of(ROOMY)
    checked = 0
    for gid in ("shithead", "screwed"):
        fam = games.entry(gid)[games.RULES]
        for g in states(gid, 4):
            m = table.model(fam, g.view(0), NAMES[:4], False, False)
            ps = around.layout(W, centre.y, centre.h, m, NAMES[:4], 0, g.to_act)
            mid = [p for p in ps if p[0] in (around._PILE, around._BACK, around._CARDS)]
            assert mid
            band = max(p[2] + p[4] for p in ps if p[0] == around._SEAT)
            for p in mid:
                assert p[4] == tableview.BH and p[2] >= band, p
            for p in ps:
                if p[0] in (around._SEAT, around._MINE):
                    assert p[4] == tableview.FH, p
            checked += 1
    assert checked


def drawn_faces(monkeypatch):
    faces = []
    face = tables.face

    def rec(c, x, y, cd, dim=False, hi=False, big=False):
        faces.append((x, y, cd, big))
        return face(c, x, y, cd, dim, hi, big)

    monkeypatch.setattr(tables, "face", rec)
    return faces


def schieber_at(board, ok, seed=11, limit=4000):
    """A Schieber table with one human, played by the bots until ok(turn) at a human turn."""
    for deal in range(1, 40):
        dev = Device(board, deal=deal)
        dev.press("a")
        setup_game(dev, "schieber", humans=1, seats=4, speed="instant")
        play = dev.app.screen
        ap = AutoPlayer(dev, seed=seed)
        for _ in range(limit):
            t = play.turn
            if dev.app.screen is not play:
                break
            if t.interactive() and t.panel is None and not t.privacy() and ok(t):
                dev.wait(1)
                return dev, play
            if not ap.step():
                break
    raise AssertionError("no such turn")


def test_the_trick_lies_in_the_bigger_faces_on_320x320(monkeypatch):
    """The trick's cross on the 320x320 panel is drawn in the bigger faces, each card at its
    seat's place, spread over the taller centre; on 320x240 it keeps the small faces."""
    for board, big in ((ROOMY, True), ("pico_display_2", False)):
        dev, play = schieber_at(board, lambda t: len(t.game.trick()) >= 2)
        faces = drawn_faces(monkeypatch)
        play.full = True
        play.draw()
        centre = play.parts[tableview._CENTRE]
        ring = [f for f in faces if centre.y <= f[1] < centre.y + centre.h]
        assert len(ring) == len(play.turn.game.trick()) and ring
        assert all(f[3] == big for f in ring), (board, ring)
        if big:
            ys = sorted(set(f[1] for f in ring))
            # across at the centre's top, you below the 320x240 panels' three rows of cards
            spots = tables.jass.spots(centre.w, centre.y, centre.h)[0]
            assert spots[2][1] == centre.y
            bottom = spots[0][1] + tableview.BH
            assert centre.y + 3 * (tableview.FH + 3) < bottom <= centre.y + centre.h
            assert all(y in [s[1] for s in spots] for y in ys)
        monkeypatch.undo()


def test_a_schieber_player_choosing_trump_sees_all_nine_cards():
    """On the 320x320 panel the trump choice shows the whole hand: nine cards side by side in the
    bigger faces, none fanned or counted out of view."""
    dev, play = schieber_at(ROOMY, lambda t: t.game.phase == 0 and t.game.to_act == t.viewer)
    w = play.parts[tableview._CARDS]
    hand = play.model.hand
    assert len(hand) == 9
    assert [cell[1] for cell in w.sig] == list(hand)
    assert all(cell[5] == tableview.BW for cell in w.sig)  # each card whole
    hidden, empty, first, after, x0, big, step = w.deco
    assert big and first == 0 and after == 0 and step == tableview.BSTEP
    assert w.sig[-1][0] + tableview.BW <= dev.app.canvas.width


@pytest.mark.parametrize("gid", ("shithead", "screwed", "syn-swap"))
def test_the_panel_shows_the_canvas_after_every_frame_at_a_four_seat_roomy_table(gid):
    """At a four-seat table on the 320x320 panel (a row per seat, the bigger faces in the middle)
    the rectangles each frame marks cover every pixel it changed: the panel, sent only those,
    equals the canvas after every frame."""
    from tests.test_app_dirty import ShadowDevice

    dev = ShadowDevice(ROOMY)
    dev.press("a")
    setup_game(dev, gid, humans=1, seats=4, speed="instant")
    ap = AutoPlayer(dev, seed=11)
    n = 0
    while n < 120 and ap.step():
        n += 1
    assert dev.frames_checked > 60


def test_each_schieber_seats_dealer_weis_and_stoeck_show_under_its_name():
    """On the 320x320 panel the trick's cross has a line under each seat's name with what the
    table page says of that seat (dealer, its announced Weis, Stoeck), and a line under each
    team's points with the match's total: checked against the engine's view at every human turn
    of a hand, drawn where the player sees it (inside the centre, apart from each other)."""
    dev, play = schieber_at(ROOMY, lambda t: t.game.phase != 0)
    g = play.turn.game
    centre = play.parts[tableview._CENTRE]
    ap = AutoPlayer(dev, seed=11)
    checked = weis = 0
    for _ in range(400):
        t = play.turn
        if dev.app.screen is not play or g.hand_no > 1:
            break
        if t.interactive() and t.panel is None and not play.page and play.model is not None:
            dev.wait(1)
            me = t.viewer
            v = g.view(me)
            texts = [p for p in centre.sig if p[0] == 1]
            notes = texts[-6:-2]
            for k in range(4):
                s = (me + k) % 4
                words = notes[k][3]
                ann = v["weis_announced"][s]
                marks = (
                    ("Weis %d" % ann, ann > 0),
                    ("Stoeck", s == v["stoeck"]),
                    ("dealer", s == v["dealer"]),
                )
                # each mark shown is the seat's; one missing would not fit beside the others
                for mark, has in marks:
                    if not has:
                        assert mark not in words, (k, words)
                    elif mark not in words:
                        assert len(words) + 1 + len(mark) > notes[k][6], (k, words, mark)
                # the points come first
                if ann > 0:
                    assert words.startswith("Weis %d" % ann), (k, words)
                weis += ann > 0
            my = me % 2
            assert texts[-2][3] == "Total %d" % v["scores"][my]
            assert texts[-1][3] == "Total %d" % v["scores"][1 - my]
            for p in texts:
                x, y, n = p[1], p[2], p[6]
                assert 0 <= x and x + n * tableview.F.ADV <= centre.w + 2, p
                assert centre.y <= y - 1 and y + tableview.F.H + 1 <= centre.y + centre.h, p
            checked += 1
        if not ap.step():
            break
    assert checked >= 5 and weis, (checked, weis)


@pytest.mark.parametrize("gid", ("shithead", "schieber"))
def test_a_hand_shows_only_to_its_holder_at_a_four_seat_roomy_table(gid):
    """Two humans at a four-seat table on the 320x320 panel, pressing keys left over at every
    hand-over: no frame draws a card hidden from the seat shown (tests/test_app_handover.py's
    watch), though the roomy centre shows every other seat whole."""
    import random

    from tests.test_app_handover import Clumsy, Driver

    dev = Clumsy(ROOMY, random.Random(11))
    dev.press("a")
    setup_game(dev, gid, humans=2, seats=4, speed="instant")
    play = dev.app.screen
    dev.humans = play.turn.humans
    ap = Driver(dev, seed=11)
    for _ in range(3000):
        if dev.app.screen.__class__.__name__ == "Pause":
            dev.tap("b", 50, 50)
            continue
        if not ap.step() or dev.reveals >= 6:
            break
    assert dev.reveals >= 2 and dev.noise > 0 and dev.frames_checked > 0
