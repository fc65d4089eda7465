"""Rest and wake: the idle timers (dim, sleep), the sleep itself, the battery, the sound cues and
the one way out (START, or B on boards without START, held HOLD_OUT_MS). App.tick calls
power.tick(app, mask, now) once a frame, before the keys reach the screen; it returns the keys
the screen may have (none for a press that wakes the console). All times are the Hal's
(hal.ticks_ms): the simulator and the tests drive them with a virtual clock.

- Dim: no button for DIMS[app.dim] ms: the backlight goes to DIM_PERCENT. A press brightens it
  again and does what it does.
- Sleep: no button for SLEEPS[app.rest_after] ms (never on USB power unless app.usb_sleep), or
  the battery below CRITICAL_V: the game is saved, a hand on the panel gives way to the
  hand-over screen (a game with a human seat: nobody holds the console any more, so the next
  human to act must take it with A held), the backlight goes off and the panel gets SLPIN.
  app.rest is ASLEEP: firmware.main waits in hal.doze (machine.lightsleep on the Pico) until a
  button is pressed. That press wakes the panel (SLPOUT, its RAM kept: the same picture) and
  the backlight, and nothing else: the keys held since are not keys until released.
- Battery: hal.battery() (volts) read every BATTERY_MS; app.volts (None where the board cannot
  read it). level() gives the menu's text.
- Sound: cue(app, name) starts a tone on hal.sound at app.volume; tick() stops it when due.
"""

from firmware import keys as K
from firmware.choices import BRIGHT, DIMS, SLEEPS, VOLUMES

AWAKE = 0
DIM = 1
ASLEEP = 2
DIM_DEFAULT = 2  # 60 s
SLEEP_DEFAULT = 2  # 5 min
DIM_PERCENT = 10
HOLD_OUT_MS = 1000
# a screen laid over a table of two humans or more with no press for this long (or the dim time,
# when shorter) counts as left: the table comes back behind the hand-over
LEFT_MS = 30000
_DEPTH = 6  # screens laid over a table at most (pause, the score board, its words, ...)
BATTERY_MS = 10000
# VSYS of a single Li-ion/LiPo cell (the Pico's VSYS input, 1.8-5.5 V): EMPTY_V..FULL_V is the
# level shown; LOW_V warns; below CRITICAL_V the game is saved and the console sleeps (the RP2040
# and the flash run down to 1.8 V on VSYS, so a save written here does not brown out). Over
# USB_V the supply is USB (VBUS through the Pico's Schottky diode).
FULL_V = 4.1
EMPTY_V = 3.3
LOW_V = 3.5
CRITICAL_V = 3.35
USB_V = 4.3
VOLUME_DEFAULT = 2
# cue -> (Hz, ms)
CUES = {
    "turn": (1319, 60),
    "handover": (880, 90),
    "trick": (1568, 40),
    "dead": (220, 40),
    "over": (659, 200),
}


def init(app):
    app.rest = AWAKE
    app.touched = app.hal.ticks_ms()
    app.swallow = 0  # keys held since the waking press: no key until released
    app.out_at = -1  # when the way-out key was pressed (-1: not held)
    app.tone_end = -1
    app.volts = None
    app.volts_at = -BATTERY_MS
    app.dim = DIM_DEFAULT
    app.rest_after = SLEEP_DEFAULT
    app.usb_sleep = 0
    app.volume = VOLUME_DEFAULT
    # the way out is held START, or B on a board without START (boards hand hal.keys over so
    # that the boards package need not stay imported)
    keys = app.hal.keys
    app.out_key = K.B if keys and not keys & K.START else K.START


def on_usb(app):
    u = app.hal.usb
    if u is not None:
        return bool(u())
    return app.volts is not None and app.volts >= USB_V


def tick(app, mask, k, now):
    """The frame's power work; returns the keys the screen gets."""
    if app.tone_end >= 0 and now - app.tone_end >= 0:
        app.tone_end = -1
        app.hal.sound.off()
    if app.hal.battery is not None and now - app.volts_at >= BATTERY_MS:
        app.volts_at = now
        app.volts = app.hal.battery()
    if app.rest == ASLEEP:
        if not mask:
            return 0
        wake(app, mask, now)
        return 0
    if mask:
        app.touched = now
        if app.rest == DIM:
            app.rest = AWAKE
            bright(app)
    if app.swallow:
        app.swallow &= mask
        k &= ~app.swallow
    if mask & app.out_key:
        if app.out_at < 0:
            app.out_at = now
        elif now - app.out_at >= HOLD_OUT_MS:
            app.out_at = -2  # once a hold
            way_out(app)
            app.swallow = mask
            return 0
    else:
        app.out_at = -1
    idle = now - app.touched
    if idle >= left_ms(app) and app.screen is not None and not hasattr(app.screen, "turn"):
        # a screen laid over a table of two humans or more, left: the table comes back
        # behind the hand-over (the screen may show what only its holder may see: a hint, the
        # look back; and whoever picks the console up next must not go back to the hand)
        p = table(app)
        if p is not None and len(p.turn.humans) > 1:
            cover(app)
    low = app.volts is not None and app.volts < CRITICAL_V and not on_usb(app)
    s = SLEEPS[app.rest_after][1]
    # a console at a linked table stays awake (it may dim): asleep, it would drop off the link
    if low or (
        s
        and idle >= s
        and (app.usb_sleep or not on_usb(app))
        and getattr(app, "link", None) is None
    ):
        sleep(app)
        return 0
    d = DIMS[app.dim][1]
    if app.rest == AWAKE and d and idle >= d:
        app.rest = DIM
        bright(app)
    return k


def left_ms(app):
    """How long a screen over a table may go without a press before it counts as left."""
    d = DIMS[app.dim][1]
    return d if d and d < LEFT_MS else LEFT_MS


def bright(app):
    pct = 0 if app.rest == ASLEEP else BRIGHT[app.bright]
    if app.rest == DIM and pct > DIM_PERCENT:
        pct = DIM_PERCENT
    try:
        app.hal.display.brightness(pct)
    except AttributeError:
        pass


def table(app):
    """The Play screen on the panel, or under the screens laid over it (the pause menu, a text
    or a question it opened, the score board and its words, the look back: each names the
    screen it lies over, Screen.below), or None."""
    s = app.screen
    for _ in range(_DEPTH):
        if s is None or hasattr(s, "turn"):
            return s
        s = s.below()
    return None


def cover(app):
    """Nobody holds the console any more: a table with a human seat comes back (from under any
    screen laid over it) behind the hand-over screen of the seat to act, drawn in this frame.
    True when there was such a table."""
    p = table(app)
    if p is None:
        return False
    t = p.turn
    if t.g.over or not t.humans:
        return False
    t.cover()
    if app.screen is not p:
        app.go(p)
    return True


def sleep(app):
    """Save, hide every hand, backlight off, panel SLPIN; firmware.main then dozes."""
    app.rest = ASLEEP
    app.swallow = 0
    app.out_at = -1
    if app.tone_end >= 0:
        app.tone_end = -1
        app.hal.sound.off()
    bright(app)
    job = app.due
    app.due = None
    p = table(app)
    if p is not None and job is None and not p.turn.g.over:
        job = p.turn.autosave
    p = None
    # nobody holds the console now: the next human to act takes it on the hand-over screen
    # (drawn in this frame, under the dark backlight, before SLPIN)
    cover(app)
    if job is not None:
        app.save(job)
    app.sleeping = True  # App.tick sends SLPIN after this frame's pixels


def doze_now(app):
    """After the frame that went to sleep has drawn: the panel's SLPIN."""
    app.sleeping = False
    d = app.hal.display
    if hasattr(d, "sleep"):
        d.sleep()


def wake(app, mask, now):
    app.rest = AWAKE
    app.touched = now
    app.swallow = mask
    app.out_at = -1
    d = app.hal.display
    if hasattr(d, "resume"):
        d.resume()
    bright(app)
    p = table(app)
    if p is not None:
        # the hand-over's clock starts at the wake, not at the frame that went to sleep: its
        # ARM_MS of ignored presses (the waking one's neighbours) come again
        p.turn.woke()


def way_out(app):
    """START (or B) held: the pause menu from a table, else the main menu."""
    s = app.screen
    if hasattr(s, "turn"):
        s.pause()
    elif s.__class__.__name__ != "MainMenu" and getattr(s, "play", None) is None:
        app.menu()


def cue(app, name):
    """A short tone, if the board has a piezo and the sound is on."""
    snd = app.hal.sound
    vol = VOLUMES[app.volume][1]
    if snd is None or not vol or app.rest == ASLEEP:
        return
    hz, ms = CUES[name]
    snd.tone(hz, vol)
    app.tone_end = app.now + ms


def level(app):
    """The battery for the menu: "" (unknown), "USB", "73%" or "12% LOW"."""
    v = app.volts
    if v is None:
        return ""
    if on_usb(app):
        return "USB"
    pct = int((v - EMPTY_V) * 100 / (FULL_V - EMPTY_V))
    pct = 0 if pct < 0 else (100 if pct > 100 else pct)
    return "%d%%%s" % (pct, " LOW" if v < LOW_V else "")
