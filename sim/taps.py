"""Quick taps timed between frames, through the app's own frame loop: does every press count?

    rig = Rig("pico_lcd_1_3", screen="menu")           # or screen="table": Schieber, strong bots
    rig.taps = [("down", 0, 25), ("down", 70, 95)]     # key, press and release ms after the start
    rig.frames = [5, 400, 20]                          # how long each frame's work takes (cycled)
    rig.run()
    rig.sent, rig.handed, rig.effective                # presses tapped, given to the screen,
                                                       # and that had their effect there

The loop is firmware.main.run itself, on a Hal whose buttons are firmware/drivers/buttons.py on
fake pins with interrupts (each edge fires at its own time, as a pin interrupt does, during a
frame's work or its wait) and whose clock moves only when a frame works (rig.frames) or waits
(hal.sleep_ms). A press had its effect when the tick that handed it to the screen moved the main
menu's cursor by one (DOWN, UP) or turned the table's page (RIGHT, LEFT). On the table every seat
is a strong bot that thinks in slices of one piece of work, so that its decisions span many
frames and the taps come while it thinks.

Runs on CPython and on MicroPython (tests/test_app_presses.py):
    micropython sim/taps.py menu|table SEED [BOARD]
prints "sent N handed N effective N lost N" for the taps that tapbursts(SEED) makes.
"""

import sys

if "." not in sys.path:
    sys.path.insert(0, ".")

from firmware import keys  # noqa: E402
from firmware.hal import Hal  # noqa: E402
from sim.memstore import MemStorage  # noqa: E402

SIZES = {
    "pico_lcd_1_3": (240, 240),
    "pico_display_2": (320, 240),
    "pico_lcd_1_14": (240, 135),
    "ili9341_breadboard": (320, 240),
    "pico_display_pack": (240, 135),
    "picosystem": (240, 240),
    "picocalc": (320, 320),
}
SETTLE_MS = 400  # after the last edge: the queue drains, then the run ends
STEPS = {"down": 1, "up": -1, "right": 1, "left": -1}


class Done(Exception):
    pass


class Pin:
    """A button's GPIO with an interrupt on both edges (as firmware/drivers/buttons.py uses)."""

    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self):
        self.level = 1
        self.handler = None

    def irq(self, handler=None, trigger=0, hard=False):
        self.handler = handler
        return self

    def flags(self):
        return self.IRQ_FALLING if self.level == 0 else self.IRQ_RISING

    def value(self):
        return self.level


class Disp:
    def show(self, c, x, y, w, h):
        pass

    def brightness(self, p):
        pass


def probe(app):
    """(what, position, modulus) of the screen's place that the tapped keys move."""
    s = app.screen
    name = s.__class__.__name__ if s is not None else ""
    if name == "MainMenu":
        return name, s.cur, len(s.rows())
    if name == "Play":
        return name, s.page, 3
    return name, 0, 1


class Rig:
    def __init__(self, board="pico_lcd_1_3", screen="menu", seed=1):
        from firmware.drivers.buttons import Buttons

        self.clock = 10000
        self.pins = {}
        pins = []
        for name, bit in keys.NAMES:
            p = Pin()
            self.pins[name] = p
            pins.append((p, bit))
        self.buttons = Buttons(pins, ticks_ms=self.ticks_ms)
        w, h = SIZES[board]
        self.hal = Hal(
            board, w, h, Disp(), self.buttons, self.ticks_ms, self.sleep_ms, MemStorage()
        )
        self.screen = screen
        self.seed = seed
        self.taps = []
        self.frames = [5]
        self.plan = None  # the edges still to come: [(t, pin, level)], latest first
        self.end = 0
        self.nframe = 0
        self.sent = 0
        self.handed = 0
        self.effective = 0
        self.misses = []  # (key, before, after) of each press without its effect

    # ---- the Hal's clock: time passes, and the edges due meanwhile fire at their times ----
    def ticks_ms(self):
        return self.clock

    def sleep_ms(self, n):
        self.pass_to(self.clock + n)

    def pass_to(self, t):
        plan = self.plan
        while plan and plan[-1][0] <= t:
            at, p, level = plan.pop()
            if at > self.clock:
                self.clock = at
            if p.level != level:
                p.level = level
                p.handler(p)
        if t > self.clock:
            self.clock = t

    # ---- the run ----
    def run(self, max_frames=100000):
        from firmware import main

        rig = self

        from firmware.app import App
        from firmware.input import QUEUE

        class Watched(App):
            def tick(self, mask, now_ms):
                inp = self.input
                n = inp.tail
                before = probe(self) if rig.plan is not None else None
                App.tick(self, mask, now_ms)
                if before is not None and inp.tail != n:
                    rig.seen(1 << inp.queue[n % QUEUE], before, probe(self))

        try:
            main.run(self.hal, max_frames, app_class=Watched, on_frame=self.on_frame)
        except Done:
            pass
        return self

    def seen(self, bit, before, after):
        self.handed += 1
        name = ""
        for n, b in keys.NAMES:
            if b == bit:
                name = n
        what, pos, mod = before
        if after[0] == what and after[1] == (pos + STEPS.get(name, 0)) % mod:
            self.effective += 1
        else:
            self.misses.append((name, before, after))

    def on_frame(self, app, frame):
        if self.plan is None:
            if not self.ready(app):
                return
            t0 = self.clock
            plan = []
            for name, down, up in self.taps:
                p = self.pins[name]
                plan.append((t0 + down, p, 0))
                plan.append((t0 + up, p, 1))
                self.sent += 1
            plan.sort(key=lambda e: e[0])
            plan.reverse()
            self.plan = plan
            self.end = (plan[0][0] if plan else t0) + SETTLE_MS
        else:
            work = self.frames[self.nframe % len(self.frames)]
            self.nframe += 1
            self.pass_to(self.clock + work)
            if (
                not self.plan
                and self.clock >= self.end
                and not app.input.queued()
                and not self.buttons.pending()
            ):
                raise Done()

    def ready(self, app):
        """True once the screen to tap on is up (the table: started from the main menu)."""
        name = app.screen.__class__.__name__ if app.screen is not None else ""
        if self.screen == "menu":
            return name == "MainMenu"
        if name == "MainMenu" and app.later is None:
            app.prefs.speed = 0  # instant: the bots' delay is their thinking
            names = ["Anna", "Ben", "Cleo", "Dev"]
            app.start("schieber", [3, 3, 3, 3], names, {}, self.seed)
            return False
        if name == "Play":
            t = app.screen.turn
            for b in t.bots.seats:
                if b is not None and hasattr(b, "slice_us"):
                    b.slice_us = 1  # a piece of work a frame: a decision spans many frames
            return True
        return False


def tapbursts(seed, keys_=("down",), bursts=6, per=5):
    """Bursts of taps (engine.rng: the same on every runtime): taps of 15-40 ms, 30-200 ms
    apart, bursts 300-900 ms apart; [(key, press ms, release ms)]."""
    from engine.rng import Rng

    r = Rng(seed)
    out = []
    t = 0
    for _ in range(bursts):
        for _ in range(1 + r.below(per)):
            k = keys_[r.below(len(keys_))]
            d = 15 + r.below(26)
            out.append((k, t, t + d))
            t += d + 30 + r.below(171)
        t += 300 + r.below(601)
    return out


def frame_lengths(seed, n=40):
    """Frames whose work takes 0-30 ms, and every few a long one (100-700 ms)."""
    from engine.rng import Rng

    r = Rng(seed * 31 + 7)
    return [100 + r.below(601) if r.below(4) == 0 else r.below(31) for _ in range(n)]


def main(argv):
    from tools import words as W

    u = "python -m sim.taps menu|table SEED [BOARD]"
    argv = W.words(u, 2, 3, argv)
    screen = argv[0]
    if screen not in ("menu", "table"):
        W.fail(u, "the screen is menu or table, not %r" % screen)
    seed = W.whole(u, argv[1])
    board = W.board(u, argv[2]) if len(argv) > 2 else "pico_lcd_1_3"
    rig = Rig(board, screen, seed)
    rig.taps = tapbursts(seed, ("down", "up") if screen == "menu" else ("right", "left"))
    rig.frames = frame_lengths(seed)
    rig.run()
    print(
        "sent %d handed %d effective %d lost %d"
        % (rig.sent, rig.handed, rig.effective, rig.sent - rig.effective)
    )
    for m in rig.misses:
        print("miss", m)


if __name__ == "__main__":
    main(sys.argv[1:])
