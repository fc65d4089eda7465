"""Rest and wake: the idle timers (dim, sleep), the sleep itself, the battery, the sound cues and
the way out (START, or B without START, held HOLD_OUT_MS). App holds one Power (app.power);
App.tick calls power.tick(mask, k, now) once a frame, which returns the keys the screen may have
(none for a press that wakes the console). Times are the Hal's clock; the settings are app.prefs.

- Dim: no button for the dim time: the backlight goes to DIM_PERCENT; a press brightens it and does
  what it does.
- Sleep: no button for the rest time (not on USB power unless prefs.usb_sleep), or the battery
  below CRITICAL_V: the game is saved, a hand gives way to the hand-over screen (nobody holds the
  console any more), backlight off, panel SLPIN; firmware.main dozes until a press, which wakes the
  panel with its picture and is no key itself.
- Battery: hal.battery() read every BATTERY_MS; level() gives the menu's text.
- Sound: cue(app, name) starts a tone; tick() stops it when due.
"""

from firmware import keys as K
from firmware.choices import BRIGHT, DIMS, SLEEPS, VOLUMES

AWAKE = 0
DIM = 1
ASLEEP = 2
DIM_PERCENT = 10
HOLD_OUT_MS = 1000
# a screen over a table of two humans or more left this long (or the dim time) counts as left: the
# table comes back behind the hand-over
LEFT_MS = 30000
_DEPTH = 6  # screens laid over a table at most
BATTERY_MS = 10000
# one Li-ion/LiPo cell on VSYS: EMPTY_V..FULL_V is the level shown, LOW_V warns, CRITICAL_V saves
# and sleeps while the RP2040 and flash still run (no brown-out mid-save); over USB_V the supply is
# USB (VBUS through the Pico's diode)
FULL_V = 4.1
EMPTY_V = 3.3
LOW_V = 3.5
CRITICAL_V = 3.35
USB_V = 4.3
# cue -> (Hz, ms)
CUES = {
    "turn": (1319, 60),
    "handover": (880, 90),
    "trick": (1568, 40),
    "dead": (220, 40),
    "over": (659, 200),
}


class Power:
    def __init__(self, app):
        self.app = app
        self.rest = AWAKE
        self.touched = app.hal.ticks_ms()
        self.swallow = 0  # keys held since the waking press: none until released
        self.out_at = -1  # -1: not held
        self.tone_end = -1
        self.volts = None
        self.volts_at = -BATTERY_MS
        self.sleeping = False  # SLPIN after this frame's pixels
        # the way out is held START, or B without START (hal.keys: the boards package need not stay
        # imported)
        keys = app.hal.keys
        self.out_key = K.B if keys and not keys & K.START else K.START

    def on_usb(self):
        u = self.app.hal.usb
        if u is not None:
            return bool(u())
        return self.volts is not None and self.volts >= USB_V

    def tick(self, mask, k, now):
        """The frame's power work; returns the keys the screen gets."""
        app = self.app
        prefs = app.prefs
        if self.tone_end >= 0 and now - self.tone_end >= 0:
            self.tone_end = -1
            app.hal.sound.off()
        if app.hal.battery is not None and now - self.volts_at >= BATTERY_MS:
            self.volts_at = now
            self.volts = app.hal.battery()
        if self.rest == ASLEEP:
            if not mask:
                return 0
            self.wake(mask, now)
            return 0
        if mask:
            self.touched = now
            if self.rest == DIM:
                self.rest = AWAKE
                self.light()
        if self.swallow:
            self.swallow &= mask
            k &= ~self.swallow
        if mask & self.out_key:
            if self.out_at < 0:
                self.out_at = now
            elif now - self.out_at >= HOLD_OUT_MS:
                self.out_at = -2
                way_out(app)
                self.swallow = mask
                return 0
        else:
            self.out_at = -1
        idle = now - self.touched
        if idle >= self.left_ms() and app.screen is not None and not hasattr(app.screen, "turn"):
            # a screen over a table of two humans or more, left: it may show what only its holder
            # may see, so the table comes back behind the hand-over
            p = table(app)
            if p is not None and len(p.turn.humans) > 1:
                cover(app)
        low = self.volts is not None and self.volts < CRITICAL_V and not self.on_usb()
        s = SLEEPS[prefs.rest_after][1]
        # a console at a linked table stays awake: asleep, it would drop off the link
        if low or (
            s
            and idle >= s
            and (prefs.usb_sleep or not self.on_usb())
            and getattr(app, "link", None) is None
        ):
            self.sleep()
            return 0
        d = DIMS[prefs.dim][1]
        if self.rest == AWAKE and d and idle >= d:
            self.rest = DIM
            self.light()
        return k

    def left_ms(self):
        """How long a screen over a table may go without a press before it counts as left."""
        d = DIMS[self.app.prefs.dim][1]
        return d if d and d < LEFT_MS else LEFT_MS

    def light(self):
        """The backlight for the rest state."""
        pct = 0 if self.rest == ASLEEP else BRIGHT[self.app.prefs.bright]
        if self.rest == DIM and pct > DIM_PERCENT:
            pct = DIM_PERCENT
        try:
            self.app.hal.display.brightness(pct)
        except AttributeError:
            pass

    def sleep(self):
        """Save, hide every hand, backlight off, panel SLPIN; firmware.main then dozes."""
        app = self.app
        self.rest = ASLEEP
        self.swallow = 0
        self.out_at = -1
        if self.tone_end >= 0:
            self.tone_end = -1
            app.hal.sound.off()
        self.light()
        job = app.take_due()
        p = table(app)
        if p is not None and job is None and not p.turn.game.over:
            job = p.turn.autosave
        p = None
        # nobody holds the console now: the hand-over screen, drawn before SLPIN
        cover(app)
        if job is not None:
            app.save(job)
        self.sleeping = True

    def doze_now(self):
        """After the frame that went to sleep has drawn: the panel's SLPIN."""
        self.sleeping = False
        d = self.app.hal.display
        if hasattr(d, "sleep"):
            d.sleep()

    def wake(self, mask, now):
        self.rest = AWAKE
        self.touched = now
        self.swallow = mask
        self.out_at = -1
        d = self.app.hal.display
        if hasattr(d, "resume"):
            d.resume()
        self.light()
        p = table(self.app)
        if p is not None:
            # the hand-over's ignored presses count from the wake, not from the sleep
            p.turn.woke()

    def cue(self, name):
        """A short tone, if the board has a piezo and the sound is on."""
        app = self.app
        snd = app.hal.sound
        vol = VOLUMES[app.prefs.volume][1]
        if snd is None or not vol or self.rest == ASLEEP:
            return
        hz, ms = CUES[name]
        snd.tone(hz, vol)
        self.tone_end = app.now + ms

    def level(self):
        """The battery for the menu: "" (unknown), "USB", "73%" or "12% LOW"."""
        v = self.volts
        if v is None:
            return ""
        if self.on_usb():
            return "USB"
        pct = int((v - EMPTY_V) * 100 / (FULL_V - EMPTY_V))
        pct = 0 if pct < 0 else (100 if pct > 100 else pct)
        return "%d%%%s" % (pct, " LOW" if v < LOW_V else "")


def cue(app, name):
    """A short tone, for the modules that hold only the app."""
    app.power.cue(name)


def table(app):
    """The Play screen on the panel or under the screens laid over it (Screen.below), or None."""
    s = app.screen
    for _ in range(_DEPTH):
        if s is None or hasattr(s, "turn"):
            return s
        s = s.below()
    return None


def cover(app):
    """Nobody holds the console any more: a table with a human seat comes back behind the hand-over
    screen of the seat to act. True when there was such a table."""
    p = table(app)
    if p is None:
        return False
    t = p.turn
    if t.game.over or not t.humans:
        return False
    t.cover()
    if app.screen is not p:
        app.go(p)
    return True


def way_out(app):
    """START (or B) held: the pause menu from a table, else the main menu."""
    s = app.screen
    if hasattr(s, "turn"):
        s.pause()
    elif s.__class__.__name__ != "MainMenu" and getattr(s, "play", None) is None:
        app.menu()
