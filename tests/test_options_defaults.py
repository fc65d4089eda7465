"""Every game's default options, pinned as literal data (taken from the engine before the
defaults became one value per row plus presets keyed by game id): the setup screen, a new game
and a loaded save start from exactly these, on CPython and on MicroPython."""

import json

import pytest

from conftest import run_micropython
from engine import games

# In screen order (the option rows' order), as games.options_for() lists them.
DEFAULTS = {
    "screw": [
        ("deal", 0),
        ("swap", False),
        ("two_again", False),
        ("ten_burns", True),
        ("ten_limit", True),
        ("burn_again", True),
        ("seven_lower", 0),
        ("invisible_three", False),
        ("four_clears", False),
        ("skip_same", False),
        ("joker", 0),
        ("pickup_any", False),
        ("pickup_play", True),
        ("up_pickup_card", False),
        ("post_burn_high", False),
        ("first", 0),
        ("play_to_last", False),
        ("chips", 3),
        ("stall", 150),
        ("draw_each", True),
    ],
    "moonshine": [
        ("deal", 4),
        ("swap", False),
        ("two_again", False),
        ("ten_burns", True),
        ("ten_limit", True),
        ("burn_again", True),
        ("seven_lower", 2),
        ("invisible_three", True),
        ("four_clears", True),
        ("skip_same", False),
        ("joker", 0),
        ("pickup_any", False),
        ("pickup_play", True),
        ("up_pickup_card", False),
        ("post_burn_high", False),
        ("first", 0),
        ("play_to_last", False),
        ("chips", 3),
        ("stall", 150),
        ("draw_each", False),
    ],
    "popcorn": [
        ("deal", 4),
        ("swap", False),
        ("two_again", True),
        ("ten_burns", True),
        ("ten_limit", True),
        ("burn_again", True),
        ("seven_lower", 1),
        ("invisible_three", False),
        ("four_clears", True),
        ("skip_same", False),
        ("joker", 1),
        ("pickup_any", False),
        ("pickup_play", True),
        ("up_pickup_card", False),
        ("post_burn_high", False),
        ("first", 1),
        ("play_to_last", False),
        ("chips", 3),
        ("stall", 150),
        ("draw_each", False),
    ],
    "shithead": [
        ("deal", 5),
        ("swap", True),
        ("two_again", False),
        ("ten_burns", True),
        ("ten_limit", False),
        ("burn_again", True),
        ("seven_lower", 0),
        ("invisible_three", False),
        ("four_clears", True),
        ("skip_same", False),
        ("joker", 3),
        ("pickup_any", True),
        ("pickup_play", False),
        ("up_pickup_card", True),
        ("post_burn_high", True),
        ("first", 2),
        ("play_to_last", True),
        ("chips", 3),
        ("stall", 150),
        ("draw_each", False),
    ],
    "screwed": [
        ("target", 350),
        ("hand_size", 5),
        ("deal_choice", True),
        ("turn_up", True),
        ("cover_67", True),
        ("three_draws", True),
        ("deuce_draws", False),
        ("joker_mode", 1),
        ("stacking", False),
        ("draw_until", False),
        ("wild_optional", False),
        ("ace_reverses", False),
        ("seven_skips", False),
        ("last_card", 1),
        ("two_hand_three", True),
        ("teams", False),
    ],
    "syn-partners": [
        ("target", 0),
        ("hand_size", 7),
        ("deal_choice", False),
        ("turn_up", False),
        ("cover_67", False),
        ("three_draws", False),
        ("deuce_draws", True),
        ("joker_mode", 2),
        ("stacking", True),
        ("draw_until", True),
        ("wild_optional", True),
        ("ace_reverses", True),
        ("seven_skips", True),
        ("last_card", 2),
        ("two_hand_three", False),
        ("teams", True),
    ],
    "syn-swap": [("lives", 3), ("king_blocks", False)],
    "schieber": [
        ("target", 0),
        ("multipliers", False),
        ("hands", 0),
        ("strict_undertrump", True),
        ("large_weis", False),
        ("undenufe_six", False),
        ("four_nines", True),
    ],
}

# What a new game holds where it differs from the setup screen's defaults: Schieber's automatic
# target (0) is resolved when the game is built.
BUILT = {"schieber": {"target": 1000}}


def test_every_catalogue_game_is_pinned():
    assert sorted(DEFAULTS) == sorted(e[games.ID] for e in games.CATALOGUE)


@pytest.mark.parametrize("gid", sorted(DEFAULTS))
def test_the_setup_screen_shows_the_pinned_defaults_in_row_order(gid):
    shown = games.options_for(gid)
    assert [(o[0], o[1]) for o in shown] == DEFAULTS[gid]
    for name, value in DEFAULTS[gid]:  # a flag stays a bool, a number an int
        assert type(dict((o[0], o[1]) for o in shown)[name]) is type(value)


@pytest.mark.parametrize("gid", sorted(DEFAULTS))
def test_a_new_game_and_its_save_hold_the_pinned_defaults(gid):
    want = dict(DEFAULTS[gid])
    want.update(BUILT.get(gid, {}))
    seats = games.seat_counts(gid)[0]
    g = games.new_game(gid, seats, 5)
    assert list(g.opts.items()) == list(want.items())
    assert games.decode(gid, g.encode()).opts == want


def test_micropython_gives_the_same_defaults():
    code = (
        "from engine import games\n"
        "import json\n"
        "for e in games.CATALOGUE:\n"
        "    gid = e[games.ID]\n"
        "    print(json.dumps([gid, [[o[0], o[1]] for o in games.options_for(gid)]]))\n"
    )
    got = {}
    for line in run_micropython(code).strip().split("\n"):
        gid, pairs = json.loads(line)
        got[gid] = [tuple(p) for p in pairs]
    assert got == DEFAULTS


@pytest.mark.parametrize("family", ["shedding", "matching", "swap", "jass"])
def test_presets_hold_only_what_differs_from_the_rows(family):
    mod = __import__("engine.%s_options" % family, None, None, ["OPTIONS"])
    rows = dict((r[0], r) for r in mod.OPTIONS)
    for gid in mod.PRESETS:
        assert gid in mod.GAME_IDS
        for name, value in mod.PRESETS[gid].items():
            _, default, limits, help_, words = rows[name]
            assert value != default and type(value) is type(default), (gid, name)
            assert limits is None or limits[0] <= value <= limits[1], (gid, name)
    for name, default, limits, help_, words in mod.OPTIONS:  # one default per row
        assert type(default) in (bool, int), name
