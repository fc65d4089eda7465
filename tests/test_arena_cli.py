"""python -m tools.bots.arena: duplicate deals between two levels; its JSON last
line and its refusals."""

import json
import subprocess
import sys

from tests.conftest import ROOT


def arena(*args):
    p = subprocess.run(
        [sys.executable, "-m", "tools.bots.arena"] + list(args),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    return p


def test_arena_json_last_line_holds_the_interface_keys_for_schieber():
    p = arena(
        "--game", "schieber", "--levels", "heuristic,v1", "--deals", "3", "--seed", "4", "--json"
    )
    assert p.returncode == 0, p.stderr
    o = json.loads(p.stdout.strip().splitlines()[-1])
    for k in ("game", "levels", "deals", "win_rate", "ci95", "points_per_hand"):
        assert k in o
    assert o["game"] == "schieber" and o["levels"] == ["heuristic", "v1"] and o["deals"] == 3
    assert o["games"] == 6  # every deal twice, the teams swapped
    assert 0.0 <= o["win_rate"] <= 1.0


def test_the_same_level_on_both_sides_of_duplicate_deals_scores_exactly_even():
    p = arena(
        "--game",
        "shithead",
        "--players",
        "2",
        "--levels",
        "heuristic,heuristic",
        "--deals",
        "4",
        "--json",
    )
    o = json.loads(p.stdout.strip().splitlines()[-1])
    assert o["games"] == 8 and o["win_rate"] == 0.5 and o["ci95"] == 0.0


def test_one_seat_among_many_rotates_through_every_seat():
    p = arena(
        "--game",
        "syn-swap",
        "--players",
        "3",
        "--levels",
        "random,heuristic",
        "--deals",
        "2",
        "--json",
    )
    o = json.loads(p.stdout.strip().splitlines()[-1])
    assert o["games"] == 6 and o["fair_share"] == round(1 / 3, 4)


def test_bad_levels_are_refused_with_one_line():
    p = arena("--game", "schieber", "--levels", "strong,genius", "--deals", "1")
    assert p.returncode != 0
    assert "--levels needs two of" in p.stderr


def test_matching_v1_is_the_frozen_heuristic_and_differs_from_todays():
    """Level v1 in the matching games is tools/bots/matching_bots_v1.py: the same level on both
    sides scores exactly even, and today's heuristic plays differently from it."""
    from tools.bots import arena as A

    same = A.run("screwed", 2, ("v1", "v1"), 20, 1)
    assert same["win_rate"] == 0.5 and same["ci95"] == 0.0
    moved = A.run("syn-partners", 4, ("heuristic", "v1"), 20, 1)
    assert moved["ci95"] > 0.0  # some deals went otherwise


def test_peek_search_that_sees_every_card_beats_the_heuristic():
    """tools.bots.peek_search: the all-seeing search is an upper bound; in SCREWED! it wins far
    more than the fair half against the heuristic (about 85% of hands)."""
    from tools.bots import peek_search

    m, ci = peek_search.run("screwed", 2, 30, 1000, 1)
    assert m > 0.65, (m, ci)


def test_matching_oracle_judges_the_heuristic_decisions():
    from tools.bots import matching_oracle

    seen, found = matching_oracle.judge("screwed", 2, 4, 4, 0)
    assert seen > 0
    for (phase, mine, best), (count, total) in found.items():
        assert phase in ("play", "penalty", "cover", "suit") and mine != best
        assert count > 0 and total > 0


def test_wilson_interval_matches_the_textbook_values():
    """The Wilson score interval: 50 of 100 gives 40.4-59.6%, 0 of 10 gives 0-27.8%."""
    from tools.bots.arena import wilson

    low, high = wilson(50, 100)
    assert round(low, 3) == 0.404 and round(high, 3) == 0.596
    low, high = wilson(0, 10)
    assert low == 0.0 and round(high, 3) == 0.278


def test_strong_v1_is_a_level_of_the_arena_and_even_against_itself():
    """The frozen strong level (tools/bots/strong_v1) plays on both sides of duplicate deals:
    exactly even, with the Wilson interval and the unit of a deal in the JSON line."""
    p = arena(
        "--game",
        "shithead",
        "--players",
        "2",
        "--levels",
        "strong_v1,strong_v1",
        "--deals",
        "2",
        "--json",
    )
    assert p.returncode == 0, p.stderr
    o = json.loads(p.stdout.strip().splitlines()[-1])
    assert o["win_rate"] == 0.5 and o["unit"] == "rounds"
    assert o["wilson95"][0] < 0.5 < o["wilson95"][1]


def test_the_yardstick_table_prints_a_row_per_family_in_short_form():
    """`make arena-yardstick` in short form: one row per game of the yardstick, each with its
    Wilson interval (Schieber with its points a hand)."""
    from tools.bots import arena as A

    p = arena("--table", "yardstick", "--deals", "1")
    assert p.returncode == 0, p.stderr
    rows = [r for r in p.stdout.splitlines() if r.startswith("| ") and "---" not in r][1:]
    assert [r.split("|")[1].strip() for r in rows] == [y[0] for y in A.YARDSTICK]
    assert "strong vs strong_v1" in rows[0] and "%" in rows[0].split("|")[7]
    assert rows[0].split("|")[9].strip() != "-"


def test_a_whole_match_a_deal_counts_matches():
    p = arena(
        "--game", "screwed", "--levels", "heuristic,v1", "--deals", "1", "--matches", "--json"
    )
    assert p.returncode == 0, p.stderr
    o = json.loads(p.stdout.strip().splitlines()[-1])
    assert o["unit"] == "matches" and o["games"] == 2
