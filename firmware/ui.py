"""The Screen base class and the small font's text helpers.

A screen gets debounced presses through key(k), the time through update(now_ms), and draws in
draw(), redrawing only the parts whose signature (the data they show) changed.
"""

from array import array

from firmware import palette as P
from firmware.gfx import CW
from firmware.gfx import span

LH = 10
BAR = 12


def spans(text, cols):
    """Where text breaks into lines of at most cols characters, at spaces where possible: an array
    of (start, end) offsets per line, so a long text keeps one copy of itself and no string per
    line."""
    n = len(text)
    out = array("H" if n < 65536 else "I")
    i = 0
    while True:
        j = text.find("\n", i)
        if j < 0:
            j = n
        s = i
        while True:
            # startswith, not text[s]: a one-character str is interned on MicroPython, and a new
            # one grows the pool of names at a moment no one chose
            while s < j and text.startswith(" ", s):
                s += 1  # an indent is not kept
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
    """The text at (x, y) showed old (fg on a plain bg); redraw only the character cells that
    differ, cleared to bg and marked."""
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
        """The modules this screen needs in RAM (firmware.lifetimes adds what they hold)."""
        return [type(self).__module__]

    def key(self, k):
        pass

    def below(self):
        """The screen this one lies over (B leads back to it), or None."""
        return None

    def update(self, now):
        pass

    def quiet(self):
        """What on this screen moves by itself, when nothing else does but by a press: a value that
        changes when the screen must be drawn again (a quiet screen left alone gets few frames). A
        screen with timed work says None."""
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
