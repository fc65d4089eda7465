"""Bot decision time per game and level (--parts bots; the first board only, the engine does not
depend on the board): median, p99, worst and mean of each bot's choose() on the device, and the
worlds per searched decision of the strong level."""

import json

from tools.device.pico_emu import device as pico
from tools.benches.bench_device.common import exec_on, raw_repl


BOTS = (
    ("screw", 4),
    ("moonshine", 4),
    ("popcorn", 4),
    ("shithead", 4),
    ("screwed", 4),
    ("syn-partners", 4),
    ("syn-swap", 6),
    ("schieber", 4),
)
LEVELS = ("random", "heuristic", "strong")


BOTTIME = """import time, gc, json
from engine import games
def bench(gid, n, level, seed, cap):
    g = games.new_game(gid, n, seed, None)
    bots = [games.make_bot(gid, level, s, seed * 16 + s + 1) for s in range(n)]
    ts = []
    worlds = [0, 0]
    while not g.over and len(ts) < cap:
        s = g.to_act
        legal = g.legal_actions()
        v = g.view(s)
        gc.collect()
        t = time.ticks_us()
        a = bots[s].choose(v, legal)
        ts.append(time.ticks_diff(time.ticks_us(), t))
        w = getattr(bots[s], 'last_worlds', 0)
        if w:
            worlds[0] += w
            worlds[1] += 1
        g.apply(a)
    k = len(ts)
    mean = sum(ts) // max(k, 1)
    ts.sort()
    print('BOT ' + json.dumps([gid, level, k, ts[k // 2], ts[min(k - 1, k * 99 // 100)], ts[-1],
                               mean, worlds[0] * 10 // max(worlds[1], 1)]))
"""


def bot_times(dev, levels, cap, games=None):
    raw_repl(dev)
    exec_on(dev, BOTTIME)
    rows = []
    for gid, seats in BOTS:
        if games and gid not in games:
            continue
        for level in levels:
            try:
                out = exec_on(dev, "bench(%r, %d, %r, 5, %d)\n" % (gid, seats, level, cap))
            except pico.PicoError as e:
                if "strong" in level and "ValueError" in str(e):
                    continue  # no such level on this build
                raise
            for line in out.splitlines():
                if line.startswith("BOT "):
                    rows.append(json.loads(line[4:]))
    return rows
