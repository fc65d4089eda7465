"""Arena: duplicate deals between two bot levels, win rates with 95% confidence intervals.

    python -m tools.bots.arena --game ID --levels A,B --deals N --seed S [--players P]
        [--rollouts R] [--json]
    python -m tools.bots.arena --table [--deals N]     a modest table over one game per family

Every deal is played once per seating: A and B swap sides (teams in Schieber and syn-partners,
the seats of a head-to-head game), or, where the game has more seats than two sides, A takes
each seat in turn among B seats. The luck of the cards then cancels out between the seatings.
Each deal is one hand (Schieber, "hands"=1), one round (shedding, no chips), one hand
(matching, target 0) or one match (syn-swap).

win_rate is A's share of the games won (a draw counts half); with one A seat among n seats the
fair share is 1/n. ci95 is the 95% interval half-width, from the spread of the per-deal means
(the seatings of one deal are not independent). For Schieber points_per_hand is A's team's
points minus B's per hand (card points, Weis, Stoeck, match bonus), with its own ci95.

Levels: random, heuristic, strong, and v1: the heuristic frozen before its issue 15 fixes
(Schieber: tools/bots/jass_bots_v1.py; the matching games: tools/bots/matching_bots_v1.py; for the
other games v1 is the heuristic, which did not change).
The last line with --json is one JSON object: game, levels, deals, games, win_rate, ci95,
fair_share (and points_per_hand, points_ci95 for Schieber), seconds.
"""

import json
import math
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from engine import games  # noqa: E402
from tools.cli import whole, Parser  # noqa: E402

LEVELS = ("random", "heuristic", "strong", "v1", "strong_v1")
TEAMS = ("schieber", "syn-partners")
DEFAULT_PLAYERS = {"schieber": 4, "syn-partners": 4, "syn-swap": 4}
SINGLE = {
    "schieber": {"hands": 1},
    "screw": {"chips": 0},
    "moonshine": {"chips": 0},
    "popcorn": {"chips": 0},
    "shithead": {"chips": 0},
    "screwed": {"target": 0},
    "syn-partners": {"target": 0},
    "syn-swap": {},
}
# the table of --table: (game, players, levels, deals)
TABLE = (
    ("schieber", 4, "strong,v1", 100),
    ("schieber", 4, "heuristic,v1", 200),
    ("shithead", 2, "strong,heuristic", 30),
    ("screwed", 2, "strong,v1", 200),
    ("syn-partners", 4, "strong,v1", 200),
    ("syn-swap", 4, "strong,heuristic", 50),
)


# the yardstick of --table yardstick: today's strong level against the frozen one (strong_v1) in
# every family, and strong against good where the setup offers both as levels
YARDSTICK = (
    ("schieber", 4, "strong,strong_v1", 2000),
    ("shithead", 2, "strong,strong_v1", 2000),
    ("screw", 2, "strong,strong_v1", 2000),
    ("popcorn", 2, "strong,strong_v1", 2000),
    ("moonshine", 2, "strong,strong_v1", 2000),
    ("screwed", 2, "strong,heuristic", 2000),
    ("syn-partners", 4, "strong,strong_v1", 2000),
    ("syn-swap", 4, "strong,heuristic", 2000),
)
TABLE_HEAD = (
    "| game | seats | A vs B | deals | games | A wins (+- per deal) | Wilson 95% | fair | "
    "points/hand (of 157) |"
)


def table_row(o):
    return "| %s | %d | %s | %d | %d %s | %.1f%% +- %.1f | %.1f-%.1f%% | %.0f%% | %s |" % (
        o["game"],
        o["players"],
        " vs ".join(o["levels"]),
        o["deals"],
        o["games"],
        o["unit"],
        100 * o["win_rate"],
        100 * o["ci95"],
        100 * o["wilson95"][0],
        100 * o["wilson95"][1],
        100 * o["fair_share"],
        ("%+.1f +- %.1f" % (o["points_per_hand"], o["points_ci95"]))
        if "points_per_hand" in o
        else "-",
    )


def make_bot(gid, level, seat, seed, rollouts):
    if level == "strong_v1":
        from tools.bots import strong_v1

        b = strong_v1.make_bot(gid, seat, seed)
        if rollouts:
            b.rollouts = rollouts
        return b
    if level == "v1":
        if gid == "schieber":
            from tools.bots import jass_bots_v1

            return jass_bots_v1.make_bot(gid, "heuristic", seat, seed)
        if gid in ("screwed", "syn-partners"):
            from tools.bots import matching_bots_v1

            return matching_bots_v1.make_bot(gid, "heuristic", seat, seed)
        level = "heuristic"
    b = games.make_bot(gid, level, seat, seed)
    if level == "strong" and rollouts:
        b.rollouts = rollouts
    return b


def seatings(gid, n):
    """Lists of seats that play level A (every other seat plays B), one per seating."""
    if gid == "schieber":
        return [[0, 2], [1, 3]]
    if gid == "syn-partners":
        half = n // 2  # partners sit opposite: seat s is in team s % half
        return [[s for s in range(n) if s % half == t] for t in range(half)]
    return [[s] for s in range(n)]


def play(gid, n, seed, a_seats, levels, rollouts, whole_match=False):
    g = games.new_game(gid, n, seed, {} if whole_match else SINGLE.get(gid, {}))
    bots = []
    for s in range(n):
        lv = levels[0] if s in a_seats else levels[1]
        bots.append(make_bot(gid, lv, s, seed * 16 + s + 1, rollouts))
    k = 0
    while not g.over:
        s = g.to_act
        legal = g.legal_actions()
        g.apply(bots[s].choose(g.view(s), legal))
        k += 1
        if k > 100000:
            raise RuntimeError("game did not finish")
    r = g.result()
    won = r.get("winners", [])
    if not won:
        win = 0.5
    else:
        mine = [s for s in won if s in a_seats]
        win = len(mine) / len(won) if gid not in TEAMS else (1.0 if mine else 0.0)
    pts = None
    if gid == "schieber":
        sc = r["scores"]
        t = a_seats[0] % 2
        pts = sc[t] - sc[1 - t]
        if whole_match:  # per hand of the match
            pts = pts / max(1, r.get("hands", 1))
    return win, pts


def mean_ci(xs):
    n = len(xs)
    if n == 0:
        return 0.0, 0.0
    m = sum(xs) / n
    if n < 2:
        return m, 0.0
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, 1.96 * math.sqrt(var / n)


def wilson(wins, n, z=1.96):
    """The Wilson score interval (low, high) of a share wins/n (wins may hold halves: draws).
    Over the games of duplicate deals it is on the safe side: the two seatings of a deal are
    negatively correlated (the same cards, the sides swapped), so the games vary less than as
    many independent ones."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    zz = z * z
    mid = (p + zz / (2 * n)) / (1 + zz / n)
    half = z * math.sqrt(p * (1 - p) / n + zz / (4 * n * n)) / (1 + zz / n)
    return max(0.0, mid - half), min(1.0, mid + half)


def run(gid, n, levels, deals, seed, rollouts=0, progress=None, whole_match=False):
    t0 = time.time()
    seats = seatings(gid, n)
    wins = []
    points = []
    played = 0
    for d in range(deals):
        w = 0.0
        p = 0
        for a in seats:
            win, pts = play(gid, n, seed + d, a, levels, rollouts, whole_match)
            w += win
            if pts is not None:
                p += pts
            played += 1
        wins.append(w / len(seats))
        points.append(p / len(seats))
        if progress and (d + 1) % progress == 0:
            m, c = mean_ci(wins)
            sys.stderr.write("%s %d deals: %.3f +- %.3f\n" % (gid, d + 1, m, c))
    wr, ci = mean_ci(wins)
    low, high = wilson(wr * played, played)
    out = {
        "game": gid,
        "players": n,
        "levels": list(levels),
        "deals": deals,
        "games": played,
        "seed": seed,
        "rollouts": rollouts or None,
        "win_rate": round(wr, 4),
        "ci95": round(ci, 4),
        "fair_share": round(1.0 / len(seats), 4),
        "wilson95": [round(low, 4), round(high, 4)],
        "unit": unit(gid, whole_match),
    }
    if gid == "schieber":
        pp, pc = mean_ci(points)
        out["points_per_hand"] = round(pp, 2)
        out["points_ci95"] = round(pc, 2)
    out["seconds"] = round(time.time() - t0, 1)
    return out


def unit(gid, whole_match):
    """What one game of a deal is: a hand, a round, a match."""
    if whole_match or gid == "syn-swap":
        return "matches"
    if gid in ("schieber", "screwed", "syn-partners"):
        return "hands"
    return "rounds"


def line(o):
    s = "%s, %d players, %s vs %s, %d deals (%d %s): %s wins %.1f%% +- %.1f, " % (
        o["game"],
        o["players"],
        o["levels"][0],
        o["levels"][1],
        o["deals"],
        o["games"],
        o["unit"],
        o["levels"][0],
        100 * o["win_rate"],
        100 * o["ci95"],
    )
    s += "Wilson 95%% %.1f-%.1f%% (fair %.1f%%)" % (
        100 * o["wilson95"][0],
        100 * o["wilson95"][1],
        100 * o["fair_share"],
    )
    if "points_per_hand" in o:
        s += ", %+.1f +- %.1f points per hand" % (o["points_per_hand"], o["points_ci95"])
    return s + " [%.0f s]" % o["seconds"]


def main(argv=None):
    ap = Parser(prog="python -m tools.bots.arena", description=__doc__.split("\n")[0])
    ap.add_argument("--game")
    ap.add_argument("--levels", default="strong,heuristic")
    ap.add_argument("--deals", type=whole(1))
    ap.add_argument("--seed", type=whole(0), default=1)
    ap.add_argument("--players", type=whole(2))
    ap.add_argument("--rollouts", type=whole(0, 256), default=0, help="worlds per strong decision")
    ap.add_argument("--progress", type=whole(0), default=0, help="report every N deals on stderr")
    ap.add_argument(
        "--table",
        nargs="?",
        const="modest",
        choices=("modest", "yardstick"),
        help="a table: modest (make arena) or yardstick (strong against strong_v1 everywhere)",
    )
    ap.add_argument(
        "--matches", action="store_true", help="each deal a whole match (default options)"
    )
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.table:
        rows = YARDSTICK if args.table == "yardstick" else TABLE
        print(TABLE_HEAD)
        print("|---|---|---|---|---|---|---|---|---|")
        for gid, n, lv, deals in rows:
            o = run(
                gid,
                n,
                lv.split(","),
                args.deals or deals,
                args.seed,
                args.rollouts,
                args.progress,
                args.matches,
            )
            print(table_row(o))
            sys.stdout.flush()
        return 0
    if not args.game:
        raise SystemExit("--game is needed (or --table)")
    try:
        counts = games.seat_counts(args.game)
    except ValueError as ex:
        raise SystemExit(str(ex))
    n = args.players or DEFAULT_PLAYERS.get(args.game, 2)
    if n not in counts:
        raise SystemExit("%s takes %s players" % (args.game, games.seats_label(args.game)))
    levels = args.levels.split(",")
    if len(levels) != 2 or [x for x in levels if x not in LEVELS]:
        raise SystemExit("--levels needs two of %s, e.g. strong,heuristic" % ", ".join(LEVELS))
    deals = args.deals if args.deals is not None else 100
    if deals < 1:
        raise SystemExit("--deals must be at least 1")
    o = run(args.game, n, levels, deals, args.seed, args.rollouts, args.progress, args.matches)
    print(line(o))
    if args.json:
        print(json.dumps(o))
    return 0


if __name__ == "__main__":
    sys.exit(main())
