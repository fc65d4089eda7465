"""A player's settings and the board's display link: their values and the only code that changes
them. The "settings" file is firmware.prefsfile's, loaded only to read or write it. App holds one
Prefs (app.prefs); the Settings screen steps its values.
"""

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
# a new console's value of each
DEFAULTS = (2, 3, False, False, 0, False, 2, 2, 0, 2)
ORDERS = ("usual", "by suit", "by rank")


class Prefs:
    ROWS = ROWS  # firmware.prefsfile reads the rows through the object: no import back

    def __init__(self):
        self.reset()

    def reset(self):
        """Every value a new console's (safe_link: boards.safe_link reads the file at boot)."""
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

    def load(self, app):
        """The values kept in the "settings" file."""
        from firmware import prefsfile

        prefsfile.load(self, app)

    def save(self, app):
        from firmware import prefsfile

        prefsfile.save(self, app)

    def light(self, hal):
        """The backlight at the brightness setting."""
        try:
            hal.display.brightness(BRIGHT[self.bright])
        except AttributeError:
            pass
