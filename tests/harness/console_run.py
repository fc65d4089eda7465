"""Run the real firmware/main.py loop on a board's fake hardware (MicroPython unix port or
CPython).

    micropython -X heapsize=192K tests/harness/console_run.py '<json spec>' | @spec.json

spec: {"root": "." or "build/<board>", "board": id, "game": id or null, "players": n,
       "speed": 0 instant | 1 fast, "stream": path or "", "mark_every": frames,
       "max_frames": n, "saves": dir, "heap": true (collect and measure every frame),
       "resume": true (pick "Continue saved game" instead of a new game),
       "cut": [n, k] (the power goes after k write steps of the n-th save), "trace": true,
       "stop_on_error": true}
The script presses buttons like a player would (through the fake pins, so the board's button map
and the app's debounce are exercised): wait for the main menu, move to the game, open its setup,
set the player count, "All seats bots", the bot speed, Start; then it watches until the game is
over and its result screen is drawn (pressing A whenever the screen waits for a key).
With a stream path the whole SPI traffic is recorded, with canvas snapshots every mark_every
frames and at the end, for tools/device/panel_decode.py. Prints one JSON line of figures;
harness_bytes is the heap the interpreter, the fake machine and this script hold before the
firmware starts. The harness shares the firmware's heap, so it keeps little: console_nav.py (the
menu and setup presses) is loaded only until the game starts, console_report.py only once the
firmware stopped.
"""

import sys

from firmware_root import enter  # the script's folder, sys.path[0] on both runtimes

SPEC = enter(sys.argv[1])
del sys.modules["firmware_root"], enter
import gc  # noqa: E402
import machine  # noqa: E402  (the fake)
from firmware import keys as K  # noqa: E402
from firmware import main  # noqa: E402


class Clock:
    def __init__(self):
        self.t = 1000

    def ticks(self):
        return self.t

    def sleep(self, ms):
        self.t += ms


class BoardData:
    def __init__(self, b):
        self.ID = b.ID
        self.WIDTH = b.WIDTH
        self.HEIGHT = b.HEIGHT
        self.BL = b.BL
        self.BUTTON_PINS = b.BUTTON_PINS


def name_of(obj):
    return type(obj).__name__ if obj is not None else ""


class Player:
    """Decides, after every frame, which buttons are held during the next one."""

    def __init__(self, spec, board, hal):
        self.spec = spec
        self.board = board
        self.hal = hal
        self.gpio = {}
        for g, bit in board.BUTTON_PINS:
            if bit not in self.gpio:
                self.gpio[bit] = g
        self.phase = "boot"
        self.holding = False
        self.over_frames = 0
        self.quiet = 0
        self.last_bytes = 0
        self.done = False
        self.peak = 0
        self.peak_at = ""  # the screen and frame of the peak: where to look for savings
        self.min_free = 1 << 30
        self.play_bytes = 0
        self.play_frames = 0
        self.updates = 0
        self.first_frame_bytes = None
        self.actions = 0
        self.game = None
        self.finished = False
        self.setup_step = 0
        self.presses = 0
        self.screens = []
        self.saw_continue = False

    def press(self, bit):
        if bit not in self.gpio:
            raise ValueError("board %s has no button for %d" % (self.board.ID, bit))
        machine.press((self.gpio[bit],))
        self.holding = True
        self.presses += 1

    def release(self):
        machine.press(())
        self.holding = False

    def frame(self, app, n):
        rec = machine.RECORDER
        sent = rec.pixel_bytes - self.last_bytes
        self.last_bytes = rec.pixel_bytes
        if self.first_frame_bytes is None and sent:
            self.first_frame_bytes = sent
        if self.spec.get("heap", True):
            gc.collect()
            used = gc.mem_alloc()
            if used > self.peak:
                self.peak = used
                self.peak_at = "%s@%d" % (name_of(app.screen) if app else "-", n)
            free = gc.mem_free()
            if free < self.min_free:
                self.min_free = free
        every = self.spec.get("mark_every", 0)
        if app is not None and every and n % every == 0:
            rec.mark(app.canvas.buf, app.canvas.width, app.canvas.height)
        if app is None:
            self.dead = getattr(self, "dead", 0) + 1
            if self.dead > 30:  # the error screen is up: nothing more to learn
                self.done = True
            return
        scr = app.screen
        nm = name_of(scr)
        if not self.screens or self.screens[-1] != nm:
            self.screens.append(nm)
            if self.spec.get("trace"):
                t = getattr(scr, "title", None)
                print(
                    "frame",
                    n,
                    "phase",
                    self.phase,
                    "screen",
                    nm,
                    t() if callable(t) else t,
                    getattr(scr, "text", "")[:200],
                )
        if self.phase == "play":
            g = self.game_of(scr)
            if g is not None and g is not self.game:
                self.game = g
                self.count_actions(g)
        if self.holding:
            self.release()
            if self.phase == "play":
                self.play_frames += 1
                self.play_bytes += sent
            return
        if self.phase == "play":
            self.do_play(app, scr, nm, sent)
            return
        import console_nav  # the menus and the setup: unloaded once the game is on

        getattr(console_nav, "do_" + self.phase)(self, app, scr, nm, sent)
        if self.phase == "play":
            del sys.modules["console_nav"]

    def game_of(self, scr):
        scr = getattr(scr, "turn", scr)  # the table's game is its turn controller's
        for attr in ("g", "game"):
            g = getattr(scr, attr, None)
            if g is not None and hasattr(g, "over"):
                return g
        return None

    def count_actions(self, g):
        apply = g.apply
        player = self

        def counting(action):
            player.actions += 1
            return apply(action)

        g.apply = counting

    def do_play(self, app, scr, nm, sent):
        self.play_frames += 1
        self.play_bytes += sent
        if sent:
            self.updates += 1
        if nm == "MainMenu" or nm == "Setup":  # back in the menus without a finished game
            self.done = True
            return
        g = self.game
        if g is not None and g.over:
            self.over_frames += 1
            if self.over_frames >= 10:
                self.finished = True
                self.done = True
            return
        if sent:
            self.quiet = 0
            return
        self.quiet += 1
        if self.quiet >= 40:  # the screen waits for a key (end of a round, a notice)
            self.quiet = 0
            self.press(K.A)


def run(spec):
    if spec.get("gc_threshold"):
        gc.threshold(spec["gc_threshold"])
    gc.collect()
    harness = gc.mem_alloc()  # interpreter + fake machine + this script: not on a Pico
    import micropython

    print("qstr at start:", end=" ")
    micropython.qstr_info()  # the pool of names before the firmware's (test_firmware_console)
    import boards

    board = boards.load(spec["board"])
    rec = machine.RECORDER
    rec.reset(spec.get("stream") or None, dc=board.DC, cs=board.CS)
    clock = Clock()
    hal = boards.make_hal(board, sleep_ms=clock.sleep, storage_root=spec["saves"])
    del boards
    cut = spec.get("cut")  # [n, k]: the power goes after k steps of the n-th write of "save"
    if cut:
        from powerloss import FlakyStorage, PowerLoss, CutStorage

        hal.storage = CutStorage(FlakyStorage, spec["saves"], cut[0], cut[1])
    else:
        PowerLoss = None
    hal.ticks_ms = clock.ticks
    # Like firmware.main.board_hal: the board modules are not kept in RAM after setup.
    board = BoardData(board)
    for name in ("boards." + board.ID, "boards"):
        if name in sys.modules:
            del sys.modules[name]
    rec.palette(hal.display.colours)
    init_bytes = rec.cmd_bytes + rec.data_bytes
    gc.collect()
    player = Player(spec, board, hal)
    box = [None]

    def on_frame(app, n):
        box[0] = app
        player.frame(app, n)
        if player.done:
            raise StopIteration

    limit = spec.get("max_frames", 20000)
    errors = []

    def on_error(exc):
        errors.append("%s: %s" % (type(exc).__name__, exc))
        if spec.get("stop_on_error", True):
            player.done = True  # the error is shown; stop at the end of this frame

    powered = True
    try:
        main.run(hal, max_frames=limit, on_frame=on_frame, on_error=on_error)
    except StopIteration:
        pass
    except BaseException as e:  # noqa: B036 - the fake power cut
        if PowerLoss is None or not isinstance(e, PowerLoss):
            raise
        powered = False
    print("qstr at end:", end=" ")
    micropython.qstr_info()
    app = box[0]
    box[0] = None
    if app is not None:
        rec.mark(app.canvas.buf, app.canvas.width, app.canvas.height)
    notice = getattr(app, "notice", "") if app is not None else ""
    g = player.game
    player.game = None
    over = bool(g is not None and g.over)
    app = g = None
    gc.collect()  # the firmware's heap is free again: room to load the report
    import console_report  # the figures: loaded once the firmware has stopped

    console_report.report(
        spec, player, board, hal, harness, init_bytes, errors, powered, notice, over
    )


run(SPEC)
