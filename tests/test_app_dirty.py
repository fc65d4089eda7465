"""The panel gets only the dirty rectangles of each frame: whatever the screens draw, the
rectangles they mark must cover every pixel that changed, or the panel keeps a stale picture.
A shadow panel copies only the rectangles sent to it; after every frame of whole stretches of
play (every game, one human against bots and two humans passing the console) it must equal the
canvas pixel for pixel. And a card played sends only what it changed (issue 14: the ILI9341's
24 MHz wire made the frame of a card played 51 ms where it sent whole-width widgets)."""

import pytest

import sim.headless as headless
from firmware.menus import available
from sim.autoplay import AutoPlayer, setup_game
from tools.device.pico_emu import mirror

GAMES = available()


_Recording = headless.RecordingDisplay


class ShadowDisplay(_Recording):
    """A panel that keeps only what it was sent (4-bit pixels, the canvas's own layout)."""

    def __init__(self):
        _Recording.__init__(self)
        self.shadow = None

    def show(self, canvas, x, y, w, h):
        _Recording.show(self, canvas, x, y, w, h)
        src = canvas.buf
        if self.shadow is None:
            self.shadow = bytearray(len(src))
        dst = self.shadow
        st = canvas.stride
        for yy in range(y, y + h):
            row = yy * st
            a = x
            b = x + w
            if a & 1:  # the left pixel alone: the low nibble of its byte
                i = row + (a >> 1)
                dst[i] = (dst[i] & 0xF0) | (src[i] & 0x0F)
                a += 1
            if b & 1 and b > a:  # the right pixel alone: the high nibble
                i = row + (b >> 1)
                dst[i] = (dst[i] & 0x0F) | (src[i] & 0xF0)
                b -= 1
            dst[row + (a >> 1) : row + (b >> 1)] = src[row + (a >> 1) : row + (b >> 1)]


class ShadowDevice(headless.Device):
    def __init__(self, board):
        self.frames_checked = 0
        headless.RecordingDisplay = ShadowDisplay
        try:
            headless.Device.__init__(self, board)
        finally:
            headless.RecordingDisplay = _Recording

    def frame(self, mask=None):
        headless.Device.frame(self, mask)
        c = self.app.canvas
        got = self.display.shadow
        if got is None or got == c.buf:
            self.frames_checked += got is not None
            return
        bad = [i for i in range(len(got)) if got[i] != c.buf[i]]
        ys = sorted(set(i // c.stride for i in bad))
        xs = sorted(set(2 * (i % c.stride) for i in bad))
        raise AssertionError(
            "%s: the panel kept stale pixels at x %d..%d, y %d..%d after frame %d"
            % (self.app.screen, xs[0], xs[-1], ys[0], ys[-1], self.app.frames)
        )


def play_stretch(board, gid, humans, steps):
    dev = ShadowDevice(board)
    for _ in range(200):
        if dev.app.screen.__class__.__name__ == "MainMenu":
            break
        dev.wait(1)
    from engine import games

    counts = games.seat_counts(gid)
    seats = min([c for c in counts if c > humans] or [counts[-1]])  # a bot beside the humans
    setup_game(dev, gid, humans, seats)
    ap = AutoPlayer(dev, seed=11)
    n = 0
    while n < steps and ap.step():
        n += 1
    return dev


@pytest.mark.parametrize("gid", GAMES)
@pytest.mark.parametrize("board", ("pico_display_2", "pico_lcd_1_14"))
def test_the_panel_shows_the_canvas_after_every_frame_of_play(board, gid):
    dev = play_stretch(board, gid, 1, 150)
    # 150 moves, or a whole game to its results (the swap game's deal ends in 86 frames here)
    assert dev.frames_checked > 60


@pytest.mark.parametrize("gid", ("shithead", "schieber", "syn-partners", "screw"))
def test_the_panel_shows_the_canvas_through_hand_overs(gid):
    dev = play_stretch("pico_lcd_1_3", gid, 2, 120)
    assert dev.frames_checked > 100


def card_played_bytes(board, gid, seats, turns=8):
    """The bytes sent by each frame in which the human's press played a card (one human, bots
    at instant speed), over `turns` turns."""
    sim, ap, _ = mirror.host_game(board, gid, 1, seats)
    out = []
    orig = sim.frame

    def frame(mask=None):
        play = sim.app.screen
        moves = play.turn.moves if play.__class__.__name__ == "Play" else -1
        human = moves >= 0 and play.turn.interactive()
        sim.display.bytes = 0
        orig(mask)
        if human and play.turn.moves > moves:
            out.append(sim.display.bytes)

    sim.frame = frame
    while len(out) < turns and ap.step():
        pass
    return out


@pytest.mark.parametrize("gid,seats", (("schieber", 4), ("shithead", 3), ("screw", 3)))
def test_a_card_played_sends_what_it_changed_not_whole_widgets(gid, seats):
    """On the 320x240 panel (153,600 bytes a frame): before, the centre, the other seats, the
    hand and the news went out whole-width, 101,760 bytes for a Schieber card (34 ms of the
    ILI9341's 24 MHz wire); now the cards that changed, the seat lines that changed and the
    text of the news."""
    sent = card_played_bytes("pico_display_2", gid, seats)
    assert len(sent) >= 4, sent
    sent.sort()
    assert sent[len(sent) // 2] <= 153600 * 2 // 5, sent


@pytest.mark.parametrize("board", ("ili9341_breadboard", "pico_lcd_1_14"))
def test_the_menu_cursor_sends_its_rows_and_the_help_text_not_the_help_panel(board):
    """Down the whole main menu and back up, through its scrolling: the panel equals the canvas
    after every frame, and no move sends more than the rows' text and the help's text (on the
    24 MHz ILI9341 the whole help panel beside a scrolled list, all 316 px of each row, made a
    cursor move 52 ms)."""
    dev = ShadowDevice(board)
    for _ in range(200):
        if dev.app.screen.__class__.__name__ == "MainMenu":
            break
        dev.wait(1)
    menu = dev.app.screen
    n = len(menu.rows())
    c = dev.app.canvas
    # all but the help panel, and a line of it (a row shown in its short form has its whole
    # label in the help: a line more)
    listed = (c.height - (menu.help_lines * 20 + 2) + 20) * c.width * 2
    sent = []
    tops = set()
    for k in ["down"] * (n - 1) + ["up"] * (n - 1):
        dev.display.bytes = 0
        dev.press(k)
        sent.append(dev.display.bytes)
        tops.add(menu.top)
    assert len(tops) > 1  # it scrolled
    assert dev.frames_checked > 2 * (n - 1)
    assert max(sent) <= listed, (max(sent), listed)
    if board == "ili9341_breadboard":
        # a scroll re-sends the rows' text, not their whole width: the scroll and the help's
        # text together are less than the list's rows were (89,600 bytes) and one line of help
        # (a row shown in its short form has its whole label in the help: a line more)
        rows = (menu.visible(c) + 1) * 20 * c.width * 2
        assert max(sent) < rows, (max(sent), rows)


@pytest.mark.parametrize("board", ("ili9341_breadboard", "pico_lcd_1_3"))
def test_a_scrolled_list_moves_its_unchanged_rows_and_equals_a_fresh_drawing(board):
    """A list that scrolls moves the rows that stay on its page within the canvas and draws
    only the two the cursor left and reached: after every press, down the whole main menu and
    back up, the canvas equals the screen drawn afresh, and the panel equals the canvas."""
    import firmware.listui as listui

    dev = ShadowDevice(board)
    for _ in range(200):
        if dev.app.screen.__class__.__name__ == "MainMenu":
            break
        dev.wait(1)
    menu = dev.app.screen
    c = dev.app.canvas
    n = len(menu.rows())
    drawn = []
    raw = listui.row

    def row(*a):
        drawn.append(a[1][0])
        return raw(*a)

    listui.row = row
    scrolls = 0
    try:
        for k in ["down"] * (n - 1) + ["up"] * (n - 1):
            top = menu.top
            del drawn[:]
            dev.press(k)
            got = bytes(c.buf)
            if menu.top != top:
                scrolls += 1
                assert len(drawn) <= 2, drawn  # the cursor's two rows, not the page
            # the same screen drawn afresh on the same canvas: pixel for pixel the same
            menu.full = True
            menu.draw()
            assert bytes(c.buf) == got, "%s to row %d: the canvas differs" % (k, menu.cur)
            dev.wait(1)
    finally:
        listui.row = raw
    assert scrolls >= 2
    assert dev.frames_checked > 2 * (n - 1)
