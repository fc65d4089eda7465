"""The list screen every menu is built from, in the large face; a long list scrolls, with a bar."""

from firmware import keys as K
from firmware import palette as P
from firmware import bigfont as F
from firmware.ui import Screen, wrap

# the large face (capitals 1.4 mm or more on every supported panel)
CW = F.ADV
LH = F.LINE
BAR = F.LINE + 2


class ListScreen(Screen):
    """A scrolling list of rows (label, value). UP/DOWN move, A activates, LEFT/RIGHT adjust, B
    goes back. Subclasses give title(), rows(), help(i), activate(i), adjust(i, d), back(); b_hint
    is what B does ("" when nothing)."""

    b_hint = "back"

    def __init__(self, app):
        Screen.__init__(self, app)
        self.cur = 0
        self.top = 0
        self.help_lines = 3 if app.canvas.height >= 200 else 2
        self.help_pages = 1
        self.help_box = None  # (lines, longest line) on the panel, None: unknown
        self.ext = {}  # row slot -> (label end, value start, background) drawn
        self.drawn = None  # the first row on the page as last painted
        # [row, when its help's page last turned, page]: the first page stays a whole turn
        self.rolled = [-1, 0, 0]

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
        return max(1, (c.height - BAR - 2 - self.help_lines * LH - 2) // LH)

    def update(self, now):
        """Time for what moves: a help longer than its place turns a page every HELP_MS. Rows never
        move: a row too long shows its short form (layout)."""
        Screen.update(self, now)
        if self.cur != self.rolled[0]:
            self.rolled = [self.cur, now, 0]
            return
        if self.help_pages > 1 and now - self.rolled[1] >= HELP_MS:
            self.rolled[1] = now
            self.rolled[2] = (self.rolled[2] + 1) % self.help_pages

    def quiet(self):
        return (self.rolled[2],)  # the help's page turns every few seconds at most

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
        w = c.width
        right = ("B:" + self.b_hint) if self.b_hint else ""
        if self.changed("title", (self.title(), right)):
            c.fill_rect(0, 0, w, BAR, P.PANEL)
            room = (w - 6) // CW - (len(right) + 1 if right else 0)
            F.text(c, F.pick(self.title(), room), 3, 2, P.CREAM)
            if right:
                F.text(c, right, w - 3 - len(right) * CW, 2, P.GREY)
            c.mark(0, 0, w, BAR)
        sb = 4 if n > vis else 0
        cols = (w - 8 - sb) // CW
        sigs = []
        for j in range(vis):
            i = self.top + j
            sigs.append((rows[i], i == self.cur) if i < n else None)
        d = 0 if self.full or self.drawn is None else self.top - self.drawn
        self.drawn = self.top
        moved = self.shift(c, d, vis, w - sb, sigs) if d and -vis < d < vis else None
        for j in range(vis):
            y = BAR + 2 + j * LH
            sig = sigs[j]
            if not self.changed(j, sig):
                if moved and j in moved:
                    # rows moved in the canvas are marked from the top like the rest: touching
                    # spans merge into few rectangles, not the whole page
                    for x0, x1 in moved[j]:
                        c.mark(x0, y, x1 - x0, LH)
                continue
            on = sig is not None and sig[1]
            r = sig[0] if sig else None
            bg = P.HILITE if on and sig else P.FELT
            ext = row_ext(r, cols, w - 4 - sb) if sig else (0, w - sb)
            spans = ((0, w - sb),) if self.full else changes(self.ext.get(j), ext, bg, w - sb)
            self.ext[j] = (ext[0], ext[1], bg)
            for x0, x1 in spans:
                c.fill_rect(x0, y, x1 - x0, LH, bg)
            if sig:
                row(c, r, on, cols, w - 4 - sb, y + 2)
            for x0, x1 in spans:
                c.mark(x0, y, x1 - x0, LH)
        if sb and self.changed("bar", (self.top, n, vis)):
            y0 = BAR + 2
            hh = vis * LH
            c.fill_rect(w - sb, y0, sb, hh, P.PANEL)
            c.fill_rect(w - sb + 1, y0 + hh * self.top // n, sb - 2, max(4, hh * vis // n), P.GREY)
            c.mark(w - sb, y0, sb, hh)
        if self.help_lines:
            h = self.help(self.cur) if n else ""
            if n:  # a row in a short form: its whole wording first
                h = whole(rows[self.cur], cols, h)
            k = self.help_lines
            pg = self.rolled[2] if self.rolled[0] == self.cur else 0
            if self.changed("help", (h, pg)):
                y0 = c.height - k * LH - 2
                lines = wrap(h, (w - 6) // CW)
                self.help_pages = (len(lines) + k - 1) // k
                if pg >= self.help_pages:
                    pg = 0
                lines = lines[pg * k : pg * k + k]
                nl = len(lines)
                nc = max([len(t) for t in lines]) if lines else 0
                # only the cells the old and the new text cover are sent: a scrolling cursor move
                # stays cheap on the slow panel links
                box, self.help_box = self.help_box, (nl, nc)
                if box is None or self.full:
                    x1, y1 = w, c.height
                else:
                    x1 = min(w, 4 + max(nc, box[1]) * CW)
                    y1 = min(c.height, y0 + 1 + max(nl, box[0]) * LH)
                if y1 > y0 and x1 > 0:
                    c.fill_rect(0, y0, x1, y1 - y0, P.PANEL)
                for j in range(nl):
                    F.text(c, lines[j], 3, y0 + 1 + j * LH, P.GREY)
                if y1 > y0 and x1 > 0:
                    c.mark(0, y0, x1, y1 - y0)

    def shift(self, c, d, vis, right, sigs):
        """The page scrolled by d rows: the rows that stay unchanged move in the canvas with their
        records instead of being drawn again. Returns {slot: spans (x0, x1) to mark}."""
        sig = self.sig
        ext = self.ext
        spans = {}
        # a slot is copied before it is overwritten
        for j in range(vis - d) if d > 0 else range(vis - 1, -d - 1, -1):
            k = j + d
            if sig.get(k) != sigs[j]:
                continue
            c.copy_rows(BAR + 2 + k * LH, BAR + 2 + j * LH, LH)
            sig[j] = sig.get(k)
            now = ext.get(k)
            spans[j] = changes(ext.get(j), now, now[2] if now else -1, right)
            ext[j] = now
        return spans


def changes(was, ext, bg, right):
    """The spans (x0, x1) of a row slot to clear and send when it showed `was` and now shows ext on
    bg: on the same background only where old or new text stands, else the whole row."""
    if was is None or ext is None or was[2] != bg or ext[1] <= ext[0]:
        return ((0, right),)
    a = max(ext[0], was[0])
    b = min(ext[1], was[1])
    return ((0, right),) if b <= a else ((0, a), (b, right))


HELP_MS = 2500


def row_ext(r, cols, right):
    """Where row r's text stands: (the x its label ends at, the x its value starts at)."""
    lab, val = layout(r, cols)
    return 4 + len(lab) * CW, right - len(val) * CW


def layout(r, cols):
    """The label and value that row r (label, value[, short label...]) shows in cols characters: as
    they are when they fit, else the value without its brackets beside the first label that fits
    with it; only when none fits, the label alone (tools/screens/walk.py counts a selected row
    without its value as a fault)."""
    lab, val = r[0], r[1]
    if len(lab) + len(val) + (1 if val else 0) <= cols:
        return lab, val
    val = F.brief(val, cols - 5)
    alts = r[2:] + (lab,)
    for a in alts:
        if a and len(a) + len(val) + 1 <= cols:
            return a, val
    return F.pick(alts, cols), ""


def whole(r, cols, h):
    """The help h of row r after what the line shows short of the row."""
    lab, val = layout(r, cols)
    if lab == r[0] and val == r[1]:
        return h
    s = r[0] + (": " + r[1] if val != r[1] else "")
    return s + ("\n" + h if h else "")


def row(c, r, on, cols, right, y):
    """A list row r in cols characters, the value ending at x right."""
    lab, val = layout(r, cols)
    F.text(c, lab, 4, y, P.BLACK if on else P.WHITE)
    if val:
        F.text(c, val, right - len(val) * CW, y, P.BLACK if on else P.CREAM)


class Confirm(ListScreen):
    """A question with two answers, the safe one first: the cursor starts on "no", and B means no.
    "No" goes back to home (kept loaded meanwhile); on_yes() for yes."""

    b_hint = "no"

    def __init__(self, app, title, question, no, yes, on_yes, home):
        ListScreen.__init__(self, app)
        self.home = home
        # the question gets all the room below the two answers
        self.help_lines = (app.canvas.height - BAR - 2 - 2 * LH - 2) // LH
        self.ttl = title
        self.question = question
        self.answers = (no, yes)
        self.on_yes = on_yes

    def needs(self):
        return ListScreen.needs(self) + self.home.needs()

    def below(self):
        return self.home

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
            self.back()

    def back(self):
        self.app.go(self.home)
