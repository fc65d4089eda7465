"""Scrolling text: rules, house rules, statistics, results, error messages (loaded when shown)."""
from firmware import keys as K
from firmware import palette as P
from firmware.gfx import CW
from firmware.ui import Screen, BAR, LH, wrap


class TextScreen(Screen):
    """Scrolling text (rules, house rules, statistics, messages). B or A at the end goes back."""

    def __init__(self, app, title, text, back=None):
        Screen.__init__(self, app)
        self.ttl = title
        self.text = text
        self.lines = None
        self.top = 0
        self.on_back = back

    def go_back(self):
        if self.on_back is not None:
            self.on_back()
        else:
            self.app.menu()

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
        more = ("%d%%  " % (min(100, (self.top + pg) * 100 // max(1, n)))) if n > pg else ""
        self.title_bar(c, self.ttl, more + "B: back")
        if self.changed("body", self.top):
            c.fill_rect(0, BAR, c.width, c.height - BAR, P.FELT)
            for j in range(pg):
                i = self.top + j
                if i < n:
                    c.text(self.lines[i], 3, BAR + 3 + j * LH, P.WHITE)
            c.mark(0, BAR, c.width, c.height - BAR)
