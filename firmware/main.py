"""Start the console: collect garbage, build the configured board's Hal, run the app's frame loop.

On the Pico tools/install/build.py puts this file at the file-system root as main.py.

    run(hal=None, max_frames=None, frame_ms=FRAME_MS, app_class=None, on_frame=None,
        on_error=None) -> (app, number of errors)

hal None means the configured board's setup. Tests hand a fake Hal, an App class and a frame limit;
on_frame(app, frame) runs after each frame, on_error(exc) for each exception caught.

A fatal error never hangs silently. An exception goes first to the app's own error screen
(app.fatal). A MemoryError, a second error within 30 frames, or an app that cannot show its screen
drops the app: its modules are released, the error is printed, saved as the "error" file and drawn
straight through the panel driver (works with almost no free heap); A or START then starts a fresh
app, which reuses the canvas kept on the hal.

On the stock install (with the build's names.txt) the first frame is the title, while the compiled
modules' names are interned (firmware.fatal.intern_names): MicroPython's name pools are contiguous
blocks that double in size, and grown late one could find no room in a fragmented heap. Only the
most needed names go in, as every import walks all names interned so far.

The app's once-a-frame collection (App.idle) runs after the frame is on the panel, and waits a
frame when a press came meanwhile. The wait between frames ends early on a caught press (wait) or
at the time the app asked for (app.wake, until). Asleep the loop dozes (doze); dimmed, or on a
quiet screen left alone, the frames are fewer.
"""

import gc
from firmware import lifetimes
from firmware.lifetimes import release, unload


FRAME_MS = 33
ERROR_KEYS = 16 | 256  # no import: keep boot lean
PERIOD = 0x40000000  # MicroPython ticks_ms wraps at 2**30
WAIT_STEP_MS = 2  # between frames, how often a caught press is looked for
# a button's interrupt ends a doze early; where it cannot (a clock gated in the RP2040's sleep), a
# press is seen by then
DOZE_MS = 100
DOZE_LOOKS = 50
# dimmed: fewer frames; the press that brightens the panel waits DIM_STEP_MS more at most
DIM_FRAME_MS = 250
DIM_STEP_MS = 10
# a quiet screen left alone (App.quiet) gets DIM_FRAME_MS frames too, but presses are answered at
# once
NAMES = "names.txt"  # next to main.py


def intern_names(path=NAMES):
    """Intern the names listed in path until the pools hold them all; how many."""
    from firmware import fatal

    n = fatal.intern_names(path)
    unload("firmware.fatal")
    return n


def has_names(path=NAMES):
    """True when the file system holds the build's names.txt (the stock install)."""
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
        hal.boot_work = True
    gc.collect()
    if app_class is None:
        from firmware.app import App

        app_class = App
    app = None
    failed = False  # the panel shows report()'s message
    released = False
    soft_until = -1  # a second error before then: the app cannot recover
    frame = 0
    errors = 0
    while max_frames is None or frame < max_frames:
        t0 = hal.ticks_ms()
        more = False
        mask = hal.buttons.read()
        if failed:
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
                        app.gc_in_tick = False
                app.tick(mask, t0)
                idle = getattr(app, "idle", None)
                more = getattr(app, "more", False)
                if more:
                    app.more = False
                elif idle is not None and not pending(hal):
                    idle()  # a press caught meanwhile: its frame first
                idle = None  # a bound method holds its app
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
                    try:
                        app.fatal("%s: %s" % (type(exc).__name__, exc))
                        log_exception(exc)
                        soft_until = frame + 30
                        shown = True
                    except Exception:  # noqa: BLE001
                        pass
                if not shown:
                    app = idle = None
                    gc.collect()
                    try:
                        release([])
                    except MemoryError:
                        pass
                    gc.collect()
                    report(hal, exc)
                    failed = True
                    released = False
        frame += 1
        if frame == 1 and hal.boot_work:
            # the title is on the panel while the names are interned, before any screen loads a
            # module
            intern_names()
            hal.boot_work = False
        if on_frame is not None:
            on_frame(app, frame)
        spent = (hal.ticks_ms() - t0) % PERIOD
        power = getattr(app, "power", None)  # an error screen's stand-in app has none
        rest = power.rest if power is not None else 0
        if rest == 2:  # firmware.power.ASLEEP
            doze(hal)
        elif rest == 1:  # dimmed
            if spent < DIM_FRAME_MS and not more:
                wait(hal, DIM_FRAME_MS - spent, DIM_STEP_MS)
        elif not more:
            # polled buttons are read only by a frame: they keep every frame
            q = getattr(app, "quiet", None)
            ms = frame_ms
            if q is not None and getattr(hal.buttons, "pending", None) is not None and q():
                ms = DIM_FRAME_MS
            if spent < ms:
                wait(hal, until(app, hal, ms - spent))
    return app, errors


def until(app, hal, ms):
    """The frame's wait cut to the moment the app asked for a frame (app.wake: the end of the hold
    that reveals a hand), which uses the request up."""
    wake = getattr(app, "wake", -1)
    if wake < 0:
        return ms
    app.wake = -1
    d = (wake - hal.ticks_ms()) % PERIOD
    if d > PERIOD // 2:
        return 0
    return d if d < ms else ms


def pending(hal):
    """True when interrupt-driven buttons hold a press that no frame has read yet."""
    p = getattr(hal.buttons, "pending", None)
    return p is not None and p()


def doze(hal):
    """Asleep: the lowest-power wait that keeps RAM (machine.lightsleep on the Pico), DOZE_MS at a
    time, until a press or DOZE_LOOKS dozes (a frame then lets a harness's hook run). Fake buttons:
    one step a frame."""
    d = getattr(hal, "doze", None) or hal.sleep_ms
    b = hal.buttons
    held = getattr(b, "held", None)
    caught = getattr(b, "pending", None)
    if held is None or caught is None:
        d(DOZE_MS)
        return
    # held() first: keys behind a bus (the PicoCalc's keyboard controller) are asked by it, and
    # their pending() then knows they were just asked
    n = DOZE_LOOKS
    while n and not held() and not caught():
        d(DOZE_MS)
        n -= 1


def wait(hal, ms, step_ms=WAIT_STEP_MS):
    """The rest of the frame's time, cut short when the buttons caught a press, so that a press
    waits for no frame boundary."""
    pending = getattr(hal.buttons, "pending", None)
    if pending is None:
        hal.sleep_ms(ms)
        return
    # keys behind a bus are looked at no more often than their driver's look_ms (a busy screen's
    # frame, shorter, looks at them itself)
    look = getattr(hal.buttons, "look_ms", 0)
    if step_ms < look:
        if ms <= look:
            hal.sleep_ms(ms)
            return
        step_ms = look
    while ms > 0 and not pending():
        step = step_ms if ms > step_ms else ms
        hal.sleep_ms(step)
        ms -= step


if __name__ == "__main__":
    run()
