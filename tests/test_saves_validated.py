"""A save whose fields leave their domains is refused at load with a ValueError naming the game
and the field (engine.setup.check_loaded, each family's FIELDS and _check, then a dry run of every
legal action): the damaged saves below all passed the older checks and then broke the game."""

import subprocess
import sys

import pytest

from engine import games
from engine.rng import Rng
from tests.conftest import ROOT, run_micropython


def played(gid, seats, until, options=None, seed=3):
    """A game played with random legal actions up to the first state where until(g) holds."""
    for k in range(50):
        r = Rng(seed + k)
        g = games.new_game(gid, seats, seed + k, options)
        while not until(g):
            if g.over:
                break
            acts = g.legal_actions()
            g.apply(acts[r.below(len(acts))])
        if until(g):
            return g
    raise AssertionError("no such state")


def refused(g, *words):
    with pytest.raises(ValueError) as e:
        games.decode(g.game_id, g.encode())
    text = str(e.value)
    assert g.game_id in text
    for w in words:
        assert w in text, text
    return text


def test_schieber_mode_out_of_range_is_refused():
    g = played("schieber", 4, lambda g: g.phase == 1 and g.mode == 4)
    assert games.decode("schieber", g.encode()).mode == 4
    g.mode = 6
    refused(g, "mode 6")


def test_partners_drawn_card_that_is_not_the_card_drawn_is_refused():
    g = played("syn-partners", 4, lambda g: g.phase == 6)
    games.decode("syn-partners", g.encode())
    g.drawn = (g.drawn + 1) % 54
    refused(g, "drawn card")


def test_screwed_phase_changed_to_drawn_card_is_refused():
    g = played("screwed", 3, lambda g: g.phase == 2 and g.hturns > 3)
    games.decode("screwed", g.encode())
    g.phase = 6
    refused(g, "phase 6")


def test_two_seat_screwed_with_seat_nine_to_act_is_refused():
    g = played("screwed", 2, lambda g: g.phase == 2)
    g.to_act = 9
    refused(g, "seat to act 9")


@pytest.mark.parametrize("gid,seats", [("screwed", 3), ("syn-partners", 4), ("schieber", 4)])
def test_finished_game_saved_as_not_over_is_refused(gid, seats):
    g = played(gid, seats, lambda g: g.over, {"target": 60} if gid == "screwed" else None)
    assert games.decode(gid, g.encode()).over
    g.over = False
    refused(g, "over flag")


@pytest.mark.parametrize("gid,seats", [("shithead", 4), ("screw", 3), ("syn-swap", 4)])
def test_finished_game_saved_in_play_is_refused(gid, seats):
    g = played(gid, seats, lambda g: g.over, {"chips": 1} if gid == "screw" else None)
    g.phase = 1 if gid == "shithead" or gid == "screw" else 0
    g.over = False
    refused(g)


def test_shithead_setup_left_during_play_is_refused():
    g = played("shithead", 4, lambda g: g.phase == 1)
    assert g.setup_left == 0
    g.setup_left = 4
    refused(g, "setup_left 4")


def test_option_out_of_its_limits_is_refused():
    g = games.new_game("screw", 3, 1, {"chips": 2})
    g.opts["chips"] = 30
    refused(g, "option chips 30")


def test_running_match_with_a_seat_out_of_chips_is_refused():
    # the match would have ended; played on, its chip action would take one below zero
    g = played("screw", 3, lambda g: g.phase == 2, {"chips": 3, "play_to_last": False})
    g.chips[(g.to_act + 1) % 3] = 0
    refused(g, "chips 0")


def test_swap_round_that_its_moves_cannot_make_is_refused():
    g = played("syn-swap", 4, lambda g: g.phase == 0 and len(g.moves) == 2)
    games.decode("syn-swap", g.encode())
    g.moves[0][1] = 2 if g.moves[0][1] != 2 else 0  # a keep or swap turned into a cut
    refused(g)


CHIP_BELOW_ZERO = """
from engine import games
g = games.new_game("screw", 3, 1, {"chips": 2})
g.chips[1] = 0
try:
    g._lose_chip(1)
    print("played on", list(g.chips))
except ValueError as e:
    print("refused", list(g.chips))
"""


def test_chip_count_below_zero_raises_on_cpython_and_micropython():
    # MicroPython's bytearray would store 255 where CPython's raises: the engine checks first
    cp = subprocess.run(
        [sys.executable, "-c", CHIP_BELOW_ZERO], cwd=ROOT, capture_output=True, text=True
    )
    assert cp.stdout.strip() == "refused [2, 0, 2]", cp.stderr
    assert run_micropython(CHIP_BELOW_ZERO).strip() == "refused [2, 0, 2]"


def test_schieber_hand_not_following_from_its_deal_shows_then_fails_the_deep_checks():
    """The hand replayed from its deck (engine.jass_check.follows, 44 ms on the Pico) is one of
    the deep checks the app makes once a continued table is on the panel: a deck with two cards
    swapped between seats still shows, and is refused by the checks that follow."""
    from engine.jass import PH_PLAY

    g = played("schieber", 4, lambda g: g.phase == PH_PLAY and len(g.history) >= 6)
    d = g.dealer
    a, b = (d + 1) % 4, (d + 2) % 4
    i = next(k for k in range(36) if (d + 1 + k) % 4 == a and g.deck[k] in g.hands[a])
    j = next(k for k in range(36) if (d + 1 + k) % 4 == b and g.deck[k] in g.hands[b])
    g.deck[i], g.deck[j] = g.deck[j], g.deck[i]
    data = g.encode()
    shown = games.decode("schieber", data, True, False)  # the table can be drawn
    assert shown.hands == g.hands
    with pytest.raises(ValueError) as e:
        games.check("schieber", shown, data)
    assert "schieber" in str(e.value) and "follow" in str(e.value)
    refused(g, "follow")
