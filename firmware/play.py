"""Playing a game: the table screen. Play holds three parts with one job each: the turn controller
firmware.turn.Turn (Play.turn): the game, whose turn, the hand-over, the bots, the public log,
the round panel, autosave, the result; it never draws, and tells this screen what changed
through its news bits the human input      firmware.human.Human (Play.turn.human): a human's
turn's choices, cursor and keys; only in a game with a human seat the table view       the hand
page's widgets (Play.parts), the other pages and the round panel (firmware.tablepages), the
hand-over screen (Play.cover); they draw from the shown seat's Model (Play.model) and the table's
public facts (Play.scene) only Play routes the keys, turns the pages, keeps the model and the
scene, and reads the controller's phase to choose what to draw. The controls are in docs/APP.md,
"Controls"; all are reachable with UP, DOWN, A and B.

A seat's screen is drawn only from that seat's view. When the next human to act is not the one
holding the console, a hand-over screen names them and shows only the public news since their
last turn (firmware.handover keeps its clock).
"""

from firmware import keys as K
from firmware import table
from firmware.ui import Screen
from firmware.turn import Turn, NEED, MOVED, WHOLE, SEAT, HANDOVER, MINE, PANEL
from engine.compat import collect, const
from firmware import lifetimes
from firmware import tablemods

# firmware.human's answers and tableview's widget places, the same values (tests/test_app_table
# checks): underscore const()s take no RAM but are invisible to other modules
_PAUSE = const(1)
_PAGE = const(2)
_PROMPT = const(0)  # the places in Play.parts of the prompt, the cards and the other pages'
_CARDS = const(3)  # widget
_SHEET = const(5)
_LINKED = const(4)  # firmware.choices.LINKED
# moves of a continued save's log checked a frame (firmware.logcheck)
_HISTORY_MOVES = const(4)


TURN_MS = 2500  # the parts of a long text turn this often (tableview, overlay)


class Play(Screen):
    Controller = Turn  # a linked console's: LinkedTurn

    def __init__(self, app, gid, g, kinds, names, seed):
        Screen.__init__(self, app)
        t = self.turn = self.Controller(app, gid, g, kinds, names, seed)
        # what the widgets draw from besides the model: set by refresh()
        self.scene = table.Scene(t.fam, t.names, t.log, t.title, t.short)
        self.mods = self.modules(True)
        self.need = True
        self.owed = False  # this frame left the hand page's prompt and menu to the next
        self.model = None  # the shown seat's model (None: worked out when drawn)
        from firmware import tableview

        c = app.canvas
        self.parts = tableview.parts(c.width, c.height)  # the hand page's widgets (None: shed)
        self.page = 0  # 0 your hand, 1 the table, 2 the log
        self.scroll = 0
        self.turned = 0  # the part of a long text shown
        self.pp = [0, 1]  # the round panel's part shown, and how many
        self.cover = None  # the hand-over screen's widget, made when first up

    def needs(self):
        mods = self.mods
        if self.parts is None:  # shed: the drawing comes back with enter()
            mods = self.modules(False)
        if self.turn.link is not None:
            mods = mods + self.turn.link.needs()
        if self.turn.saved.unchecked is not None:
            # a continued save's checks (check_save, after the first frame) use the save's
            # reader and the setup helpers its decode kept (launch.resume): kept until then
            from engine.games import setup_modules

            mods = mods + ["engine.codec", "firmware.savelog"] + setup_modules()
        if len(self.turn.humans) > 1:
            # the hand-over screen comes after every human move: kept rather than loaded each time
            return Screen.needs(self) + mods + ["firmware.overlay"]
        return Screen.needs(self) + mods

    def modules(self, drawing):
        """What this table keeps in RAM: tablemods.TABLE for its game, a strong seat's search, and
        the large face; without the drawing (shed) the layout is not looked up, so not loaded
        again."""
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
        if 3 in t.kinds:  # a strong seat's search code stays for the whole game
            out += ["engine.search", t.fam + "_world"]
        # every screen has the large face already (app.TABLE_KEEP)
        out.append("firmware.bigfont")
        return out

    def shed(self):
        """Let go of the table's drawing (its widgets, tableview and the family's layout) until
        enter() builds it again: the replay beside a table's own peak needs that room."""
        self.parts = None
        a = self.app
        lifetimes.release(a.screen.needs() if a.screen is not None else self.needs())
        collect()

    def enter(self):
        Screen.enter(self)
        if self.parts is None:
            # back after shed(): what the screen over the table held goes before the drawing comes
            # back
            lifetimes.release(self.needs())
            collect()
            from firmware import tableview

            c = self.app.canvas
            self.parts = tableview.parts(c.width, c.height)
        t = self.turn
        self.app.canvas.swiss = t.swiss
        self.app.canvas.four = self.app.prefs.four
        self.need = True
        self.model = None
        t.handover.reset()  # back from the pause menu: the hand-over starts over
        if self.cover is not None:
            self.cover.seat = None  # drawn as new

    def refresh(self):
        """What the shown seat may see, and the scene's public facts; after every change."""
        t = self.turn
        g = t.game
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
            self.model = None
            if h is not None:
                h.look(None)
        else:
            v = g.view(seat)
            self.model = table.model(t.fam, v, t.names, self.app.prefs.swiss, False)
            # the "Hand order" setting: the human input finds its cards in the row shown
            self.model.hand = table.hand_order(
                t.fam, v, self.model.hand, self.app.prefs.hand_order
            )
            sc.gen += 1  # a new model: the centre and seats redraw
            if h is not None:
                # the menu's labels use it in this frame
                h.look(v if seat == s else None)
        if h is not None:
            if t.phase == MINE:
                h.split(self.model.hand)
            else:
                h.drop()
        self.need = True

    def update(self, now):
        """The controller's clock and bots, then what it says changed (the keys came first:
        App.tick runs key, update, draw)."""
        t = self.turn
        # a continued game's checks wait for its first frame
        if t.saved.unchecked is not None and (self.full or not self.check_save()):
            return
        if t.history is not None and not t.check_history(_HISTORY_MOVES):
            self.history_lost(self)
            return
        try:
            t.update(now)
        except MemoryError:
            # the bots' module or a strong bot's search finds no block large enough beside the
            # table's drawing (the stock install, bytecode in RAM): the drawing goes, the bots
            # are made in that room, and the drawing comes back after them
            if self.parts is None:
                raise
            self.shed()
            t.update(now)
            self.enter()
        p = self.parts
        q = (now - (p[_PROMPT].off if p is not None else 0)) // TURN_MS
        if q != self.turned:
            # a text longer than its place shows its next part; the widgets redraw only if theirs
            # changed
            self.turned = q
            self.need = True
        n = t.take_news()
        if not n:
            return
        if n & NEED:
            self.need = True
        if n & MOVED:
            self.model = None  # worked out again when drawn: not held while the bots think
        if n & WHOLE:
            self.full = True
            if n & SEAT:
                self.page = 0  # the new player starts on their hand
                if p is not None:
                    p[_PROMPT].off = now % TURN_MS  # its first part stays a whole turn
            self.refresh()

    def key(self, k):
        self.need = True
        t = self.turn
        if t.saved.unchecked is not None and not self.check_save():
            return
        if t.phase == PANEL:
            pp = self.pp
            if k & K.A and pp[0] + 1 < pp[1]:
                pp[0] += 1  # the next part of a long panel
            elif k & (K.A | K.B | K.START):
                t.close_panel()
            return
        if k & K.START:
            self.pause()
            return
        if t.phase == HANDOVER:
            if t.handover.key(k, self.app.now):
                self.pause()
            return
        h = t.human
        if h is not None:
            h.tip = ""
        if self.model is None and t.shown_seat() >= 0:
            # a move left the model to be worked out when drawn: worked out now, so the key counts
            # as it would a frame later
            self.refresh()
        if self.page or self.model is None:
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
        """Keys on the table and log pages (and the public account before a human's turn): UP/DOWN
        scroll, LEFT/RIGHT and A turn the page, B goes back to the hand."""
        if k & K.UP:
            if self.scroll > 0:
                self.scroll -= 1
        elif k & K.DOWN:
            self.scroll += 1  # tableview stops it at the end
        elif k & (K.RIGHT | K.A) and self.model is not None:
            self.turn_page(1)
        elif k & K.LEFT and self.model is not None:
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
        """The checks of a continued save's game, made once its table is on the panel and before
        any key, bot or clock acts on it; a game that fails is kept aside (savefile.refuse).
        False then."""
        t = self.turn
        try:
            from engine import games
            from firmware.savelog import check_undo

            games.check(t.gid, t.game, t.saved.unchecked)
            check_undo(t)
        except ValueError as e:
            from firmware.savefile import refuse

            refuse(self.app, t.saved.slot, t.gid, e)
            return False
        t.ready()
        return True

    def history_lost(self, back):
        """Say that a continued save's moves before its undo point do not lead to its undo state:
        the game goes on, without look back or undo. back: the screen the words lead back to."""
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
        # what the table last drew is not held meanwhile: worked out afresh on return
        self.forget()
        self.model = None
        h = self.turn.human
        if h is not None:
            h.drop()
        from firmware.pause import Pause

        self.app.go(Pause(self.app, self))

    def forget(self):
        """Drop what the screen last drew: drawn afresh."""
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
        if self.model is None:
            self.refresh()
        if self.full:
            for w in self.parts:
                w.sig = None
        self.owed = False
        Screen.draw(self)
        self.need = False
        if self.owed:  # the words after the cards (tableview.hand_page): at once
            self.need = True
            self.app.more = True
        t = self.turn
        if t.human is not None:
            t.human.look(None)  # not held between frames (RAM)
        w = self.cover
        if w is not None and w.fresh:
            w.fresh = False
            t.handover.restart()  # a new hand-over screen is up: its clock starts now
        if t.handover.drawn():
            # the move is on its way to the panel: the hand-over screen next, at once
            t.tell(NEED)
            self.app.more = True

    def paint(self, c):
        t = self.turn
        if t.phase == HANDOVER and t.handover.pending != 1:
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
        m = self.model
        sc = self.scene
        if m is None or self.page:
            from firmware import tablepages  # loaded while shown
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
        """The hand-over screen in place of the table: whom to pass to, their news, the clock's
        cue."""
        from firmware import overlay  # kept while the hand-over is up (needs)

        w = self.cover
        if w is None:
            w = self.cover = overlay.Cover()
        s = t.actor
        heard = t.heard[s]
        fresh = not w.same(s, t.logn, heard)
        whole = self.full or fresh
        if whole:
            # drawn afresh for the next player, nothing of the table held; a repaint of the same
            # hand-over (a wake) keeps its clock
            self.forget()
            w.fresh = fresh
        now = self.app.now
        overlay.paint(w, c, whole, s, t.names[s], t.log, t.logn, heard, t.handover.stage(now), now)

    def turn_page(self, d):
        """Show the next (d=1) or previous page of the table."""
        from firmware.tableview import PAGES

        self.page = (self.page + d) % PAGES
        self.scroll = -1 if self.page == 2 else 0
        self.full = True
