"""Legible on the physical panel: every board declares its panel's active area in mm, and the
capitals of the screens drawn in the large face are at least 1.4 mm tall on each board (16
minutes of arc at 30 cm). Text is measured as drawn: every call of the canvas's text (capitals
7 px a scale step), of firmware.bigfont (15 px, also the table's card faces) and of the canvas's
small card face (its rank, 7 px) is recorded
with the screen that made it.
Every screen, the name editor included, and every new one must be legible: there is no list of
exceptions any more."""

import math

import pytest

from boards import IDS, load as load_board
from firmware import bigfont
from firmware.gfx import Canvas
from sim.autoplay import AutoPlayer, setup_game
from sim.headless import Device

BOARDS = IDS  # every board
MIN_MM = 1.4


def min_cap_px(board):
    b = load_board(board)
    pitch = b.PANEL_MM[1] / b.HEIGHT  # capitals are measured down the panel
    return math.ceil(MIN_MM / pitch - 1e-9)


@pytest.mark.parametrize("board", BOARDS)
def test_every_board_declares_its_panel_size(board):
    b = load_board(board)
    w, h = b.PANEL_MM
    assert 10 < w < 100 and 10 < h < 100
    # square pixels within 10 %: the declared size belongs to this resolution
    assert abs((w / b.WIDTH) / (h / b.HEIGHT) - 1) < 0.1, (w / b.WIDTH, h / b.HEIGHT)


def test_the_size_rule_asks_15_px_capitals_on_the_1_3_inch_panel():
    assert min_cap_px("pico_lcd_1_3") == 15
    assert min_cap_px("ili9341_breadboard") == 8
    assert bigfont.CAP >= max(min_cap_px(b) for b in BOARDS)


def test_the_large_face_is_15_px_tall_capitals():
    c = Canvas(40, 20)
    bigfont.text(c, "H", 0, 0, 15)
    rows = [y for y in range(20) if any(c.pixel(x, y) for x in range(40))]
    assert rows[0] == 0 and rows[-1] == bigfont.CAP - 1


def watch(monkeypatch, holder, caps):
    """Record into caps the smallest capitals each screen draws (holder["dev"]: the device)."""

    def note(px):
        scr = holder["dev"].app.screen if "dev" in holder else None
        name = scr.__class__.__name__ if scr is not None else "Boot"
        if name == "Play" and scr.turn.privacy():
            name = "Hand-over"
        if px < caps.get(name, 99):
            caps[name] = px

    small = Canvas.text

    def text(self, s, x, y, fg, bg=None, scale=1):
        if s.strip():
            note(7 * scale)
        return small(self, s, x, y, fg, bg, scale)

    monkeypatch.setattr(Canvas, "text", text)
    import importlib

    bigfont = importlib.import_module("firmware.bigfont")  # the one the app will use now
    card = Canvas.card

    def card_face(self, x, y, w, h, cd, dim=False, hi=False):
        note(7)  # rank and pip: glyphs of the small font (7 px capitals)
        return card(self, x, y, w, h, cd, dim, hi)

    monkeypatch.setattr(Canvas, "card", card_face)
    big = bigfont.text

    def btext(c, s, x, y, fg, bg=None):
        if s.strip():
            note(bigfont.CAP)
        return big(c, s, x, y, fg, bg)

    monkeypatch.setattr(bigfont, "text", btext)
    # modules that imported an earlier copy of the large face (another test may have dropped
    # and reloaded it) reach that copy: patch it there too
    import sys

    for mod in list(sys.modules.values()):
        old = getattr(mod, "bigfont", None)
        if old is not None and old is not bigfont and hasattr(old, "text"):
            monkeypatch.setattr(old, "text", btext)
    # the app lets the large face go between screens; here it stays, so the patch stays seen
    import firmware.lifetimes

    unload = firmware.lifetimes.unload
    monkeypatch.setattr(
        firmware.lifetimes,
        "unload",
        lambda name: None if name == "firmware.bigfont" else unload(name),
    )


def measure(board, monkeypatch):
    """Boot, menus, settings, statistics, rules, setup, the name editor, a 2-human game with its
    hand-over screen, the pause menu, scores, a finished game's results: {screen name: smallest
    capital px}."""
    caps = {}
    holder = {}
    watch(monkeypatch, holder, caps)
    dev = Device.__new__(Device)
    holder["dev"] = dev
    Device.__init__(dev, board)
    dev.press("a")
    menu = dev.app.screen
    for name in ("Settings", "Rules", "Statistics"):
        i = [r[0] for r in menu.rows()].index(name)
        while menu.cur != i:
            dev.press("down")
        dev.press("a")
        if name == "Rules":
            dev.press("a")
            dev.press("b")
        dev.press("b")
        menu = dev.app.screen
    while menu.cur != 0:
        dev.press("up")
    dev.press("a")  # the first game's setup, then the name editor of its first seat
    st = dev.app.screen
    while st.cur != 5:
        dev.press("down")
    dev.press("a")
    assert dev.app.screen.__class__.__name__ == "NamePicker"
    dev.press("right")
    dev.press("start")
    dev.press("b")
    setup_game(dev, "screwed", humans=2, seats=3, speed="instant")
    ap = AutoPlayer(dev, seed=2)
    for _ in range(6):
        ap.step()
    dev.press("start")
    dev.press("down")
    dev.press("a")  # scores and signs
    dev.press("b")
    dev.press("b")
    ap.play_out()
    dev.wait(2)
    return caps


@pytest.mark.parametrize("board", BOARDS)
def test_capitals_reach_1_4_mm_on_every_converted_screen(board, monkeypatch):
    caps = measure(board, monkeypatch)
    need = min_cap_px(board)
    assert {
        "TextScreen",
        "Stats",
        "Hand-over",
        "MainMenu",
        "Settings",
        "RulesMenu",
        "Setup",
        "Pause",
        "NamePicker",
    } <= set(caps), caps
    bad = {k: v for k, v in caps.items() if v < need}
    assert not bad, "capitals under %d px (1.4 mm) on %s: %r" % (need, board, bad)
    b = load_board(board)
    pitch = b.PANEL_MM[1] / b.HEIGHT
    print(board, {k: "%d px %.2f mm" % (v, v * pitch) for k, v in sorted(caps.items())})


# one game of each family: the table's three pages
FAMILIES = (("shithead", 3), ("screw", 3), ("syn-swap", 4), ("schieber", 4))


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("gid,seats", FAMILIES)
def test_the_table_is_legible_in_every_family(board, gid, seats, monkeypatch):
    from firmware.menus import available

    if gid not in available():
        pytest.skip("engine not present")
    caps = {}
    holder = {}
    watch(monkeypatch, holder, caps)
    dev = Device.__new__(Device)
    holder["dev"] = dev
    Device.__init__(dev, board)
    dev.press("a")
    setup_game(dev, gid, humans=1, seats=seats, speed="instant")
    ap = AutoPlayer(dev, seed=3)
    for _ in range(12):
        ap.step()
    play = dev.app.screen
    while play.turn.panel is not None or not play.turn.interactive():
        ap.step()
    assert play.__class__.__name__ == "Play"
    pages = set()
    for key in ("right", "down", "right", "up", "b"):
        dev.press(key)
        pages.add(play.page)
    assert pages == {0, 1, 2}, pages
    ap.play_out()
    need = min_cap_px(board)
    assert "Play" in caps and caps["Play"] >= need, (board, gid, caps.get("Play"))
