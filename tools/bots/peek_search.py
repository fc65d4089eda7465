"""How much the hidden cards are worth: the search of the strong level, but dealt the true game
(every hand, the draw pile's order, the generator's state) instead of sampled worlds.

    python -m tools.bots.peek_search --game ID [--players N] [--deals D] [--rollouts R] [--seed S]

One seat (one team with partners) plays this all-seeing search, the others the heuristic; every
deal is played once per seating, as in tools/bots/arena.py. It is an upper bound, not a bot: what a
seat could win if it knew everything, against what the strong level wins knowing only its view.
Where the two are far apart and the sampled search still only matches the heuristic, the value
lies in information a seat does not have (README, "Arena"). The matching games and the swap game
(their search goes through the engine's API; the others roll out on their own arrays).
"""

import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from engine import games, search  # noqa: E402
from tools.bots.arena import SINGLE, mean_ci, seatings  # noqa: E402

FAMILIES = {"screwed": "matching", "syn-partners": "matching", "syn-swap": "swap"}


class Peek:
    """A family's search hooks, with the world being the true game's copy."""

    def __init__(self, fam):
        for k in dir(fam):
            if not k.startswith("_") and k not in ("world", "world_steps"):
                setattr(self, k, getattr(fam, k))
        self.game = None

    def world(self, game_id, view, rng, prep=None):
        return self.game.copy()


def run(gid, n, deals, seed, rollouts):
    fam_name = FAMILIES[gid]
    fam = __import__("engine.%s_world" % fam_name, None, None, ["x"])
    bots_mod = __import__("engine.%s_bots" % fam_name, None, None, ["x"])
    peek = Peek(fam)
    per_deal = []
    for d in range(deals):
        won = 0.0
        sets = seatings(gid, n)
        for a_seats in sets:
            g = games.new_game(gid, n, seed + d, SINGLE.get(gid, {}))
            bots = []
            for s in range(n):
                b = bots_mod.make_bot(gid, "heuristic", s, (seed + d) * 16 + s + 1)
                if s in a_seats:
                    b = search.Strong(peek, gid, s, s + 1, b, rollouts, 0, fam.MARGIN)
                bots.append(b)
            while not g.over:
                s = g.to_act
                peek.game = g
                g.apply(bots[s].choose(g.view(s), g.legal_actions()))
            w = g.result().get("winners", [])
            mine = [s for s in w if s in a_seats]
            if gid == "syn-partners":
                won += 1.0 if mine else 0.0
            elif w:
                won += len(mine) / len(w)
            else:
                won += 0.5
        per_deal.append(won / len(sets))
    return mean_ci(per_deal)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--game", required=True, choices=sorted(FAMILIES))
    ap.add_argument("--players", type=int)
    ap.add_argument("--deals", type=int, default=250)
    ap.add_argument("--rollouts", type=int, default=4)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args(argv)
    n = a.players or {"screwed": 2, "syn-partners": 4, "syn-swap": 4}[a.game]
    m, ci = run(a.game, n, a.deals, a.seed, a.rollouts)
    print(
        "%s, %d players, all-seeing search (%d worlds) vs heuristic, %d deals: wins %.1f%% +- %.1f"
        % (a.game, n, a.rollouts, a.deals, 100 * m, 100 * ci)
    )


if __name__ == "__main__":
    main()
