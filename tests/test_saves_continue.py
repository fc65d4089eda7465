"""Every state the console can save, it can continue: random games of every game, under every
house-rule value the setup offers (each option at its limits, its default and between; both
values of a yes/no rule), are saved after every action and loaded again with all the checks
Continue makes (engine.games.decode, then engine.games.check): each load must succeed and encode
to the very same bytes. On CPython for every game and value; the same games on the MicroPython
unix port for a share of them (the same code, the same answers). The stall rule at 1 (a round
that ended on the action that closed the setup: "first_rank after the first play") was one such
state.
"""

import json
import os

import pytest

from engine import games
from engine.rng import Rng
from firmware.menus import available
from tests.conftest import run_micropython

GAMES = available()
LONG = bool(os.environ.get("LONG_TESTS"))


def values(opt):
    """The values of one option row the setup offers that reach states the default does not:
    yes/no both, a range's ends and the value after its low end (LONG_TESTS=1: its default and
    middle too)."""
    name, default, help_, limits, words = opt
    if default is True or default is False:
        return [not default]
    lo, hi = limits
    out = {lo, hi, min(hi, lo + 1)}
    if LONG:
        out |= {default, (lo + hi) // 2}
    out.discard(default)
    return sorted(out)


def cases(gid):
    """(seats, options) pairs: each option value once, with the game's seat counts in turn."""
    counts = games.seat_counts(gid)
    out = []
    i = 0
    for opt in games.options_for(gid):
        for v in values(opt):
            out.append((counts[i % len(counts)], {opt[0]: v}))
            i += 1
    return out


def play_and_reload(gid, seats, options, seed, moves=250):
    """Plays random legal actions; after each, the save is loaded as Continue loads it. Returns
    how many states were reloaded; raises on the first that does not load or re-encode."""
    r = Rng(seed)
    try:
        g = games.new_game(gid, seats, seed, options)
    except ValueError:
        return 0  # an option value this seat count refuses at setup: never saved
    n = 0
    for _ in range(moves):
        if g.over:
            break
        acts = g.legal_actions()
        g.apply(acts[r.below(len(acts))])
        data = g.encode()
        try:
            h = games.decode(gid, data, True, False)
            games.check(gid, h, data)
        except ValueError as e:
            raise AssertionError(
                "%s %d seats %r seed %d, move %d: %s" % (gid, seats, options, seed, n + 1, e)
            )
        assert h.encode() == data
        n += 1
    return n


@pytest.mark.parametrize("gid", GAMES)
def test_every_state_of_every_house_rule_value_continues_from_its_save(gid):
    done = 0
    for k, (seats, opts) in enumerate(cases(gid)):
        for seed in (k * 7 + 1, k * 7 + 2) if LONG else (k * 7 + 1,):
            done += play_and_reload(gid, seats, opts, seed, 120 if LONG else 30)
    assert done > 60  # (states reloaded)


def test_the_stall_rule_at_one_leaves_a_game_that_continues():
    """The case that was lost: Screw, two seats, stall 1; the setup's last action is no turn of
    play, so the round does not end on it; and a stall never leaves a first play pending."""
    from engine import deals

    g = deals.rebuild("screw", 2, 47223, {"stall": 1}, bytes.fromhex("0706030005060500"))
    h = games.decode("screw", g.encode())
    games.check("screw", h, g.encode())
    assert g.first_rank < 0 or g.phase == 1  # (engine.shedding PH_PLAY)
    for gid in ("screw", "moonshine", "shithead"):
        for seats in games.seat_counts(gid):
            play_and_reload(gid, seats, {"stall": 1}, seats, 60)


MP_SCRIPT = """
import json
from engine import games
from engine.rng import Rng
cases = json.loads(%r)
out = []
for gid, seats, opts, seed, moves in cases:
    r = Rng(seed)
    try:
        g = games.new_game(gid, seats, seed, opts)
    except ValueError:
        out.append(0)
        continue
    n = 0
    for _ in range(moves):
        if g.over:
            break
        acts = g.legal_actions()
        g.apply(acts[r.below(len(acts))])
        data = g.encode()
        h = games.decode(gid, data, True, False)
        games.check(gid, h, data)
        assert h.encode() == data
        n += 1
    out.append(n)
print(json.dumps(out))
"""


def test_the_same_saves_continue_on_micropython():
    picked = []
    for gid in GAMES:
        cs = cases(gid)
        for k in range(0, len(cs), max(1, len(cs) // 2)):
            seats, opts = cs[k]
            picked.append((gid, seats, opts, k + 1, 40))
    picked.append(("screw", 2, {"stall": 1}, 47223, 60))
    want = [play_and_reload(gid, s, o, seed, m) for gid, s, o, seed, m in picked]
    # every family loaded in one run: more heap than a console, which loads one
    got = json.loads(run_micropython(MP_SCRIPT % json.dumps(picked), heap="1M").strip())
    assert got == want
