"""The shedding search's fast rollout (engine/shedding_world.Rollout, the heuristic on rank
counts) values every action exactly as a rollout through the engine's API does (copy, perform,
the heuristic's choose on views, to the end of the round or MAX_STEPS plies), drawing the same
random numbers, on CPython and MicroPython alike, for every preset and with house rules that the
presets leave off switched on."""

from engine import games, shedding_world
from tests.conftest import run_micropython

CODE = """
from engine import games, shedding_world, search
from engine.shedding_bots import HeuristicBot
from engine.rng import Rng

VARIANTS = (
    ("shithead", 2, {}),
    ("screw", 2, {}),
    ("moonshine", 3, {}),
    ("popcorn", 3, {}),
    ("shithead", 4, {}),
    ("popcorn", 4, {"skip_same": True, "play_to_last": True, "pickup_play": False}),
    ("screw", 3, {"joker": 2, "two_again": True, "post_burn_high": True, "stall": 12}),
    ("moonshine", 2, {"up_pickup_card": True, "pickup_any": True, "burn_again": False}),
    ("shithead", 3, {"ten_limit": True, "seven_lower": 1, "draw_each": True, "stall": 30}),
)

def compare(seeds, variants=VARIANTS):
    n = 0
    bad = []
    for gid, seats, extra in variants:
        opts = {"chips": 0}
        opts.update(extra)
        for seed in seeds:
            g = games.new_game(gid, seats, seed, opts)
            st = search.Strong(shedding_world, gid, 0, seed, HeuristicBot(seed))
            fr = shedding_world.Rollout(st.policy_seed)
            bots = [games.make_bot(gid, "heuristic", s, seed * 16 + s) for s in range(seats)]
            rng = Rng(seed)
            k = 0
            while not g.over and k < 400:
                k += 1
                s = g.to_act
                v = g.view(s)
                legal = g.legal_actions()
                if v["phase"] == "play" and len(legal) > 1:
                    w = shedding_world.world(gid, v, rng)
                    start = shedding_world.mark(w)
                    fr.load(w)
                    st.seat = s
                    for a in legal:
                        c = w.copy()
                        c.perform(a)
                        slow = st.rollout(c, start)
                        fast = fr.run(a, s)
                        n += 1
                        if slow != fast:
                            bad.append((gid, seats, seed, k, a, slow, fast))
                g.apply(bots[s].choose(v, legal))
    return n, bad
"""


def test_fast_rollout_values_every_action_as_the_engine_rollout_does():
    ns = {}
    exec(CODE, ns)
    n, bad = ns["compare"](range(1, 3))
    assert n > 5000
    assert bad[:5] == []


def test_fast_rollout_agrees_on_micropython():
    out = run_micropython(CODE + "n, bad = compare(range(7, 8))\nprint(n, len(bad))\n")
    n, bad = out.split()
    assert int(n) > 500 and bad == "0"


def test_fast_rollout_leaves_the_loaded_world_as_it_was():
    g = games.new_game("shithead", 3, 3, {"chips": 0})
    bots = [games.make_bot("shithead", "heuristic", s, s + 1) for s in range(3)]
    while g.phase != 1 or len(g.legal_actions()) < 3:
        s = g.to_act
        g.apply(bots[s].choose(g.view(s), g.legal_actions()))
    before = g.encode()
    legal = list(g.legal_actions())
    fr = shedding_world.Rollout(7)
    fr.load(g)
    first = [fr.run(a, g.to_act) for a in legal]
    fr2 = shedding_world.Rollout(7)
    fr2.load(g)
    again = [fr2.run(a, g.to_act) for a in legal]
    assert first == again
    assert g.encode() == before  # the game is not touched


def test_a_fresh_rollout_runs_any_first_action():
    # a Rollout's first choice may be a pickup, a flip, a pass or a stop (not only a play)
    for gid, seats in (("shithead", 3), ("screw", 2), ("popcorn", 4)):
        for seed in (1, 2):
            g = games.new_game(gid, seats, seed, {"chips": 0})
            bots = [games.make_bot(gid, "heuristic", s, seed + s) for s in range(seats)]
            k = 0
            while not g.over and k < 300:
                k += 1
                s = g.to_act
                legal = g.legal_actions()
                if g.phase == 1 and len(legal) > 1:
                    for a in legal:
                        fr = shedding_world.Rollout(seed + k)
                        fr.load(g)
                        assert isinstance(fr.run(a, s), int)
                g.apply(bots[s].choose(g.view(s), legal))
