"""Cost per world of the Schieber search (engine/jass_world.py), split into its parts: dealing
the world from the view (from_view), loading it into the fast rollout (Rollout.load) and
rolling out every candidate card in it (Rollout.run). Runs under CPython and the MicroPython
unix port alike:

    python tools/bots/jass_rollout_cost.py DEALS [WORLDS]
    micropython -X heapsize=192K tools/bots/jass_rollout_cost.py DEALS [WORLDS]
    python tools/bots/jass_rollout_cost.py --pico DEALS [WORLDS]

(--pico: on the emulated Pico, tools/device/pico_emu, with the console's build for pico_lcd_1_3;
MICROPYTHON_UF2 and RP2040_BOOTROM as for the device tests; emulated time, a few minutes.)

Heuristic bots play DEALS hands (seeds 1..DEALS, one hand each); at each card decision with a
choice, WORLDS worlds (default 2) are dealt from one prepare() and every candidate is rolled
out in each, as search.Strong does. Prints the worlds, the rollouts per world and the ms of
CPU time per world in total and per part. The same script runs on an older checkout, to
compare (its heuristic plays the deals its own way, so the decisions are alike, not equal).
"""

import sys

sys.path.insert(0, ".")
import time  # noqa: E402
from engine import games, jass_world as W  # noqa: E402
from engine.rng import Rng  # noqa: E402

try:
    clock = time.clock  # the unix port: process CPU time
except AttributeError:
    try:
        clock = time.process_time  # CPython
    except AttributeError:
        # the Pico (sent through the raw REPL): elapsed time, in seconds as the others
        def clock():
            return time.ticks_us() / 1000000


def main(argv):
    deals = int(argv[1])
    per = int(argv[2]) if len(argv) > 2 else 2
    t_prep = 0.0
    t_world = 0.0
    t_load = 0.0
    t_run = 0.0
    worlds = 0
    runs = 0
    for seed in range(1, deals + 1):
        g = games.new_game("schieber", 4, seed, {"hands": 1})
        bots = [games.make_bot("schieber", "heuristic", s, seed * 16 + s) for s in range(4)]
        fr = W.Rollout("schieber")
        rng = Rng(seed)
        while not g.over:
            s = g.to_act
            v = g.view(s)
            legal = g.legal_actions()
            if legal[0][0] == "play" and len(legal) > 1:
                cands = W.candidates(v, legal)
                if len(cands) > 1:
                    t = clock()
                    prep = W.prepare("schieber", v)
                    t_prep += clock() - t
                    for _ in range(per):
                        t = clock()
                        w = W.world("schieber", v, rng, prep)
                        t1 = clock()
                        fr.load(w)
                        t2 = clock()
                        for a in cands:
                            fr.run(a, s)
                        t3 = clock()
                        t_world += t1 - t
                        t_load += t2 - t1
                        t_run += t3 - t2
                        worlds += 1
                        runs += len(cands)
            g.apply(bots[s].choose(v, legal))
    tot = t_prep + t_world + t_load + t_run
    k = 1000 / worlds
    print(
        "schieber %d deals, %d worlds, %.2f rollouts a world: %.3f ms a world "
        "(prepare %.3f, world %.3f, load %.3f, rollouts %.3f = %.3f ms a rollout)"
        % (
            deals,
            worlds,
            runs / worlds,
            tot * k,
            t_prep * k,
            t_world * k,
            t_load * k,
            t_run * k,
            t_run * 1000 / runs,
        )
    )


def on_pico(argv):
    """Send this script to the emulated Pico through the raw REPL and print what it prints."""
    import os
    from tools.device.pico_emu import device as pico

    with open(os.path.abspath(__file__)) as f:
        src = f.read()
    # the Pico has no sys.argv: everything up to the command line, then main with the numbers
    src = src[: src.index("\n# ---- command" + " line")] + "\nmain(%r)\n" % (argv,)
    dev = pico.raw_pico("pico_lcd_1_3", "jass-rollout-cost-")
    try:
        print(pico.exec_on(dev, src, 3600000).strip())
    finally:
        dev.close()


# ---- command line
from tools import words as _words  # noqa: E402

_USAGE = "python tools/bots/jass_rollout_cost.py [--pico] DEALS [WORLDS]"
for _w in _words.words(_USAGE, 1, 2, [a for a in sys.argv[1:] if a != "--pico"]):
    _words.whole(_USAGE, _w, 1)
if "--pico" in sys.argv:
    on_pico([a for a in sys.argv if a != "--pico"])
else:
    main(sys.argv)
