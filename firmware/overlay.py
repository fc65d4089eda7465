"""The pass-and-play hand-over screen drawn over the table: whom to pass to, the public news since
their last turn, and the cue of firmware.handover's clock; never a card. Loaded while the hand-over
is up.
"""

from firmware import palette as P
from firmware.ui import wrap


class Cover:
    """The hand-over screen's widget: what it last drew, so a frame draws only what changed."""

    def __init__(self):
        self.seat = None  # whom it named, and the log it showed (count, part heard)
        self.logn = 0
        self.heard = 0
        self.stage = -1
        self.part = 0
        self.parts = 1
        self.fresh = False  # a new hand-over was drawn: its clock starts now
        self.heads = []

    def same(self, s, logn, heard):
        return self.seat == s and self.logn == logn and self.heard == heard


def paint(w, c, whole, s, name, log, logn, heard, stage, now):
    """The hand-over to seat s, the public news since their last turn (logn lines ever logged,
    heard of them heard by s) and the cue (stage), each drawn when it changed; whole: afresh."""
    # news longer than its place shows a part at a time, in turn
    q = now // TURN_MS
    part = q % w.parts
    if not whole:
        if part != w.part:
            w.part = part
            news_part(w, c, news(log, logn, heard), part)
        if stage == w.stage:
            return
    else:
        w.seat = s
        w.logn = logn
        w.heard = heard
        w.parts = 1
        privacy(c, name)
        news_part(w, c, news(log, logn, heard), q)
        w.part = q % w.parts
    w.stage = stage
    cue(c, name, stage)


def news(log, logn, heard):
    """The lines of the public log not yet heard (the log keeps its last lines only)."""
    return log[-(logn - heard) :] if logn > heard else []


TURN_MS = 2500  # as firmware.play's


def news_part(w, c, news, part):
    """The news under "Since your last turn:", whole lines only, part k of them when they need more
    room, each part starting at an entry."""
    from firmware import bigfont as F

    W, H = c.width, c.height
    cols = (W - 8) // F.ADV
    y = 6 + (1 if H < SHORT_H else 2) * F.LINE
    room = (H - 3 * F.LINE - 6 - y) // F.LINE
    c.fill_rect(0, y, W, room * F.LINE, P.PANEL)
    c.mark(0, y, W, max(1, room * F.LINE))
    if not news or room <= 0:
        return
    total = 0
    for t in news:
        total += len(wrap(t, cols))
    if room > 1 and total < room:
        F.text(c, F.pick(("Since your last turn:", "Since your turn:"), cols), 4, y, P.CREAM)
        y += F.LINE
        room -= 1
    lines, starts = packed(news, cols, room)
    n = len(starts)
    w.parts = n
    w.heads = [lines[a] for a in starts]  # the walk reads them
    k = part % n
    if n > 1:  # more parts follow: a bar with this part's place lit
        h = room * F.LINE
        c.fill_rect(W - 3, y, 2, h, P.FELT2)
        c.fill_rect(W - 4, y + h * k // n, 4, max(3, h // n), P.HILITE)
    for ln in lines[starts[k] : starts[k + 1] if k + 1 < n else starts[k] + room]:
        F.text(c, ln, 4, y, P.WHITE)
        y += F.LINE


def packed(news, cols, room):
    """The entries of news in lines of cols characters, and where each part of at most room lines
    starts: a part holds whole entries (each says who did what) where they fit."""
    lines = []
    starts = [0]
    cur = 0
    for t in news:
        sl = wrap(t, cols)
        if cur and cur + len(sl) > room:
            starts.append(len(lines))
            cur = 0
        lines += sl
        cur += len(sl)
        while cur > room:
            starts.append(len(lines) - cur + room)
            cur -= room
    return lines, starts


def privacy(c, name):
    """The hand-over screen's top: whom to pass the console to."""
    from firmware import bigfont as F

    W, H = c.width, c.height
    cols = (W - 8) // F.ADV
    c.fill_rect(0, 0, W, H, P.PANEL)
    c.mark_all()
    if H < SHORT_H:  # one line for whom, two for the news
        x = F.text(c, "Pass to ", 4, 3, P.GREY)
        F.text(c, name, x, 3, P.HILITE)
        return
    F.text(c, F.fit("Pass the console to", cols), 4, 3, P.GREY)
    F.text(c, name, (W - F.width(name)) // 2, 3 + F.LINE, P.HILITE)


SHORT_H = 200  # a panel this short says whom in one line


def cue(c, name, stage):
    """The prompt at the bottom: stage 0 while presses do not count, 1 "hold A", 2..9 the bar
    filling while A is held."""
    from firmware import bigfont as F

    W, H = c.width, c.height
    cols = (W - 8) // F.ADV
    y = H - 3 * F.LINE - 4
    c.fill_rect(0, y, W, 3 * F.LINE + 4, P.PANEL)
    c.mark(0, y, W, 3 * F.LINE + 4)
    if stage == 0:
        F.text(c, F.fit("Pass it to " + name, cols), 4, y + 2, P.GREY)
        return
    F.text(c, F.fit("Hold A: see cards", cols), 4, y + 2, P.HILITE)
    bw = W - 8
    c.rect(4, y + F.LINE + 4, bw, 10, P.GREY)
    if stage > 1:
        c.fill_rect(5, y + F.LINE + 5, (bw - 2) * (stage - 1) // 8, 8, P.HILITE)
    F.text(c, F.fit("B: pause menu", cols), 4, y + 2 * F.LINE + 2, P.GREY)
