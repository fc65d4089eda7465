"""Strong-level decision times under the MicroPython unix port (for tools.benches.bench and by
hand).

    micropython -X heapsize=192K tools/benches/mp_strong_time.py GAME SEATS GAMES BUDGET_US
        [ROLLOUTS]
Seat 0 plays strong with the given time budget (unix-port microseconds: the console's budget
divided by the Pico factor), the others heuristic. Prints one JSON line: decisions, searched
(decisions that ran a search), mean_us, worst_us, mean_worlds, peak_heap_bytes (live heap after a
collection, after each strong decision). Times are process CPU time (time.clock() of the unix
port),
for the search's budget too, so other jobs on a busy host do not inflate them.
"""

import sys

sys.path.insert(0, ".")
import gc  # noqa: E402
import json  # noqa: E402
import time  # noqa: E402
from engine import games  # noqa: E402


def cpu_us():
    return int(time.clock() * 1000000)


def main():
    from tools import words as W

    u = "micropython tools/benches/mp_strong_time.py GAME SEATS GAMES BUDGET_US [ROLLOUTS]"
    a = W.words(u, 4, 5)
    gid = W.game(u, a[0])
    n = W.whole(u, a[1], 2)
    count = W.whole(u, a[2], 1)
    budget = W.whole(u, a[3], 1)
    rollouts = W.whole(u, a[4], 1) if len(a) > 4 else 64
    opts = {"hands": 1} if gid == "schieber" else {}
    tot = 0
    worst = 0
    dec = 0
    searched = 0
    worlds = 0
    peak = 0
    for seed in range(1, count + 1):
        g = games.new_game(gid, n, seed, opts)
        bots = [
            games.make_bot(gid, "strong" if s == 0 else "heuristic", s, seed * 16 + s + 1)
            for s in range(n)
        ]
        bots[0].budget_us = budget
        bots[0].rollouts = rollouts
        bots[0].clock = cpu_us
        k = 0
        while not g.over and k < 2000:
            s = g.to_act
            v = g.view(s)
            legal = g.legal_actions()
            if s == 0:
                gc.collect()
                t = cpu_us()
                a = bots[0].choose(v, legal)
                d = cpu_us() - t
                gc.collect()
                used = gc.mem_alloc()  # live heap after the decision (the bot keeps nothing)
                if used > peak:
                    peak = used
                dec += 1
                tot += d
                if d > worst:
                    worst = d
                if bots[0].last_worlds:
                    searched += 1
                    worlds += bots[0].last_worlds
            else:
                a = bots[s].choose(v, legal)
            g.apply(a)
            k += 1
    print(
        json.dumps(
            {
                "game": gid,
                "decisions": dec,
                "searched": searched,
                "mean_us": tot // max(dec, 1),
                "worst_us": worst,
                "mean_worlds": (worlds * 10 // max(searched, 1)) / 10,
                "peak_heap_bytes": peak,
            }
        )
    )


main()
