"""The simulator in step with the emulated Pico: both run the same app, so the simulator can say
what the device must show and which buttons reach a screen (tests and bench-device).

    sim = sim_device(board, {"save": data})   # headless simulator with these storage files
    rgb565(sim.app)                           # its picture in the panel's pixel format
    keys = Recorder(sim)                      # lists every press the simulator is given
    dev, ap, save = host_game(board, "shithead", humans=2, seats=2)
    human_turn_keys(sim)                      # presses for one human move up to the hand-over
"""


def rgb565(app):
    """The simulator canvas as the panel shows it: RGB565 big-endian, row by row."""
    from firmware.palette import RGB565

    c = app.canvas
    out = bytearray()
    for y in range(c.height):
        for x in range(c.width):
            v = RGB565[c.pixel(x, y)]
            out.append(v >> 8)
            out.append(v & 255)
    return bytes(out)


def rgb888(image):
    """RGB565 big-endian pixels as 8-bit RGB, the way tools/device/panel_decode.py writes its
    PNGs."""
    out = bytearray()
    for i in range(0, len(image), 2):
        v = (image[i] << 8) | image[i + 1]
        out += bytes(
            (((v >> 11) & 31) * 255 // 31, ((v >> 5) & 63) * 255 // 63, (v & 31) * 255 // 31)
        )
    return bytes(out)


def diff_summary(a, b, width):
    """Where two RGB565 images differ (for assertion messages)."""
    bad = [i // 2 for i in range(0, len(a), 2) if a[i : i + 2] != b[i : i + 2]]
    if not bad:
        return "identical"
    xs = [p % width for p in bad]
    ys = [p // width for p in bad]
    return "%d pixels differ, x %d..%d, y %d..%d" % (len(bad), min(xs), max(xs), min(ys), max(ys))


VSYS = 4.0  # the emulated Pico's supply until a test sets another (tools/device/pico_emu/emu.mjs)


def sim_device(board, files=None, splash=False):
    """The headless simulator on a board, with an in-memory storage holding files, at its main
    menu, or with splash=True on the title screen that the stock install shows while it
    interns its names."""
    from sim.headless import Device
    from sim.memstore import MemStorage

    st = MemStorage()
    for k, v in (files or {}).items():
        st.files[k] = v
    from boards import load

    # a board with link cables offers "Join a linked table" on the device (its UARTs): the
    # simulator does too (no cable behind it: the mirror never takes that row)
    ports = [] if getattr(load(board), "LINK_UARTS", ()) else None
    dev = Device(board, storage=st, supply=VSYS, link_ports=ports)
    for _ in range(200):
        if splash or dev.app.screen.__class__.__name__ == "MainMenu":
            break
        dev.wait(1)
    return dev


class Recorder:
    """Wraps a simulator Device so that every button it is given is also listed; with pictures,
    also what its panel showed when the button was pressed (rgb565), so that a device given the
    same buttons can be given each when it shows the same (a press while the bots play hurries
    them, where the same press on a round's panel closes it)."""

    def __init__(self, dev, pictures=False):
        self.dev = dev
        self.keys = []
        self.pictures = [] if pictures else None
        self._press = dev.press
        dev.press = self.press

    def press(self, name):
        self.keys.append(name)
        if self.pictures is not None:
            self.pictures.append(rgb565(self.dev.app))
        self._press(name)


def host_game(board, game_id, humans, seats):
    """Set up game_id on the simulator (first `humans` seats human, the rest bots at instant
    speed) and play until a human is asked for a move; returns (simulator, autoplayer, the save
    file's bytes at that moment)."""
    from sim.autoplay import AutoPlayer, setup_game

    dev = sim_device(board)
    setup_game(dev, game_id, humans, seats)
    ap = AutoPlayer(dev, seed=3)
    for _ in range(20000):
        scr = dev.app.screen
        assert scr.__class__.__name__ == "Play", scr
        if scr.turn.interactive() and scr.turn.panel is None and not scr.turn.privacy():
            break
        ap.step()
    dev.app.screen.turn.autosave()
    return dev, ap, dev.storage.files["save"]


def human_turn_keys(sim, seed=5, acted=None):
    """On the simulator, from a table where a human is to act: the presses that make that
    human's move (every decision until another seat is to act) and bring up the next human's
    hand-over screen. acted: a list that gets, for each press, 0 for a cursor move or a card
    selected, 1 when it applied an action (a card played, a choice made), 2 when that action
    also brought up a hand's panel, 3 when it left the table (the end of the game)."""
    from sim.autoplay import AutoPlayer

    rec = Recorder(sim)
    if acted is not None:
        inner = rec._press

        def press(name):
            moves = sim.app.screen.turn.moves
            inner(name)
            scr = sim.app.screen
            if scr.__class__.__name__ != "Play":
                acted.append(3)
            elif scr.turn.panel is not None:
                acted.append(2)
            else:
                acted.append(1 if scr.turn.moves != moves else 0)

        rec._press = press
    ap = AutoPlayer(sim, seed=seed)
    play = sim.app.screen
    seat = play.turn.game.to_act
    assert play.turn.interactive(), "the table should wait for a human"
    for _ in range(400):
        if play.turn.privacy() or play.turn.game.to_act != seat or play.turn.game.over:
            break
        ap.step()
    sim.press = rec._press if acted is None else inner
    return rec.keys
