"""Cost per world of the shedding search's rollouts, both ways on the same worlds: through the
engine's API (copy, perform, the heuristic on views: search.Strong.rollout) and with
shedding_world.Rollout. Runs under CPython and the MicroPython unix port alike:

    python tools/bots/shedding_rollout_cost.py GAME SEATS DEALS
    micropython -X heapsize=192K tools/bots/shedding_rollout_cost.py GAME SEATS DEALS

Heuristic bots play the deals (one round each); at each play decision with a choice one world
is dealt from the view for each way and every candidate action is rolled out in it. Prints the
worlds, the ms of CPU time per world each way (the world's dealing included) and the ratio.
"""

import sys

sys.path.insert(0, ".")
import time  # noqa: E402
from engine import games, shedding_world as W, search  # noqa: E402
from engine.shedding_bots import HeuristicBot  # noqa: E402
from engine.rng import Rng  # noqa: E402

try:
    clock = time.clock  # the unix port: process CPU time
except AttributeError:
    clock = time.process_time


def main():
    from tools import words

    u = "python tools/bots/shedding_rollout_cost.py GAME SEATS DEALS"
    a = words.words(u, 3, 3)
    gid = words.game(u, a[0])
    n = words.whole(u, a[1], 2)
    deals = words.whole(u, a[2], 1)
    slow = 0.0
    fast = 0.0
    worlds = 0
    for seed in range(1, deals + 1):
        g = games.new_game(gid, n, seed, {"chips": 0})
        bots = [games.make_bot(gid, "heuristic", s, seed * 16 + s) for s in range(n)]
        st = search.Strong(W, gid, 0, seed, HeuristicBot(seed))
        fr = W.Rollout(st.policy_seed)
        rng = Rng(seed)
        while not g.over:
            s = g.to_act
            v = g.view(s)
            legal = g.legal_actions()
            if v["phase"] == "play" and len(legal) > 1:
                cands = W.candidates(v, legal)
                st.seat = s
                t = clock()
                w = W.world(gid, v, rng)
                start = W.mark(w)
                for a in cands:
                    c = w.copy()
                    c.perform(a)
                    st.rollout(c, start)
                slow += clock() - t
                t = clock()
                w = W.world(gid, v, rng)
                fr.load(w)
                for a in cands:
                    fr.run(a, s)
                fast += clock() - t
                worlds += 1
            g.apply(bots[s].choose(v, legal))
    print(
        "%s %d seats, %d worlds: engine API %.2f ms a world, Rollout %.2f ms, %.1fx"
        % (gid, n, worlds, slow * 1000 / worlds, fast * 1000 / worlds, slow / fast)
    )


main()
