"""Start the console: collect garbage, build the configured board's Hal, run the app's frame loop.

On the Pico tools/install/build.py puts this file at the file-system root as main.py, next to
board.txt (the board id) and the compiled packages. MicroPython runs it at boot.

    run(hal=None, max_frames=None, frame_ms=FRAME_MS, app_class=None, on_frame=None,
        on_error=None) -> (app, number of errors)

hal None means the configured board's boards.<id>.setup(). Tests hand a fake Hal, an App class
and a frame limit; on_frame(app, frame) is called after each frame (heap probes, scripts),
on_error(exc) for each exception the loop caught.

A fatal error never hangs silently. An exception from the app is first handed to the app's own
error screen (app.fatal: A returns to its menu). A MemoryError, or a second error within 30
frames, or an app that cannot show its screen, is handled here: the app is dropped, the error is
printed to the USB console, saved as the "error" file of hal.storage and shown on the panel
(display.message draws straight through the panel driver, so it works with almost no free
heap); pressing A (or START) then starts a fresh app at the main menu. The board setup and the
error report live in firmware/fatal.py, loaded only while used (RAM). The failed app's modules
are released (firmware.lifetimes) before the report, and the fresh app reuses the canvas kept on
the hal, so it starts at the boot-time heap.

On the stock install (.mpy files on the file system, with the build's names.txt) the first frame
is the title, and run() then interns the compiled modules' names, the most needed first, until
MicroPython's pools of names have room for them all (firmware.fatal.intern_names) before the
next frame leaves the title for the main menu. MicroPython keeps interned names for good, in
pools that double in size, each one contiguous block. Grown on the way, a late pool (about 8 KB
on the Pico) could find no room in a fragmented heap and fail an import; grown at boot, the
pools take their final size while the heap is empty. Only about 1,300 of the 2,300 names go in
then: an import looks up each of its names by walking every name interned so far, and with all
of them interned every later import took about twice as long. The console's own firmware
(tools/install/firmware.py) keeps its names in flash, and running from source has no names.txt:
both start at the main menu.

The garbage collection the app needs once a frame (App.idle) runs after the frame's tick, once
the frame is on the panel, so that it does not delay what the player sees; it is put off by a
frame when the buttons caught a press meanwhile. The wait until the next frame ends early when
the buttons caught a press (see wait()), or when the app asked for a frame at a given time
(app.wake: the end of the hold that reveals a hand, see until()). While the app sleeps
(firmware.power) the loop dozes instead (see doze()): no frame runs until a button is pressed;
dimmed, or awake on a quiet screen left alone (App.quiet), the frames are fewer.
"""

import gc
from firmware import lifetimes
from firmware.lifetimes import release, unload


FRAME_MS = 33  # about 30 frames per second at most
ERROR_KEYS = 16 | 256  # firmware.keys.A | firmware.keys.START (no import: keep boot lean)
PERIOD = 0x40000000  # MicroPython ticks_ms wraps at 2**30
WAIT_STEP_MS = 2  # between frames, how often a caught press is looked for
# asleep, the longest doze between two looks at the buttons: a button edge's interrupt ends a
# doze early; where it does not (a clock gated in the RP2040's sleep), a press is seen by then
DOZE_MS = 100
DOZE_LOOKS = 50
# dimmed (firmware.power.DIM): a frame every DIM_FRAME_MS, a caught press looked for every
# DIM_STEP_MS (the press that brightens the panel waits that much longer at most)
DIM_FRAME_MS = 250
DIM_STEP_MS = 10
# awake on a quiet screen left alone (App.quiet: a menu, a text): a frame every DIM_FRAME_MS as
# well, a caught press still looked for every WAIT_STEP_MS (answered as soon as on a busy screen)
NAMES = "names.txt"  # in the file-system root, next to main.py (tools/install/build.py)


def intern_names(path=NAMES):
    """Intern the names listed in path until the pools hold them all (firmware.fatal, loaded
    only for it); how many."""
    from firmware import fatal

    n = fatal.intern_names(path)
    unload("firmware.fatal")
    return n


def has_names(path=NAMES):
    """True when the file system holds the build's names.txt (the stock install's .mpy files;
    the console's own firmware keeps its names in flash)."""
    try:
        open(path).close()
    except OSError:
        return False
    return True


def board_hal():
    """The configured board's Hal (firmware.fatal, loaded only at boot and on errors)."""
    from firmware import fatal

    hal = fatal.board_hal()
    unload("firmware.fatal")
    return hal


def log_exception(exc):
    """The traceback on the USB console (firmware.fatal). Never raises."""
    try:
        from firmware import fatal
    except Exception:  # noqa: BLE001 - no room to load it: the name of the error at least
        print("error:", type(exc).__name__, exc)
        return
    fatal.log_exception(exc)
    unload("firmware.fatal")


def report(hal, exc):
    """Print, save and show a fatal error (firmware.fatal). Never raises."""
    try:
        from firmware import fatal
    except Exception:  # noqa: BLE001 - not even room to load it: the console gets the name
        print("fatal:", type(exc).__name__, exc)
        return
    fatal.report(hal, exc)
    unload("firmware.fatal")


def error_lines(exc):
    from firmware import fatal

    return fatal.error_lines(exc)


def run(
    hal=None, max_frames=None, frame_ms=FRAME_MS, app_class=None, on_frame=None, on_error=None
):
    gc.collect()
    if hasattr(gc, "mem_alloc"):
        lifetimes.base[0] = gc.mem_alloc()
    if hal is None:
        hal = board_hal()
    if has_names() and not hal.frozen:
        hal.boot_work = True  # the app shows its title meanwhile
    gc.collect()
    if app_class is None:
        from firmware.app import App

        app_class = App
    app = None
    failed = False  # hard failure: the panel shows report()'s message, the app is gone
    released = False
    soft_until = -1  # frame until which a second error means the app cannot recover
    frame = 0
    errors = 0
    while max_frames is None or frame < max_frames:
        t0 = hal.ticks_ms()
        more = False
        mask = hal.buttons.read()
        if failed:
            # Wait for every button to be let go, then A or START: back to a fresh menu.
            if not mask:
                released = True
            elif released and mask & ERROR_KEYS:
                failed = False
        else:
            try:
                if app is None:
                    gc.collect()
                    app = app_class(hal)
                    if hasattr(app, "gc_in_tick"):
                        app.gc_in_tick = False  # collected below, after the frame is shown
                app.tick(mask, t0)
                idle = getattr(app, "idle", None)
                more = getattr(app, "more", False)
                if more:
                    app.more = False  # the next frame at once; the idle work after it
                elif idle is not None and not pending(hal):
                    idle()  # a press caught meanwhile: the next frame first, this later
                idle = None  # a bound method holds its app: never past a failure
            except Exception as exc:  # noqa: BLE001 - MemoryError included
                errors += 1
                shown = False
                if on_error is not None:
                    on_error(exc)
                if (
                    app is not None
                    and frame > soft_until
                    and not isinstance(exc, MemoryError)
                    and hasattr(app, "fatal")
                ):
                    # First try the app's own error screen (A leads back to its menu).
                    try:
                        app.fatal("%s: %s" % (type(exc).__name__, exc))
                        log_exception(exc)
                        soft_until = frame + 30
                        shown = True
                    except Exception:  # noqa: BLE001
                        pass
                if not shown:
                    app = idle = None
                    gc.collect()  # the failed app's objects: room for what follows
                    try:
                        release([])  # every module it loaded: back to the boot set
                    except MemoryError:
                        pass  # the next App's own release tries again
                    gc.collect()
                    report(hal, exc)
                    failed = True
                    released = False
        frame += 1
        if frame == 1 and hal.boot_work:
            # The title is on the panel while the names are interned (0.5 s on the Pico),
            # before any screen loads a module; the next frame goes on to the main menu.
            intern_names()
            hal.boot_work = False
        if on_frame is not None:
            on_frame(app, frame)
        spent = (hal.ticks_ms() - t0) % PERIOD
        power = getattr(app, "power", None)  # (an error screen's stand-in app has none)
        rest = power.rest if power is not None else 0
        if rest == 2:  # asleep (firmware.power.ASLEEP)
            doze(hal)
        elif rest == 1:  # dimmed: nobody is looking closely; fewer frames, fewer wake-ups
            if spent < DIM_FRAME_MS and not more:
                wait(hal, DIM_FRAME_MS - spent, DIM_STEP_MS)
        elif not more:
            # a quiet screen left alone: fewer frames, where the buttons catch a press between
            # frames (pending()); polled buttons are read only by a frame and keep every one
            q = getattr(app, "quiet", None)
            ms = frame_ms
            if q is not None and getattr(hal.buttons, "pending", None) is not None and q():
                ms = DIM_FRAME_MS
            if spent < ms:
                wait(hal, until(app, hal, ms - spent))
    return app, errors


def until(app, hal, ms):
    """The frame's wait, ms, cut to the moment the app asked for a frame (app.wake, its clock:
    the end of the hold that reveals a hand, firmware.handover), so that it comes on time; the
    request is used up."""
    wake = getattr(app, "wake", -1)
    if wake < 0:
        return ms
    app.wake = -1
    d = (wake - hal.ticks_ms()) % PERIOD
    if d > PERIOD // 2:  # due already
        return 0
    return d if d < ms else ms


def pending(hal):
    """True when interrupt-driven buttons hold a press that no frame has read yet."""
    p = getattr(hal.buttons, "pending", None)
    return p is not None and p()


def doze(hal):
    """Asleep: the lowest-power wait that keeps RAM (hal.doze: machine.lightsleep on the Pico),
    DOZE_MS at a time, until a button is pressed (then the frame that wakes the console), or
    DOZE_LOOKS dozes (then a frame that finds nothing to do: a harness's hook runs now and
    then). Buttons without held()/pending() (fakes): one step a frame."""
    d = getattr(hal, "doze", None) or hal.sleep_ms
    b = hal.buttons
    held = getattr(b, "held", None)
    caught = getattr(b, "pending", None)
    if held is None or caught is None:
        d(DOZE_MS)
        return
    n = DOZE_LOOKS
    while n and not caught() and not held():
        d(DOZE_MS)
        n -= 1


def wait(hal, ms, step_ms=WAIT_STEP_MS):
    """The rest of the frame's time; cut short when the buttons caught a press (interrupt-driven
    Buttons have pending()), looked for every step_ms, so that a press waits for no frame
    boundary."""
    pending = getattr(hal.buttons, "pending", None)
    if pending is None:
        hal.sleep_ms(ms)
        return
    while ms > 0 and not pending():
        step = step_ms if ms > step_ms else ms
        hal.sleep_ms(step)
        ms -= step


if __name__ == "__main__":
    run()
