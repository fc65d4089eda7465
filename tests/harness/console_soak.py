"""Random presses (soak) or a fixed tour of every screen, on the real firmware/main.py loop and
a board's fake hardware (MicroPython unix port, usually on the compiled build).

    micropython -X heapsize=192K tests/harness/console_soak.py @spec.json

spec: {"root": "build/<board>" or ".", "board": id, "saves": dir,
       "mode": "soak" | "tour" | "recover",
       "presses": n, "seed": n (soak), "stop_on_error": true (stop at the first error),
       "rounds": n, "only": [game id, ...] (tour), "game": id (recover),
       "inject": [frame, ...] (a MemoryError raised by the app's tick at those frames),
       "crash": [frame, ...] (a RuntimeError there), "debug": true (modules and heap printed)}

soak: every other frame a button goes down (held one frame), chosen at random with weights per
screen so that every screen is reached: the main menu picks one of its entries, a setup is
started with all seats bots half the time, play goes on for a random number of presses and then
leaves through the pause menu (save and quit, abandon, or a look at scores, rules, house rules).
tour: boot; then each game's setup and back; settings; statistics; every rules text; each game's
table (all seats bots, abandoned through the pause menu); the live heap at the main menu after
each step, with micropython.qstr_info() (the pool of interned names) printed next to it.
recover: a MemoryError, then a crash, injected into a game's frames (see recover_steps).
Prints one JSON line: presses, frames, errors, error_screens, visits per screen, peak live heap
(after the frame's collection) overall and per screen, the heap at the main menu (tour), the
harness's own heap, and the wall time.
"""

import sys

from firmware_root import enter  # the script's folder, sys.path[0] on both runtimes

SPEC = enter(sys.argv[1])
del sys.modules["firmware_root"], enter
import json  # noqa: E402
import gc  # noqa: E402
import time  # noqa: E402
import machine  # noqa: E402  (the fake)

from soak_keys import A, DOWN, ERROR_TITLE, UP, B, Soak, screen_key  # noqa: E402


class Clock:
    def __init__(self):
        self.t = 1000

    def ticks(self):
        return self.t

    def sleep(self, ms):
        self.t += ms


def tour_steps(app_box, only, rounds):
    """The tour as a generator of presses (0: no press this frame); yields None when the heap
    at the main menu is to be read."""

    def menu():
        while app_box[0] is None or type(app_box[0].screen).__name__ != "MainMenu":
            yield 0

    def goto(kind, gid=None):
        s = app_box[0].screen
        want = None
        for i in range(len(s.items)):
            if s.items[i] == (kind, gid):
                want = i
        while app_box[0].screen.cur != want:
            yield DOWN
        yield A

    yield from menu()
    for _ in range(20):
        yield 0
    yield None  # the boot figure
    gids = [it[1] for it in app_box[0].screen.items if it[0] == "game"]
    if only:
        gids = [g for g in gids if g in only]
    for rnd in range(rounds):
        if rnd:
            yield None  # the figure a round starts from
        for gid in gids:  # every setup, back with B
            yield from goto("game", gid)
            yield B
            yield from menu()
        yield None
        yield from goto("settings")
        yield B
        yield from menu()
        yield from goto("stats")
        yield B
        yield from menu()
        yield from goto("rules")
        for i in range(len(gids)):
            while app_box[0].screen.cur != i:
                yield DOWN
            yield A
            yield B
        yield B
        yield from menu()
        yield None
        for gid in gids:  # every game's table, abandoned
            yield from goto("game", gid)
            st = app_box[0].screen
            while st.layout()[st.cur][0] != "allbots":
                yield DOWN
            yield A
            while st.cur != 0:
                yield UP
            st = None  # the harness holds no screen
            yield A
            for _ in range(20):
                yield 0
            while type(app_box[0].screen).__name__ == "Play":
                yield B
            p = app_box[0].screen
            while p.cur != 5:
                yield UP
            p = None
            yield A  # Abandon asks first: No, then Yes
            yield DOWN
            yield A
            yield from menu()
            yield None
        for _ in range(10):
            yield 0
        yield None


def recover_steps(app_box, st, gid):
    """A game is started (all seats bots, bots at normal speed, so it autosaves), then a
    MemoryError is raised inside a frame: A on the error message must give the menu, with the
    saved game to continue; it is continued, and then a crash (RuntimeError) inside a frame
    goes to the app's error screen, whose A gives the menu again. The heap at the main menu is
    read after boot and after each recovery, with the cursor off the saved game (on it, the
    menu loads that game's table ahead)."""

    def screen():
        a = app_box[0]
        return "" if a is None or a.screen is None else type(a.screen).__name__

    def menu():
        while screen() != "MainMenu":
            yield A if screen() in ("", "TextScreen") else 0
        for _ in range(20):
            yield 0

    def off_saves():
        # the heap is read with the cursor off the saved game: on it, the menu loads that
        # game's table ahead (firmware.menus.LoadsAhead), and lets it go when the cursor leaves
        while app_box[0].screen.items[app_box[0].screen.cur][0] == "continue":
            yield DOWN
        for _ in range(3):
            yield 0

    def goto(kind, g=None):
        s = app_box[0].screen
        want = None
        for i in range(len(s.items)):
            if s.items[i] == (kind, g):
                want = i
        while app_box[0].screen.cur != want:
            yield DOWN
        yield A

    yield from menu()
    yield None
    yield from goto("game", gid)
    st_ = app_box[0].screen
    while st_.layout()[st_.cur][0] != "allbots":
        yield DOWN
    yield A
    while st_.cur != 0:
        yield UP
    st_ = None
    yield A
    for _ in range(150):
        yield 0
    st["saved_before"] = app_box[0].hal.storage.exists("save")
    st["boom"] = "memory"
    yield 0
    yield from menu()
    st["continue_after_memory"] = ("continue", "save") in app_box[0].screen.items
    yield from off_saves()
    yield None
    yield from goto("continue", "save")
    for _ in range(60):
        yield 0
    p = app_box[0].screen
    st["resumed"] = type(p).__name__ == "Play" and p.turn.saved.resumed
    p = None
    st["boom"] = "crash"
    yield 0
    yield 0
    st["error_screen"] = screen() == "TextScreen" and app_box[0].screen.ttl == ERROR_TITLE
    yield from menu()
    st["continue_after_crash"] = ("continue", "save") in app_box[0].screen.items
    yield from off_saves()
    yield None


_MODULE = type(sys)


def stale(screen):
    """What the current screen, or a screen it leads back to, runs from a module that is no
    longer the loaded one (dropped while in use: the next import would load it a second time)."""
    out = []
    todo = [screen]
    seen = []
    while todo:
        o = todo.pop()
        if o in seen:
            continue
        seen.append(o)
        cls = type(o)
        m = sys.modules.get(cls.__module__)
        if m is None or getattr(m, cls.__name__, None) is not cls:
            out.append(cls.__module__ + "." + cls.__name__)
        for v in o.__dict__.values():
            if type(v) is _MODULE:
                if sys.modules.get(v.__name__) is not v:
                    out.append(v.__name__)
            elif hasattr(v, "needs") and hasattr(v, "app"):
                todo.append(v)  # a screen it leads back to
    return out


def run(spec):
    gc.collect()
    harness = gc.mem_alloc()  # the interpreter, the fake machine and this script
    from firmware import main
    import boards
    import engine.compat

    # The bots think in slices of SLICE_MS read from ticks_us: on the host's real clock a
    # bot's move would take a number of frames that depends on the machine, and so would every
    # press after it (the same seed would walk elsewhere on a faster machine). A clock that
    # steps 1 ms per reading makes the walk the same on every machine; engine.compat is loaded
    # at boot and never dropped, so every later import of engine.search takes this one.
    us = [0]

    def ticks_us():
        us[0] += 1000
        return (clock.t * 1000 + us[0]) & 0x3FFFFFFF

    engine.compat.ticks_us = ticks_us

    board = boards.load(spec["board"])
    clock = Clock()
    hal = boards.make_hal(board, sleep_ms=clock.sleep, storage_root=spec["saves"])
    gpio = {}
    for g, bit in board.BUTTON_PINS:
        if bit not in gpio:
            gpio[bit] = g
    for name in ("boards." + board.ID, "boards"):
        if name in sys.modules:
            del sys.modules[name]
    board = None
    hal.ticks_ms = clock.ticks
    hal.buttons._ticks = clock.ticks  # the edges' times (debounce) on the same clock
    mode = spec.get("mode", "soak")
    soak = Soak(spec, gpio)
    st = {
        "presses": 0,
        "errors": [],
        "error_screens": 0,
        "visits": {},
        "peak": 0,
        "per": {},
        "menu_heap": [],
        "last": "",
        "done": False,
        "frames": 0,
        "stale": 0,
    }
    box = [None]
    steps = None
    if mode == "tour":
        steps = tour_steps(box, spec.get("only"), spec.get("rounds", 1))
    elif mode == "recover":
        steps = recover_steps(box, st, spec.get("game", "screwed"))
    inject = spec.get("inject") or []
    crash = spec.get("crash") or []
    limit = spec.get("presses", 1000)

    def wrap_tick(app):
        tick = app.tick

        def tick2(mask, now):
            boom = st.get("boom")
            if boom:
                st["boom"] = None
                raise MemoryError("injected") if boom == "memory" else RuntimeError("injected")
            f = st["frames"]
            if f in inject:
                raise MemoryError("injected at frame %d" % f)
            if f in crash:
                raise RuntimeError("injected at frame %d" % f)
            return tick(mask, now)

        app.tick = tick2

    def on_frame(app, n):
        st["frames"] = n
        if st["errors"] and spec.get("stop_on_error"):
            raise KeyboardInterrupt
        if app is not box[0]:
            box[0] = app
            if app is not None and (inject or crash or mode == "recover"):
                wrap_tick(app)
        if app is not None and app.screen is not None:
            gone = stale(app.screen)
            if gone:
                st["stale"] += 1
                if st["stale"] <= 5:
                    print("stale modules", n, screen_key(app), gone)
        # live heap when the loop collected after the frame (firmware.app.App.idle: after a
        # frame that did something, and every few idle frames)
        used = gc.mem_alloc() if app is None or app.collected == app.frames else 0
        if used > st["peak"]:
            st["peak"] = used
        k = screen_key(app)
        per = st["per"]
        if used > per.get(k, 0):
            per[k] = used
        if spec.get("debug") and (k != st["last"] or n % 20 == 0):
            print(
                "frame",
                n,
                k,
                used,
                [m for m in sys.modules if m.startswith(("firmware.", "engine."))],
            )
        if k != st["last"]:
            v = st["visits"]
            v[k] = v.get(k, 0) + 1
            if k == "Error" or k == "Fatal":
                st["error_screens"] += 1
            st["last"] = k
        if soak.holding:
            machine.press(())
            soak.holding = False
            return
        if steps is not None:
            try:
                b = next(steps)
            except StopIteration:
                raise KeyboardInterrupt
            except Exception as e:  # noqa: BLE001 - the tour lost its way (an error screen)
                st["errors"].append("tour: %s: %s" % (type(e).__name__, e))
                raise KeyboardInterrupt
            if b is None:
                gc.collect()
                st["menu_heap"].append(gc.mem_alloc())
                import micropython

                print("qstr at %d:" % len(st["menu_heap"]), end=" ")
                micropython.qstr_info()  # the test reads the pool's size from stdout
                if spec.get("debug"):
                    print("menu", gc.mem_alloc(), sorted(sys.modules.keys()))
                return
        else:
            if st["presses"] >= limit:
                raise KeyboardInterrupt
            if app is None and n % 2:
                return  # the fatal screen waits for a release first
            b = soak.key(app, k)
        if b and b & soak.have:
            machine.press((gpio[b],))
            soak.holding = True
            st["presses"] += 1

    def on_error(exc):
        if not st["errors"]:
            st["first_error_press"] = st["presses"]
        st["errors"].append("%s: %s" % (type(exc).__name__, exc))
        if len(st["errors"]) <= 3:
            sys.print_exception(exc)

    import micropython

    print("qstr at start:", end=" ")
    micropython.qstr_info()  # the pool before any firmware name (test_memory.py)
    micropython = None
    t0 = time.ticks_ms()
    try:
        main.run(
            hal,
            max_frames=spec.get("max_frames", 50 * limit + 100000),
            on_frame=on_frame,
            on_error=on_error,
        )
    except KeyboardInterrupt:
        pass
    wall = time.ticks_diff(time.ticks_ms(), t0)
    box[0] = None
    steps = soak = None
    gc.collect()
    out = {
        "board": spec["board"],
        "mode": mode,
        "presses": st["presses"],
        "frames": st["frames"],
        "errors": st["errors"][:20],
        "n_errors": len(st["errors"]),
        "error_screens": st["error_screens"],
        "stale_modules": st["stale"],
        "visits": st["visits"],
        "peak_heap": st["peak"],
        "per_screen": st["per"],
        "menu_heap": st["menu_heap"],
        "harness_bytes": harness,
        "wall_ms": wall,
    }
    gc.collect()
    import micropython

    print("qstr at end:", end=" ")
    micropython.qstr_info()
    for k in (
        "first_error_press",
        "saved_before",
        "continue_after_memory",
        "resumed",
        "error_screen",
        "continue_after_crash",
    ):
        if k in st:
            out[k] = st[k]
    print(json.dumps(out))


run(SPEC)
