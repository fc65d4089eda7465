"""The strong bot's time box on the emulated Pico: every searched decision's thinking time as the
table spends it (begin(), then work() in 40 ms slices), against the bot's budget.

    python -m tools.bots.strong_box --game popcorn [--seats 4] [--seeds 1,2] [--decisions 60]
                               [--board pico_lcd_1_3] [--root DIR]

All seats play strong in whole games (seed by seed, up to --decisions each) on stock MicroPython
1.28 with the console's build (of the tree at --root: another checkout, for a before/after).
Prints the budget, median / p99 / worst thinking time (ms, emulated), and the ten longest
decisions as (thinking, begin, longest slice, slices, worlds, legal actions).
"""

import json
import os
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from tools.device.pico_emu import device as pico  # noqa: E402
from tools.cli import board, whole, Parser  # noqa: E402

CODE = """
import time, gc, json
from engine import games
def run(gid, n, seed, cap, opts):
    g = games.new_game(gid, n, seed, opts)
    bots = [games.make_bot(gid, 'strong', s, seed * 16 + s + 1) for s in range(n)]
    out = []
    while not g.over and len(out) < cap:
        s = g.to_act
        legal = g.legal_actions()
        v = g.view(s)
        b = bots[s]
        t = time.ticks_us()
        a = b.begin(v, legal)
        tb = time.ticks_diff(time.ticks_us(), t)
        think = tb
        sl = 0
        mx = 0
        while a is None:
            t1 = time.ticks_us()
            a = b.work(b.slice_us)
            d = time.ticks_diff(time.ticks_us(), t1)
            think += d
            sl += 1
            if d > mx:
                mx = d
        if sl:
            out.append((think // 1000, tb // 1000, mx // 1000, sl, b.last_worlds, len(legal)))
        g.apply(a)
    print('DEC ' + json.dumps([gid, b.budget_us // 1000, out]))
"""


def main(argv=None):
    ap = Parser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", required=True)
    ap.add_argument("--seats", type=whole(2), default=4)
    ap.add_argument("--seeds", default="1")
    ap.add_argument("--decisions", type=whole(1), default=60)
    ap.add_argument("--board", type=board, default="pico_lcd_1_3")
    ap.add_argument("--root", default=ROOT)
    a = ap.parse_args(argv)
    found, why = pico.binaries()
    why = why or pico.emulator_ready()
    if why:
        raise SystemExit(why)
    mp_uf2, rom = found
    work = tempfile.mkdtemp(prefix="strong-box-")
    uf2 = pico.build_uf2(a.board, work, mp_uf2, root=os.path.abspath(a.root))
    dev = pico.Pico(a.board, uf2=uf2, bootrom=rom, workdir=tempfile.mkdtemp(dir=work))
    try:
        dev.run(4000)
        dev.settle()
        pico.raw_repl(dev)
        pico.exec_on(dev, CODE)
        seen = []
        budget = 0
        for seed in [int(x) for x in a.seeds.split(",")]:
            out = pico.exec_on(
                dev, "run(%r, %d, %d, %d, None)\n" % (a.game, a.seats, seed, a.decisions), 3600000
            )
            line = [ln for ln in out.splitlines() if ln.startswith("DEC ")][-1]
            _, budget, dec = json.loads(line[4:])
            seen += dec
    finally:
        dev.close()
    seen.sort()
    ts = [x[0] for x in seen]
    if not ts:
        print("no searched decision")
        return
    n = len(ts)
    print(
        "%s: budget %d ms, %d searched decisions: median %d, p99 %d, worst %d ms"
        % (a.game, budget, n, ts[n // 2], ts[min(n - 1, n * 99 // 100)], ts[-1])
    )
    print("longest (thinking, begin, longest slice, slices, worlds, legal):", seen[-10:])


if __name__ == "__main__":
    main()
