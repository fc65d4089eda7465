"""Search support in every family: copy() is independent, and from_view() builds a full game
that shows the seat exactly its own view, offers the same moves, holds the same pack, and keeps
what is public (suits a seat failed to follow, Weis shown) - on CPython and MicroPython alike."""

import io
import contextlib

import pytest

from engine import games, cards, jass
from engine.rng import Rng
from tests.conftest import run_micropython

WORLDS = {
    "schieber": "engine.jass_world",
    "screw": "engine.shedding_world",
    "shithead": "engine.shedding_world",
    "popcorn": "engine.shedding_world",
    "moonshine": "engine.shedding_world",
    "screwed": "engine.matching_world",
    "syn-partners": "engine.matching_world",
    "syn-swap": "engine.swap_world",
}
SEATS = {
    "schieber": 4,
    "screw": 3,
    "shithead": 4,
    "popcorn": 3,
    "moonshine": 2,
    "screwed": 3,
    "syn-partners": 4,
    "syn-swap": 6,
}


def world_module(gid):
    return __import__(WORLDS[gid], None, None, ["from_view"])


def walk(gid, seeds, limit=250):
    """Yield (game, seat, view) at every decision of heuristic games."""
    n = SEATS[gid]
    for seed in seeds:
        opts = {"hands": 1} if gid == "schieber" else {}
        g = games.new_game(gid, n, seed, opts)
        bots = [games.make_bot(gid, "heuristic", s, seed * 16 + s) for s in range(n)]
        k = 0
        while not g.over and k < limit:
            s = g.to_act
            v = g.view(s)
            yield g, s, v
            g.apply(bots[s].choose(v, g.legal_actions()))
            k += 1


@pytest.mark.parametrize("gid", sorted(WORLDS))
def test_world_from_view_shows_the_seat_its_own_view_and_the_same_moves(gid):
    wm = world_module(gid)
    rng = Rng(5)
    seen = 0
    exact = 0
    for g, s, v in walk(gid, (1, 2, 3)):
        w = wm.from_view(gid, v, rng)
        assert w.legal_actions() == g.legal_actions()
        assert sorted(w.all_cards()) == sorted(g.all_cards())
        assert [len(h) for h in w.hands] == [len(h) for h in g.hands]
        v2 = w.view(s)
        diff = [k for k in v if v[k] != v2[k]]
        # Schieber: the Weis of other seats are matched by rejection sampling, which may give
        # up after a few tries (then only another seat's Weis differs)
        assert set(diff) <= {"weis_announced", "weis_value", "weis_shown"}
        seen += 1
        exact += not diff
    assert seen > 50
    assert exact * 100 >= seen * 95


@pytest.mark.parametrize("gid", sorted(WORLDS))
def test_copy_is_independent_of_the_original(gid):
    for g, s, v in walk(gid, (3,), 60):
        c = g.copy()
        assert c.encode() == g.encode()
        before = g.encode()
        c.apply(c.legal_actions()[-1])
        assert g.encode() == before


def play(g, name):
    while g.legal_actions()[0][0] != "play":
        g.apply(("noweis",))
    g.apply(("play", bytes([cards.parse(name)])))


def scenario_failed_to_follow():
    # seat 1 leads hearts... the forehand (dealer 3 -> seat 0) leads AH; seat 1 has no heart
    hands = [
        ["AH", "KH", "QH", "JH", "TH", "9H", "8H", "7H", "6H"],
        ["AC", "KC", "QC", "JC", "TC", "9C", "8C", "7C", "6C"],
        ["AD", "KD", "QD", "JD", "TD", "9D", "8D", "7D", "6D"],
        ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6S"],
    ]
    g = jass.from_hands(hands, dealer=3, mode=4)  # Obenabe
    play(g, "6H")
    return g


def test_world_keeps_a_suit_away_from_a_seat_that_failed_to_follow_it():
    from engine import jass_world

    g = scenario_failed_to_follow()
    play(g, "6C")  # seat 1: a club on the heart lead
    rng = Rng(9)
    v = g.view(2)
    for _ in range(30):
        w = jass_world.from_view("schieber", v, rng)
        assert not [c for c in w.hands[1] if (c & 3) == 2]
    # the hearts left are all with seat 0 or seat 3 (seat 2 holds none)
    assert v["hand"] and not [c for c in v["hand"] if (c & 3) == 2]


def test_world_leaves_the_trump_jack_possible_after_a_seat_did_not_follow_trumps():
    from engine import jass_world

    hands = [
        ["AH", "KH", "QH", "TH", "9H", "8H", "7H", "6H", "6S"],
        ["AC", "KC", "QC", "JH", "TC", "9C", "8C", "7C", "6C"],
        ["AD", "KD", "QD", "JD", "TD", "9D", "8D", "7D", "JC"],
        ["AS", "KS", "QS", "JS", "TS", "9S", "8S", "7S", "6D"],
    ]
    g = jass.from_hands(hands, dealer=3, mode=2)  # hearts trumps
    play(g, "AH")
    play(g, "AC")  # seat 1 keeps the Puur back
    rng = Rng(3)
    v = g.view(0)
    jacks = 0
    for _ in range(40):
        w = jass_world.from_view("schieber", v, rng)
        h = [c for c in w.hands[1] if (c & 3) == 2]
        assert h in ([], [cards.parse("JH")])
        jacks += len(h)
    assert jacks > 0


def test_world_gives_a_shown_weis_to_the_seat_that_showed_it():
    from engine import jass_world

    hands = [
        ["AH", "KH", "QH", "6C", "7C", "9D", "8S", "7D", "6S"],
        ["AC", "KC", "QC", "JH", "TC", "9C", "8C", "TH", "6H"],
        ["AD", "KD", "QD", "JD", "TD", "8D", "7S", "9H", "JC"],
        ["AS", "KS", "QS", "JS", "TS", "9S", "8H", "7H", "6D"],
    ]
    g = jass.from_hands(hands, dealer=3, mode=4)
    bots = [games.make_bot("schieber", "heuristic", s, s + 1) for s in range(4)]
    while len(g.winners) < 1:
        s = g.to_act
        g.apply(bots[s].choose(g.view(s), g.legal_actions()))
    v = g.view(0)
    t = v["weis_team"]
    assert t >= 0
    rng = Rng(4)
    for _ in range(10):
        w = jass_world.from_view("schieber", v, rng)
        for s in (t, t + 2):
            for b in v["weis_shown"][s]:
                for c in b:
                    assert jass.holds(w.hands[s], c) or jass.holds(v["played"], c)


SCRIPT = r'''
from engine import games
from engine.rng import Rng
gid, n = GAME
wm = __import__(WORLD, None, None, ["from_view"])
g = games.new_game(gid, n, 7, {})
bots = [games.make_bot(gid, "heuristic", s, s + 1) for s in range(n)]
rng = Rng(11)
out = []
for k in range(12):
    if g.over:
        break
    s = g.to_act
    v = g.view(s)
    w = wm.from_view(gid, v, rng)
    c = w.copy()
    out.append(sum(c.encode()) % 9973)
    g.apply(bots[s].choose(v, g.legal_actions()))
print(gid, out)
'''


@pytest.mark.parametrize(
    "gid,n", [("schieber", 4), ("shithead", 3), ("screwed", 3), ("syn-swap", 5)]
)
def test_worlds_are_the_same_on_micropython(gid, n):
    """One family per run under the device heap, as on the console (it loads one game)."""
    code = "GAME = (%r, %d)\nWORLD = %r\n" % (gid, n, WORLDS[gid]) + SCRIPT
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        exec(compile(code, "worlds", "exec"), {})
    cp = buf.getvalue().strip().splitlines()
    assert len(cp) == 1 and len(cp[0]) > 30
    assert run_micropython(code).strip().splitlines() == cp


def plain_deal(pool, need, ok, rng, tries):
    """engine.sample.deal as it reads without its shortcuts (every seat looked at, rng.below)."""
    seats = len(need)
    keyed = []
    for c in pool:
        k = 0
        for s in range(seats):
            if need[s] and ok[s * 64 + c]:
                k += 1
        keyed.append((k * 1024 + rng.below(1024)) * 64 + c)
    keyed.sort()
    for _ in range(tries):
        cap = list(need)
        out = [bytearray() for _ in range(seats)]
        good = True
        for key in keyed:
            c = key & 63
            room = 0
            for s in range(seats):
                if cap[s] and ok[s * 64 + c]:
                    room += cap[s]
            if room == 0:
                good = False
                break
            r = rng.below(room)
            for s in range(seats):
                if cap[s] and ok[s * 64 + c]:
                    if r < cap[s]:
                        cap[s] -= 1
                        out[s].append(c)
                        break
                    r -= cap[s]
        if good:
            return out
    return None


def test_deal_draws_as_the_plain_dealer_does():
    # deal() skips the seats that get no cards and draws from next() itself: the same hands
    # and the same random numbers used, seats with no room and impossible deals included
    from engine.sample import deal

    r = Rng(11)
    dealt = 0
    for _ in range(3000):
        seats = 2 + r.below(5)
        need = [r.below(10) for _ in range(seats)]
        if r.below(3) == 0:
            need[r.below(seats)] = 0
        pool = bytearray(range(sum(need)))  # cards below 64
        ok = bytearray(seats * 64)
        for i in range(len(ok)):
            ok[i] = 1 if r.below(10) < 7 else 0
        seed = r.next()
        tries = 1 + seed % 12
        a = Rng(seed)
        b = Rng(seed)
        got = deal(pool, need, ok, a, tries)
        want = plain_deal(pool, need, ok, b, tries)
        assert got == want
        assert a.next() == b.next()
        dealt += got is not None
    assert 500 < dealt < 2900
