"""The Settings screen, the board's page (display link, version) and Erase all; the values are
app.prefs'. Loaded only while shown. The board's setup reads the display link before the app, so a
change takes effect at the next start.
"""

from firmware.listui import ListScreen
from firmware.choices import SPEEDS, BRIGHT, DIMS, SLEEPS, VOLUMES
from firmware.prefs import ORDERS


# every file the console keeps; their copies kept aside (.bad) go too
KEPT = ("save", "save2", "save3", "stats", "settings", "error")


def erase_all(app):
    """Erase all, confirmed: every kept file and its copy go, the settings are the defaults again,
    and the main menu says so."""
    for name in KEPT:
        app.remove(name, True)
    app.prefs.reset()
    app.prefs.light(app.hal)
    app.stats = None
    app.clear_notice()
    app.tell("Everything was erased: the console starts as new.")
    app.menu()


# the rows: a player's settings, then the board's own page
SPEED, BRIGHTNESS, SUITS, COLOURS, ORDER, DIM, SLEEP, USB, SOUND, ERASE, BOARD, DONE = range(12)
# the prefs field each of the first rows steps
FIELDS = (
    "speed",
    "bright",
    "swiss",
    "four",
    "hand_order",
    "dim",
    "rest_after",
    "usb_sleep",
    "volume",
)


class Settings(ListScreen):
    """A player's settings (sound only on a board with a piezo); the display link and the version
    on the board's own page."""

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
                    ("Bot speed", SPEEDS[a.prefs.speed][0]),
                    ("Brightness", "%d%%" % BRIGHT[a.prefs.bright]),
                    ("Jass suits", "Swiss" if a.prefs.swiss else "French"),
                    ("Card colours", "four" if a.prefs.four else "two"),
                    ("Hand order", ORDERS[a.prefs.hand_order]),
                    ("Dim after", DIMS[a.prefs.dim][0]),
                    ("Sleep after", SLEEPS[a.prefs.rest_after][0]),
                    ("Sleep on USB", "yes" if a.prefs.usb_sleep else "no"),
                    ("Sound", VOLUMES[a.prefs.volume][0]),
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
        k = self.entries()[i]
        field = FIELDS[k] if k < len(FIELDS) else None
        if field is None:
            return
        prefs = self.app.prefs
        prefs.step(field, d)
        if k == BRIGHTNESS:
            prefs.light(self.app.hal)
        prefs.save(self.app)

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
    """The board's own settings: the display link (safe: slower, for poor wiring) and version."""

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
            ("Display link", "safe" if a.prefs.safe_link else "fast"),
            ("Build", a.hal.version or "unknown"),
            ("Back", ""),
        ]

    def help(self, i):
        a = self.app
        if i == 0 and a.prefs.safe_link != getattr(a.hal, "safe_link", False):
            return "From the next start (now %s)" % ("safe" if a.hal.safe_link else "fast")
        return (
            "Safe: slower, for poor wiring. Or hold B at power-on",
            "This console's version: an update keeps every save (docs: Updating)",
            "Back to the settings",
        )[i]

    def adjust(self, i, d):
        if i == 0:
            self.app.prefs.step("safe_link", 1)
            self.app.prefs.save(self.app)

    def activate(self, i):
        if i == 0:
            self.adjust(i, 1)
        elif i == 2:
            self.back()

    def back(self):
        self.app.go(self.home)
