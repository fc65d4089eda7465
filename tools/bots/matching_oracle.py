"""The search as a judge of the matching heuristic (SCREWED!, Screw Your Neighbor partners).

    python -m tools.bots.matching_oracle --game ID [--players N] --deals D [--rollouts R] [--gap G]

Plays single hands with every seat on the heuristic; at each of seat 0's decisions that the
search would consider, it asks the search (R worlds, no margin) for every action's value and
counts the decisions where the best one beat the heuristic's by more than G a world (a hand won
is worth 1000). Prints those disagreements by phase, the heuristic's move and the search's (a
card by its rank, "*" for a "last card" call, "'" for the same rank in another suit), most
frequent first, with the mean gap. This is how the 2 Dec fixes of engine/matching_bots.py were
found; each was then kept only if it won in the arena against the frozen heuristic
(tools.bots.arena, level v1).
"""

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from engine import games, search, matching_world  # noqa: E402
from engine.matching_bots import HeuristicBot  # noqa: E402

RANKS = "23456789TJQKA"


def name(a):
    if a[0] in ("play", "lastcard"):
        c = a[1][0]
        return ("JK" if c >= 52 else RANKS[c >> 2]) + ("*" if a[0] == "lastcard" else "")
    return a[0] + (str(a[1]) if len(a) > 1 else "")


def judge(gid, n, deals, rollouts, gap, seed=0):
    """(decisions judged, {(phase, heuristic's, search's): [count, total gap]})."""
    seen = 0
    found = {}
    for d in range(deals):
        g = games.new_game(gid, n, seed + d, {"target": 0})
        bots = [games.make_bot(gid, "heuristic", s, (seed + d) * 10 + s) for s in range(n)]
        while not g.over:
            s = g.to_act
            legal = g.legal_actions()
            v = g.view(s)
            a = bots[s].choose(v, legal)
            if s == 0 and len(legal) > 1 and matching_world.searched(v, legal):
                st = search.Strong(
                    matching_world,
                    gid,
                    s,
                    d * 100 + len(g.discard),
                    HeuristicBot(gid, s, d),
                    rollouts,
                    0,
                    0,
                )
                if st.begin(v, legal) is None:
                    st.work(0)  # every world played; the totals are read, not decide()
                    acts = st.legal
                    tot = st.tot
                    p = acts.index(st.pick)
                    b = max(range(len(acts)), key=lambda i: tot[i])
                    seen += 1
                    if b != p and (tot[b] - tot[p]) / rollouts > gap:
                        theirs = name(acts[b])
                        if theirs == name(acts[p]):
                            theirs += "'"  # the same rank in another suit
                        k = (v["phase"], name(acts[p]), theirs)
                        e = found.setdefault(k, [0, 0.0])
                        e[0] += 1
                        e[1] += (tot[b] - tot[p]) / rollouts
            g.apply(a)
    return seen, found


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", required=True, choices=("screwed", "syn-partners"))
    ap.add_argument("--players", type=int)
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--rollouts", type=int, default=48)
    ap.add_argument("--gap", type=int, default=150)
    ap.add_argument("--show", type=int, default=25)
    a = ap.parse_args(argv)
    n = a.players or (2 if a.game == "screwed" else 4)
    seen, found = judge(a.game, n, a.deals, a.rollouts, a.gap)
    print(
        "%d decisions judged, %d disagreements by more than %d"
        % (seen, sum(e[0] for e in found.values()), a.gap)
    )
    rows = sorted(found.items(), key=lambda kv: -kv[1][0])
    for (phase, mine, best), (count, total) in rows[: a.show]:
        print(
            "%4d  %-8s heuristic %-7s search %-7s mean gap %d"
            % (count, phase, mine, best, total / count)
        )


if __name__ == "__main__":
    main()
