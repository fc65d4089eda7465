"""Playing a game: the table screen. Play holds three parts with one job each:
  the turn controller  firmware.turn.Turn (Play.turn): the game, whose turn, the hand-over
        between humans, the bots, the public log, the round panel, autosave, the result; it
        never draws, and tells this screen what changed through its news bits
  the human input      firmware.human.Human (Play.turn.human): the split of the legal actions,
        the selection, the cursor, the keys of a human's turn; only in a game with a human seat
  the table view       the hand page's widgets (firmware.tableview.Part, Play.parts: prompt,
        centre, seats, cards, menu; the whole panel for the other pages), each owning its
        rectangle and the signature of what it last drew; the table and log pages and the round
        panel (firmware.tablepages); the hand-over screen (firmware.overlay.Cover, Play.cover).
        They draw from a narrow model: the model of the shown seat's view (Play.m) and the
        table's public facts (Play.scene), both firmware.table's, never this screen, the
        controller or the game
Play itself routes the keys, turns the pages, keeps the model and the scene of the shown seat,
and reads the controller's phase (Turn.phase, worked out once a frame) to choose what to draw.

Controls at the table (all reachable with UP, DOWN, A, B). The table has three pages
(firmware.tableview): your hand, the table, the log.
  UP/DOWN  move along your cards, then along the choices menu (it wraps around); on the table
        and log pages they scroll; while others play they turn the page
  LEFT/RIGHT  the previous / next page
  A     on a card: select it (a play that needs no more cards is made at once; equal ranks
        collect into a multi-card play, offered first in the menu); on a menu entry: do it (the
        last entry, "Table and log", turns the page); on the table and log pages: next page
  B     clear the selection, or open the pause menu (on the other pages: back to the hand);
        START opens the pause menu too
  X     jump between the cards and the menu;  Y clears the selection
The screen of a seat is drawn only from that seat's view (engine view(seat)). When the next
human to act is not the one holding the console, a hand-over screen names them and shows only
the public account of what happened since their last turn; firmware.turn keeps its clock (a
press before it appeared or in its first ARM_MS does not count; A held HOLD_MS reveals).
"""

from firmware import keys as K
from firmware import table
from firmware.ui import Screen
from firmware.turn import Turn, NEED, MOVED, WHOLE, SEAT, HANDOVER, MINE, PANEL
from engine.compat import collect, const
from firmware import lifetimes
from firmware import tablemods

# firmware.human's answers and tableview's widget places, the same values (tests/test_app_table
# checks): underscore const()s are inlined by MicroPython and take no RAM, but are invisible to
# other modules (the two modules are not always loaded with this one)
_PAUSE = const(1)
_PAGE = const(2)
_PROMPT = const(0)  # the places in Play.parts of the prompt, the cards and the other pages'
_CARDS = const(3)  # widget (tableview's)
_SHEET = const(5)
_LINKED = const(4)  # a seat played on a linked console (firmware.choices.LINKED)
# moves of a continued save's log checked a frame (firmware.logcheck): a few ms on the Pico
_HISTORY_MOVES = const(4)


TURN_MS = 2500  # the parts of a text too long for its place turn this often (tableview, overlay)


class Play(Screen):
    Controller = Turn  # a linked console's table: firmware.linkplay's LinkedTurn

    def __init__(self, app, gid, g, kinds, names, seed):
        Screen.__init__(self, app)
        t = self.turn = self.Controller(app, gid, g, kinds, names, seed)
        # what the widgets draw from besides the model (firmware.table.Scene): set by refresh()
        self.scene = table.Scene(t.fam, t.names, t.log, t.title, t.short)
        self.mods = self.modules(True)
        self.need = True
        self.owed = False  # this frame left the hand page's prompt and menu to the next
        self.m = None  # the model of the shown seat's view (None: worked out when drawn)
        from firmware import tableview

        c = app.canvas
        self.parts = tableview.parts(c.width, c.height)  # the hand page's widgets (None: shed)
        self.page = 0  # firmware.tableview: 0 your hand, 1 the table, 2 the log
        self.scroll = 0
        self.turned = 0  # the part of a long text shown (TURN_MS: the time it changes)
        self.pp = [0, 1]  # the round panel's part shown, and how many (tablepages.round_panel)
        self.cover = None  # the hand-over screen's widget (firmware.overlay), made when first up

    def needs(self):
        mods = self.mods
        if self.parts is None:  # shed: the drawing (the layout, tableview) comes with enter()
            mods = self.modules(False)
        if self.turn.link is not None:
            mods = mods + self.turn.link.needs()
        if self.turn.saved.unchecked is not None:
            # a continued save's checks (check_save, after the first frame) use what reading
            # it loaded: kept until they are made, not let go and loaded again
            mods = mods + ["engine.codec", "firmware.savelog", "engine.setup", "engine.optrows"]
            mods.append(self.turn.fam + "_check")
        if len(self.turn.humans) > 1:
            # the hand-over screen comes after every human move: loading it again each time
            # cost the card played that brings it up about 10 ms on the Pico (it is 1.3 KB)
            return Screen.needs(self) + mods + ["firmware.overlay"]
        return Screen.needs(self) + mods

    def modules(self, drawing):
        """What this table keeps in RAM: firmware.tablemods.TABLE for its game (its rules and
        bots, the family's table layout, the widgets, the human input for a game with a human
        seat), a strong seat's search, and the large face it is drawn in; without the drawing
        (drawing False: shed) the layout is not looked up, so not loaded again."""
        t = self.turn
        out = []
        for name in tablemods.TABLE:
            if not drawing and name in tablemods.DRAWING:
                continue
            if name == "rules":
                name = t.fam
            elif name == "bots":
                name = t.bots.module
            elif name == "layout":
                name = table.modules(t.fam)[0]
            elif name == "firmware.human" and t.human is None:
                continue
            out.append(name)
        if 3 in t.kinds:  # a strong seat searches: its search code stays for the whole game
            out += ["engine.search", t.fam + "_world"]
        # not loaded ahead: every screen has the large face already (app.TABLE_KEEP)
        out.append("firmware.bigfont")
        return out

    def shed(self):
        """Let go of the table's drawing (its widgets, firmware.tableview and the family's
        layout: 12-15 KB on the Pico) until enter() builds it again: for the replay, whose
        states and page beside a table's own peak need that room. What the table last drew is
        forgotten already (pause)."""
        self.parts = None
        a = self.app
        lifetimes.release(a.screen.needs() if a.screen is not None else self.needs())
        collect()

    def enter(self):
        Screen.enter(self)
        if self.parts is None:
            # back after shed() (the replay): what the screen over the table held goes now,
            # not after this frame, before the drawing comes back
            lifetimes.release(self.needs())
            collect()
            from firmware import tableview

            c = self.app.canvas
            self.parts = tableview.parts(c.width, c.height)
        t = self.turn
        self.app.canvas.swiss = t.swiss
        self.app.canvas.four = self.app.prefs.four
        self.need = True
        self.m = None
        t.ho.reset()  # back from the pause menu: the hand-over starts over
        if self.cover is not None:
            self.cover.seat = None  # and its screen is drawn as new

    def refresh(self):
        """Recompute what the shown seat may see, and the scene's public facts; called after
        every change."""
        t = self.turn
        g = t.g
        seat = t.shown_seat()
        sc = self.scene
        s = sc.to_act = g.to_act
        sc.over = g.over
        sc.bot = s >= 0 and t.kinds[s] != 0 and t.kinds[s] != _LINKED
        sc.hurry = sc.bot and t.delay() > 0
        sc.logn = t.logn
        sc.me = seat
        sc.you = seat if t.humans else -1
        h = t.human
        if seat < 0:
            self.m = None
            if h is not None:
                h.look(None)
        else:
            v = g.view(seat)
            self.m = table.model(t.fam, v, t.names, self.app.prefs.swiss, False)
            # the setting "Hand order" (the human input finds its cards in the row shown)
            self.m.hand = table.hand_order(t.fam, v, self.m.hand, self.app.prefs.hand_order)
            sc.gen += 1  # firmware.tableview redraws the centre and seats of a new model
            if h is not None:
                # the menu's labels use it in this frame (1.2 ms a view on the Pico)
                h.look(v if seat == s else None)
        if h is not None:
            if t.phase == MINE:
                h.split(self.m.hand)
            else:
                h.drop()
        self.need = True

    def update(self, now):
        """The controller's clock and bots, then what it says changed (its news bits; the keys
        of this tick came before: App.tick runs key, update, draw)."""
        t = self.turn
        # a continued game's checks wait for its first frame (self.full until it is drawn)
        if t.saved.unchecked is not None and (self.full or not self.check_save()):
            return
        if t.history is not None and not t.check_history(_HISTORY_MOVES):
            self.history_lost(self)
            return
        t.update(now)
        p = self.parts
        q = (now - (p[_PROMPT].off if p is not None else 0)) // TURN_MS
        if q != self.turned:
            # a text longer than its place shows its next part (the prompt, the hand-over's
            # news): the widgets redraw only if theirs changed
            self.turned = q
            self.need = True
        n = t.take_news()
        if not n:
            return
        if n & NEED:
            self.need = True
        if n & MOVED:
            self.m = None  # worked out again when drawn: not held while the bots think
        if n & WHOLE:
            self.full = True
            if n & SEAT:
                self.page = 0  # the new player starts on their hand
                if p is not None:
                    p[_PROMPT].off = now % TURN_MS  # its prompt's first part stays a whole turn
            self.refresh()

    def key(self, k):
        self.need = True
        t = self.turn
        if t.saved.unchecked is not None and not self.check_save():
            return
        if t.phase == PANEL:
            pp = self.pp
            if k & K.A and pp[0] + 1 < pp[1]:
                pp[0] += 1  # the next part of a panel longer than the screen
            elif k & (K.A | K.B | K.START):
                t.close_panel()
            return
        if k & K.START:
            self.pause()
            return
        if t.phase == HANDOVER:
            if t.ho.key(k, self.app.now):
                self.pause()
            return
        h = t.human
        if h is not None:
            h.tip = ""
        if self.m is None and t.shown_seat() >= 0:
            # a move left the model to be worked out when drawn (MOVED): worked out now, so
            # that the key counts as it would have a frame later (the draw then uses it)
            self.refresh()
        if self.page or self.m is None:
            self.page_key(k)
            return
        if k & K.LEFT:
            self.turn_page(-1)
            return
        if k & K.RIGHT:
            self.turn_page(1)
            return
        if t.phase != MINE:
            if k & K.B:
                self.pause()
            elif k & K.A:
                t.hurry()
            elif k & (K.UP | K.DOWN):
                self.turn_page(1 if k & K.DOWN else -1)  # boards without LEFT/RIGHT
            return
        if h.acts is None:
            self.refresh()
        r = h.key(k)
        if r == _PAUSE:
            self.pause()
        elif r == _PAGE:
            self.turn_page(1)

    def page_key(self, k):
        """Keys on the table and log pages (and the public account before a human's turn):
        UP/DOWN scroll, LEFT/RIGHT and A turn the page, B goes back to the hand."""
        if k & K.UP:
            if self.scroll > 0:
                self.scroll -= 1
        elif k & K.DOWN:
            self.scroll += 1  # tableview stops it at the end
        elif k & (K.RIGHT | K.A) and self.m is not None:
            self.turn_page(1)
        elif k & K.LEFT and self.m is not None:
            self.turn_page(-1)
        elif k & K.B:
            if self.page:
                self.page = 0
                self.full = True
            else:
                self.pause()
        elif k & K.A:
            self.turn.hurry()

    def check_save(self):
        """The checks of a continued save's game (engine.games.check), made once its table is on
        the panel and before any key, bot or clock acts on it; a game that fails them is kept
        aside with a line naming its slot and game (firmware.savefile.refuse). False then."""
        t = self.turn
        try:
            from engine import games
            from firmware.savelog import check_undo

            try:
                games.check(t.gid, t.g, t.saved.unchecked)
            finally:
                games.hold_setup(False)
            check_undo(t)
        except ValueError as e:
            from firmware.savefile import refuse

            refuse(self.app, t.saved.slot, t.gid, e)
            return False
        t.ready()
        return True

    def history_lost(self, back):
        """Say that a continued save's moves before its undo point do not lead to its undo
        state (firmware.logcheck): the game goes on, without look back or undo. back: the
        screen the words lead back to."""
        from firmware.textui import TextScreen

        self.app.go(
            TextScreen(
                self.app,
                ("Moves unreadable", "Unreadable"),
                "The moves saved with this match do not play again from its deal, so it cannot "
                "be looked back over, nor a move taken back. The game itself is whole and goes "
                "on.",
                back,
            )
        )

    def pause(self):
        # what the table last drew is worked out afresh on return (enter): not held meanwhile
        self.forget()
        self.m = None
        h = self.turn.human
        if h is not None:
            h.drop()
        from firmware.pause import Pause

        self.app.go(Pause(self.app, self))

    def forget(self):
        """Drop what the screen last drew (its signatures and the widgets'): drawn afresh."""
        self.sig = {}
        h = self.turn.human
        if h is not None:
            h.look(None)
        if self.cover is not None:
            self.cover.seat = None
        if self.parts is None:
            return
        for w in self.parts:
            w.sig = None
        self.parts[_CARDS].first = 0  # a wide hand shows from its first card again

    # ---------- drawing ----------
    def draw(self):
        if not (self.full or self.need):
            return
        if self.m is None:
            self.refresh()
        if self.full:
            for w in self.parts:
                w.sig = None  # each widget draws afresh
        self.owed = False
        Screen.draw(self)
        self.need = False
        if self.owed:  # the hand page's words after its cards (tableview.hand_page): at once
            self.need = True
            self.app.more = True
        t = self.turn
        if t.human is not None:
            t.human.look(None)  # not held between frames (RAM)
        w = self.cover
        if w is not None and w.fresh:
            w.fresh = False
            t.ho.restart()  # a new hand-over screen is on the panel: its clock starts now
        if t.ho.drawn():
            # the move is on its way to the panel: the hand-over screen next, at once (its
            # autosave after that frame)
            t.tell(NEED)
            self.app.more = True

    def paint(self, c):
        t = self.turn
        if t.phase == HANDOVER and t.ho.pending != 1:
            self.hand_over(c, t)
            return
        if t.phase == PANEL:
            was = self.sig.get("panel")
            if was is not None and was[0] != tuple(t.panel):
                self.pp[0] = 0  # another panel: from its start
            if self.changed("panel", (tuple(t.panel), self.pp[0])):
                if t.board:
                    board = table.score_board(t.fam)  # a hand is over: the score board
                    self.pp[1] = 1  # one page: A or B continues
                    board.panel(c, t.names, t.board, board.public_view(t))
                    return
                from firmware import tablepages

                tablepages.round_panel(c, t.panel, self.pp)
            return
        m = self.m
        sc = self.scene
        if m is None or self.page:
            from firmware import tablepages  # loaded while shown (firmware.lifetimes)
            from firmware.tableview import PAGES, TABLE

            w = self.parts[_SHEET]
            pg = self.page
            if m is None:
                self.scroll = tablepages.wait_page(w, c, sc, pg, PAGES)
            elif pg == TABLE:
                self.scroll = tablepages.table_page(w, c, m, sc, pg, self.scroll, PAGES)
            else:
                self.scroll = tablepages.log_page(w, c, sc, pg, self.scroll, PAGES)
            return
        from firmware import tableview

        h = t.human
        tip = h.tip if h is not None else ""
        if t.phase != MINE:
            h = None
        self.owed = tableview.hand_page(self.parts, c, m, sc, h, tip, self.page, self.app.now)

    def hand_over(self, c, t):
        """The hand-over screen (firmware.overlay's Cover) in place of the table: whom to pass
        to, their news, the clock's cue."""
        from firmware import overlay  # kept while the hand-over is up (needs)

        w = self.cover
        if w is None:
            w = self.cover = overlay.Cover()
        s = t.actor
        heard = t.heard[s]
        fresh = not w.same(s, t.logn, heard)
        whole = self.full or fresh
        if whole:
            # what the table last drew is not held meanwhile: drawn afresh for the next player;
            # a repaint of the same hand-over (a wake from the dimmed screen) keeps its clock
            self.forget()
            w.fresh = fresh
        now = self.app.now
        overlay.paint(w, c, whole, s, t.names[s], t.log, t.logn, heard, t.ho.stage(now), now)

    def turn_page(self, d):
        """Show the next (d=1) or previous page of the table (firmware.tableview)."""
        from firmware.tableview import PAGES

        self.page = (self.page + d) % PAGES
        self.scroll = -1 if self.page == 2 else 0
        self.full = True
