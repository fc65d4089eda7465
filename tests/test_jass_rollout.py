"""The Schieber search's fast rollout (engine/jass_world.Rollout, the heuristic on rank masks)
values every action exactly as a rollout through the engine's API does (copy, perform, the
heuristic's choose on views, to the end of the hand), on CPython and MicroPython alike; and
an announced Weis's card groups are read from its key as weis_of would find them."""

from engine import games, jass_world
from engine.jass import weis_of, four_value
from tests.conftest import run_micropython

CODE = """
from engine import games, jass_world, search
from engine.jass_bots import make_player
from engine.rng import Rng

def compare(seeds):
    st = search.Strong(jass_world, "schieber", 0, 5, make_player(0, 5))
    fr = jass_world.Rollout("schieber")
    n = 0
    bad = []
    for seed in seeds:
        opts = {"hands": 1}
        if seed % 3 == 1:
            opts = {"hands": 1, "multipliers": True, "strict_undertrump": False}
        if seed % 3 == 2:
            opts = {"hands": 1, "undenufe_six": True, "large_weis": True, "four_nines": False}
        g = games.new_game("schieber", 4, seed, opts)
        bots = [games.make_bot("schieber", "heuristic", s, seed * 16 + s) for s in range(4)]
        rng = Rng(seed)
        while not g.over:
            s = g.to_act
            v = g.view(s)
            legal = g.legal_actions()
            if legal[0][0] == "play":
                w = jass_world.world("schieber", v, rng)
                start = jass_world.mark(w)
                fr.load(w)
                st.seat = s
                for a in legal:
                    c = w.copy()
                    c.perform(a)
                    slow = st.rollout(c, start)
                    fast = fr.run(a, s)
                    n += 1
                    if slow != fast:
                        bad.append((seed, len(g.history), a[1][0], slow, fast))
            g.apply(bots[s].choose(v, legal))
    return n, bad
"""


def test_fast_rollout_values_every_action_as_the_engine_rollout_does():
    ns = {}
    exec(CODE, ns)
    n, bad = ns["compare"](range(1, 13))
    assert n > 1000
    assert bad == []


def test_fast_rollout_agrees_on_micropython():
    # 256K: run from source, the search's many small blocks break the heap up, and the pool of
    # names this run fills (about 620) may take its next block (7 KB on this 64-bit port) in
    # the middle of it; the firmware's own heap is checked by test_memory.py
    out = run_micropython(
        CODE + "n, bad = compare(range(20, 24))\nprint(n, len(bad))\n", heap="256K"
    )
    n, bad = out.split()
    assert int(n) > 300 and bad == "0"


def test_fast_rollout_leaves_the_loaded_world_as_it_was():
    g = games.new_game("schieber", 4, 3, {"hands": 1})
    bots = [games.make_bot("schieber", "heuristic", s, s + 1) for s in range(4)]
    while len(g.history) < 9:  # into the third trick
        s = g.to_act
        g.apply(bots[s].choose(g.view(s), g.legal_actions()))
    fr = jass_world.Rollout("schieber")
    fr.load(g)
    legal = g.legal_actions()
    first = [fr.run(a, g.to_act) for a in legal]
    again = [fr.run(a, g.to_act) for a in reversed(legal)]
    assert first == list(reversed(again))
    assert len(g.history) == 9 and g.legal_actions() == legal  # the game is not touched


def test_the_search_world_leaves_out_only_what_no_rollout_reads():
    # world() deals lean (after the first trick no Weis of the other seats): the same hands as
    # from_view from the same random numbers, and every action valued alike, both ways
    from engine import search
    from engine.jass_bots import make_player
    from engine.rng import Rng

    st = search.Strong(jass_world, "schieber", 0, 5, make_player(0, 5))
    fr = jass_world.Rollout("schieber")
    n = 0
    for seed in (31, 32, 33, 34, 35, 36):
        opts = {"hands": 1, "large_weis": seed % 2 == 0}
        g = games.new_game("schieber", 4, seed, opts)
        bots = [games.make_bot("schieber", "heuristic", s, seed * 16 + s) for s in range(4)]
        while not g.over:
            s = g.to_act
            v = g.view(s)
            legal = g.legal_actions()
            if legal[0][0] == "play" and len(legal) > 1:
                prep = jass_world.prepare("schieber", v)
                full = jass_world.from_view("schieber", v, Rng(seed), 8, prep)
                lean = jass_world.world("schieber", v, Rng(seed), prep)
                assert lean.hands == full.hands
                if not len(v["trick_winners"]):
                    assert lean.weis == full.weis and lean.wstate == full.wstate
                start = jass_world.mark(full)
                st.seat = s
                for a in legal:
                    fr.load(full)
                    want = fr.run(a, s)
                    fr.load(lean)
                    assert fr.run(a, s) == want
                    c = lean.copy()
                    c.perform(a)
                    assert st.rollout(c, start) == want
                    n += 1
            g.apply(bots[s].choose(v, legal))
    assert n > 300


def test_weis_groups_are_read_from_the_announced_key_as_weis_of_finds_them():
    for large in (False, True):
        for six in (False, True):
            for nines in (False, True):
                opts = {"large_weis": large, "undenufe_six": six, "four_nines": nines}
                for mode in range(6):
                    groups = []
                    for suit in range(4):
                        for n in range(3, 10):
                            for lo in range(4, 14 - n):
                                groups.append([r * 4 + suit for r in range(lo, lo + n)])
                    for r in range(4, 13):
                        if four_value(r, mode, large, six, nines):
                            groups.append([r * 4 + x for x in range(4)])
                    by_key = {}
                    for grp in groups:
                        ws = weis_of(grp, mode, large, six, nines)
                        if ws:
                            by_key.setdefault(ws[0][0], []).append(grp)
                    for key in range(12 * 32):
                        got = jass_world.groups_of_key(key, mode, opts)
                        assert got == by_key.get(key, []), (large, six, nines, mode, key)
