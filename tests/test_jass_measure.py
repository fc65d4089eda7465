"""Bot strength measurements for Schieber (a small smoke test here; the full figures come from

    .venv/bin/python -m tests.test_jass_measure --matches 2000 [--option target=1000]

which prints, as JSON, the win rates of: the heuristic team against the random team, and the
heuristic trump choice against a random trump choice with the heuristic card play on both sides).
Teams swap seats every other match, so the dealer and seat order favour neither side.
"""

import argparse
import json
import sys
import time

from engine import jass, jass_bots


def play_match(seed, cfg_a, cfg_b, options=None, stats=None):
    """cfg = (trump, play) levels. Team A sits at seats 0/2 for even seeds, 1/3 for odd ones.
    Returns 1 if team A wins, 0 if B wins, -1 for a draw; stats (dict) gets per-hand counters."""
    g = jass.new_game("schieber", 4, seed, options or {})
    a_team = seed % 2
    if stats is not None:

        def log(ev):
            if ev["ev"] == "hand":
                a = ev["points"][a_team] + ev["weis"][a_team] + ev["stoeck"][a_team]
                b = ev["points"][1 - a_team] + ev["weis"][1 - a_team] + ev["stoeck"][1 - a_team]
                stats["A_points"] = stats.get("A_points", 0) + a
                stats["B_points"] = stats.get("B_points", 0) + b
                if a > b:
                    stats["A_hands_won"] = stats.get("A_hands_won", 0) + 1

        g.log = log
    bots = []
    for s in range(4):
        cfg = cfg_a if s % 2 == a_team else cfg_b
        bots.append(jass_bots.make_player(s, seed * 16 + s + 1, cfg[0], cfg[1]))
    while not g.over:
        s = g.to_act
        a = bots[s].choose(g.view(s), g.legal_actions())
        if stats is not None and a[0] in ("trump", "push"):
            key = "A" if s % 2 == a_team else "B"
            if a[0] == "push":
                stats[key + "_push"] = stats.get(key + "_push", 0) + 1
            else:
                stats[key + "_choose"] = stats.get(key + "_choose", 0) + 1
        g.apply(a)
    if stats is not None:
        stats["hands"] = stats.get("hands", 0) + g.hand_no
    t = g.winner_team
    if t < 0:
        return -1
    return 1 if t == a_team else 0


def measure(cfg_a, cfg_b, matches, seed=1, options=None):
    wins = 0
    draws = 0
    stats = {}
    for i in range(matches):
        r = play_match(seed + i, cfg_a, cfg_b, options, stats)
        if r == 1:
            wins += 1
        elif r < 0:
            draws += 1
    decided = matches - draws
    h = max(1, stats.get("hands", 0))
    stats["A_hand_win_rate"] = round(100.0 * stats.get("A_hands_won", 0) / h, 1)
    stats["A_points_per_hand"] = round(stats.get("A_points", 0) / h, 1)
    stats["B_points_per_hand"] = round(stats.get("B_points", 0) / h, 1)
    # 95% interval half-width of a proportion, in tenths of a percent (ints only)
    return {
        "a": list(cfg_a),
        "b": list(cfg_b),
        "matches": matches,
        "a_wins": wins,
        "draws": draws,
        "a_win_rate": round(100.0 * wins / max(1, decided), 1),
        "ci95": round(196.0 * (0.25 / max(1, decided)) ** 0.5, 1),
        "stats": stats,
    }


def test_heuristic_team_beats_random_team_in_a_few_short_matches():
    r = measure(("heuristic", "heuristic"), ("random", "random"), 20, 1, {"hands": 4})
    assert r["a_wins"] >= 14, r


def test_trump_choosers_are_separable():
    p = jass_bots.make_player(0, 5, "random", "heuristic")
    assert isinstance(p.trump, jass_bots.RandomChooser)
    assert isinstance(p.play, jass_bots.HeuristicPlay)
    r = measure(("heuristic", "heuristic"), ("random", "heuristic"), 6, 1, {"hands": 2})
    assert r["matches"] == 6


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--matches", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--option", action="append", default=[])
    ap.add_argument("--which", default="both")
    args = ap.parse_args(argv)
    opts = {}
    for p in args.option:
        k, v = p.split("=", 1)
        opts[k] = v
    out = {"options": opts}
    t0 = time.time()
    if args.which in ("both", "team"):
        out["heuristic_vs_random"] = measure(
            ("heuristic", "heuristic"), ("random", "random"), args.matches, args.seed, opts
        )
    if args.which in ("both", "trump"):
        out["trump_choice"] = measure(
            ("heuristic", "heuristic"), ("random", "heuristic"), args.matches, args.seed, opts
        )
        out["trump_choice_no_push_baseline"] = measure(
            ("heuristic", "heuristic"), ("random_mode", "heuristic"), args.matches, args.seed, opts
        )
    out["seconds"] = round(time.time() - t0, 1)
    print(json.dumps(out))


if __name__ == "__main__":
    sys.exit(main())
