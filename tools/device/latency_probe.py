"""Quick latency probe on the emulated Pico (issue 14): full-screen redraw time and press-to-panel
times, in emulated Pico time. Separate from `make bench-device` (tools/benches/bench_device/):
this is the helper used while tuning the display link and the input path.

    python -m tools.device.latency_probe redraw [--board B ...]
        full redraws through the Hal's display
    python -m tools.device.latency_probe press  [--board B ...]
        menu cursor, menu to setup, setup rows
    python -m tools.device.latency_probe play   [--board B ...]
        set up Screw (1 human, 2 bots) by the simulator's keys, then table keys
    --root DIR builds the firmware from another tree (e.g. `git archive` of an older commit).

Each emulated second costs several real seconds: keep the runs short.
"""

import argparse
import json
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)
TREE = [ROOT]  # the tree whose firmware is built (set_root: --root, a before/after comparison)

from tools.device.pico_emu import device as pico  # noqa: E402

NS = 1000000
INSTALL = ["frozen"]  # or "stock" (--install)

REDRAW = """
import gc, time, json, machine
gc.collect()
import boards
from firmware.gfx import Canvas
b = boards.load(boards.configured())
link = %r
if link == "fifo24":
    b.LINK_HZ = None
if link in ("spi", "fifo24"):
    b.LINK = "spi" if link == "spi" else "fifo"
    machine.mem32[0x40008048] = 0       # clk_peri back on the 48 MHz USB PLL (stock MicroPython)
    machine.mem32[0x40008048] = 0x840
hal = b.setup()
c = Canvas(hal.width, hal.height)
for y in range(0, hal.height, 8):
    c.fill_rect(0, y, hal.width, 8, (y // 8) & 15)
c.text("redraw probe", 10, 10, 1)
d = hal.display
out = []
for i in range(%d):
    d.forget()
    t = time.ticks_us()
    d.show(c)
    out.append(time.ticks_diff(time.ticks_us(), t))
t = time.ticks_us()
d.show(c, 10, 20, 60, 30)
small = time.ticks_diff(time.ticks_us(), t)
sp = machine.mem32[0x40040000 if b.SPI_ID else 0x4003C000]
link_hz = getattr(getattr(d, "link", None), "hz", 0)
link = getattr(d, "link_name", "spi")
print(json.dumps({"full_us": out, "small_us": small, "link": link, "hz": link_hz,
                  "cpsr": machine.mem32[(0x40040000 if b.SPI_ID else 0x4003C000) + 16],
                  "scr": (sp >> 8) & 255, "free": gc.mem_free()}))
"""


def uf2_for(board, out_dir):
    found, why = pico.binaries(INSTALL[0])
    if found is None:
        raise SystemExit(why)
    # --root: another tree
    return pico.build_uf2(board, out_dir, found[0], root=TREE[0], install=INSTALL[0])


def boot(board, out_dir):
    dev = pico.Pico(board, uf2=uf2_for(board, out_dir))
    dev.run(1500)
    dev.settle()
    return dev


def raw(dev, code, ms=60000):
    from tests.device_support import raw_repl, exec_on

    raw_repl(dev)
    return exec_on(dev, code, ms)


def redraw(board, out_dir, n=3, link="board"):
    dev = boot(board, out_dir)
    try:
        out = raw(dev, REDRAW % (link, n))
        res = json.loads(out.strip().splitlines()[-1])
        res["frame_bytes"] = dev.board.WIDTH * dev.board.HEIGHT * 2
        res["decoder_errors"] = len(dev.decoder.errors)
        return res
    finally:
        dev.close()


def answer(dev, key, quiet_ms=120, max_ms=3000):
    """Press key, hold 60 ms, release; ms from the press to the last SPI byte of the answer."""
    dev.press(key)
    t0 = dev.now_ns
    dev.run(60)
    dev.release(key)
    dev.settle(quiet_ms, max_ms)
    last = dev.last.get("last_spi_ns", -1)
    return (last - t0) / NS if last > t0 else None


def first_frame(dev, key, hold_ms=60, step_ms=2, max_ms=3000, ends=None, whole=False):
    """Press key (held hold_ms): ms from the press to the last SPI byte of the first frame that
    drew something after it (its end: the next scan of the buttons), then wait for quiet; ends
    (a list) gets the ms from the press to the last SPI byte before that quiet. whole: a screen
    change, answered by the first frame after which a quarter of the panel's lines or more
    differ from the panel at the press; a frame of the old screen (a row too long for its line
    scrolling sideways, a frame still drawing when the key went down) is not its answer."""
    before = dev.image() if whole else None
    dev.press(key)
    t0 = dev.now_ns
    n0 = len(dev.events)
    seen = []  # (t_ns at the end of a step, last_spi_ns)
    since = t0  # SPI after this counts (a frame of the old screen moves it on)
    released = False
    answer = None
    while dev.now_ns - t0 < max_ms * NS:
        dev.run(step_ms)
        if not released and dev.now_ns - t0 >= hold_ms * NS:
            dev.release(key)
            released = True
        seen.append((dev.now_ns, dev.last.get("last_spi_ns", -1)))
        frames = [t for kind, t in dev.events[n0:] if kind == "frame" and t > since]
        drew = [sp for _, sp in seen if sp > since]
        if drew:
            first = min(drew)
            after = [f for f in frames if f > first]
            if after:
                if before is not None and not lines_changed(dev, before):
                    since = after[0]
                    continue
                answer = max(sp for _, sp in seen if sp < after[0]) - t0
                break
    if not released:
        dev.release(key)
    dev.settle(120, max_ms)
    if ends is not None:
        last = dev.last.get("last_spi_ns", -1)
        ends.append((last - t0) / NS if last > t0 else None)
    return answer / NS if answer is not None else None


def lines_changed(dev, before, share=4):
    """A 1/share of the panel's lines or more differ from before (the panel's pixels then)."""
    now = dev.image()
    row = dev.board.WIDTH * 2
    rows = len(now) // row
    a = memoryview(before)
    b = memoryview(now)
    n = 0
    for y in range(rows):
        if a[y * row : (y + 1) * row] != b[y * row : (y + 1) * row]:
            n += 1
    return n * share >= rows


def press(board, out_dir):
    dev = boot(board, out_dir)
    res = {}
    try:
        res["menu_cursor"] = [answer(dev, "down"), answer(dev, "up")]
        res["menu_to_setup"] = answer(dev, "a")
        res["setup_rows"] = [answer(dev, "down"), answer(dev, "down")]
        res["traceback"] = "Traceback" in dev.serial
        return res
    finally:
        dev.close()


def sim_keys(board, game, humans, seats):
    """The keys that set up a game in the headless simulator, each with the screens before and
    after it (the device runs the same app, so the same keys lead through the same screens)."""
    from tests.device_support import sim_device
    from sim.autoplay import setup_game

    dev = sim_device(board)
    if dev.app.screen.__class__.__name__ != "MainMenu":
        dev.press("a")
    out = []
    raw = dev.press

    def press(name):
        a = dev.app.screen.__class__.__name__
        raw(name)
        out.append((name, a, dev.app.screen.__class__.__name__))

    dev.press = press
    setup_game(dev, game, humans, seats)
    return out


def play(board, out_dir, game="screw", humans=1, seats=3):
    keys = sim_keys(board, game, humans, seats)
    dev = boot(board, out_dir)
    res = {}
    try:
        dev.run(1600)  # past the boot screen (it leaves by itself after 1.5 s)
        dev.settle()
        for name, a, b in keys:
            label = a if a == b else a + "->" + b
            # a screen change: its first frame (bots may go on playing after it at their speed)
            measure = answer if a == b else first_frame
            res.setdefault(label, []).append(measure(dev, name))
        fwd, back = "down", "up"  # the table's cursor (LEFT/RIGHT turn its pages)
        for name in (fwd, fwd, back, fwd, back, back):
            res.setdefault("table cursor", []).append(first_frame(dev, name))
        for name in ("a", fwd, "a", back, "a", "a"):
            res.setdefault("table %s, first frame" % name, []).append(first_frame(dev, name))
        res["traceback"] = "Traceback" in dev.serial
        return res
    finally:
        dev.close()


def set_root(root, install="frozen"):
    TREE[0] = root
    INSTALL[0] = install


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m tools.device.latency_probe")
    ap.add_argument("what", choices=("redraw", "press", "play"))
    ap.add_argument(
        "--root", default=ROOT, help="build the firmware from this tree (before/after)"
    )
    ap.add_argument("--board", action="append")
    ap.add_argument("--install", default="frozen", choices=pico.INSTALLS)
    ap.add_argument(
        "--link",
        default="board",
        choices=("board", "spi", "fifo24"),
        help="redraw: the board's link, machine.SPI strips at 24 MHz, the FIFO link at 24 MHz",
    )
    ap.add_argument("--out", default=os.path.join(tempfile.gettempdir(), "latency-probe"))
    a = ap.parse_args(argv)
    for b in a.board or ["pico_lcd_1_3"]:
        set_root(a.root, a.install)
        if a.what == "redraw":
            res = redraw(b, a.out, link=a.link)
        elif a.what == "press":
            res = press(b, a.out)
        else:
            res = play(b, a.out)
        print(b, json.dumps(res))
    return 0


if __name__ == "__main__":
    sys.exit(main())
