"""Menu screens: the main menu and a game's setup (editors, settings, statistics and rules live in
their own modules, loaded only while shown).

firmware.lifetimes releases these when a game starts. A setup, and the main menu for the saved game
under its cursor, loads the table's modules ahead in quiet frames (LoadsAhead); leaving releases
what it loaded unless the table keeps it.
"""

from engine import games
from firmware import keys as K
from firmware.ui import wrap
from firmware.listui import ListScreen
from firmware import bigfont as F
from engine.compat import collect
from firmware.heap import hush
from firmware.tablemods import PLAY, TABLE
from firmware.choices import SPEEDS, DEFAULT_NAMES, KINDS, LINKED


def saved_games(app):
    """The saved games, last played first (firmware.savefile is let go again at once)."""
    from firmware.savefile import saves

    out = saves(app)
    release_savefile()
    return out


def release_savefile():
    from firmware.lifetimes import unload

    unload("firmware.savefile")


def players(kinds, names):
    """ "Anna, Ben, bot Cleo": the seats of a saved game."""
    out = []
    for s in range(len(names)):
        k = kinds[s] if s < len(kinds) else 1
        out.append(names[s] if k == 0 else ("linked " if k == LINKED else "bot ") + names[s])
    return ", ".join(out)


def save_label(e):
    """The row and its short forms for a saved game e of saved_games()."""
    slot, gid, kinds, names, stamp, moves = e
    if gid is None:
        return ("Continue (damaged save)", "", "Damaged save")
    if gid == "newer":
        return ("Saved by a newer version", "", "Newer save")
    try:
        t = games.entry(gid)
        t, short = t[games.NAME], t[games.SHORT]
    except ValueError:  # a game this build does not have
        t = short = gid
    return ("Continue " + t, "move %d" % moves if moves else "new", "Continue " + short, short)


_AVAIL = []


def available():
    """Ids of the games whose rules module is in this build, found without importing them."""
    if _AVAIL:
        return _AVAIL[0]
    import os
    import sys

    found = {}
    for e in games.CATALOGUE:
        rel = e[games.RULES].replace(".", "/")
        for root in sys.path:
            if not isinstance(root, str):
                continue
            base = (root if root else ".") + "/" + rel
            for ext in (".py", ".mpy"):
                try:
                    os.stat(base + ext)
                    found[e[games.ID]] = 1
                except OSError:
                    pass
    if found:
        out = [e[games.ID] for e in games.CATALOGUE if e[games.ID] in found]
    else:  # frozen: look each one up
        from firmware.lifetimes import unload
        import sys

        out = []
        for e in games.CATALOGUE:
            gid, mod = e[games.ID], e[games.RULES]
            had = mod in sys.modules
            try:
                games.rules(gid)
                out.append(gid)
            except ImportError:
                pass
            if not had:
                unload(mod)  # the families do not all fit at once
    _AVAIL.append(out)
    return out


# what a setup loads ahead for its table, one module a frame, the largest and first needed first: a
# press made while a module loads waits for it, and where the heap has little room the loading
# stops early. engine.setup: the deal checks the options with it; "hand-over" only for two human
# seats or more.
WARM = (
    TABLE[:1]
    + PLAY
    + TABLE[1:]
    + ("firmware.savefile", "firmware.launch", "engine.setup", "hand-over")
)
WARM_AFTER = 4  # frames with no key before a load


class LoadsAhead(ListScreen):
    """A list screen that loads a table's modules ahead, one a frame in frames with no key, so the
    press that opens the table loads nothing; the table keeps them (App.start, App.resume: warmed).
    """

    def __init__(self, app):
        ListScreen.__init__(self, app)
        self.warmed = []
        self.warm = 0  # -1: done or given up
        self.keyed = -1

    def ahead(self):
        """The game whose table may come next, or None."""
        return None

    def humans(self):
        """How many human seats that table has (two load the hand-over screen ahead)."""
        return 0

    def enter(self):
        ListScreen.enter(self)
        self.keyed = self.app.frames  # the first frame is drawn before anything loads

    def needs(self):
        return ListScreen.needs(self) + self.warmed

    def key(self, k):
        self.keyed = self.app.frames
        ListScreen.key(self, k)

    def quiet(self):
        return ListScreen.quiet(self) if self.warm < 0 else None

    def update(self, now):
        ListScreen.update(self, now)
        a = self.app
        if self.warm >= 0 and a.frames >= self.keyed + WARM_AFTER and a.screen is self:
            pending = getattr(a.hal.buttons, "pending", None)
            if pending is not None and pending():
                return  # a press caught meanwhile is answered first
            if self.ahead() is None:
                self.warm = -1  # no heap scan needed
            elif a.roomy():  # a speed-up, never a reason to run short
                self.warm_up()
            else:
                self.warm = -1

    def warm_up(self):
        """Load the next module the table will need (one a frame)."""
        gid = self.ahead()
        step = self.warm
        if step >= len(WARM):
            self.warm = -1
            return
        e = games.entry(gid)
        self.warm = step + 1
        name = WARM[step]
        if name == "rules":
            name = e[games.RULES]
        elif name == "bots":
            name = e[games.BOTS]
        elif name == "layout":
            from firmware import table

            name = table.modules(e[games.RULES])[0]
        elif name == "hand-over":
            if self.humans() < 2:
                return
            name = "firmware.overlay"
        try:
            __import__(name)
        except MemoryError:  # a broken-up heap: the table loads what it needs when it starts
            self.warm = -1
            collect()
            return
        self.warmed.append(name)

    def let_go(self):
        """Forget what was loaded ahead (the next game differs): released after the frame."""
        if self.warmed:
            self.warmed = []
            self.app.release_soon()
        self.warm = 0


class MainMenu(LoadsAhead):
    """The saved games, the games to set up, settings, rules and statistics."""

    def __init__(self, app):
        LoadsAhead.__init__(self, app)
        if app.notice:
            self.help_lines = max(
                self.help_lines,
                min(self.help_lines + 2, len(wrap(app.notice, (app.canvas.width - 6) // 12))),
            )
        self.items = []
        self.saves = saved_games(app)
        for slot, gid, kinds, names, stamp, moves in self.saves:
            self.items.append(("continue", slot))
        for gid in available():
            self.items.append(("game", gid))
        self.items.append(("settings", None))
        self.items.append(("rules", None))
        self.items.append(("stats", None))
        if getattr(app.hal, "link_ports", None) is not None:
            self.items.append(("join", None))  # docs/LINK.md
        self.cur = 0

    b_hint = ""

    def title(self):
        b = self.app.power.level()
        return "Card Table " + b if b else "Card Table"

    def ahead(self):
        if self.cur >= len(self.items):
            return None
        kind, slot = self.items[self.cur]
        if kind != "continue":
            return None
        gid = self.save_of(slot)[1]
        return gid if gid in available() else None

    def key(self, k):
        was = self.ahead()
        LoadsAhead.key(self, k)
        if self.app.screen is self and self.ahead() != was:
            self.let_go()

    def rows(self):
        out = []
        for kind, gid in self.items:
            if kind == "game":
                e = games.entry(gid)
                out.append((e[games.NAME], games.seats_label(gid), e[games.SHORT]))
            elif kind == "continue":
                out.append(save_label(self.save_of(gid)))
            elif kind == "join":
                out.append(("Join a linked table", "", "Join a table"))
            elif kind == "settings":
                out.append(("Settings", ""))
            elif kind == "rules":
                out.append(("Rules", ""))
            else:
                out.append(("Statistics", ""))
        return out

    def help(self, i):
        if self.app.notice:
            return self.app.notice
        if self.app.power.level()[-3:] == "LOW":
            return "Battery low: connect USB power. The game is saved before the console sleeps."
        kind, gid = self.items[i]
        if kind == "game":
            return "A: set up a new game"
        if kind == "continue":
            slot, gid, kinds, names, stamp, moves = self.save_of(gid)
            if gid == "newer":
                return "A newer console version saved this: left as it is; update to play it"
            return "A: carry on: " + players(kinds, names) + ("" if i else " (played last)")
        if kind == "join":
            return "A: play your seat of a table another console hosts, over the link cable"
        return "A: open"

    def humans(self):
        return self.save_of(self.items[self.cur][1])[2].count(0)

    def save_of(self, slot):
        for e in self.saves:
            s, gid, kinds, names, stamp, moves = e
            if s == slot:
                return e
        return (slot, None, [], [], 0, 0)

    def activate(self, i):
        self.app.clear_notice()
        self.open(i)

    def open(self, i):
        kind, gid = self.items[i]
        if kind == "game":
            self.app.go(Setup(self.app, gid))
        elif kind == "join":
            from firmware.linkplay import Joining

            a = self.app
            a.go(Joining(a, a.hal.link_ports()[0], ""))
        elif kind == "continue" and self.save_of(gid)[1] == "newer":
            pass
        elif kind == "continue":
            self.app.resume(gid, self.warmed)
        elif kind == "settings":  # not held by every menu
            from firmware.settings import Settings

            self.app.go(Settings(self.app))
        elif kind == "rules":
            from firmware.rules import RulesMenu

            self.app.go(RulesMenu(self.app))
        else:
            from firmware.stats import Stats

            self.app.go(Stats(self.app))

    def back(self):
        self.cur = 0


# an option's short label for a narrow row (the help line has the whole wording)
SHORT_OPTS = (
    "seven_lower", "Sevens",
    "joker_mode", "Jokers",
    "last_card", "Last",
    "strict_undertrump", "Undertrump",
    "deal", "Deal",
)  # fmt: skip


class Setup(LoadsAhead):
    """Seat count, each seat's kind and name, bot speed, and every house-rule option."""

    b_hint = "menu"

    def linkable(self):
        return getattr(self.app.hal, "link_ports", None) is not None

    def __init__(self, app, game_id):
        LoadsAhead.__init__(self, app)
        self.gid = game_id
        self.counts = games.seat_counts(game_id)
        self.seats = self.counts[0]
        most = self.counts[-1]
        self.kinds = [0] + [1] * (most - 1)
        self.names = list(DEFAULT_NAMES[:most])
        self.opts = games.options_for(game_id)
        self.vals = [default for name, default, help_, limits, words in self.opts]
        self.error = ""
        # a new deal number from the clock unless one was given (sim --deal, "Play this deal
        # again")
        self.deal = app.deal or (app.now * 7919 + app.frames * 104729) % 999999 + 1
        # one from the clock is not shown: it fixes every card
        self.deal_shown = bool(app.deal)
        self.undo = app.undo
        # the rows as last built, and what from: every key and paint asks for them, and saying the
        # options in words is slow on the Pico
        self.shown = None
        self.shown_from = None

    def ahead(self):
        return self.gid

    def humans(self):
        return self.kinds[: self.seats].count(0)

    def enter(self):
        LoadsAhead.enter(self)
        from firmware.lifetimes import unload

        unload("firmware.editors")

    def title(self):
        e = games.entry(self.gid)
        return (e[games.NAME], e[games.SHORT])

    def needs(self):
        return LoadsAhead.needs(self) + [games.options_module(self.gid), "engine.optrows"]

    def layout(self):
        """The rows' kinds, in order; a row that cannot change is not shown."""
        out = [("start", 0)]
        if len(self.counts) > 1:
            out.append(("players", 0))
        out += [("allbots", 0), ("speed", 0)]
        for s in range(self.seats):
            out.append(("kind", s))
            out.append(("name", s))
        for i in range(len(self.opts)):
            out.append(("opt", i))
        out.append(("deal", 0))  # after the rows scripts count down to
        out.append(("undo", 0))
        out.append(("start", 0))
        return out

    def rows(self):
        now = (
            self.seats,
            self.app.prefs.speed,
            tuple(self.kinds),
            tuple(self.names),
            tuple(self.vals),
            self.deal,
            self.deal_shown,
            self.undo,
        )
        if now != self.shown_from:
            self.shown = self.build_rows()
            self.shown_from = now
        return self.shown

    def build_rows(self):
        out = []
        for kind, i in self.layout():
            if kind == "start":
                out.append(("Start game", ""))
            elif kind == "players":
                out.append(("Players", "%d" % self.seats))
            elif kind == "allbots":
                out.append(("All seats bots", ""))
            elif kind == "deal":
                out.append(("Deal number", "%d" % self.deal if self.deal_shown else "new"))
            elif kind == "undo":
                out.append(("Undo", "on" if self.undo else "off"))
            elif kind == "speed":
                out.append(("Bot speed", SPEEDS[self.app.prefs.speed][0]))
            elif kind == "kind":
                k = self.kinds[i]
                out.append(("Seat %d" % (i + 1), KINDS[k] if k < len(KINDS) else "Linked"))
            elif kind == "name":
                out.append(("  name", self.names[i]))
            else:
                from engine import optrows as o

                opt = self.opts[i]
                name, default, help_, limits, words = opt
                r = (o.option_label(name), o.option_word(opt, self.vals[i]))
                for k in range(0, len(SHORT_OPTS), 2):
                    if SHORT_OPTS[k] == name:
                        r = r + (SHORT_OPTS[k + 1],)
                out.append(r)
        return out

    def help(self, i):
        if self.error:
            return self.error
        kind, j = self.layout()[i]
        if kind == "start":
            return "A: deal the cards"
        if kind == "players":
            keys = self.app.hal.keys
            if keys and not keys & K.RIGHT:
                return "A: more players (%s)" % games.seats_label(self.gid)
            return "A/right: more players, left: fewer (%s)" % games.seats_label(self.gid)
        if kind == "allbots":
            return "A: every seat a bot, to watch a game"
        if kind == "deal":
            if not self.deal_shown:
                return "New cards; their number comes at the end. A: type one instead"
            return "A: type a number; the same number deals the same cards"
        if kind == "undo":
            return "A: may a human take back a move against bots (off: serious play)"
        if kind == "speed":
            return "A: how fast bots play (also in Settings)"
        if kind == "kind":
            if self.gid in games.STRONG_AS_GOOD and self.kinds[j] in (1, 3):
                return "Here Bot strong plays as Bot good does"
            if self.linkable():
                return "A: human, a bot, or linked (played on its own console over the link)"
            return "A: human, good, easy or strong bot"
        if kind == "name":
            return "A: change the name (statistics are kept per name)"
        name, default, help_, limits, words = self.opts[j]
        return help_

    def adjust(self, i, d):
        self.error = ""
        kind, j = self.layout()[i]
        if kind == "players":
            c = self.counts
            self.seats = c[(c.index(self.seats) + d) % len(c)]
        elif kind == "speed":
            self.app.prefs.step("speed", d)
            self.app.prefs.save(self.app)
        elif kind == "kind":
            self.kinds[j] = (self.kinds[j] + d) % (len(KINDS) + (1 if self.linkable() else 0))
        elif kind == "opt":
            v = self.vals[j]
            if v is True or v is False:
                self.vals[j] = not v
            else:
                self.vals[j] = v + d
        elif kind == "allbots":
            for s in range(len(self.kinds)):
                self.kinds[s] = 1
        elif kind == "undo":
            self.undo = not self.undo
        elif kind == "deal" and self.deal_shown:
            self.deal = (self.deal + d) % 1000000

    def activate(self, i):
        self.error = ""
        kind, j = self.layout()[i]
        a = self.app
        if kind == "start":
            self.start()
        elif kind == "name":
            from firmware.editors import NamePicker

            a.go(NamePicker(a, self, j))
        elif kind == "opt" and not (self.vals[j] is True or self.vals[j] is False):
            from firmware.editors import NumberEdit

            a.go(NumberEdit(a, self, j))
        elif kind == "deal":
            from firmware.editors import DealEdit

            a.go(DealEdit(a, self))
        else:
            self.adjust(i, 1)

    def start(self):
        hush()  # no collection every few KB while dealing
        names = self.names[: self.seats]
        for s in range(self.seats):
            if names[s] in names[:s]:
                self.error = "Two seats are called %s: rename one." % names[s]
                return
        opts = {}
        for i in range(len(self.opts)):
            name, default, help_, limits, words = self.opts[i]
            opts[name] = self.vals[i]
        seed = (self.app.now * 7919 + self.app.frames) % 1000000007 % (1 << 29)
        self.app.undo = self.undo
        deal = self.deal
        # the save slot is found here without loading the save file code (App.free_slot)
        slot = self.app.free_slot()
        full = slot is None
        # room for the trial deal: free what the table does not need unless the heap has room to
        # spare; the change to the table collects (App.ease) once the menus have gone
        if not self.app.roomy(False):
            release_savefile()
            F.release()
        try:
            if full:  # bad options are said before a save is given up
                games.new_game(self.gid, self.seats, deal, opts)
            else:
                kinds = self.kinds[: self.seats]
                self.app.start(
                    self.gid, kinds, names, opts, seed, self.warmed, deal=deal, slot=slot
                )
        except ValueError as e:
            self.error = str(e)
            self.app.game_id = None
            self.full = True
            return
        if full:
            from firmware.editors import ReplaceSave

            rows = []  # the editor does not import the menus
            for sv in saved_games(self.app):
                if sv[1] != "newer":
                    rows.append((sv[0], save_label(sv), players(sv[2], sv[3])))
            if not rows:
                self.error = "No free save slot: newer versions' saves fill them all."
                return
            self.app.go(ReplaceSave(self.app, self, rows))
