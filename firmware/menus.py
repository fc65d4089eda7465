"""Menu screens: main menu, settings, statistics, rules list, game setup, number and name editors.

Imported by App.menu(); firmware.lifetimes releases them when a game starts, so a game in
progress does not hold them. A setup needs its game's rules module (for the options), named by
the catalogue; leaving the setup releases it.
"""

from engine import games
from firmware import palette as P
from firmware.ui import Screen, wrap
from firmware.textui import TextScreen
from firmware.listui import ListScreen
from firmware import bigfont as F
from engine.compat import collect
from firmware.app import SPEEDS, BRIGHT, DEFAULT_NAMES, KINDS
from firmware.rules import text as rules_text


SETTINGS = (
    ("speed", "speed", len(SPEEDS)),
    ("bright", "bright", len(BRIGHT)),
    ("swiss", "swiss", 2),
)


def load_settings(app):
    """The "settings" file: "settings 1", then "speed N", "bright N", "swiss N" lines (a file of
    three bytes from before versions is read too). A bad line, another version or a bad checksum
    keeps every good value, keeps the original as settings.bad and tells the player once
    (firmware.records)."""
    from firmware import records

    lines, problem = records.read(app, "settings", "settings")
    if len(lines) == 1 and lines[0] is not None and len(lines[0]) == 3 and not problem:
        d = lines[0].encode()  # three raw bytes: speed, brightness, suits
        if d[0] < len(SPEEDS) and d[1] < len(BRIGHT) and d[2] < 2:
            app.speed, app.bright, app.swiss = d[0], d[1], bool(d[2])
            return
    bad = 0
    for line in lines:
        f = line.split(" ") if line is not None else []
        ok = False
        if len(f) == 2:
            for key, attr, n in SETTINGS:
                if f[0] == key:
                    try:
                        v = int(f[1])
                    except ValueError:
                        break
                    if 0 <= v < n:
                        setattr(app, attr, bool(v) if key == "swiss" else v)
                        ok = True
        if not ok:
            bad += 1
    if bad:
        problem = (problem + ", " if problem else "") + (
            "%d bad line%s" % (bad, "s" if bad > 1 else "")
        )
    if problem:
        records.repair(app, "settings", "settings", settings_lines(app), problem, "Settings")


def settings_lines(app):
    return ["speed %d" % app.speed, "bright %d" % app.bright, "swiss %d" % (1 if app.swiss else 0)]


def save_settings(app):
    from firmware import records

    records.write(app, "settings", "settings", settings_lines(app))


def apply_brightness(app):
    try:
        app.hal.display.brightness(BRIGHT[app.bright])
    except AttributeError:
        pass


def saved_games(app):
    """firmware.savefile.saves(): the saved games, last played first (the module is let go
    again: the menus need it only now)."""
    from firmware.savefile import saves

    out = saves(app)
    release_savefile()
    return out


def release_savefile():
    from firmware.lifetimes import forget as unload

    unload("firmware.savefile")


def players(kinds, names):
    """ "Anna, Ben, bot Cleo": the seats of a saved game."""
    out = []
    for s in range(len(names)):
        out.append(names[s] if s < len(kinds) and kinds[s] == 0 else "bot " + names[s])
    return ", ".join(out)


def save_label(e):
    """("Continue Shithead", "move 37") for a saved game e of saved_games()."""
    slot, gid, kinds, names, stamp, moves = e
    if gid is None:
        return ("Continue (damaged save)", "")
    try:
        t = games.entry(gid)[games.NAME]
    except Exception:
        t = gid
    return ("Continue " + t, "move %d" % moves if moves else "")


class Boot(Screen):
    def __init__(self, app):
        Screen.__init__(self, app)
        self.t0 = None

    def key(self, k):
        self.app.menu()

    def update(self, now):
        if self.t0 is None:
            self.t0 = now
        elif now - self.t0 > 1500:
            self.app.menu()

    def paint(self, c):
        if not self.changed("all", 1):
            return
        w = c.width
        h = c.height
        t = "CARD TABLE"
        F.text(c, t, (w - F.width(t)) // 2, h // 2 - 34, P.CREAM)
        for i in range(4):
            # an ace, king, queen and jack of the four suits, rank and pip in the large face
            # (the pips are the characters "{|}~" of the font, see firmware.cardtext)
            x = w // 2 - 55 + i * 28
            y = h // 2 - 11
            c.fill_rect(x, y, 26, 21, P.EDGE)
            c.fill_rect(x + 1, y + 1, 24, 19, P.WHITE)
            ink = P.RED if i in (1, 2) else P.BLACK
            F.text(c, "AKQJ"[i], x + 2, y + 2, ink)
            F.text(c, "{|}~"[i], x + 14, y + 2, ink)
        s = "pass and play"
        F.text(c, s, (w - F.width(s)) // 2, h // 2 + 22, P.GREY)


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
    else:  # frozen into the firmware: look each one up, one at a time
        from firmware.lifetimes import forget
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
                forget(mod)  # one family at a time: they do not all fit at once
    _AVAIL.append(out)
    return out


class MainMenu(ListScreen):
    def __init__(self, app):
        ListScreen.__init__(self, app)
        if app.notice:  # room for the whole notice, the list scrolls meanwhile
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
        self.cur = 0

    b_hint = ""  # B only brings the cursor back to the top

    def title(self):
        return "Card Table"

    def rows(self):
        out = []
        for kind, gid in self.items:
            if kind == "game":
                out.append((games.entry(gid)[games.NAME], games.seats_label(gid)))
            elif kind == "continue":
                out.append(save_label(self.save_of(gid)))
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
        kind, gid = self.items[i]
        if kind == "game":
            return "A: set up a new game"
        if kind == "continue":
            slot, gid, kinds, names, stamp, moves = self.save_of(gid)
            return "A: carry on: " + players(kinds, names) + ("" if i else " (played last)")
        return "A: open"

    def save_of(self, slot):
        for e in self.saves:
            s, gid, kinds, names, stamp, moves = e
            if s == slot:
                return e
        return (slot, None, [], [], 0, 0)

    def activate(self, i):
        self.app.notice = ""
        kind, gid = self.items[i]
        if kind == "game":
            self.app.go(Setup(self.app, gid))
        elif kind == "continue":
            self.app.resume(gid)
        elif kind == "settings":
            self.app.go(Settings(self.app))
        elif kind == "rules":
            self.app.go(RulesMenu(self.app))
        else:
            self.app.go(Stats(self.app))

    def back(self):
        self.cur = 0


class Settings(ListScreen):
    def title(self):
        return "Settings"

    def rows(self):
        a = self.app
        return [
            ("Bot speed", SPEEDS[a.speed][0]),
            ("Brightness", "%d%%" % BRIGHT[a.bright]),
            ("Jass suits", "Swiss" if a.swiss else "French"),
            ("Done", ""),
        ]

    def help(self, i):
        return (
            "How fast bots play: instant skips the pauses",
            "Backlight level",
            "Schieber cards: French suits or Swiss acorns, bells, roses, shields",
            "Back to the menu",
        )[i]

    def adjust(self, i, d):
        a = self.app
        if i == 0:
            a.speed = (a.speed + d) % len(SPEEDS)
        elif i == 1:
            a.bright = (a.bright + d) % len(BRIGHT)
            apply_brightness(a)
        elif i == 2:
            a.swiss = not a.swiss
        else:
            return
        save_settings(a)

    def activate(self, i):
        if i == 3:
            self.app.menu()
        else:
            self.adjust(i, 1)


class Stats(TextScreen):
    def __init__(self, app):
        st = app.load_stats()
        lines = []
        if app.notice:  # what was wrong with the file, told here, once
            lines.append(app.notice)
            lines.append("")
            app.notice = ""
        if not st:
            lines.append("No games finished yet.")
        else:
            # most games first, then by name (names are unique: the order is the same everywhere)
            rows = sorted(
                [(-played, name, won, lost, hints) for name, played, won, lost, hints in st]
            )
            for least, name, won, lost, hints in rows:
                played = -least
                lines.append(
                    "%s: %d game%s, %d won, %d lost, %d hint%s"
                    % (
                        name,
                        played,
                        "" if played == 1 else "s",
                        won,
                        lost,
                        hints,
                        "" if hints == 1 else "s",
                    )
                )
        TextScreen.__init__(self, app, "Statistics", "\n".join(lines))


class RulesMenu(ListScreen):
    def __init__(self, app, back=None):
        ListScreen.__init__(self, app)
        self.ids = [e[games.ID] for e in games.CATALOGUE]

    def title(self):
        return "Rules"

    def rows(self):
        return [(games.entry(g)[games.NAME], "") for g in self.ids]

    def help(self, i):
        return "A: read"

    def activate(self, i):
        a = self.app
        a.go(TextScreen(a, games.entry(self.ids[i])[games.NAME], rules_text(self.ids[i]), self))


class Setup(ListScreen):
    """Seat count, each seat's kind and name, bot speed, and every house-rule option."""

    b_hint = "menu"

    def __init__(self, app, game_id):
        ListScreen.__init__(self, app)
        self.gid = game_id
        self.counts = games.seat_counts(game_id)
        self.n = self.counts[0]
        most = self.counts[-1]
        self.kinds = [0] + [1] * (most - 1)
        self.names = list(DEFAULT_NAMES[:most])
        self.opts = games.options_for(game_id)  # with engine.setup's option_word for the words
        self.vals = [default for name, default, help_, limits, words in self.opts]
        self.error = ""
        # the rows as last built, and what they were built from: every key and every frame's
        # paint asks for them, and saying a dozen options in words takes 22 ms on the Pico
        self.shown = None
        self.shown_from = None

    def enter(self):
        ListScreen.enter(self)
        from firmware.lifetimes import forget as unload

        unload("firmware.editors")  # back from an editor: it is let go

    def title(self):
        return games.entry(self.gid)[games.NAME]

    def needs(self):
        # the family's option rows, and engine.setup to say their values in words
        return ListScreen.needs(self) + [games.entry(self.gid)[games.RULES], "engine.setup"]

    def layout(self):
        out = [("start", 0), ("players", 0), ("allbots", 0), ("speed", 0)]
        for s in range(self.n):
            out.append(("kind", s))
            out.append(("name", s))
        for i in range(len(self.opts)):
            out.append(("opt", i))
        out.append(("start", 0))
        return out

    def rows(self):
        now = (self.n, self.app.speed, tuple(self.kinds), tuple(self.names), tuple(self.vals))
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
                out.append(("Players", "%d" % self.n))
            elif kind == "allbots":
                out.append(("All seats bots", ""))
            elif kind == "speed":
                out.append(("Bot speed", SPEEDS[self.app.speed][0]))
            elif kind == "kind":
                out.append(("Seat %d" % (i + 1), KINDS[self.kinds[i]]))
            elif kind == "name":
                out.append(("  name", self.names[i]))
            else:
                from engine import setup as o

                opt = self.opts[i]
                name, default, help_, limits, words = opt
                out.append((o.option_label(name), o.option_word(opt, self.vals[i])))
        return out

    def help(self, i):
        if self.error:
            return self.error
        kind, j = self.layout()[i]
        if kind == "start":
            return "A: deal the cards"
        if kind == "players":
            return "A/right: more players, left: fewer (%s)" % games.seats_label(self.gid)
        if kind == "allbots":
            return "A: every seat a bot, to watch a game"
        if kind == "speed":
            return "A: how fast bots play (also in Settings)"
        if kind == "kind":
            return "A: human, good bot or easy bot"
        if kind == "name":
            return "A: change the name (statistics are kept per name)"
        name, default, help_, limits, words = self.opts[j]
        return help_

    def adjust(self, i, d):
        self.error = ""
        kind, j = self.layout()[i]
        if kind == "players":
            c = self.counts
            self.n = c[(c.index(self.n) + d) % len(c)]
        elif kind == "speed":
            self.app.speed = (self.app.speed + d) % len(SPEEDS)
            save_settings(self.app)
        elif kind == "kind":
            self.kinds[j] = (self.kinds[j] + d) % len(KINDS)
        elif kind == "opt":
            v = self.vals[j]
            if v is True or v is False:
                self.vals[j] = not v
            else:
                self.vals[j] = v + d
        elif kind == "allbots":
            for s in range(len(self.kinds)):
                self.kinds[s] = 1

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
        else:
            self.adjust(i, 1)

    def start(self):
        self.app.hush()  # the deal and the save slots: no collection every few KB meanwhile
        names = self.names[: self.n]
        for s in range(self.n):
            if names[s] in names[:s]:
                self.error = "Two seats are called %s: rename one." % names[s]
                return
        opts = {}
        for i in range(len(self.opts)):
            name, default, help_, limits, words = self.opts[i]
            opts[name] = self.vals[i]
        seed = (self.app.now * 7919 + self.app.frames) % 1000000007 % (1 << 29)
        from firmware.savefile import free_slot

        full = free_slot(self.app) is None
        release_savefile()
        # room for the trial deal below: the option rows and the large face's strip go
        from firmware.lifetimes import forget as unload

        unload("engine.setup")
        F.release()
        collect()
        try:
            if full:  # bad options are said here, before a save is given up for the game
                games.new_game(self.gid, self.n, seed, opts)
            else:
                self.app.start(self.gid, self.kinds[: self.n], names, opts, seed)
        except ValueError as e:
            self.error = str(e)
            self.app.game_id = None
            self.full = True
            return
        if full:
            from firmware.editors import ReplaceSave

            self.app.go(ReplaceSave(self.app, self))
