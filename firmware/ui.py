"""Screen base class and the list screen every menu is built from.

A screen gets key presses (firmware.keys bits, already debounced) through key(k), the time through
update(now_ms), and draws itself in draw(). Screens redraw only what changed: each part of the
screen has a signature (the data it shows); a part whose signature is unchanged is not redrawn.
"""
from firmware import keys as K
from firmware import palette as P
from firmware.gfx import CW

LH = 10        # text line height
BAR = 12       # title bar height


def wrap(text, cols):
    """Split text into lines of at most cols characters, at spaces where possible."""
    out = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            while len(word) > cols:
                if line:
                    out.append(line)
                    line = ""
                out.append(word[:cols])
                word = word[cols:]
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= cols:
                line = line + " " + word
            else:
                out.append(line)
                line = word
        out.append(line)
    return out


def fit(s, cols):
    if len(s) <= cols:
        return s
    if cols < 2:
        return s[:cols]
    return s[:cols - 1] + "."


class Screen:
    modal = False

    def __init__(self, app):
        self.app = app
        self.sig = {}
        self.full = True

    def enter(self):
        self.full = True
        self.sig = {}

    def key(self, k):
        pass

    def update(self, now):
        pass

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

    def title_bar(self, c, title, right=""):
        if self.changed("title", (title, right)):
            w = c.width
            c.fill_rect(0, 0, w, BAR, P.PANEL)
            c.text(fit(title, w // CW - len(right) - 1), 3, 2, P.CREAM)
            if right:
                c.text(right, w - 3 - len(right) * CW, 2, P.GREY)
            c.mark(0, 0, w, BAR)
