"""A player's settings and the board's display link: their values, the "settings" file they are
kept in, and the only code that changes them. App holds one Prefs (app.prefs) from boot; the
Settings screen (firmware.settings) shows it and asks it to step a value."""

from firmware.choices import SPEEDS, BRIGHT, DIMS, SLEEPS, VOLUMES

# (the file's key, the field, how many values: 2 is a yes/no), in the file's order
ROWS = (
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
# a new console's value of each, in ROWS' order
DEFAULTS = (2, 3, False, False, 0, False, 2, 2, 0, 2)
# the setting "Hand order" (firmware.table.hand_order reads it)
ORDERS = ("usual", "by suit", "by rank")


class Prefs:
    def __init__(self):
        self.reset()

    def reset(self):
        """Every value a new console's. Fields: speed (SPEEDS), bright (BRIGHT), swiss (Swiss
        Jass suits), four (the four-colour deck), hand_order (ORDERS), safe_link (the display
        link: boards.safe_link reads the file at boot), dim (DIMS), rest_after (SLEEPS),
        usb_sleep (0/1), volume (VOLUMES)."""
        for i in range(len(ROWS)):
            setattr(self, ROWS[i][1], DEFAULTS[i])

    def step(self, field, d):
        """The next (d 1) or previous (d -1) value of a field, round; a yes/no flips."""
        for _, name, n in ROWS:
            if name == field:
                v = getattr(self, field)
                setattr(self, field, (not v) if n == 2 else (v + d) % n)
                return
        raise KeyError(field)

    def lines(self):
        return ["%s %d" % (key, int(getattr(self, name))) for key, name, _ in ROWS]

    def load(self, app):
        """The "settings" file: "settings 1", then a "key N" line per value (a file of three
        bytes, speed, brightness and suits, is read too; a key missing keeps a new console's
        value). A bad line, another version or a bad checksum keeps every good value,
        keeps the original as settings.bad and tells the player once (firmware.records)."""
        from firmware import records

        got, problem = records.read(app, "settings", "settings")
        if problem == records.NEWER:
            records.keep(app, "settings", "Settings")
            return
        if len(got) == 1 and got[0] is not None and len(got[0]) == 3 and not problem:
            d = got[0].encode()  # three raw bytes: speed, brightness, suits
            if d[0] < len(SPEEDS) and d[1] < len(BRIGHT) and d[2] < 2:
                self.speed, self.bright, self.swiss = d[0], d[1], bool(d[2])
                return
        bad = 0
        for line in got:
            f = line.split(" ") if line is not None else []
            ok = False
            if len(f) == 2:
                for key, name, n in ROWS:
                    if f[0] == key:
                        try:
                            v = int(f[1])
                        except ValueError:
                            break
                        if 0 <= v < n:
                            setattr(self, name, bool(v) if n == 2 else v)
                            ok = True
            if not ok:
                bad += 1
        if bad:
            problem = (problem + ", " if problem else "") + (
                "%d bad line%s" % (bad, "s" if bad > 1 else "")
            )
        if problem:
            records.repair(app, "settings", "settings", self.lines(), problem, "Settings")

    def save(self, app):
        from firmware import records

        records.write(app, "settings", "settings", self.lines())

    def light(self, hal):
        """The backlight at the brightness setting (a display without one: nothing)."""
        try:
            hal.display.brightness(BRIGHT[self.bright])
        except AttributeError:
            pass
