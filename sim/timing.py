"""Frame times of the app under MicroPython (multiply by the Pico factor of
../shared/tools/pico_factor.py, about 75-160 here depending on the load, for the device).

    micropython -X heapsize=512K sim/timing.py [BOARD] [GAME] [--json] [--root DIR]
                [--factor-script PATH]

One human against bots at bot speed "normal": the time from an empty heap to the main menu
drawn (App() with its imports, the boot frame, A pressed at once, the menu frame), of a full
table redraw, of a cursor move, of an idle frame, and of the frames in which a move (the
human's or a bot's) was made and drawn: input to pixels handed to the display. As in
firmware.main on the device, the per-frame garbage collection runs after each frame (its time
is printed apart). --root DIR puts a compiled build (tools/install/build.py, .mpy files as on
the Pico) before the source tree: use it for figures (from source, the small modules
loaded only while used, e.g. the save format at each autosave, are compiled again each time,
which the device's .mpy files are not). --factor-script runs ../shared/tools/pico_factor.py in this
same process before and after the timings (the factor follows the machine's load; the higher of
the two is used), and --json
prints one JSON line of figures (tools/benches/display_bench.py reads it).
"""

import sys
import time

if not hasattr(time, "ticks_us") or "--help" in sys.argv or "-h" in sys.argv:
    print("usage: micropython -X heapsize=512K sim/timing.py [BOARD] [GAME] [--json] [--root DIR]")
    if "--help" in sys.argv or "-h" in sys.argv:
        sys.exit(0)
    print("error: sim/timing.py times MicroPython's frames: run it with the unix port")
    sys.exit(2)

ROOT = None
JSON = False
FACTOR = None
_args = []
_a = sys.argv[1:]
while _a:
    _x = _a.pop(0)
    if _x == "--json":
        JSON = True
    elif _x == "--root":
        ROOT = _a.pop(0)
    elif _x == "--factor-script":
        FACTOR = _a.pop(0)
    else:
        _args.append(_x)
if "." not in sys.path:
    sys.path.insert(0, ".")
if ROOT:
    sys.path.insert(0, ROOT)


def us(fn):
    a = time.ticks_us()
    fn()
    return time.ticks_diff(time.ticks_us(), a)


def factor(path):
    """Pico ms / unix-port ms of the shared reference loop, run here and now (None: no script)."""
    if not path:
        return None
    ns = {"__name__": "pico_factor"}
    with open(path) as f:
        src = f.read()
    exec(src, ns)  # prints its own two lines; leaves best (us) and PICO_MS behind
    return ns["PICO_MS"] * 1000.0 / ns["best"]


def main(board, game):
    out = {"board": board, "game": game}
    out["factor"] = factor(FACTOR)
    import gc

    gc.collect()
    t0 = time.ticks_us()
    import sim.session as S

    s = S.Session(board, False)
    s.frame(0)  # the boot screen
    s.press("a")  # straight on: the main menu is drawn
    out["menu_us"] = time.ticks_diff(time.ticks_us(), t0)
    out["menu_bytes"] = s.disp.bytes
    # as firmware.main does on the device: the garbage is collected after each frame, once it is
    # on the panel (in the frame's spare time), so the times below are input to pixels
    s.app.gc_in_tick = False
    idle = getattr(s.app, "idle", None)  # (an app without it collects inside tick)

    def tick(mask):
        a = time.ticks_us()
        s.app.tick(mask, s.clock)
        dt = time.ticks_diff(time.ticks_us(), a)
        s.clock += 33
        if idle is not None:
            idle()
        return dt

    menu = s.app.screen
    idx = [it[1] for it in menu.items].index(game)
    for _ in range(idx):
        s.press("down")
    s.press("a")
    st = s.app.screen
    while st.cur != 3:
        s.press("down")
    while s.app.prefs.speed != 2:
        s.press("a")  # normal speed
    while st.cur != 0:
        s.press("up")
    st = menu = None
    s.press("a")
    p = s.app.screen
    for _ in range(400):
        if p.turn.interactive():
            break
        s.frame(0)

    fulls = []
    for _ in range(5):
        p.full = True
        fulls.append(tick(0))
    fulls.sort()
    out["full_us"] = fulls[2]
    out["full_bytes"] = s.hal.width * s.hal.height * 2
    moves = []
    for _ in range(6):
        moves.append(tick(2))
        tick(0)
    moves.sort()
    out["cursor_us"] = moves[3]
    out["idle_us"] = tick(0)
    a = time.ticks_us()
    if idle is not None:
        idle()
    out["gc_us"] = time.ticks_diff(time.ticks_us(), a)
    acts = []
    for i in range(300):
        b = s.disp.bytes
        dt = tick(16 if (p.turn.interactive() and i % 2 == 0) else 0)
        if s.disp.bytes != b:
            acts.append(dt)
        if s.app.screen is not p:
            break
    acts.sort()
    out["move_frames"] = len(acts)
    out["move_us"] = acts[len(acts) // 2] if acts else 0
    out["move_worst_us"] = acts[-1] if acts else 0
    if FACTOR:
        # the machine's load moves: the factor again after the timings, the higher one kept
        # (the pessimistic estimate)
        f2 = factor(FACTOR)
        if out["factor"] is None or f2 > out["factor"]:
            out["factor"] = f2
    if JSON:
        import json

        print(json.dumps(out))
        return out
    print("boot to menu drawn us %d" % out["menu_us"])
    print("full table redraw us %d" % out["full_us"])
    print("cursor move us median %d" % out["cursor_us"])
    print("idle frame us %d" % out["idle_us"])
    print("garbage collection after a frame us %d" % out["gc_us"])
    print(
        "frames with a move: %d, median us %d, max us %d"
        % (len(acts), out["move_us"], out["move_worst_us"])
    )
    if out["factor"]:
        print(
            "Pico factor here and now %.1f: full redraw %.0f ms, move frame %.0f ms"
            % (
                out["factor"],
                out["full_us"] * out["factor"] / 1000.0,
                out["move_us"] * out["factor"] / 1000.0,
            )
        )
    return out


if __name__ == "__main__":
    main(_args[0] if _args else "pico_lcd_1_3", _args[1] if len(_args) > 1 else "screw")
