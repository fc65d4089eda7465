"""The list screen every menu is built from (menus and the pause menu; not loaded during play)."""
from firmware import keys as K
from firmware import palette as P
from firmware.gfx import CW
from firmware.ui import Screen, BAR, LH, wrap, fit


class ListScreen(Screen):
    """A scrolling list of rows (label, value). UP/DOWN move, A activates, LEFT/RIGHT adjust,
    B goes back. Subclasses give title(), rows(), help(i), activate(i), adjust(i, d), back();
    b_hint is what B does, shown in the title bar ("" when B does nothing)."""
    b_hint = "back"

    def __init__(self, app):
        Screen.__init__(self, app)
        self.cur = 0
        self.top = 0
        # the help under the list: room for the long option texts where the panel allows
        self.help_lines = 4 if app.canvas.height >= 200 else 3

    def title(self):
        return ""

    def rows(self):
        return []

    def help(self, i):
        return ""

    def activate(self, i):
        pass

    def adjust(self, i, d):
        pass

    def back(self):
        self.app.menu()

    def key(self, k):
        n = len(self.rows())
        if n == 0:
            if k & (K.B | K.A):
                self.back()
            return
        if k & K.UP:
            self.cur = (self.cur - 1) % n
        elif k & K.DOWN:
            self.cur = (self.cur + 1) % n
        elif k & K.LEFT:
            self.adjust(self.cur, -1)
        elif k & K.RIGHT:
            self.adjust(self.cur, 1)
        elif k & K.A:
            self.activate(self.cur)
        elif k & K.B:
            self.back()

    def visible(self, c):
        return max(1, (c.height - BAR - 4 - self.help_lines * LH - 2) // LH)

    def paint(self, c):
        rows = self.rows()
        n = len(rows)
        if self.cur >= n:
            self.cur = max(0, n - 1)
        vis = self.visible(c)
        if self.cur < self.top:
            self.top = self.cur
        if self.cur >= self.top + vis:
            self.top = self.cur - vis + 1
        if self.top > max(0, n - vis):
            self.top = max(0, n - vis)
        more = ""
        if n > vis:
            more = "%d/%d" % (self.cur + 1, n)
        if self.b_hint:
            more = (more + "  " if more else "") + "B: " + self.b_hint
        self.title_bar(c, self.title(), more)
        cols = c.width // CW - 2
        w = c.width
        for j in range(vis):
            i = self.top + j
            y = BAR + 3 + j * LH
            if i < n:
                lab, val = rows[i]
                sig = (lab, val, i == self.cur)
            else:
                sig = None
            if not self.changed(j, sig):
                continue
            bg = P.HILITE if sig and sig[2] else P.FELT
            c.fill_rect(0, y - 1, w, LH, bg)
            if sig:
                fg = P.BLACK if sig[2] else P.WHITE
                vc = len(val)
                c.text(fit(lab, cols - vc - (1 if vc else 0)), CW, y, fg)
                if vc:
                    c.text(val, w - CW - vc * CW, y, P.BLACK if sig[2] else P.CREAM)
            c.mark(0, y - 1, w, LH)
        if self.help_lines:
            h = self.help(self.cur) if n else ""
            if self.changed("help", h):
                y0 = c.height - self.help_lines * LH - 2
                c.fill_rect(0, y0, w, c.height - y0, P.PANEL)
                lines = wrap(h, w // CW - 1)
                k = self.help_lines
                if len(lines) > k:      # what does not fit is marked, not silently cut
                    lines[k - 1] = fit(lines[k - 1], w // CW - 4) + "..."
                for j in range(min(k, len(lines))):
                    c.text(lines[j], 3, y0 + 2 + j * LH, P.GREY)
                c.mark(0, y0, w, c.height - y0)


class Confirm(ListScreen):
    """A question with two answers, the safe one first: the cursor starts on "no", and B means
    no as well. on_yes / on_no are called with no arguments."""
    b_hint = "no"

    def __init__(self, app, title, question, no, yes, on_yes, on_no):
        ListScreen.__init__(self, app)
        self.help_lines = 4
        self.ttl = title
        self.question = question
        self.answers = (no, yes)
        self.on_yes = on_yes
        self.on_no = on_no

    def title(self):
        return self.ttl

    def rows(self):
        return [(self.answers[0], ""), (self.answers[1], "")]

    def help(self, i):
        return self.question + "\nB: " + self.answers[0]

    def activate(self, i):
        if i == 1:
            self.on_yes()
        else:
            self.on_no()

    def back(self):
        self.on_no()
