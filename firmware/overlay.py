"""The pass-and-play hand-over screen drawn over the table (it shows only public news and no
card) and its cue: a widget (Cover) that owns the whole panel and draws from a narrow model, whom
to pass to, the public log and how much of it is news to them, and the cue's stage (the view of
firmware.handover's clock, which the screen reads and this module never changes). Loaded while
the hand-over is up (firmware.play's needs): while A is held, the bar moves on every frame.
"""

from firmware import palette as P
from firmware.ui import wrap


class Cover:
    """The hand-over screen's widget: what it last drew (seat None: draw it afresh), so that a
    frame draws only what changed (the cue, a part of the news). Made once a game."""

    def __init__(self):
        self.seat = None  # whom it named, and the log (its count, the part heard) it showed
        self.logn = 0
        self.heard = 0
        self.stage = -1
        self.part = 0
        self.parts = 1
        self.fresh = False  # a new hand-over was drawn: its clock starts now (Play.draw)
        self.heads = []  # the first line of each part of the news

    def same(self, s, logn, heard):
        return self.seat == s and self.logn == logn and self.heard == heard


def paint(w, c, whole, s, name, log, logn, heard, stage, now):
    """The hand-over to seat s (name), the public news since their last turn (log: the public
    log, logn its count of lines ever, heard the count s had heard) and the cue of the clock
    (stage: firmware.handover's), each drawn when it changed; whole: the panel afresh."""
    # news longer than its place: a part at a time, in turn (every TURN_MS), each line whole
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
    """The lines of the public log heard has not heard (the log keeps its last lines only)."""
    return log[-(logn - heard) :] if logn > heard else []


TURN_MS = 2500  # one part of news too long for the hand-over screen (firmware.play's)


def news_part(w, c, news, part):
    """The public news since the next player's last turn, under "Since your last turn:", whole
    lines only: part k of them when they need more room than the screen has, each part starting
    at an entry (a sentence with its subject), never inside one."""
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
    w.parts = n  # part: the time's count of TURN_MS, taken modulo n
    w.heads = [lines[a] for a in starts]  # each part's first line (the walk reads them)
    k = part % n
    if n > 1:  # more parts follow: a bar at the right edge with this part's place lit
        h = room * F.LINE
        c.fill_rect(W - 3, y, 2, h, P.FELT2)
        c.fill_rect(W - 4, y + h * k // n, 4, max(3, h // n), P.HILITE)
    for ln in lines[starts[k] : starts[k + 1] if k + 1 < n else starts[k] + room]:
        F.text(c, ln, 4, y, P.WHITE)
        y += F.LINE


def packed(news, cols, room):
    """The entries of news wrapped in lines of cols characters, and where each part of at most
    room lines starts: a part holds whole entries (each says who did what), so a part shown
    alone never starts inside one (an entry longer than a part goes on in the next)."""
    lines = []
    starts = [0]
    cur = 0  # lines in the part being filled
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
    """The hand-over screen in the large face (firmware.bigfont): whom to pass the console to
    (the news under it is news_part()'s, the prompt at the bottom cue()'s)."""
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


SHORT_H = 200  # a panel this short says whom to pass to in one line


def cue(c, name, stage):
    """The hand-over prompt at the bottom: stage 0 while presses do not count yet, 1 "hold A",
    2..9 a bar filling while A is held (the next hand shows when it is full)."""
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
