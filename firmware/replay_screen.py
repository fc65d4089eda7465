"""Replay: a match stepped through move by move, forward and back (loaded only while shown).

Opened from the results (firmware.again, "Replay this match": every hand open) or from the pause
menu ("Look back over this hand": only what the seat holding the console may see, its own view
of each earlier state). Every state comes from the deal and the action log (engine.deals), played
again; one pass at opening finds where tricks and rounds end and keeps the state every CK moves
(its game.encode() bytes; at most MOST_CKS of them, further apart in a longer match), so a step
back decodes the nearest of them and plays the moves from there.

Keys: DOWN / UP one move on / back (every board has them); RIGHT / LEFT to the end of the next /
previous trick or round, at most 10 moves; A the next page of the text (it wraps round); B (or
START) back.
The page is text in the large face: the last move in words, then the state as the view gives it
(the table's own model, firmware.table), cards as rank and pip.
"""

from firmware import keys as K
from firmware import palette as P
from firmware import bigfont as F
from firmware.ui import Screen, spans
from firmware.cardtext import card_words, pips

# a checkpoint every CK moves at least (a game's encoding: 140-220 bytes each), and at most
# MOST_CKS of them (a longer match: further apart; 3.4 KB at most): a step back plays at most
# 47 moves again in the longest matches (a 6-seat Shithead of 750 moves), 70 ms on the Pico
CK = 24
MOST_CKS = 16
SCAN = 32  # moves gone over a frame while the replay opens (about 70 ms on the Pico)
JUMP = 10  # RIGHT / LEFT move at most this many moves
BOUNDS = ("trick", "round", "score", "hand", "reveal", "restart")
HANDS = ("round", "score", "hand", "restart")  # events that end a hand (a deal's play)


class Replay(Screen):
    """The match of gid (seats, deal, options) by its log (bytes). viewer: -1 every hand open
    (the match is over), else that seat's view only. back: the screen B goes back to. start:
    the move shown first (-1: the last)."""

    def __init__(self, app, gid, seats, deal, opts, log, names, viewer, back, start=0):
        Screen.__init__(self, app)
        from engine import games

        e = games.entry(gid)
        self.gid = gid
        self.fam = e[games.RULES]
        self.rules = games.rules(gid)
        self.seats = seats
        self.deal = deal
        self.opts = opts
        self.log = log
        self.names = names
        self.viewer = viewer
        self.on_back = back
        self.swiss = app.swiss and self.fam == "engine.jass"
        self.top = 0
        self.lines = None  # the page's (text, colour), made when drawn
        self.said = []
        self.g = None
        self.k = -1
        self.first = 0
        self.start = start
        self.keyq = []  # presses while the moves are gone over: handled once they are
        self.begin()
        if self.n <= SCAN and self.scan(SCAN):  # a short log: the page at once
            self.opened()

    def needs(self):
        from firmware import table

        out = Screen.needs(self) + [
            self.fam,
            "engine.games",
            "engine.deals",
            "firmware.table",
            "firmware.cardtext",
            "firmware.bigfont",
        ]
        out = out + table.modules(self.fam)
        b = self.on_back
        if isinstance(b, Screen):
            out = out + b.needs()
        return out

    # ---------- the states ----------
    def begin(self):
        """Start the one pass over the log: how many moves (n), which end a trick or a round
        (marks), where the hand in play starts, and the state every ck moves (cks: its encoding
        and the log's offset there; at most MOST_CKS of them). The pass goes SCAN moves a frame
        (update), the page saying how far it is: 750 moves take about a second on the Pico, and
        the console answers meanwhile (B goes back at once)."""
        from engine import deals, games

        self.n = n = deals.count(self.log)
        self.ck = max(CK, (n + MOST_CKS - 1) // MOST_CKS)
        self.marks = bytearray(n + 1)
        self.cks = []
        self.hand_start = 0
        self.sg = g = games.new_game(self.gid, self.seats, self.deal, self.opts)
        self.sj = self.sp = 0
        self.evs = []
        g.log = self.evs.append

    def scan(self, most):
        """Go over at most `most` more moves of the pass; True once it is done."""
        g = self.sg
        j, p, n, ck, evs, marks = self.sj, self.sp, self.n, self.ck, self.evs, self.marks
        end = min(n, j + most)
        while j < end:
            if j and j % ck == 0:
                self.cks.append((g.encode(), p))
            del evs[:]
            p = self.move(g, p)
            j += 1
            for ev in evs:
                e = ev["ev"]
                if e in BOUNDS:
                    marks[j] = 1
                if e in HANDS and j < n:
                    self.hand_start = j
        self.sj, self.sp = j, p
        if j < n:
            return False
        g.log = None
        self.sg = self.evs = None
        return True

    def opened(self):
        """The pass is done: show the first state, then the presses made meanwhile."""
        # the look back (a seat's view, during the game) covers the hand in play: from the end
        # of the last hand before it; after a match, every move from the deal
        self.first = self.hand_start if self.viewer >= 0 else 0
        start = self.start
        self.go_to(self.n if start < 0 else max(self.first, min(start, self.n)))
        q = self.keyq
        self.keyq = None
        for k in q:
            self.key(k)

    def update(self, now):
        if self.sg is not None:
            try:
                done = self.scan(SCAN)
            except (ValueError, IndexError):  # (GameError too): a log that does not play
                self.unreadable()
                return
            if done:
                self.opened()
            else:
                self.app.more = True  # the next frame at once (no wait, no collection between)

    def unreadable(self):
        """The match's moves do not play again from its deal (a damaged log that the checks at
        Continue could not see: they play only the moves since the undo point): said in words;
        during a game its log is let go (no look back, no undo from it) and the game goes on."""
        from firmware.textui import TextScreen

        self.sg = self.evs = None
        b = self.on_back
        t = getattr(getattr(b, "play", None), "turn", None)
        if t is not None:
            t.drop_log()
        self.app.go(
            TextScreen(
                self.app,
                ("Moves unreadable", "Unreadable"),
                "The moves of this match cannot be read again from its deal, so it cannot be "
                "looked back over%s. The game itself is whole and goes on."
                % (" (nor a move taken back)" if t is not None else ""),
                b,
            )
        )

    def move(self, g, p):
        """Play the logged move at byte offset p on g; the offset of the next."""
        from engine import deals

        log = self.log
        b = log[p]
        if b & 0x80:
            b = ((b & 0x7F) << 8) | log[p + 1]
            p += 1
        deals.step(g, b)
        return p + 1

    def go_to(self, k):
        """Show the state after k moves: one move on from the state shown, else from the nearest
        checkpoint (or the deal) played forward."""
        from engine import games

        k = max(self.first, min(self.n, k))
        if k == self.k and self.g is not None:
            return
        if self.g is not None and k == self.k + 1:
            g = self.g
            p = self.p
        else:
            self.g = None
            ck = self.ck
            c = k // ck
            if c * ck == k and c > 0:
                c -= 1  # the last move is played here: its events are said
            if c:
                data, p = self.cks[c - 1]
                g = games.decode(self.gid, data, validate=False)
                data = None
            else:
                g = games.new_game(self.gid, self.seats, self.deal, self.opts)
                p = 0
            g.log = None
            for j in range(c * ck, k - 1):
                p = self.move(g, p)
            if k == 0:
                self.said = []
                self.set(g, 0, 0)
                return
        evs = []
        g.log = evs.append
        p = self.move(g, p)
        g.log = None
        said = []
        for ev in evs:
            t = self.rules.describe_event(ev, self.names)
            if t:
                said.append(pips(t, self.swiss))
        self.said = said
        self.set(g, k, p)

    def set(self, g, k, p):
        self.g = g
        self.k = k
        self.p = p  # the log's offset of the next move
        self.lines = None
        self.top = 0
        self.full = True

    def jump(self, d):
        """To the end of the next (d=1) or previous (d=-1) trick or round, at most JUMP moves."""
        k = self.k
        j = k + d
        while self.first < j < self.n and not self.marks[j] and abs(j - k) < JUMP:
            j += d
        self.go_to(j)

    # ---------- keys ----------
    def key(self, k):
        if self.keyq is not None:  # still going over the moves
            if k & (K.B | K.START):
                self.sg = self.evs = None
                self.back()
            elif len(self.keyq) < 16:
                self.keyq.append(k)
            return
        # UP / DOWN step: every board has them (the Display Pack 2 has no LEFT / RIGHT)
        if k & K.DOWN:
            self.go_to(self.k + 1)
        elif k & K.UP:
            self.go_to(self.k - 1)
        elif k & K.RIGHT:
            self.jump(1)
        elif k & K.LEFT:
            self.jump(-1)
        elif k & K.A:
            self.top += self.page(self.app.canvas)
            self.full = True
        elif k & (K.B | K.START):
            self.back()

    def below(self):
        b = self.on_back
        return b if isinstance(b, Screen) else None

    def back(self):
        b = self.on_back
        if isinstance(b, Screen):
            self.app.go(b)
        elif b is not None:
            b()
        else:
            self.app.menu()

    # ---------- the page ----------
    def text(self, c):
        """The page's lines (text, colour) for the state shown."""
        from firmware import table

        g = self.g
        out = []
        if self.k == 0:
            out.append(("The deal.", P.CREAM))
        elif self.k == self.first:
            out.append(("The start of this hand.", P.CREAM))
        for t in self.said:
            out.append((t, P.CREAM))
        v = self.viewer
        me = v if v >= 0 else 0
        m = table.model(self.fam, g.view(me), self.names, self.swiss, False)
        if m.status:
            out.append((m.status, P.HILITE))
        if m.points:
            out.append((m.points, P.CREAM))
        for lab, cs, backs, most in m.center:
            t = lab
            if cs:
                t += ": " + card_words(c, cs[-8:])
            out.append((t, P.WHITE))
        who = g.to_act if not g.over else -1
        for s in range(len(self.names)):
            cnt, up, extra = m.seats[s]
            t = ("> " if s == who else "") + self.names[s]
            if s == v:
                t += " (you)"
            d = "%d in hand" % cnt
            if extra:
                d += ", " + extra
            out.append((t + ": " + d, P.HILITE if s == who else P.WHITE))
            if up:
                out.append(("  up: " + card_words(c, up), P.WHITE))
            hand = None
            if v < 0:
                hand = (
                    m.hand
                    if s == me
                    else table.model(self.fam, g.view(s), self.names, self.swiss, False).hand
                )
            elif s == v:
                hand = m.hand
            if hand:
                out.append(("  hand: " + card_words(c, hand), P.WHITE))
            downs = getattr(g, "downs", None) if v < 0 else None  # the match is over: all open
            if downs and downs[s]:
                out.append(("  down: " + card_words(c, downs[s]), P.WHITE))
        if m.words:
            for x in m.words:
                out.append((x, P.WHITE))
        keys = self.app.hal.keys
        jump = "RIGHT/LEFT a trick (10 moves), " if not keys or keys & K.RIGHT else ""
        out.append(("DOWN/UP a move, " + jump + "A more, B back", P.GREY))
        return out

    def page(self, c):
        return max(1, (c.height - F.LINE - 2) // F.LINE)

    def title(self, cols=99):
        """Where you are: "Move 12 of 140", or "Move 12/140" where the title bar is short."""
        k, n = self.k - self.first, self.n - self.first  # the look back counts from its hand
        t = "Move %d of %d" % (k, n)
        return t if len(t) <= cols else "Move %d/%d" % (k, n)

    def paint(self, c):
        if self.keyq is not None:
            self.going_over(c)
            return
        if not self.full:
            return  # every change sets full: the page is drawn whole, once
        if self.lines is None:
            self.lines = self.text(c)
        W, H = c.width, c.height
        cols = (W - 8) // F.ADV
        rows = []
        for t, col in self.lines:
            sp = spans(t, cols)
            for i in range(0, len(sp), 2):
                rows.append((t[sp[i] : sp[i + 1]], col))
        pg = self.page(c)
        if self.top >= len(rows):
            self.top = 0
        right = "B:back"
        t = self.title(cols - len(right) - 1)
        self.sig["title"] = (t, right)  # as every screen keeps it (tests/test_app_words)
        c.fill_rect(0, 0, W, F.LINE, P.PANEL)
        F.text(c, t, 4, 2, P.CREAM)
        F.text(c, right, W - 4 - F.width(right), 2, P.GREY)
        c.fill_rect(0, F.LINE, W, H - F.LINE, P.FELT)
        for j in range(pg):
            i = self.top + j
            if i < len(rows):
                F.text(c, rows[i][0], 4, F.LINE + 2 + j * F.LINE, rows[i][1])
        if len(rows) > pg:  # more pages (A): a bar at the right edge shows which
            bh = H - F.LINE - 4
            th = max(6, bh * pg // len(rows))
            most = max(1, len(rows) - pg)
            c.fill_rect(W - 3, F.LINE + 2 + (bh - th) * min(self.top, most) // most, 2, th, P.GREY)
        c.mark_all()

    def going_over(self, c):
        """While the moves are gone over: what is happening, and how far (a bar)."""
        W = c.width
        y = F.LINE * 3
        if self.full:
            t = "Look back" if self.viewer >= 0 else "Replay"
            self.sig["title"] = (t, "B:back")
            c.fill_rect(0, 0, W, F.LINE, P.PANEL)
            F.text(c, t, 4, 2, P.CREAM)
            F.text(c, "B:back", W - 4 - F.width("B:back"), 2, P.GREY)
            F.text(c, "Reading the moves", 4, F.LINE + 2, P.WHITE)
            c.fill_rect(8, y, W - 16, 10, P.PANEL)
        w = (W - 20) * self.sj // max(1, self.n)
        if self.changed("bar", w):
            c.fill_rect(10, y + 2, w, 6, P.CREAM)
        self.full = False
