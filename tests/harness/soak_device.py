"""The device side of tools/benches/device_soak.py: runs on the emulated Pico (stock MicroPython
1.28), compiled into the soak's build next to soak_keys. run() builds the board's Hal, puts a key
source in place of the buttons and a virtual clock in place of the Hal's clock (a frame's wait
costs no emulated time), takes a ballast block so that the firmware has the cap and no more,
and runs firmware.main.run with a frame hook that presses a key every other frame. Prints
SOAK-START, SOAK-AT (every 250 presses) and SOAK-RESULT lines.
"""

import gc
import sys
import json

import soak_keys


class Keys:
    pins = ()
    last = 0
    mask = 0

    def read(self):
        return self.mask

    def held(self):
        return self.mask


class Clock:
    t = 1000

    def ticks(self):
        return self.t

    def sleep(self, ms):
        self.t += ms


def run(seed, limit, stop, cap, harness):
    """limit presses; stop at the first error when stop; cap: the heap the firmware gets;
    harness: what this module and soak_keys hold (left out of the cap)."""
    from firmware import main

    hal = main.board_hal()
    have = 0
    pins = getattr(hal.buttons, "pins", None)
    if pins is None:  # keys behind a keyboard controller (the PicoCalc): its key map's buttons
        for bit in hal.buttons.map.values():
            have |= bit
    else:
        for p in pins:
            have |= p[1]
    keys = Keys()
    hal.buttons = keys
    clock = Clock()
    hal.ticks_ms = clock.ticks
    hal.sleep_ms = clock.sleep
    soak = soak_keys.Soak({"seed": seed}, {})
    soak.have = have
    st = {
        "presses": 0,
        "frames": 0,
        "errors": 0,
        "first": -1,
        "error_screens": 0,
        "peak": 0,
        "peak_at": "",
        "low": 1 << 30,
        "visits": {},
        "last": "",
        "what": [],
    }
    gc.collect()
    ballast = None
    total = gc.mem_alloc() + gc.mem_free()
    extra = total - cap - harness
    if extra > 0:
        ballast = bytearray(extra)
    else:
        extra = 0
    gc.collect()
    print("SOAK-START", total, extra, gc.mem_alloc(), gc.mem_free(), harness)
    import micropython

    print("SOAK-NAMES start", end=" ")
    micropython.qstr_info()  # the pool of interned names (read by hand from --log)

    def on_frame(app, n):
        st["frames"] = n
        if n == 1:  # the stock install's names were interned in this frame (firmware.main)
            print("SOAK-NAMES boot", end=" ")
            micropython.qstr_info()
        if st["errors"] and stop:
            raise KeyboardInterrupt
        # the firmware's, when the loop collected after the frame (App.idle: after a frame that
        # did something, and every few idle frames)
        used = gc.mem_alloc() - extra - harness
        if app is not None and app.collected != app.frames:
            used = 0
        free = gc.mem_free()
        k = soak_keys.screen_key(app)
        if used > st["peak"]:
            st["peak"] = used
            st["peak_at"] = k
        if free < st["low"]:
            st["low"] = free
        if k != st["last"]:
            v = st["visits"]
            v[k] = v.get(k, 0) + 1
            if k == "Error" or k == "Fatal":
                st["error_screens"] += 1
            st["last"] = k
        if keys.mask:
            keys.mask = 0
            return
        if st["presses"] >= limit:
            raise KeyboardInterrupt
        if app is None and n % 2:
            return
        b = soak.key(app, k)
        if b and b & have:
            keys.mask = b
            st["presses"] += 1
            if st["presses"] % 250 == 0:
                print("SOAK-AT", st["presses"], n, st["peak"], st["low"], st["errors"])

    def on_error(exc):
        if not st["errors"]:
            st["first"] = st["presses"]
        st["errors"] += 1
        if len(st["what"]) < 5:
            st["what"].append("%s: %s" % (type(exc).__name__, exc))
            sys.print_exception(exc)
            import micropython

            micropython.mem_info(1 if st["errors"] == 1 else 0)  # the heap's map at the first

    try:
        main.run(hal, max_frames=50 * limit + 100000, on_frame=on_frame, on_error=on_error)
    except KeyboardInterrupt:
        pass
    del ballast  # held to here: the heap the firmware did not get
    print("SOAK-NAMES end", end=" ")
    micropython.qstr_info()
    del st["last"]
    print("SOAK-RESULT " + json.dumps(st))
