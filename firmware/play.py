"""Playing a game: the table screen, pass-and-play privacy, bots, autosave, pause and results.

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
the public account of what happened since their last turn. It is a security boundary: no press
made before it appeared, nor one in its first ARM_MS, counts (a habitual double tap or a key
still held after a play), and the next hand shows only after A is held for HOLD_MS, with a bar
that fills as the cue. A tap never reveals it.
"""

from firmware import keys as K
from firmware import table
from firmware.ui import Screen
from firmware.cardtext import pips

ROUND_EVENTS = ("round", "score", "hand", "reveal", "restart")
LOG_MAX = 12
SAVE_EVERY_MS = 2000
ARM_MS = 400  # the hand-over screen ignores A this long after it appears
HOLD_MS = 600  # then A must be held this long to show the next hand


class Play(Screen):
    def __init__(self, app, gid, g, kinds, names, seed):
        Screen.__init__(self, app)
        self.gid = gid
        self.g = g
        self.kinds = list(kinds)
        self.names = list(names)
        self.seed = seed
        from engine import games

        self.rules = games.rules(gid)
        e = games.entry(gid)
        self.title = e[games.NAME]
        self.fam = e[games.RULES]  # the family: table.model's and table.modules' argument
        from firmware.app import LEVELS

        self.bots = []
        for s in range(len(kinds)):
            lv = LEVELS[kinds[s]] if kinds[s] < len(LEVELS) else "heuristic"
            self.bots.append(None if lv is None else games.make_bot(gid, lv, s, seed * 16 + s + 1))
        # what this table keeps in RAM, from the catalogue (the catalogue itself is not needed
        # while playing: firmware.lifetimes lets it go)
        self.mods = [e[games.RULES], e[games.BOTS]] + table.modules(self.fam)
        if 3 in kinds:  # a strong seat searches: its search code stays for the whole game
            self.mods += ["engine.search", e[games.RULES] + "_world"]
        games = e = None
        self.humans = [s for s in range(len(kinds)) if kinds[s] == 0]
        if self.humans:  # the human side of the table, only for a game with a human seat
            from firmware import play_human

            play_human.attach(Play)  # its methods keep it loaded (firmware.lifetimes)
            play_human = None
        elif "human_key" in Play.__dict__:
            from firmware import play_human

            play_human.detach(Play)
            play_human = None
        self.viewer = self.humans[0] if len(self.humans) == 1 else -1
        self.log = []
        self.logn = 0
        self.heard = [0] * len(kinds)
        self.events = []
        g.log = self.events.append
        self.panel = None
        self.panel_at = 0
        self.tip = ""  # a hint for the seat holding the console only (never logged)
        self.priv_at = -1  # when the hand-over screen appeared (-1: not up)
        self.a_down = -1  # when a press of A that may reveal the hand began (-1: none)
        self.cur = 0
        self.sel = []
        self.next_bot = 0
        self.thinking = False  # a strong bot's decision is under way (begin/work)
        self.saved_at = -100000
        self.resumed = False
        self.slot = "save"  # the save file (firmware.savefile.SLOTS), set by firmware.launch
        self.stamp = 1  # orders the saves: the highest was played last
        self.moves = 0  # actions played, shown with the save
        self.need = True
        self.m = None
        self.acts = None
        self.labels = None
        self.ended = False
        self.lay = None
        self.mgen = 0
        self.page = 0  # firmware.tableview: 0 your hand, 1 the table, 2 the log
        self.scroll = 0

    def needs(self):
        # the table is drawn in the large face, which stays loaded while the table is up
        out = Screen.needs(self) + self.mods + ["firmware.tableview", "firmware.bigfont"]
        if self.humans:
            out.append("firmware.play_human")  # its methods are attached to Play
        return out

    # ---------- state ----------
    def enter(self):
        Screen.enter(self)
        self.app.canvas.swiss = self.app.swiss and self.fam == "engine.jass"
        self.need = True
        self.m = None
        self.priv_at = -1  # back from the pause menu: the hand-over starts over
        self.a_down = -1
        if self.lay is None:
            self.layout()

    def privacy(self):
        """True while the console must be passed to the human who acts next."""
        s = self.g.to_act
        return (
            not self.g.over
            and self.panel is None
            and s >= 0
            and self.kinds[s] == 0
            and s != self.viewer
        )

    def interactive(self):
        s = self.g.to_act
        return (
            not self.g.over
            and self.panel is None
            and s >= 0
            and self.kinds[s] == 0
            and s == self.viewer
        )

    def shown_seat(self):
        return self.viewer if self.viewer >= 0 else (0 if not self.humans else -1)

    def delay(self):
        from firmware.app import SPEEDS

        return SPEEDS[self.app.speed][1]

    def refresh(self):
        """Recompute what the shown seat may see; called after every change."""
        seat = self.shown_seat()
        if seat < 0:
            self.m = None
        else:
            self.m = table.model(self.fam, self.g.view(seat), self.names, self.app.swiss, False)
            self.mgen += 1  # firmware.tableview redraws the centre and seats of a new model
            self.m.center_sig = tuple(
                [(it[0], bytes(it[1]), it[2], it[3]) for it in self.m.center]
            )
        self.acts = None
        if self.interactive():
            self.split_actions()
        self.need = True

    # ---------- actions ----------
    def act(self, a):
        seat = self.g.to_act
        del self.events[:]
        self.g.apply(a)
        self.moves += 1
        self.tip = ""
        texts = []
        rnd = False
        for ev in self.events:
            e = ev.get("ev")
            t = self.rules.describe_event(ev, self.names)
            if t:
                texts.append(pips(t, self.app.canvas.swiss))
            if e in ROUND_EVENTS:
                rnd = True
        del self.events[:]
        for t in texts:
            self.log.append(t)
            self.logn += 1
        if len(self.log) > LOG_MAX:
            del self.log[: len(self.log) - LOG_MAX]
        if seat >= 0:
            self.heard[seat] = self.logn
        self.sel = []
        self.cur = 0
        if rnd and not self.g.over and (self.humans or self.delay() > 0):
            lines = texts[-6:]
            self.panel = lines if lines else ["The round is over."]
            self.panel_at = self.app.now
        self.m = None  # the table is worked out again when it is drawn
        self.acts = None
        # the split of the last legal actions goes too (refresh makes it again for a human's
        # turn): no list of stale actions held while the bots think
        self.cardacts = []
        self.others = []
        self.labels = None
        self.need = True

    def save_soon(self):
        """The autosave of a move, run by App.idle once the frame is on the panel."""
        self.app.due = self.autosave

    def autosave(self):
        if self.app.due is not None:
            self.app.due = None
        if self.g.over:
            return
        from firmware.savefile import save_bytes

        data = save_bytes(self)  # the writer goes after the frame (firmware.lifetimes)
        self.app.safe_write(self.slot, data)

    def finish(self):
        if self.ended:
            return
        self.ended = True
        res = self.g.result()
        winners = res.get("winners", [])
        losers = res.get("losers", [])
        self.app.record(self.names, winners, losers)
        self.app.remove(self.slot)
        from firmware.results import summary

        text = summary(self, res)
        from firmware.textui import TextScreen

        self.app.go(TextScreen(self.app, "Game over", text, self.app.menu))

    def handover(self, now):
        """The hand-over screen's clock: when it appeared, and A held long enough."""
        if self.priv_at < 0:
            self.priv_at = now
            self.a_down = -1
            self.need = True
            return
        if self.a_down >= 0:
            if not self.app.input.held & K.A:
                self.a_down = -1  # let go too soon: a tap reveals nothing
            elif now - self.a_down >= HOLD_MS:
                self.priv_at = -1
                self.a_down = -1
                self.viewer = self.g.to_act
                self.full = True
                self.page = 0  # the new player starts on their hand
                self.refresh()
            self.need = True
        elif now - self.priv_at >= ARM_MS and not self.sig.get("cue"):
            # the cue appears once A counts (a slow frame may have skipped past that moment)
            self.need = True

    def armed(self):
        return self.priv_at >= 0 and self.app.now - self.priv_at >= ARM_MS

    def update(self, now):
        g = self.g
        if self.privacy():
            self.handover(now)
            return
        self.priv_at = -1
        if self.panel is not None:
            if not self.humans and now - self.panel_at >= 3 * self.delay():
                self.close_panel()
            return
        if g.over:
            self.finish()
            return
        s = g.to_act
        if s < 0 or self.kinds[s] == 0:
            return
        if now < self.next_bot:
            return
        d = self.delay()
        n = 0
        self.m = None  # worked out again when drawn: not held while the bots think
        while not g.over and self.panel is None:
            s = g.to_act
            if s < 0 or self.kinds[s] == 0:
                break
            bot = self.bots[s]
            if self.kinds[s] == 3:
                # a strong bot thinks in slices, one a tick, so the keys are read (the pause
                # menu opens) and the table is drawn while it thinks
                if self.thinking:
                    a = bot.work(bot.slice_us)
                else:
                    a = bot.begin(g.view(s), g.legal_actions())
                self.thinking = a is None
                if a is None:
                    return  # on with it next tick, with no bot delay
            else:
                a = bot.choose(g.view(s), g.legal_actions())
            self.act(a)
            n += 1
            if d > 0 or n >= 40 or self.kinds[s] == 3:
                break
        self.next_bot = now + d
        # save when a human is next (or a panel waits); during a bots-only stretch at most every
        # SAVE_EVERY_MS, to spare the flash (a power cut then loses a few bot moves at most)
        s = g.to_act
        if (
            g.over
            or self.panel is not None
            or s < 0
            or self.kinds[s] == 0
            or now - self.saved_at >= SAVE_EVERY_MS
        ):
            self.save_soon()
            self.saved_at = now

    def close_panel(self):
        self.panel = None
        self.full = True  # the panel covered the whole table
        self.need = True
        self.next_bot = self.app.now + self.delay()
        self.refresh()

    def key(self, k):
        self.need = True
        if self.panel is not None:
            if k & (K.A | K.B | K.START):
                self.close_panel()
            return
        if k & K.START:
            self.pause()
            return
        if self.privacy():
            if self.priv_at < 0:
                self.priv_at = self.app.now  # appeared this frame: nothing counts yet
            elif not self.armed():
                pass  # leftover presses of the last player
            elif k & K.A:
                self.a_down = self.app.now  # revealed by update() once held HOLD_MS
            elif k & K.B:
                self.pause()
            return
        self.tip = ""
        if self.page or self.m is None:
            self.page_key(k)
            return
        if k & K.LEFT:
            self.turn_page(-1)
            return
        if k & K.RIGHT:
            self.turn_page(1)
            return
        if not self.interactive():
            if k & K.B:
                self.pause()
            elif k & K.A:
                self.next_bot = 0
            elif k & (K.UP | K.DOWN):
                self.turn_page(1 if k & K.DOWN else -1)  # boards without LEFT/RIGHT
            return
        self.human_key(k)

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
            self.next_bot = 0

    def pause(self):
        # what the table last drew is worked out afresh on return (enter): not held meanwhile
        self.sig = {}
        self.m = None
        self.acts = None
        self.labels = None
        from firmware.pause import Pause

        self.app.go(Pause(self.app, self))

    # ---------- drawing ----------
    def layout(self):
        from firmware import tableview

        c = self.app.canvas
        self.lay = tableview.geometry(c.width, c.height)

    def draw(self):
        if not (self.full or self.need):
            return
        if self.m is None or self.lay is None:
            if self.lay is None:
                self.layout()
            self.refresh()
        Screen.draw(self)
        self.need = False

    def paint(self, c):
        if self.privacy():
            self.paint_privacy(c)
            return
        if self.panel is not None:
            if self.changed("panel", tuple(self.panel)):
                from firmware import tablepages

                tablepages.round_panel(self, c)
            return
        from firmware import tableview

        tableview.paint(self, c)

    def turn_page(self, d):
        """Show the next (d=1) or previous page of the table (firmware.tableview)."""
        from firmware.tableview import PAGES

        self.page = (self.page + d) % PAGES
        self.scroll = -1 if self.page == 2 else 0
        self.full = True
