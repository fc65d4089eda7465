"""The editors that Setup opens: which save a new game replaces, a number option, a seat's name.
Loaded only while one is open.
"""

from firmware import keys as K
from firmware import palette as P
from firmware.ui import Screen, wrap
from firmware.listui import ListScreen
from firmware.choices import NAME_MAX


def has(app, key):
    """The board has this button; a board that does not say has them all."""
    keys = app.hal.keys
    return not keys or bool(keys & key)


class ReplaceSave(ListScreen):
    """Every save slot holds a game: which one does the new game replace? saves: [(slot, label,
    seats)] from the setup."""

    def __init__(self, app, setup, saves):
        ListScreen.__init__(self, app)
        self.setup = setup
        self.saves = saves

    def needs(self):
        return ListScreen.needs(self) + self.setup.needs()  # it leads back to the setup

    def title(self):
        return ("Saves full: replace which?", "Saves full")

    def rows(self):
        out = []
        for slot, r, seats in self.saves:
            out.append((r[0][9:], r[1], r[3]))
        out.append(("Cancel", ""))
        return out

    def help(self, i):
        if i >= len(self.saves):
            return "Back to the setup; nothing is deleted. B: the same"
        return self.saves[i][2] + ". A: replace it (asks first)  B: back"

    def back(self):
        self.app.go(self.setup)

    def activate(self, i):
        if i >= len(self.saves):
            self.back()
            return
        from firmware.listui import Confirm

        slot, lab, seats = self.saves[i]
        a = self.app

        def replace():
            a.remove(slot)
            a.go(self.setup)
            self.setup.start()

        a.go(
            Confirm(
                a,
                ("Replace a saved game?", "Replace a save?", "Replace save?"),
                "%s (%s) is deleted." % (lab[0][9:], "new" if lab[1] == "new" else "at " + lab[1]),
                "No, keep it",
                "Yes, replace it",
                replace,
                self,
            )
        )


class NumberEdit(Screen):
    """UP/DOWN change a number by 1, LEFT/RIGHT by 10; A keeps it, B cancels."""

    def __init__(self, app, setup, index):
        Screen.__init__(self, app)
        self.setup = setup
        self.index = index  # the option's place in the setup's opts and vals
        self.value = setup.vals[index]
        self.page = [0, 0, 1]  # the help's page, when it turned, how many pages

    def update(self, now):
        """A help longer than its place turns a page every HELP_MS (firmware.listui)."""
        pg = self.page
        if pg[2] > 1 and now - pg[1] >= 2500:
            pg[0] = (pg[0] + 1) % pg[2]
            pg[1] = now

    def quiet(self):
        return (self.page[0],)

    def needs(self):
        return Screen.needs(self) + self.setup.needs()

    def key(self, k):
        if k & K.UP:
            self.value += 1
        elif k & K.DOWN:
            self.value -= 1
        elif k & K.RIGHT:
            self.value += 10
        elif k & K.LEFT:
            self.value -= 10
        elif k & K.A:
            self.setup.vals[self.index] = self.value
            self.app.go(self.setup)
        elif k & K.B:
            self.app.go(self.setup)
        name, default, help_, limits, words = self.setup.opts[self.index]
        lo, hi = limits  # the option's own range: nothing to refuse later
        if self.value < lo:
            self.value = lo
        if self.value > hi:
            self.value = hi

    def paint(self, c):
        """In the large face: the option, the number and its words, the help, the keys."""
        from firmware import bigfont as F

        opt = self.setup.opts[self.index]
        name, default, help_, limits, words = opt
        from engine.optrows import option_word, option_label

        w = c.width
        cols = (w - 6) // F.ADV
        top = F.LINE + 2
        if self.changed("title", 1):
            c.fill_rect(0, 0, w, top, P.PANEL)
            F.text(c, F.fit(option_label(name), cols), 3, 2, P.CREAM)
            c.mark(0, 0, w, top)
        if self.changed("help", self.page[0]):
            y = top + 2 + 2 * F.LINE
            room = max(1, (c.height - 2 * F.LINE - 2 - y) // F.LINE)
            lines = wrap(help_, cols)
            self.page[2] = (len(lines) + room - 1) // room
            k = self.page[0] * room
            lines = lines[k : k + room]
            c.fill_rect(0, y, w, c.height - y, P.FELT)
            for i in range(len(lines)):
                F.text(c, lines[i], 3, y + i * F.LINE, P.GREY)
            keys = "Up/down 1, L/R 10" if has(self.app, K.RIGHT) else "Up/down: change"
            F.text(c, F.fit(keys, cols), 3, c.height - 2 * F.LINE, P.GREY)
            F.text(c, F.fit("A: keep  B: cancel", cols), 3, c.height - F.LINE, P.GREY)
            c.mark(0, y, w, c.height - y)
        if self.changed("value", self.value):
            y = top + 1
            c.fill_rect(0, y, w, 2 * F.LINE, P.FELT)
            s = "%d" % self.value
            ws = option_word(opt, self.value)
            F.text(c, s, 3, y + 1, P.HILITE)
            if ws != s:  # beside the number, or under it
                yw = y + 1 if len(s) + 2 + len(ws) <= cols else y + 1 + F.LINE
                F.text(c, F.fit(ws, cols), w - 3 - F.width(ws), yw, P.WHITE)
            c.mark(0, y, w, 2 * F.LINE)


class DealEdit(Screen):
    """The deal number digit by digit: LEFT/RIGHT pick a digit, UP/DOWN change it, A keeps, B
    cancels. Without LEFT/RIGHT (the Display Pack 2) A moves to the next digit, keeping the number
    at the last."""

    DIGITS = 6

    def __init__(self, app, setup):
        Screen.__init__(self, app)
        self.setup = setup
        # a new deal's number is not shown (it fixes every card): typing starts from 0
        self.value = setup.deal if setup.deal_shown else 0
        self.steps = has(app, K.RIGHT)
        self.pos = self.DIGITS - 1 if self.steps else 0  # the ones; or the first, A moves on

    def quiet(self):
        return 1

    def needs(self):
        return Screen.needs(self) + self.setup.needs()

    def key(self, k):
        p = 1
        for _ in range(self.DIGITS - 1 - self.pos):
            p *= 10
        d = (self.value // p) % 10
        if k & K.UP:
            self.value += p * (1 if d < 9 else -9)
        elif k & K.DOWN:
            self.value -= p * (1 if d > 0 else -9)
        elif k & K.RIGHT:
            self.pos = (self.pos + 1) % self.DIGITS
        elif k & K.LEFT:
            self.pos = (self.pos - 1) % self.DIGITS
        elif k & K.A and not self.steps and self.pos < self.DIGITS - 1:
            self.pos += 1
        elif k & K.A or k & K.START:
            self.setup.deal = self.value
            self.setup.deal_shown = True
            self.app.go(self.setup)
        elif k & K.B:
            self.app.go(self.setup)

    def paint(self, c):
        from firmware import bigfont as F

        w = c.width
        cols = (w - 6) // F.ADV
        top = F.LINE + 2
        if self.changed("title", 1):
            c.fill_rect(0, 0, w, top, P.PANEL)
            F.text(c, F.fit("Deal number", cols), 3, 2, P.CREAM)
            c.mark(0, 0, w, top)
            y = top + 4 + 2 * F.LINE + 4
            lines = wrap("The same number deals the same cards.", cols)
            room = (c.height - 2 * F.LINE - y) // F.LINE
            for i in range(min(room, len(lines))):
                F.text(c, lines[i], 3, y + i * F.LINE, P.GREY)
            if self.steps:
                F.text(c, F.fit("L/R digit, up/down", cols), 3, c.height - 2 * F.LINE, P.GREY)
                F.text(c, F.fit("A: keep  B: cancel", cols), 3, c.height - F.LINE, P.GREY)
            else:
                F.text(c, F.fit("Up/down: digit", cols), 3, c.height - 2 * F.LINE, P.GREY)
                F.text(c, F.fit("A: next  B: cancel", cols), 3, c.height - F.LINE, P.GREY)
            c.mark(0, top, w, c.height - top)
        if self.changed("value", (self.value, self.pos)):
            y = top + 4
            c.fill_rect(0, y, w, 2 * F.LINE, P.FELT)
            s = "%06d" % self.value
            x0 = (w - F.width(s)) // 2
            x = x0 + self.pos * F.ADV
            c.fill_rect(x - 1, y, F.ADV, F.LINE + 2, P.HILITE)
            for i in range(self.DIGITS):
                F.text(c, s[i], x0 + i * F.ADV, y + 2, P.BLACK if i == self.pos else P.CREAM)
            c.mark(0, y, w, 2 * F.LINE)


PICK = "ABCDEFGHIJKLMNOPQRSTUVWXYZ-"
PICK_DEL = len(PICK)
PICK_CASE = PICK_DEL + 1
PICK_OK = PICK_DEL + 2


class NamePicker(Screen):
    """A seat's name in the large face: the name so far, then a wrapping strip of letters and
    commands (DEL, a/A, OK) around the cursor. A takes a cell, B deletes (or leaves an empty name),
    START = OK. A strip, not a grid: the cells in large capitals would not fit the 240x135 panel.
    """

    def __init__(self, app, setup, seat):
        Screen.__init__(self, app)
        self.setup = setup
        self.seat = seat
        self.name = setup.names[seat]
        self.cur = 0
        self.lower = False
        self.cols = 7

    def quiet(self):
        return 1

    def needs(self):
        return Screen.needs(self) + self.setup.needs()

    def cells(self):
        return len(PICK) + 3

    def label(self, i):
        if i < len(PICK):
            ch = PICK[i]
            return ch.lower() if self.lower else ch
        return ("DEL", "a/A", "OK")[i - len(PICK)]

    def done(self):
        if self.name:
            self.setup.names[self.seat] = self.name
        self.app.go(self.setup)

    def key(self, k):
        n = self.cells()
        if k & (K.UP | K.LEFT):
            self.cur = (self.cur - 1) % n
        elif k & (K.DOWN | K.RIGHT):
            self.cur = (self.cur + 1) % n
        elif k & K.START:
            self.done()
        elif k & K.A:
            if self.cur == PICK_OK:
                self.done()
            elif self.cur == PICK_DEL:
                self.name = self.name[:-1]
            elif self.cur == PICK_CASE:
                self.lower = not self.lower
            elif len(self.name) < NAME_MAX:
                self.name = self.name + self.label(self.cur)
                if len(self.name) == 1:
                    self.lower = True
        elif k & K.B:
            if self.name:
                self.name = self.name[:-1]
            else:
                self.app.go(self.setup)

    def paint(self, c):
        from firmware import bigfont as F

        w = c.width
        cols = (w - 6) // F.ADV
        top = F.LINE + 2
        if self.changed("title", 1):
            c.fill_rect(0, 0, w, top, P.PANEL)
            F.text(c, F.fit("Name of seat %d" % (self.seat + 1), cols), 3, 2, P.CREAM)
            c.mark(0, 0, w, top)
        y = top + 4
        if self.changed("name", self.name):
            c.fill_rect(0, y, w, F.LINE, P.FELT)
            s = self.name + "_"
            F.text(c, s, (w - F.width(s)) // 2, y + 2, P.CREAM)
            c.mark(0, y, w, F.LINE)
        y += F.LINE + 6
        h = F.LINE + 4
        if self.changed("strip", (self.cur, self.lower)):
            c.fill_rect(0, y, w, h, P.FELT)
            # the cursor's cell in the middle, then its neighbours outwards while they fit
            n = self.cells()
            cw = self.cell_w(F, self.cur)
            x0 = (w - cw) // 2
            self.cell(c, F, self.cur, x0, y, h, True)
            left = x0
            right = x0 + cw
            for d in range(1, n // 2 + 1):
                i = (self.cur - d) % n
                cw = self.cell_w(F, i)
                if left - cw < 0:
                    break
                left -= cw
                self.cell(c, F, i, left, y, h, False)
                i = (self.cur + d) % n
                cw = self.cell_w(F, i)
                if right + cw > w:
                    break
                self.cell(c, F, i, right, y, h, False)
                right += cw
            c.mark(0, y, w, h)
        if self.changed("foot", 1):
            y = c.height - 2 * F.LINE
            c.fill_rect(0, y, w, 2 * F.LINE, P.PANEL)
            move = "L/R: move  A: take" if has(self.app, K.RIGHT) else "Up/down: move  A: take"
            F.text(c, F.fit(move, cols), 3, y + 1, P.GREY)
            ok = "B: erase  START: OK" if has(self.app, K.START) else "B: erase"
            F.text(c, F.fit(ok, cols), 3, y + 1 + F.LINE, P.GREY)
            c.mark(0, y, w, 2 * F.LINE)

    def cell_w(self, F, i):
        return len(self.label(i)) * F.ADV + 8

    def cell(self, c, F, i, x, y, h, sel):
        lab = self.label(i)
        cw = len(lab) * F.ADV + 8
        c.fill_rect(x + 1, y, cw - 2, h, P.HILITE if sel else P.PANEL)
        F.text(c, lab, x + 5, y + 3, P.BLACK if sel else P.WHITE)
