"""Random button mashing: thousands of frames over every screen. The app never crashes, every
screen leads back to the main menu, and a game only ever changes through a legal action."""

import random

import pytest

from firmware import keys as K
from sim.headless import Device

NAMES = ("up", "down", "left", "right", "a", "b", "x", "y", "start")
WEIGHTS = (6, 6, 2, 2, 7, 3, 1, 1, 1)


class Guarded(Device):
    """Checks after each frame that the game changed only through apply() of a legal action."""

    def __init__(self, board):
        self.applied = 0
        self.guarded = None
        self.games_seen = 0
        Device.__init__(self, board)

    def guard(self):
        scr = self.app.screen
        if scr is None or scr.__class__.__name__ != "Play":
            return None
        g = scr.turn.game
        if getattr(g, "_guarded", False):
            return g
        raw = g.apply

        def apply(action, raw=raw, g=g):
            assert action in g.legal_actions(), "illegal action %r" % (action,)
            self.applied += 1
            return raw(action)

        g.apply = apply
        g._guarded = True
        self.games_seen += 1
        return g

    def frame(self, mask=None):
        g = self.guard()
        before = g.encode() if g is not None else None
        n = self.applied
        Device.frame(self, mask)
        if g is not None and self.applied == n:
            assert g.encode() == before, "the game changed without an action"
        self.guard()


def escape(dev, limit=80):
    """Find the way back to the main menu with B, START and the pause menu's Save and quit."""
    for _ in range(limit):
        scr = dev.app.screen
        name = scr.__class__.__name__
        if name == "MainMenu":
            return True
        if name == "Pause":
            while scr.cur != 4:
                dev.press("down")
            dev.press("a")
        elif name == "Play":
            dev.press("start")
        else:
            dev.press("b")
        dev.wait(1)
    return False


@pytest.mark.parametrize(
    "board,seed", [("pico_lcd_1_3", 1), ("pico_lcd_1_14", 2), ("pico_display_2", 3)]
)
def test_random_presses_never_crash_or_strand_a_screen(board, seed):
    rnd = random.Random(seed)
    dev = Guarded(board)
    screens = set()
    for burst in range(16):
        for _ in range(250):
            name = rnd.choices(NAMES, WEIGHTS)[0]
            if rnd.random() < 0.15:
                dev.frame(K.bit(name) | K.bit(rnd.choice(NAMES)))  # two at once
                dev.frame(0)
            elif rnd.random() < 0.1:
                dev.wait(rnd.randrange(1, 20))
            else:
                dev.press(name)
            screens.add(dev.app.screen.__class__.__name__)
        assert escape(dev), "stranded on %r" % dev.app.screen
    print(sorted(screens), dev.games_seen, dev.applied)
    assert {"MainMenu", "Setup", "Play"} <= screens, screens
    assert dev.games_seen >= 1
