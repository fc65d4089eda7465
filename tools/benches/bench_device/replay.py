"""The look back and the undo after a power-off (--parts replay): late in the longest matches
against bots (REPLAY_GAMES), continued from a save, the pause menu's look back (its first frame,
the page once the moves are read, a move and a trick back, closed) and "Take back my move", each
timed to the simulator's picture; and the lowest free heap while the look back and the table
are up (replay_heap)."""

from tools.device.pico_emu import device as pico
from tools.device.pico_emu import mirror
from tools.benches.bench_device.common import BOOT_MS, game_saves, raw_repl, same_table, write_save


# the longest logs a player meets: the look back and the undo after a power-off late in a match
REPLAY_GAMES = (("shithead", 6), ("schieber", 4))


def late_save(board, gid, seats, before_end=2):
    """A simulator-made save of `gid` (one human against bots at instant speed), played by the
    autoplayer to `before_end` human turns before the end of the match: the longest action log
    a player meets, for the look back and the undo after a power-off."""
    saves = game_saves(board, gid, seats)
    return saves[-1 - before_end] if len(saves) > before_end else saves[0]


def shown_ms(dev, key, want, max_ms=30000, first=None):
    """Press key (held 70 ms) and run until the panel shows `want` (the simulator's picture
    after the same press): ms from the press to the end of the SPI transfer that completed it.
    (settle() alone may return while a long computation draws nothing.) first (a list): gets
    the ms to the end of the first frame drawn after the press (tools.device.latency_probe)."""
    if first is not None:
        from tools.device.latency_probe import first_frame

        first.append(first_frame(dev, key))
        t = dev.presses[-1][1]
    else:
        t = dev.press(key)["t_ns"]
        dev.run(70)
        dev.release(key)
    while dev.now_ns - t < max_ms * pico.NS_PER_MS:
        if dev.image() == want:
            dev.settle()
            if dev.image() == want:
                return (dev.last["last_spi_ns"] - t) / pico.NS_PER_MS
        dev.run(20)
    raise pico.PicoError(
        "%s: the panel never showed the simulator's picture: %s"
        % (key, mirror.diff_summary(dev.image(), want, dev.board.WIDTH))
    )


# main.run with a frame hook: at each change of screen, the lowest free heap (after the frame's
# collection) seen while the screen before it was up
LOWS = """import gc
from firmware import main
low = [1 << 30]
last = [None]
def on_frame(app, frame):
    name = app.screen.__class__.__name__ if app is not None else 'none'
    gc.collect()
    free = gc.mem_free()
    if name != last[0]:
        print('LOW', last[0], low[0])
        last[0] = name
        low[0] = 1 << 30
    if free < low[0]:
        low[0] = free
main.run(on_frame=on_frame)
"""


def replay_heap(dev, board):
    """The lowest free heap while the look back is up (opened, stepped, closed) late in each
    REPLAY_GAMES match, and while its table is up, on a device running the LOWS hook."""
    out = {}
    for gid, seats in REPLAY_GAMES:
        mark = len(dev.serial)
        replay_latencies(dev, board, gid, seats, {}, steps=8, hook=LOWS)
        dev.run(500)
        dev.write("\x03")  # the hook's last screen reported: stop the app
        dev.run(300)
        for line in dev.serial[mark:].replace("\r", "").splitlines():
            p = line.split()
            if len(p) == 3 and p[0] == "LOW" and p[1] in ("Replay", "Play"):
                k = "%s: %s" % (gid, "look back" if p[1] == "Replay" else "table")
                out[k] = min(out.get(k, 1 << 30), int(p[2]))
    return out


def replay_latencies(dev, board, gid, seats, lat, steps=20, hook=None):
    """Late in a long match against bots, continued from its save (as after a power-off): the
    pause menu's look back opened (its first frame, which says it reads the moves, and the page
    once they are read), `steps` moves back and `steps // 2` jumps a trick back and
    forward, closed; then "Take back my move", which plays the match again from its deal by
    the log. Every press is timed to the picture the simulator shows after it."""
    import boards
    from firmware import keys

    moves, save = late_save(board, gid, seats)
    write_save(dev, save)
    if hook:
        raw_repl(dev)
        dev.type(hook)
        dev.write("\x04")
        dev.until("OK", 5000)
        dev.run(BOOT_MS)
        dev.settle()
    sim = mirror.sim_device(board, {"save": save})
    has = set(bit for _, bit in boards.load(board).BUTTON_PINS)
    jump = ("left", "right") if keys.LEFT in has and keys.RIGHT in has else None

    def both(key, row=None, first_row=None):
        sim.press(key)
        for _ in range(400):  # the replay goes over the moves a few at a frame
            sim.wait(1)
            if getattr(sim.app.screen, "keyq", None) is None:
                break
        sim.wait(1)
        first = lat.setdefault(first_row, []) if first_row else None
        ms = shown_ms(dev, key, mirror.rgb565(sim.app), first=first)
        if row:
            lat.setdefault(row, []).append(ms)

    def choose(label):
        both("b")
        pause = sim.app.screen
        for _ in range(len(pause.rows())):
            if pause.rows()[pause.cur][0] == label:
                break
            both("down")
        assert pause.rows()[pause.cur][0] == label, (label, pause.rows())

    both("a")  # continue: the human's hand
    choose("Look back over this hand")
    both("a", "look back opened", "look back: first frame")
    for _ in range(steps):
        both("up", "look back: a move")
    if jump:
        for k in (jump[0], jump[1]) * (steps // 4):
            both(k, "look back: a trick")
    both("b", "look back closed")
    if sim.app.screen.__class__.__name__ != "Play":
        both("b")  # back to the pause menu first, then the table
    if not sim.app.screen.turn.can_undo():
        # undo never crosses a reveal (docs/DEALS.md): a save whose bots showed cards after the
        # human's move offers none
        print("%s: the save's last move may not be taken back (cards shown since)" % gid)
        return moves
    choose("Take back my move")
    # the table comes back in the press's first frame (a Schieber trick's winner may then stay
    # a moment, by the speed setting): timed to that frame; both then left to settle
    from tools.device.latency_probe import first_frame

    sim.press("a")
    lat.setdefault("take back a move after a power-off", []).append(first_frame(dev, "a"))
    seen = set()  # the simulator's pictures over 6 s: the device shows one of them
    for _ in range(180):
        sim.wait(1)
        seen.add(bytes(mirror.rgb565(sim.app)))
    for _ in range(120):
        if bytes(dev.image()) in seen:
            break
        dev.run(50)
    else:
        same_table(dev, sim, gid)  # raises, saying how they differ
    return moves
