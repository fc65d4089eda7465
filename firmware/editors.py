"""The editors that Setup opens: which save a new game replaces, a number option, a seat's name.
Loaded only while one is open (the menus hold less while the cards are dealt)."""

from firmware import keys as K
from firmware import palette as P
from firmware.gfx import CW
from firmware.ui import Screen, BAR, LH, wrap, fit
from firmware.listui import ListScreen
from firmware.app import NAME_MAX


class ReplaceSave(ListScreen):
    """Every save slot holds a game: which one does the new game replace? (asks again)"""

    def __init__(self, app, setup):
        ListScreen.__init__(self, app)
        self.setup = setup
        from firmware.menus import saved_games

        self.saves = saved_games(app)

    def needs(self):
        return ListScreen.needs(self) + self.setup.needs()  # it leads back to the setup

    def title(self):
        return "Saves full: replace which?"

    def rows(self):
        out = []
        from firmware.menus import save_label

        for e in self.saves:
            lab, val = save_label(e)
            out.append((lab[9:], val))
        out.append(("Cancel", ""))
        return out

    def help(self, i):
        if i >= len(self.saves):
            return "Back to the setup; nothing is deleted. B: the same"
        from firmware.menus import players

        slot, gid, kinds, names, stamp, moves = self.saves[i]
        return players(kinds, names) + ". A: replace it (asks first)  B: back"

    def back(self):
        self.app.go(self.setup)

    def activate(self, i):
        if i >= len(self.saves):
            self.back()
            return
        from firmware.listui import Confirm

        e = self.saves[i]
        slot, gid, kinds, names, stamp, moves = e
        a = self.app
        from firmware.menus import save_label

        lab = save_label(e)

        def replace():
            a.remove(slot)
            a.go(self.setup)
            self.setup.start()

        a.go(
            Confirm(
                a,
                "Replace a saved game?",
                "%s (%s) is deleted." % (lab[0][9:], lab[1]),
                "No, keep it",
                "Yes, replace it",
                replace,
                self,
            )
        )


class NumberEdit(Screen):
    """UP/DOWN change a number by 1, LEFT/RIGHT by 10; A keeps it, B cancels."""

    def __init__(self, app, setup, j):
        Screen.__init__(self, app)
        self.setup = setup
        self.j = j
        self.v = setup.vals[j]

    def needs(self):
        return Screen.needs(self) + self.setup.needs()  # it leads back to the setup screen

    def key(self, k):
        if k & K.UP:
            self.v += 1
        elif k & K.DOWN:
            self.v -= 1
        elif k & K.RIGHT:
            self.v += 10
        elif k & K.LEFT:
            self.v -= 10
        elif k & K.A:
            self.setup.vals[self.j] = self.v
            self.app.go(self.setup)
        elif k & K.B:
            self.app.go(self.setup)
        name, default, help_, limits, words = self.setup.opts[self.j]
        lo, hi = limits  # the option's own range: nothing to refuse later
        if self.v < lo:
            self.v = lo
        if self.v > hi:
            self.v = hi

    def paint(self, c):
        """In the large face: the option, the number and its words, the help (as much as fits),
        the keys."""
        from firmware import bigfont as F

        opt = self.setup.opts[self.j]
        name, default, help_, limits, words = opt
        from engine.setup import option_word, option_label

        w = c.width
        cols = (w - 6) // F.ADV
        top = F.LINE + 2
        if self.changed("title", 1):
            c.fill_rect(0, 0, w, top, P.PANEL)
            F.text(c, F.fit(option_label(name), cols), 3, 2, P.CREAM)
            c.mark(0, 0, w, top)
        if self.changed("help", 1):
            y = top + 2 + 2 * F.LINE
            room = (c.height - 2 * F.LINE - 2 - y) // F.LINE
            lines = wrap(help_, cols)
            if len(lines) > room > 0:
                lines[room - 1] = F.fit(lines[room - 1], cols - 2) + ".."
            for i in range(min(room, len(lines))):
                F.text(c, lines[i], 3, y + i * F.LINE, P.GREY)
            F.text(c, F.fit("Up/down 1, L/R 10", cols), 3, c.height - 2 * F.LINE, P.GREY)
            F.text(c, F.fit("A: keep  B: cancel", cols), 3, c.height - F.LINE, P.GREY)
            c.mark(0, y, w, c.height - y)
        if self.changed("v", self.v):
            y = top + 1
            c.fill_rect(0, y, w, 2 * F.LINE, P.FELT)
            s = "%d" % self.v
            ws = F.fit(option_word(opt, self.v), cols - len(s) - 2)
            F.text(c, s, 3, y + 1, P.HILITE)
            if ws != s:
                F.text(c, ws, w - 3 - F.width(ws), y + 1, P.WHITE)
            c.mark(0, y, w, 2 * F.LINE)


PICK = "ABCDEFGHIJKLMNOPQRSTUVWXYZ-"
PICK_DEL = len(PICK)
PICK_CASE = PICK_DEL + 1
PICK_OK = PICK_DEL + 2


class NamePicker(Screen):
    """On-screen letters. UP/DOWN (and LEFT/RIGHT) walk the cells, A takes a letter or a command
    (DEL, a/A case, OK), B deletes the last letter (or leaves when the name is empty), START =
    OK."""

    def __init__(self, app, setup, seat):
        Screen.__init__(self, app)
        self.setup = setup
        self.seat = seat
        self.name = setup.names[seat]
        self.cur = 0
        self.lower = False
        self.cols = 7

    def needs(self):
        return Screen.needs(self) + self.setup.needs()  # it leads back to the setup screen

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
        self.title_bar(c, "Name of seat %d" % (self.seat + 1))
        w = c.width
        if self.changed("name", self.name):
            y = BAR + 4
            c.fill_rect(0, y, w, 20, P.FELT)
            s = self.name + "_"
            c.text(s, (w - len(s) * CW * 2) // 2, y + 2, P.CREAM, None, 2)
            c.mark(0, y, w, 20)
        cw = (w - 8) // self.cols
        y0 = BAR + 28
        ch = min(16, (c.height - y0 - LH - 2) // 5)
        for i in range(self.cells()):
            lab = self.label(i)
            if not self.changed(("c", i), (lab, i == self.cur)):
                continue
            x = 4 + (i % self.cols) * cw
            y = y0 + (i // self.cols) * ch
            sel = i == self.cur
            c.fill_rect(x, y, cw - 2, ch - 2, P.HILITE if sel else P.PANEL)
            c.text(
                lab,
                x + (cw - 2 - len(lab) * CW) // 2,
                y + (ch - 10) // 2,
                P.BLACK if sel else P.WHITE,
            )
            c.mark(x, y, cw - 2, ch - 2)
        if self.changed("foot", 1):
            c.text(fit("A: pick  B: erase  OK: done", w // CW - 1), 3, c.height - LH, P.GREY)
