"""Replay: a match stepped through move by move, drawn as the table (loaded only while shown).

Opened from the results ("Replay this match": every hand may be seen, one seat's at a time) or from
the pause menu ("Look back over this hand": only the holder's view of each earlier state, never
another seat's hidden cards). Every state is played again from the deal and the action log; one
pass at opening marks where tricks and rounds end and keeps a checkpoint every CK moves, so a step
back plays forward from the nearest one.

The picture is the table's hand page (firmware.tableview) under a title bar ("Move 12 of 140"),
over the words: the move, then what the table asks now, a part at a time when too long.

Keys: DOWN / UP one move; RIGHT / LEFT to the next / previous trick or round end (at most JUMP
moves); A the next seat's cards after a match, else the next part of the words; B or START back.
"""

from firmware import keys as K
from firmware import palette as P
from firmware import bigfont as F
from firmware.ui import Screen
from firmware.cardtext import card_words, pips  # noqa: F401 - card_words: the tests' too
from engine.compat import const

# checkpoints: at most MOST_CKS of them (further apart in a longer match), so a step back plays few
# moves again and the kept encodings stay small
CK = 24
MOST_CKS = 16
SCAN = 32  # moves gone over a frame while the replay opens
JUMP = 10  # RIGHT / LEFT move at most this many moves
BOUNDS = ("trick", "round", "score", "hand", "reveal", "restart")
HANDS = ("round", "score", "hand", "restart")  # events that end a hand (a deal's play)
TURN_MS = 2500  # as play's
# the table's widgets used, by their place in firmware.tableview.parts
_CENTRE = const(1)
_SEATS = const(2)
_CARDS = const(3)
_WORDS = const(4)


class Replay(Screen):
    """The match of gid by its log (bytes). viewer: -1 every hand may be seen, else that seat's
    view only. back: the screen B goes back to. start: the move shown first (-1: the last)."""

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
        from firmware.table import swiss_deck

        self.swiss = app.prefs.swiss and swiss_deck(self.fam)
        # the seat whose view is drawn: the holder's in the look back; A passes it round after a
        # match
        self.seat = viewer if viewer >= 0 else 0
        self.model = None  # the shown state's Model, made when drawn
        self.scene = None  # firmware.table.Scene
        self.parts = None
        self.need = True
        self.wl = None  # (lines, part starts)
        self.since = 0
        self.turned = 0
        self.said = []
        self.game = None
        self.played = -1  # the state shown is after this many moves
        self.first = 0
        self.start = start
        self.keyq = []  # presses while the moves are gone over
        self.begin()
        if self.moves <= SCAN and self.scan(SCAN):
            self.opened()

    def needs(self):
        from firmware import table

        out = Screen.needs(self) + [
            self.fam,
            "engine.games",
            "engine.deals",
            "firmware.table",
            "firmware.tableview",
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
        """Start the one pass over the log: the move count, the trick and round ends (marks), where
        the hand in play starts, and the checkpoints. It goes SCAN moves a frame (update) so the
        console answers meanwhile."""
        from engine import deals, games

        self.moves = n = deals.count(self.log)
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
        j, p, n, ck, evs, marks = self.sj, self.sp, self.moves, self.ck, self.evs, self.marks
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
        # the look back covers the hand in play; after a match, every move from the deal
        self.first = self.hand_start if self.viewer >= 0 else 0
        self.full = True
        start = self.start
        self.go_to(self.moves if start < 0 else max(self.first, min(start, self.moves)))
        q = self.keyq
        self.keyq = None
        for k in q:
            self.key(k)

    def update(self, now):
        if self.sg is not None:
            try:
                done = self.scan(SCAN)
            except (ValueError, IndexError):  # GameError too
                self.unreadable()
                return
            self.need = True
            if done:
                self.opened()
            else:
                self.app.more = True  # no wait, no collection between
            return
        wl = self.wl
        if wl is not None and len(wl[1]) > 1:
            q = (now - self.since) // TURN_MS
            if q != self.turned:
                self.turned = q
                self.need = True

    def unreadable(self):
        """The moves do not play again from the deal (damage the checks at Continue could not see):
        said in words; during a game its log is let go (no look back, no undo) and the game goes
        on."""
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
        """Show the state after k moves: one move on, else from the nearest checkpoint played
        forward."""
        from engine import games

        k = max(self.first, min(self.moves, k))
        if k == self.played and self.game is not None:
            return
        if self.game is not None and k == self.played + 1:
            g = self.game
            p = self.pos
        else:
            self.game = None
            ck = self.ck
            c = k // ck
            if c * ck == k and c > 0:
                c -= 1  # its events are said
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
        self.game = g
        self.played = k
        self.pos = p  # where the next move starts in the log
        self.model = None
        self.wl = None
        self.need = True

    def jump(self, d):
        """To the end of the next (d=1) or previous (d=-1) trick or round, at most JUMP moves."""
        k = self.played
        j = k + d
        while self.first < j < self.moves and not self.marks[j] and abs(j - k) < JUMP:
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
        # the Display Pack 2 has no LEFT / RIGHT
        if k & K.DOWN:
            self.go_to(self.played + 1)
        elif k & K.UP:
            self.go_to(self.played - 1)
        elif k & K.RIGHT:
            self.jump(1)
        elif k & K.LEFT:
            self.jump(-1)
        elif k & K.A:
            if self.viewer < 0:
                self.seat = (self.seat + 1) % len(self.names)
                self.model = None
                self.wl = None
                self.need = True
            else:
                self.turn_words()
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

    # ---------- the picture ----------
    def draw(self):
        if self.full or self.need:
            self.need = False
            Screen.draw(self)

    def enter(self):
        Screen.enter(self)
        c = self.app.canvas
        c.swiss = self.swiss
        c.four = self.app.prefs.four

    def widgets(self, c):
        """The table's widgets, the title bar in place of the prompt: one line, so the words gain
        the tall panels' second line."""
        from firmware import table, tableview

        p = tableview.parts(c.width, c.height)
        up = p[_CENTRE].y - F.LINE - 1
        for w in p[_CENTRE : _WORDS + 1]:
            w.y -= up
        p[_WORDS].h += up
        self.scene = table.Scene(self.fam, self.names, [], "", "")
        return p

    def look(self):
        """The shown state's Model from the shown seat's view only, and the public facts."""
        from firmware import table

        g = self.game
        s = self.seat
        v = g.view(s)
        m = table.model(self.fam, v, self.names, self.swiss, False)
        if m.hand:
            m.hand = table.hand_order(self.fam, v, m.hand, self.app.prefs.hand_order)
        sc = self.scene
        sc.to_act = g.to_act
        sc.over = g.over
        sc.me = sc.you = s
        sc.gen += 1  # a new model: the widgets work out what changed
        self.model = m
        return m

    def words(self, c, m, cols, rows):
        """The words under the table in lines of cols characters: the move, the first sentence of
        the model's status, and after a match the shown seat's face-down cards. Returns (lines,
        starts): each line (text, colour) and where each part of at most rows lines starts."""
        from firmware.tableview import sentences

        said = list(self.said)
        if self.played == 0:
            said.insert(0, "The deal.")
        elif self.played == self.first:
            said.insert(0, "The start of this hand.")
        segs = []
        if said:
            segs.append(("\n".join(said), P.CREAM))
        st = m.status
        i = st.find(". ")
        if i >= 0:
            # Schieber's status goes on with what the table shows
            st = st[: i + 1]
        if st:
            segs.append((st, P.HILITE))
        downs = getattr(self.game, "downs", None) if self.viewer < 0 else None
        if downs and downs[self.seat]:
            segs.append(("Face down: " + card_words(c, downs[self.seat]), P.WHITE))
        text = "\n".join([t for t, col in segs])
        lines, starts = sentences(text, cols, rows)
        if len(starts) > 1:
            cols -= 4  # room for the marker "1/2"
            lines, starts = sentences(text, cols, rows)
        out = []
        for t, col in segs:
            n = len(out) + len(sentences(t, cols, rows)[0])
            for j in range(len(out), n):
                out.append((lines[j], col))
        return out, starts

    def turn_words(self):
        """The next part of the words (A in the look back)."""
        wl = self.wl
        if wl is not None and len(wl[1]) > 1:
            now = self.app.now
            self.since = now - ((now - self.since) // TURN_MS + 1) * TURN_MS
            self.need = True

    def title(self, cols=99):
        """ "Move 12 of 140", or "Move 12/140" where the title bar is short."""
        k, n = self.played - self.first, self.moves - self.first
        t = "Move %d of %d" % (k, n)
        return t if len(t) <= cols else "Move %d/%d" % (k, n)

    def paint(self, c):
        if self.keyq is not None:
            self.going_over(c)
            return
        from firmware import tableview

        p = self.parts
        if p is None:
            p = self.parts = self.widgets(c)
        if self.full:
            for w in p:
                w.sig = None
        m = self.model
        if m is None:
            m = self.look()
        sc = self.scene
        self.title_bar(c)
        tableview.hand(p[_CARDS], c, m, None, sc)
        tableview.centre(p[_CENTRE], p[_SEATS], c, m, sc)
        self.words_part(p[_WORDS], c, m, self.app.now)

    def title_bar(self, c):
        W = c.width
        right = "B:back"
        t = self.title((W - 8) // F.ADV - len(right) - 1)
        if self.changed("title", (t, right)):
            c.fill_rect(0, 0, W, F.LINE, P.PANEL)
            F.text(c, t, 4, 2, P.CREAM)
            F.text(c, right, W - 4 - F.width(right), 2, P.GREY)
            c.mark(0, 0, W, F.LINE)

    def words_part(self, w, c, m, now):
        """The words in the rectangle of the table's menu; a line is drawn only when it changed."""
        W = w.w
        rows = w.h // F.LINE
        cols = (W - 8) // F.ADV
        show = []
        if self.viewer < 0:
            nm = self.names[self.seat]
            show.append(
                (F.pick(("%s's cards (A: next)" % nm, "%s (A: next)" % nm, nm), cols), P.GREY)
            )
        top = len(show)
        wl = self.wl
        if wl is None:
            wl = self.wl = self.words(c, m, cols, rows - top)
            self.since = now
            self.turned = 0
        lines, starts = wl
        k = self.turned % len(starts)
        a = starts[k]
        show += lines[a : starts[k + 1] if k + 1 < len(starts) else len(lines)]
        mark = "%d/%d" % (k + 1, len(starts)) if len(starts) > 1 else ""
        old = w.sig
        if not w.changed((show, mark)):
            return
        if old is None:
            c.fill_rect(w.x, w.y, W, w.h, P.PANEL)
            c.mark(w.x, w.y, W, w.h)
            old = ([], "")
        was, om = old
        for j in range(rows):
            r = show[j] if j < len(show) else None
            o = was[j] if j < len(was) else None
            if r == o and (j != top or mark == om):
                continue
            y = w.y + j * F.LINE
            c.fill_rect(w.x, y, W, F.LINE, P.PANEL)
            if r is not None:
                F.text(c, r[0], 4, y + 2, r[1])
            if j == top and mark:
                F.text(c, mark, W - 4 - F.width(mark), y + 2, P.GREY)
            c.mark(w.x, y, W, F.LINE)

    def going_over(self, c):
        """While the moves are gone over: a progress bar."""
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
        w = (W - 20) * self.sj // max(1, self.moves)
        if self.changed("bar", w):
            c.fill_rect(10, y + 2, w, 6, P.CREAM)
        self.full = False
