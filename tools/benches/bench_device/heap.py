"""Live heap after a collection per screen (--parts heap: boot, menu, every setup, settings, rules
and statistics, play, results) and the lowest free heap while a whole all-bot game of each
family plays (HEAP_GAMES), by main.run with a frame hook through the REPL."""

from tools.device.pico_emu import device as pico
from tools.device.pico_emu import mirror
from tools.benches.bench_device.common import BOOT_MS, abandon, raw_repl


# a whole all-bot game of each family, for the lowest free heap while a game plays
HEAP_GAMES = (("shithead", 4), ("screwed", 4), ("syn-swap", 6), ("schieber", 4))


HEAP = """import gc
from firmware import main
seen = {}
order = []
low = [1 << 30]
last = [None]
def on_frame(app, frame):
    name = app.screen.__class__.__name__ if app is not None else 'none'
    gc.collect()
    used = gc.mem_alloc()
    free = gc.mem_free()
    if name == 'Play' and last[0] in ('Setup', 'MainMenu'):
        low[0] = 1 << 30  # a new game: its own lowest figure
    if name not in seen:
        seen[name] = used
        order.append(name)
    elif used > seen[name]:
        seen[name] = used
    if name == 'Play' and free < low[0]:
        low[0] = free
    if name != last[0]:
        print('HEAP', name, used, free, low[0])
        last[0] = name
main.run(on_frame=on_frame)
"""


def heap_per_screen(dev, board):
    """main.run under a frame hook: every screen's live heap; a tour of every setup, settings,
    rules and statistics; then a whole all-bot game of each family (HEAP_GAMES) at instant speed
    to its results. Returns (live heap per screen, lowest free heap per game while it played)."""
    from sim.autoplay import setup_game

    raw_repl(dev)
    dev.type(HEAP)
    dev.write("\x04")
    dev.until("OK", 5000)
    dev.run(BOOT_MS)
    dev.settle()
    sim = mirror.sim_device(board)
    rec = mirror.Recorder(sim)
    # every setup, settings, rules and statistics, each left with B, back to the top
    menu = sim.app.screen
    n = len(menu.items)
    for i in range(n):
        if i:
            sim.press("down")
        sim.press("a")
        for _ in range(4):
            if sim.app.screen.__class__.__name__ == "MainMenu":
                break
            sim.press("b")
    for i in range(n - 1):
        sim.press("up")
    assert sim.app.screen.__class__.__name__ == "MainMenu"
    for k in rec.keys:
        dev.settle()
        dev.tap(k, 70, 100)
    dev.settle()
    tour = [
        line
        for line in dev.serial.replace("\r", "").splitlines()
        if line.startswith("HEAP MainMenu")
    ]
    lows = {}
    for gid, seats in HEAP_GAMES:
        del rec.keys[:]
        mark = len(dev.serial)
        setup_game(sim, gid, 0, seats)
        for k in rec.keys:
            dev.settle()
            dev.tap(k, 70, 100)
        for _ in range(2400):
            dev.run(500)
            text = dev.serial[mark:].replace("\r", "")
            if "HEAP Play" in text and "HEAP TextScreen" in text.split("HEAP Play", 1)[1]:
                break
        else:
            raise pico.PicoError("%s: the all-bot game did not end" % gid)
        dev.run(500)
        game_low = None
        for line in dev.serial[mark:].replace("\r", "").splitlines():
            p = line.split()
            if len(p) == 5 and p[0] == "HEAP" and int(p[4]) < (1 << 30):
                game_low = int(p[4]) if game_low is None else min(game_low, int(p[4]))
        lows[gid] = game_low
        # both back to the main menu: the simulator abandons its game (never played on), the
        # device leaves the results
        del rec.keys[:]
        abandon(sim)
        mark = len(dev.serial)
        for _ in range(6):
            dev.tap("b", 70, 300)
            dev.settle()
            if "HEAP MainMenu" in dev.serial[mark:]:
                break
    screens = {}
    after_play = False
    for line in dev.serial.replace("\r", "").splitlines():
        p = line.split()
        if len(p) == 5 and p[0] == "HEAP":
            name = p[1]
            if name == "Play":
                after_play = True
            elif name == "TextScreen" and after_play:
                name = "results (TextScreen)"
            screens.setdefault(name, int(p[2]))
    menu = [int(line.split()[2]) for line in tour]
    screens["MainMenu after visiting every screen"] = menu[-1] if menu else None
    return screens, lows
