"""Scrolling text: rules, house rules, statistics, results, error messages (loaded when shown)."""

from firmware import keys as K
from firmware import palette as P
from firmware.gfx import CW
from firmware.ui import Screen, BAR, LH, wrap


class TextScreen(Screen):
    """Scrolling text (rules, house rules, statistics, messages). B or A at the end goes back:
    to the screen given as back, or through back() when it is a function, else to the menu."""

    def __init__(self, app, title, text, back=None):
        Screen.__init__(self, app)
        self.ttl = title
        self.text = text
        self.lines = None
        self.top = 0
        self.on_back = back

    def go_back(self):
        b = self.on_back
        if b is None:
            self.app.menu()
        elif isinstance(b, Screen):
            self.app.go(b)
        else:
            b()

    def needs(self):
        out = Screen.needs(self)
        if isinstance(self.on_back, Screen):
            out = out + self.on_back.needs()  # what it leads back to stays loaded
        return out

    def page(self, c):
        return max(1, (c.height - BAR - 4) // LH)

    def key(self, k):
        c = self.app.canvas
        if self.lines is None:
            self.lines = wrap(self.text, c.width // CW - 1)
        last = max(0, len(self.lines) - self.page(c))
        if k & (K.UP | K.LEFT):
            self.top = max(0, self.top - (1 if k & K.UP else self.page(c)))
        elif k & (K.DOWN | K.RIGHT):
            self.top = min(last, self.top + (1 if k & K.DOWN else self.page(c)))
        elif k & K.A:
            if self.top >= last:
                self.go_back()
            else:
                self.top = min(last, self.top + self.page(c))
        elif k & (K.B | K.START):
            self.go_back()

    def paint(self, c):
        if self.lines is None:
            self.lines = wrap(self.text, c.width // CW - 1)
        pg = self.page(c)
        n = len(self.lines)
        self.title_bar(
            c,
            self.ttl,
            ("%d%%" % (min(100, (self.top + pg) * 100 // max(1, n)))) if n > pg else "",
        )
        if self.changed("body", self.top):
            c.fill_rect(0, BAR, c.width, c.height - BAR, P.FELT)
            for j in range(pg):
                i = self.top + j
                if i < n:
                    c.text(self.lines[i], 3, BAR + 3 + j * LH, P.WHITE)
            c.mark(0, BAR, c.width, c.height - BAR)
