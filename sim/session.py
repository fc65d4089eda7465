"""A scripted session that runs the same on CPython and MicroPython (tests compare the two).

    micropython -X heapsize=192K sim/session.py GAME BOARD [HUMANS]
    python -m sim.session GAME BOARD [HUMANS]

Boots the app on a recording display with storage in memory, sets up GAME with buttons only
(HUMANS human seats, the rest good bots, bot speed instant), plays it to the end (humans take
the first menu entry or first playable card), and prints one line per checkpoint:
"crc NAME <crc32 of the canvas>", then "heap <peak bytes>" (MicroPython: gc.mem_alloc() after a
collection, sampled every frame) and "frames N bytes B".
"""

import sys

if "." not in sys.path:
    sys.path.insert(0, ".")
import gc  # noqa: E402

from firmware import keys  # noqa: E402
from firmware.hal import Hal  # noqa: E402
from sim.memstore import MemStorage  # noqa: E402

try:
    from binascii import crc32
except ImportError:  # pragma: no cover
    from zlib import crc32

SIZES = {
    "pico_lcd_1_3": (240, 240),
    "pico_display_2": (320, 240),
    "pico_lcd_1_14": (240, 135),
    "ili9341_breadboard": (320, 240),
    "pico_display_pack": (240, 135),
    "picosystem": (240, 240),
    "picocalc": (320, 320),
}


class Disp:
    def __init__(self):
        self.bytes = 0

    def show(self, c, x, y, w, h):
        self.bytes += w * h * 2

    def brightness(self, p):
        pass


class Session:
    def __init__(self, board, sample_heap=False):
        w, h = SIZES[board]
        self.clock = 5000
        self.disp = Disp()
        self.hal = Hal(board, w, h, self.disp, None, self.now, None, MemStorage())
        self.peak = 0
        self.peak_at = ""
        self.per = {}
        self.sample = sample_heap and hasattr(gc, "mem_alloc")
        gc.collect()
        self.base = gc.mem_alloc() if self.sample else 0
        from firmware.app import App

        self.hal.boot_work = True  # the title first, as on the stock install (frame() ends it)
        self.app = App(self.hal)
        self.heap()

    def now(self):
        return self.clock

    def heap(self):
        if self.sample:
            gc.collect()
            m = gc.mem_alloc()
            k = self.app.screen.__class__.__name__ if self.app.screen else "-"
            if m > self.per.get(k, 0):
                self.per[k] = m
            if m > self.peak:
                self.peak = m
                self.peak_at = self.app.screen.__class__.__name__ if self.app.screen else "-"

    def frame(self, mask):
        self.app.tick(mask, self.clock)
        if self.hal.boot_work:
            # the boot's work after its first frame, as firmware.main.run does it: a stock
            # install's names interned (its names.txt; none when run from source)
            from firmware.main import intern_names

            intern_names()
            self.hal.boot_work = False
        self.clock += 33
        self.heap()

    def press(self, name):
        self.frame(keys.bit(name))
        self.frame(0)

    def crc(self, name):
        print("crc %s %d" % (name, crc32(self.app.canvas.buf) & 0xFFFFFFFF))


def run(game, board, humans, sample_heap=True):
    s = Session(board, sample_heap)
    s.frame(0)
    s.press("a")  # leave the boot screen
    s.crc("menu")
    menu = s.app.screen
    idx = [it[1] for it in menu.items].index(game)
    for _ in range(idx):
        s.press("down")
    s.press("a")
    s.crc("setup")
    st = s.app.screen
    lay = st.layout()  # the rows by kind (no players row where the count cannot change)
    while st.cur != lay.index(("allbots", 0)):
        s.press("down")
    s.press("a")  # all seats bots
    s.press("down")
    while s.app.prefs.speed != 0:
        s.press("a")  # bot speed: instant
    for h in range(humans):
        while st.cur != lay.index(("kind", h)):
            s.press("down")
        while st.kinds[h] != 0:
            s.press("a")
    while st.cur != 0:
        s.press("up")
    st = menu = None  # let the menus go, as the app does
    s.press("a")
    frames = 0
    shot = 0
    while s.app.screen.__class__.__name__ == "Play" and frames < 40000:
        p = s.app.screen
        t = p.turn
        h = t.human
        if t.privacy():
            for _ in range(60):  # the hand-over: wait until A counts, then hold it
                s.frame(0)
                if t.handover.armed(s.app.now):
                    break
            for _ in range(30):
                s.frame(keys.bit("a"))
                if not t.privacy():
                    break
            s.frame(0)
        elif t.panel is not None:
            s.press("a")
        elif t.interactive():
            if h.acts is None or p.model is None:
                p.refresh()
            n = len(p.model.hand)
            target = n
            for i in range(n):
                if h.ok[i]:
                    target = i
                    break
            if target == n and not h.acts:
                target = 0
            if target == n and h.acts:
                target = n + len(h.acts) - 1  # last entry: "ready", "pick up", ...
            if h.sel and h.acts:
                target = n
            while h.cur != target:
                s.press("down")
            s.press("a")
        else:
            s.frame(0)
        p = t = h = None
        frames += 1
        if frames in (3, 30):
            shot += 1
            s.crc("table%d" % shot)
    s.crc("end")
    print("heap %d" % (s.peak - s.base))
    print("peak_at %s" % s.peak_at)
    for k in sorted(s.per):
        print("screen %s %d" % (k, s.per[k] - s.base))
    print("frames %d bytes %d" % (s.app.frames, s.disp.bytes))
    return s


if __name__ == "__main__":
    # its own words check: the session also runs from a build folder, without tools/
    from engine import games

    a = sys.argv[1:]
    why = None
    if "-h" in a or "--help" in a:
        print("usage: python -m sim.session GAME BOARD [HUMANS]")
        sys.exit(0)
    if not 2 <= len(a) <= 3:
        why = "%d words given, 2 to 3 wanted" % len(a)
    elif a[0] not in [e[0] for e in games.CATALOGUE]:
        why = "unknown game %r" % a[0]

    elif a[1] not in SIZES:
        why = "unknown board %r" % a[1]
    elif len(a) > 2 and not (a[2].isdigit() and int(a[2]) <= 10):
        why = "HUMANS is a number from 0 to 10, not %r" % a[2]
    if why:
        print("usage: python -m sim.session GAME BOARD [HUMANS]")
        print("error: " + why)
        sys.exit(2)
    run(a[0], a[1], int(a[2]) if len(a) > 2 else 0)
