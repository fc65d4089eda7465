"""Scrolling text in the large face: rules, house rules, statistics, results, error messages.
Loaded when shown.
"""

from firmware import keys as K
from firmware import palette as P
from firmware import bigfont as F
from firmware.ui import Screen, spans

CW = F.ADV
LH = F.LINE
BAR = F.LINE + 2


class TextScreen(Screen):
    """Scrolling text. B, or A at the end, goes back: to the screen given as back, through back()
    when it is a function, else to the menu."""

    def __init__(self, app, title, text, back=None):
        Screen.__init__(self, app)
        self.ttl = title
        # a str, or a list of paragraphs: a text of parts is not joined into one long string, which
        # a broken-up heap may have no room for
        self.text = text
        self.lines = None
        self.top = 0
        self.on_back = back
        self.on_a = None  # A at the end, when it does more than B (the results)
        self.a_leaves = False  # A leaves from any page (an error screen)

    def go_back(self):
        b = self.on_back
        if b is None:
            self.app.menu()
        elif isinstance(b, Screen):
            self.app.go(b)
        else:
            b()

    def below(self):
        b = self.on_back
        return b if isinstance(b, Screen) else None

    def needs(self):
        out = Screen.needs(self)
        if isinstance(self.on_back, Screen):
            out = out + self.on_back.needs()
        return out

    def spans(self, c):  # not a new name: one would move the growth of the interned names
        """The lines, worked out once: (start, end) offsets per line (firmware.ui.spans), an array
        per paragraph for a list."""
        if self.lines is None:
            t = self.text
            cols = (c.width - 6) // CW
            self.lines = spans(t, cols) if isinstance(t, str) else [spans(p, cols) for p in t]
        return self.lines

    def count(self, c):
        """How many lines the text takes."""
        sp = self.spans(c)
        if isinstance(self.text, str):
            return len(sp) // 2
        n = 0
        for a in sp:
            n += len(a) // 2
        return n

    def line(self, i):
        """Line i of the text."""
        sp = self.lines
        t = self.text
        if isinstance(t, str):
            return t[sp[2 * i] : sp[2 * i + 1]]
        for p in range(len(sp)):
            a = sp[p]
            if 2 * i < len(a):
                return t[p][a[2 * i] : a[2 * i + 1]]
            i -= len(a) // 2
        return ""

    def page(self, c):
        return max(1, (c.height - BAR - 2) // LH)

    def quiet(self):
        return 1

    def key(self, k):
        c = self.app.canvas
        last = max(0, self.count(c) - self.page(c))
        if k & (K.UP | K.LEFT):
            self.top = max(0, self.top - (1 if k & K.UP else self.page(c)))
        elif k & (K.DOWN | K.RIGHT):
            self.top = min(last, self.top + (1 if k & K.DOWN else self.page(c)))
        elif k & K.A:
            if self.top >= last or self.a_leaves:
                (self.on_a or self.go_back)()
            else:
                self.top = min(last, self.top + self.page(c))
        elif k & (K.B | K.START):
            self.go_back()

    def paint(self, c):
        pg = self.page(c)
        n = self.count(c)
        more = ("%d%% " % (min(100, (self.top + pg) * 100 // max(1, n)))) if n > pg else ""
        right = more + "B:back"
        if self.changed("title", (self.ttl, right)):
            w = c.width
            c.fill_rect(0, 0, w, BAR, P.PANEL)
            room = (w - 6) // CW - len(right) - 1
            t = self.ttl
            if more and min([len(x) for x in t] if isinstance(t, tuple) else [len(t)]) > room:
                room += len(more)  # the title comes first
                right = right[len(more) :]
            F.text(c, F.pick(t, room), 3, 2, P.CREAM)
            F.text(c, right, w - 3 - len(right) * CW, 2, P.GREY)
            c.mark(0, 0, w, BAR)
        if self.changed("body", self.top):
            c.fill_rect(0, BAR, c.width, c.height - BAR, P.FELT)
            for j in range(pg):
                i = self.top + j
                if i < n:
                    F.text(c, self.line(i), 3, BAR + 1 + j * LH, P.WHITE)
            c.mark(0, BAR, c.width, c.height - BAR)
