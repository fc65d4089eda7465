"""Whole games through button presses only: two humans passing the console, and bots in every
seat. Every frame is checked for privacy: no card that the seat holding the console may not
know is drawn, and a privacy screen draws no card at all."""

import pytest

from engine import games
from firmware.menus import available
from sim.autoplay import AutoPlayer, setup_game
from sim.headless import Device

GAMES = available()
BOARDS = ("pico_lcd_1_3", "pico_lcd_1_14", "pico_display_2")
# a seat count per game that the engine accepts with two humans
SEATS = {"syn-partners": 4, "schieber": 4, "syn-swap": 3}


class Watched(Device):
    """A device that checks privacy after every frame."""

    def __init__(self, board):
        self.holder = None
        self.was_privacy = None
        self.privacy_screens = 0
        self.checked = 0
        Device.__init__(self, board)

    def frame(self, mask=None):
        self.app.canvas.seen = set()
        Device.frame(self, mask)
        self.check()

    def check(self):
        scr = self.app.screen
        seen = self.app.canvas.seen
        if scr.__class__.__name__ != "Play":
            if scr.__class__.__name__ in ("Pause", "TextScreen"):
                assert not seen, "a menu screen drew cards"
            self.was_privacy = None
            return
        t = scr.turn
        g = t.game
        if t.privacy() and t.handover.pending != 2:
            # (land 2: the frame of the move that hands the console on, which shows that move
            # on the mover's own table; checked below against the holder like any other)
            assert not seen, "the privacy screen drew cards %r" % sorted(seen)
            if self.was_privacy is None:
                self.privacy_screens += 1
            self.was_privacy = g.to_act
            return
        if self.was_privacy is not None:
            self.holder = self.was_privacy  # A was pressed: the console changed hands
            self.was_privacy = None
        if self.holder is None and len(t.humans) == 1:
            self.holder = t.humans[0]
        if g.over:
            return
        holders = [self.holder] if self.holder is not None else t.humans
        for h in holders:
            bad = seen & set(g.hidden_from(h))
            assert not bad, "seat %d's screen showed hidden cards %r" % (h, sorted(bad))
        self.checked += 1


@pytest.mark.parametrize("game_id", GAMES)
def test_two_humans_play_a_whole_game_by_buttons(game_id):
    board = BOARDS[GAMES.index(game_id) % len(BOARDS)]
    dev = Watched(board)
    dev.press("a")
    setup_game(dev, game_id, humans=2, seats=SEATS.get(game_id))
    play = dev.app.screen
    assert play.__class__.__name__ == "Play"
    g = play.turn.game
    ap = AutoPlayer(dev, seed=3)
    ap.play_out()
    assert g.over
    assert dev.privacy_screens > 0
    assert dev.checked > 0
    # results screen, then the menu; statistics counted for every seat name (once the
    # results' first frame is on the panel: Turn.file_result)
    assert dev.app.screen.__class__.__name__ == "TextScreen"
    dev.wait(1)
    assert "save" not in dev.storage.files
    stats = dev.app.load_stats()
    assert sorted(r[0] for r in stats) == sorted(play.turn.names)
    dev.press("b")
    assert dev.app.screen.__class__.__name__ == "MainMenu"
    assert dev.app.game_id is None
    rules = games.entry(game_id)[games.RULES]
    import sys

    assert rules not in sys.modules and "firmware.play" not in sys.modules


@pytest.mark.parametrize("game_id", GAMES)
def test_bots_in_every_seat_play_to_the_end(game_id):
    dev = Device("pico_lcd_1_3")
    dev.press("a")
    setup_game(
        dev,
        game_id,
        humans=0,
        seats=games.seat_counts(game_id)[-1] if game_id != "syn-swap" else 5,
    )
    for _ in range(20000):
        if dev.app.screen.__class__.__name__ != "Play":
            break
        dev.wait(1)
    assert dev.app.screen.__class__.__name__ == "TextScreen"
    dev.wait(1)
    assert dev.app.load_stats()


def test_one_human_against_bots_never_sees_a_privacy_screen():
    gid = GAMES[0]
    dev = Watched("pico_lcd_1_3")
    dev.press("a")
    setup_game(dev, gid, humans=1, seats=3 if games.seat_counts(gid)[-1] >= 3 else None)
    ap = AutoPlayer(dev, seed=5)
    for _ in range(60):
        ap.step()
    assert dev.privacy_screens == 0
    assert dev.holder == 0


class Redrawn(Device):
    """After every frame, a full redraw of the table must give the very same pixels: what the
    partial redraws left on screen is exactly the current state (nothing stale)."""

    def __init__(self, board):
        self.stale = []
        Device.__init__(self, board)

    def frame(self, mask=None):
        Device.frame(self, mask)
        scr = self.app.screen
        if scr is None or scr.__class__.__name__ != "Play":
            return
        if scr.turn.handover.pending == 2:
            return  # the frame of a move that hands the console on: the hand-over screen next
        if scr.owed:
            return  # the cards went first: the prompt and the menu come in the next frame
        c = self.app.canvas
        before = bytes(c.buf)
        dirty = list(c.dirty)
        scr.full = True
        scr.draw()
        c.dirty = dirty
        if bytes(c.buf) != before:
            self.stale.append(self.app.frames)


@pytest.mark.parametrize(
    "game_id,board,humans",
    [
        ("shithead", "pico_lcd_1_3", 2),
        ("screw", "pico_lcd_1_14", 2),
        ("schieber", "pico_display_2", 2),
        ("screwed", "pico_lcd_1_14", 2),
        # one human: the table is never forgotten for a hand-over, so every move goes through
        # the partial paths (the prompt's, the menu's and the centre boxes' changed cells)
        ("shithead", "pico_lcd_1_3", 1),
        ("popcorn", "pico_display_2", 1),
        ("schieber", "ili9341_breadboard", 1),
        ("syn-swap", "pico_lcd_1_14", 1),
    ],
)
def test_partial_redraws_leave_exactly_what_a_full_redraw_draws(game_id, board, humans):
    if game_id not in GAMES:
        pytest.skip("engine not present")
    dev = Redrawn(board)
    dev.press("a")
    setup_game(dev, game_id, humans=humans, seats=SEATS.get(game_id, 3), speed="fast")
    AutoPlayer(dev, seed=13).play_out()
    assert not dev.stale, "stale pixels after frames %r" % dev.stale[:5]


def test_four_buttons_reach_the_table_and_log_pages():
    """The Display Pack has UP, DOWN, A and B only: the menu's last entry opens the table page,
    A turns to the log page, B goes back to the hand, and the cursor is where it was."""
    from firmware import tableview

    dev = Watched("pico_display_2")
    dev.press("a")
    setup_game(dev, "shithead" if "shithead" in GAMES else GAMES[0], humans=1, seats=3)
    ap = AutoPlayer(dev, seed=5)
    play = dev.app.screen
    t = play.turn
    h = t.human
    while t.panel is not None or not t.interactive():
        ap.step()
    while h.cur != h.rows() - 1:
        dev.press("up")
    menu = play.parts[tableview._MENU]
    rows, hi = menu.sig, menu.hi
    assert rows[hi][0] == tableview.NAV
    dev.press("a")
    assert play.page == tableview.TABLE
    names = " ".join([r[0] for r in play.parts[tableview._SHEET].sig[1]])
    for n in t.names:
        assert n in names, (n, names)
    dev.press("down")  # scrolls, stays on the page
    assert play.page == tableview.TABLE
    dev.press("a")
    assert play.page == tableview.LOG
    dev.press("b")
    assert play.page == tableview.HAND and h.cur == h.rows() - 1
    ap.play_out()
    assert dev.checked > 0
