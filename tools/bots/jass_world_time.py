"""Milliseconds per world of the Schieber strong search on the emulated Pico, on the decisions
that tools.benches.bench_device times (seed 5, all four seats strong, the first DECISIONS
decisions), with a fixed number of worlds and no time budget: the same decisions and worlds on any
code whose search computes the same, so two versions compare exactly (emulated time).

    python tools/bots/jass_world_time.py [DECISIONS [WORLDS]]     (defaults 20 and 4)

Needs MICROPYTHON_UF2 and RP2040_BOOTROM as the device tests do; about a minute and a half.
"""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from tools.device.pico_emu import device as pico  # noqa: E402

CODE = """import time, gc
from engine import games
def per_world(seed, cap, worlds):
    g = games.new_game('schieber', 4, seed, None)
    bots = [games.make_bot('schieber', 'strong', s, seed * 16 + s + 1) for s in range(4)]
    for b in bots:
        b.budget_us = 0
        b.rollouts = worlds
    tot = 0
    nw = 0
    k = 0
    while not g.over and k < cap:
        s = g.to_act
        legal = g.legal_actions()
        v = g.view(s)
        gc.collect()
        t = time.ticks_us()
        a = bots[s].choose(v, legal)
        d = time.ticks_diff(time.ticks_us(), t)
        if bots[s].last_worlds:
            tot += d
            nw += bots[s].last_worlds
        g.apply(a)
        k += 1
    print('PERWORLD', nw, tot // max(nw, 1))
"""


def main(argv):
    from tools import words as W

    u = "python tools/bots/jass_world_time.py [DECISIONS [WORLDS]]"
    argv = W.words(u, 0, 2, argv)
    cap = W.whole(u, argv[0], 1) if argv else 20
    worlds = W.whole(u, argv[1], 1) if len(argv) > 1 else 4
    dev = pico.raw_pico("pico_lcd_1_3", "jass-world-time-")
    try:
        pico.exec_on(dev, CODE, 600000)
        out = pico.exec_on(dev, "per_world(5, %d, %d)\n" % (cap, worlds), 1800000)
    finally:
        dev.close()
    for line in out.splitlines():
        if line.startswith("PERWORLD"):
            _, nw, us = line.split()
            print(
                "%s worlds over %d decisions: %.1f ms a world (emulated Pico, searches only)"
                % (nw, cap, int(us) / 1000)
            )


if __name__ == "__main__":
    main(sys.argv[1:])
