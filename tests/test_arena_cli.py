"""tools.arena: duplicate deals between two levels; its JSON last line and its refusals."""

import json
import subprocess
import sys

from tests.conftest import ROOT


def arena(*args):
    p = subprocess.run(
        [sys.executable, "-m", "tools.arena"] + list(args),
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
