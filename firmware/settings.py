"""The settings (bot speed, brightness, Jass suits, card colours, hand order, display link, dim
and sleep times, sleep on USB power, volume): the "settings" file and the Settings screen. App
reads the file at boot; the screen is loaded only while shown (firmware.lifetimes). The display
link is read before the app, by the board's setup (boards safe_link: "link 1" in the file, or B
held at power-on, runs the panel's link at the board's SAFE_HZ), so a change takes effect at the
next start."""

from firmware.listui import ListScreen
from firmware.choices import SPEEDS, BRIGHT, DIMS, SLEEPS, VOLUMES


SETTINGS = (
    ("speed", "speed", len(SPEEDS)),
    ("bright", "bright", len(BRIGHT)),
    ("swiss", "swiss", 2),
    ("four", "four", 2),
    ("order", "hand_order", 3),
    ("link", "safe_link", 2),
    ("dim", "dim", len(DIMS)),
    ("sleep", "rest_after", len(SLEEPS)),
    ("usbsleep", "usb_sleep", 2),
    ("volume", "volume", len(VOLUMES)),
)
# a new console's value of each, in SETTINGS' order (App and firmware.power start from these:
# tests/test_app_save checks that they agree)
# the setting "Hand order" (App.hand_order): firmware.table.hand_order
ORDERS = ("usual", "by suit", "by rank")
DEFAULTS = (2, 3, False, False, 0, False, 2, 2, 0, 2)


def load(app):
    """The "settings" file: "settings 1", then "speed N", "bright N", "swiss N", "four N",
    "order N" lines (a file of three bytes from before versions is read too; a file without
    "four" or "order" keeps the two-colour deck and the game's usual hand order). "order" was
    once 0 by rank, 1 by suit: 0, a new console's value then, is now the usual order, the new
    one's; 1 is still by suit. A bad line, another
    version or a bad checksum keeps every good value, keeps the original as settings.bad and
    tells the player once (firmware.records)."""
    from firmware import records

    got, problem = records.read(app, "settings", "settings")
    if problem == records.NEWER:
        records.keep(app, "settings", "Settings")
        return
    if len(got) == 1 and got[0] is not None and len(got[0]) == 3 and not problem:
        d = got[0].encode()  # three raw bytes: speed, brightness, suits
        if d[0] < len(SPEEDS) and d[1] < len(BRIGHT) and d[2] < 2:
            app.speed, app.bright, app.swiss = d[0], d[1], bool(d[2])
            return
    bad = 0
    for line in got:
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
                        setattr(app, attr, bool(v) if n == 2 else v)
                        ok = True
        if not ok:
            bad += 1
    if bad:
        problem = (problem + ", " if problem else "") + (
            "%d bad line%s" % (bad, "s" if bad > 1 else "")
        )
    if problem:
        records.repair(app, "settings", "settings", lines(app), problem, "Settings")


def lines(app):
    return [
        "speed %d" % app.speed,
        "bright %d" % app.bright,
        "swiss %d" % (1 if app.swiss else 0),
        "four %d" % (1 if app.four else 0),
        "order %d" % app.hand_order,
        "link %d" % (1 if app.safe_link else 0),
        "dim %d" % app.dim,
        "sleep %d" % app.rest_after,
        "usbsleep %d" % app.usb_sleep,
        "volume %d" % app.volume,
    ]


def save(app):
    from firmware import records

    records.write(app, "settings", "settings", lines(app))


# every file the console keeps (its storage's names): the games' slots, the statistics, the
# settings, a fatal error's report, and the copies kept aside (.bad)
KEPT = ("save", "save2", "save3", "stats", "settings", "error")


def erase_all(app):
    """Settings' "Erase all games and settings", confirmed: every kept file goes (and its copy
    kept aside), the settings are the defaults again, and the main menu says so."""
    for name in KEPT:
        app.remove(name)
        app.remove(name + ".bad")
    for i in range(len(SETTINGS)):
        setattr(app, SETTINGS[i][1], DEFAULTS[i])
    apply_brightness(app)
    app.stats = None
    app.notice = "Everything was erased: the console starts as new."
    app.menu()


def apply_brightness(app):
    try:
        app.hal.display.brightness(BRIGHT[app.bright])
    except AttributeError:
        pass


# the Settings screen's rows (entries()): a player's settings, then the board's own page
SPEED, BRIGHTNESS, SUITS, COLOURS, ORDER, DIM, SLEEP, USB, SOUND, ERASE, BOARD, DONE = range(12)


class Settings(ListScreen):
    """A player's settings. Sound only on a board with a piezo; how the panel is wired (the
    display link) and the version on the board's own page (BoardPage)."""

    def title(self):
        return "Settings"

    def entries(self):
        out = [SPEED, BRIGHTNESS, SUITS, COLOURS, ORDER, DIM, SLEEP, USB]
        if self.app.hal.sound is not None:
            out.append(SOUND)
        return out + [ERASE, BOARD, DONE]

    def rows(self):
        a = self.app
        out = []
        for k in self.entries():
            out.append(
                (
                    ("Bot speed", SPEEDS[a.speed][0]),
                    ("Brightness", "%d%%" % BRIGHT[a.bright]),
                    ("Jass suits", "Swiss" if a.swiss else "French"),
                    ("Card colours", "four" if a.four else "two"),
                    ("Hand order", ORDERS[a.hand_order]),
                    ("Dim after", DIMS[a.dim][0]),
                    ("Sleep after", SLEEPS[a.rest_after][0]),
                    ("Sleep on USB", "yes" if a.usb_sleep else "no"),
                    ("Sound", VOLUMES[a.volume][0]),
                    ("Erase all games and settings", "", "Erase all"),
                    ("Board and version", "", "Board"),
                    ("Done", ""),
                )[k]
            )
        return out

    def help(self, i):
        return (
            "How fast bots play: instant skips the pauses",
            "Backlight level",
            "Schieber cards: French suits or Swiss acorns, bells, roses, shields",
            "Four: spades black, hearts red, diamonds blue, clubs green (French suits)",
            "Usual: Jass by suit, trumps first; the others by rank",
            "No press this long: the backlight dims",
            "No press this long: the game is saved and the console sleeps; any button wakes it",
            "Sleep on USB power too (otherwise it only dims)",
            "Cues from the piezo: your turn, hand-over, trick, game over",
            "Start fresh: every saved game, statistic, setting and name (asks first)",
            "How the panel is wired, and this console's version",
            "Back to the menu",
        )[self.entries()[i]]

    def adjust(self, i, d):
        a = self.app
        k = self.entries()[i]
        if k == SPEED:
            a.speed = (a.speed + d) % len(SPEEDS)
        elif k == BRIGHTNESS:
            a.bright = (a.bright + d) % len(BRIGHT)
            apply_brightness(a)
        elif k == SUITS:
            a.swiss = not a.swiss
        elif k == COLOURS:
            a.four = not a.four
        elif k == ORDER:
            a.hand_order = (a.hand_order + d) % len(ORDERS)
        elif k == DIM:
            a.dim = (a.dim + d) % len(DIMS)
        elif k == SLEEP:
            a.rest_after = (a.rest_after + d) % len(SLEEPS)
        elif k == USB:
            a.usb_sleep = 1 - a.usb_sleep
        elif k == SOUND:
            a.volume = (a.volume + d) % len(VOLUMES)
        else:
            return
        save(a)

    def activate(self, i):
        k = self.entries()[i]
        a = self.app
        if k == DONE:
            a.menu()
        elif k == BOARD:
            a.go(BoardPage(a, self))
        elif k == ERASE:
            from firmware.listui import Confirm

            a.go(
                Confirm(
                    a,
                    ("Erase everything?", "Erase all?"),
                    "Every saved game, the statistics, the settings and the names go, for good.",
                    "No, keep them",
                    "Yes, erase everything",
                    lambda: erase_all(a),
                    self,
                )
            )
        else:
            self.adjust(i, 1)


class BoardPage(ListScreen):
    """The board's own settings, apart from a player's: how the panel is wired (the display
    link: safe, slower, for poor wiring) and the console's version."""

    def __init__(self, app, home):
        ListScreen.__init__(self, app)
        self.home = home

    def needs(self):
        return ListScreen.needs(self) + self.home.needs()

    def below(self):
        return self.home

    def title(self):
        return ("Board and version", "Board")

    def rows(self):
        a = self.app
        return [
            ("Display link", "safe" if a.safe_link else "fast"),
            ("Build", a.hal.version or "unknown"),
            ("Back", ""),
        ]

    def help(self, i):
        a = self.app
        if i == 0 and a.safe_link != getattr(a.hal, "safe_link", False):
            return "From the next start (now %s)" % ("safe" if a.hal.safe_link else "fast")
        return (
            "Safe: slower, for poor wiring. Or hold B at power-on",
            "This console's version: an update keeps every save (docs: Updating)",
            "Back to the settings",
        )[i]

    def adjust(self, i, d):
        if i == 0:
            self.app.safe_link = not self.app.safe_link
            save(self.app)

    def activate(self, i):
        if i == 0:
            self.adjust(i, 1)
        elif i == 2:
            self.back()

    def back(self):
        self.app.go(self.home)
