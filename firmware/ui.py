"""Screen base class and the list screen every menu is built from.

A screen gets key presses (firmware.keys bits, already debounced) through key(k), the time through
update(now_ms), and draws itself in draw(). Screens redraw only what changed: each part of the
screen has a signature (the data it shows); a part whose signature is unchanged is not redrawn.
"""

from array import array

from firmware import palette as P
from firmware.gfx import CW
from firmware.gfx import span

LH = 10  # text line height
BAR = 12  # title bar height


def spans(text, cols):
    """Where text breaks into lines of at most cols characters, at spaces where possible (a word
    longer than a line is cut; spaces at the start of a line are dropped): an array of start,
    end offsets, two per line. A long text (a game's rules) keeps one copy of itself and 4 bytes
    a line, not a string per line."""
    n = len(text)
    out = array("H" if n < 65536 else "I")
    i = 0
    while True:
        j = text.find("\n", i)
        if j < 0:
            j = n
        s = i
        while True:
            # (startswith, not text[s]: a one-character str is interned on MicroPython, and a
            # character not seen before grows the pool of names, a 1.3 KB piece on the 64-bit
            # port, at a moment no one chose)
            while s < j and text.startswith(" ", s):
                s += 1  # a line never starts with a space (an indent is not kept)
            if j - s <= cols:
                break
            k = text.rfind(" ", s, s + cols + 1)
            if k < 0:  # no space to break at: cut the word
                k = s + cols
                out.append(s)
                out.append(k)
                s = k
            else:
                out.append(s)
                out.append(k)
                s = k + 1
        out.append(s)
        out.append(j)
        if j >= n:
            return out
        i = j + 1


def wrap(text, cols):
    """text split into lines of at most cols characters (see spans)."""
    sp = spans(text, cols)
    return [text[sp[i] : sp[i + 1]] for i in range(0, len(sp), 2)]


def retext(c, x, y, old, new, fg, bg):
    """The text at (x, y) showed old (fg on a plain bg); make it show new by redrawing only the
    character cells that differ (6 x 8 px each: a common prefix, and for equal lengths a common
    suffix, stay). Only those cells are cleared to bg, drawn and marked dirty."""
    if old == new:
        return  # one C comparison: most lines of a frame did not change
    p, e = span(old, new)
    m = len(new)
    if e <= p:
        return
    x0 = x + p * CW
    c.fill_rect(x0, y, (e - p) * CW, 8, bg)
    if p < m:
        c.text(new[p:e], x0, y, fg)
    c.mark(x0, y, (e - p) * CW, 8)


def fit(s, cols):
    if len(s) <= cols:
        return s
    if cols < 2:
        return s[:cols]
    return s[: cols - 1] + "."


class Screen:
    modal = False

    def __init__(self, app):
        self.app = app
        self.sig = {}
        self.full = True

    def enter(self):
        self.full = True
        self.sig = {}

    def needs(self):
        """Names of the modules this screen needs in RAM (firmware.lifetimes adds what they
        hold): its class's module; screens of a game or leading back to another add theirs."""
        return [type(self).__module__]

    def key(self, k):
        pass

    def below(self):
        """The screen this one lies over (B leads back to it), or None: firmware.power finds a
        table under the pause menu and whatever it opened by following these."""
        return None

    def update(self, now):
        pass

    def quiet(self):
        """What on this screen moves by itself (a help's page every few seconds), when nothing
        else does but by a press: a true value that changes when the screen must be drawn again
        (App.tick draws a quiet screen left alone only then, firmware.main gives it a frame a
        few times a second only). A screen with timed work (bots to move, a hold to time) says
        None."""
        return None

    def changed(self, part, sig):
        """True (and remember sig) when part shows something new or the screen is fresh."""
        if self.full or self.sig.get(part) != sig:
            self.sig[part] = sig
            return True
        return False

    def draw(self):
        c = self.app.canvas
        if self.full:
            c.fill_rect(0, 0, c.width, c.height, P.FELT)
            c.mark_all()
        self.paint(c)
        self.full = False

    def paint(self, c):
        pass
