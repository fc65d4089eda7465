"""FROZEN copy of engine/matching_world.py as the strong level stood before issue 59: the
yardstick `strong_v1` of tools/bots/arena.py. Do not change it; not part of the console build.

Original docstring:
Matching-family search support: a full game from one seat's view (determinization), and the
hooks engine/search.py uses for a search: rollouts with the heuristic to the end of the hand, or
MAX_STEPS plies, valued by the points left in hand against the other side's, plus a bonus for
the side that goes out in a single-hand game. The strong level does not search (ROLLOUTS = 0,
below); tools and tests do (tools.bots.arena --rollouts N).

What a seat knows and the sample respects: its own hand (unless the dealer names an opening
suit blind), the discard pile, and the cards a seat was seen not to hold (it drew instead of
playing: "lacks" in the view); the other hands and the draw pile are dealt at random from the
rest. Loaded only with a strong bot (or the hint).
"""

from engine import matching as M
from tools.bots.strong_v1.sample import deal_free, known_flags, hidden

MAX_STEPS = 60
# Worlds per decision: none, so the strong level plays its heuristic. A Pico affords 1.0-1.3
# worlds in its 450 ms in SCREWED! and none in the partners game (these rollouts go through the
# engine's API, and partners hands run past MAX_STEPS), and at 2 worlds, even with the margin
# below, the search lost to its own heuristic (49.1% +-1.7 of 2,000 SCREWED! hands;
# a 200-world judge found 2 in 3 of its overrides wrong): its thinking bought nothing. The
# search stays for tools and tests (tools.bots.arena --rollouts N, the hooks below).
ROLLOUTS = 0
BUDGET_MS = None  # the search's default: time-boxed on the console only
# The heuristic's action is kept unless another earned this much more a world. With 2 worlds and
# no margin the search lost to the heuristic it rolls out with (duplicate single hands, README
# Arena: SCREWED! 41.9% of 1,000, Screw Your Neighbor (partners) 41.2% of 500); with 600 it
# plays about as well as the heuristic (47.4% +-2.5, 48.4% +-4.3).
MARGIN = 10  # a match to a target: values are card points
SINGLE_HAND_MARGIN = 600  # one hand: going out is worth 1000


def margin(view):
    return SINGLE_HAND_MARGIN if view["rules"]["target"] == 0 else MARGIN


def from_view(game_id, view, rng):
    """A full game consistent with view; the cards the seat cannot see dealt at random."""
    me = view["seat"]
    counts = view["counts"]
    n = len(counts)
    g = M.MatchingGame(game_id, n, rng.next(), view["rules"])
    g.phase = M.PHASES.index(view["phase"])
    g.to_act = view["to_act"]
    g.over = view["over"]
    g.dealer = view["dealer"]
    g.direction = view["direction"]
    g.fsuit = view["suit"]
    g.frank = view["rank"]
    g.pending = view["pending"]
    g.pkind = M.PKIND_NAMES.index(view["pending_kind"])
    g.pjoker = view["stack_joker"]
    d = view["drawn"]
    g.drawn = d[0] if d else M.NONE
    g.hand_no = view["hand_no"]
    g.scores = list(view["scores"])
    g.called = bytearray(view["called"])
    if view["uncalled"] >= 0:
        g.unc = view["uncalled"]
        g.catcher = g.to_act
    mine = view["hand"]
    blind = g.phase == M.P_OPENING and not mine and counts[me] > 0
    g.blind = 1 if blind else 0
    gone = known_flags(mine, view["discard_pile"])
    pool = hidden(gone, 54)
    # a seat that drew instead of playing holds cards that did not fit then: deal those first
    pre = []
    lacks = view["lacks"]
    for s in range(n):
        g.lacks[s] = bytearray(lacks[s])
        pre.append(bytearray())
        known, suit, rank, flags = lacks[s]  # known: how many cards fit neither (g.lacking)
        if s == me or not known:
            continue
        ok = bytearray()
        for c in pool:
            if not gone[c] and not g.lacking(s, c):
                ok.append(c)
        rng.shuffle(ok)
        take = min(known, len(ok), counts[s])
        for c in ok[:take]:
            pre[s].append(c)
            gone[c] = 1
    pool = hidden(gone, 54)
    need = []
    for s in range(n):
        need.append(counts[s] - len(pre[s]) if (s != me or blind) else 0)
    need.append(view["draw_pile"])
    parts = deal_free(pool, need, rng)
    for s in range(n):
        if s == me and not blind:
            g.hands[s] = bytearray(mine)
        else:
            g.hands[s] = pre[s]
            g.hands[s].extend(parts[s])
    g.pile = parts[n]
    g.discard = bytearray(view["discard_pile"])
    return g


# ----- hooks for engine/search.py -----
def world(game_id, view, rng):
    return from_view(game_id, view, rng)


def strong(game_id, seat, seed):
    """The strong bot: engine.search over this family's worlds, its heuristic as the prior
    (engine.games.make_bot asks here for the level "strong")."""
    from tools.bots.strong_v1 import search, matching_world as w
    from tools.bots.strong_v1.matching_bots import HeuristicBot

    return search.Strong(
        w,
        game_id,
        seat,
        seed,
        HeuristicBot(game_id, seat, seed),
        w.ROLLOUTS,
        w.BUDGET_MS,
        w.MARGIN,
    )


def rollout_bots(game_id, seed):
    from tools.bots.strong_v1.matching_bots import make_bot

    return [make_bot(game_id, "heuristic", s, seed + s) for s in range(6)]


def rollout_view(g, seat):
    return g.view(seat)


def mark(g):
    return (g.hand_no, list(g.scores))


def mark_same(g, m):
    return g.hand_no == m


def value(g, seat, start):
    """The other side's points (per seat) minus this side's: the points of the hand when it
    ended, else of the cards held now. In a single-hand game going out is what counts: +-1000
    for the side that went out, the points (divided by 8) only break ties."""
    n = g.seats
    ended = g.hand_no != start[0] or g.over
    team = g.opts["teams"]
    half = n // 2

    def side(s):
        return s % half if team else s

    my = side(seat)
    mine = 0
    nm = 0
    others = 0
    no = 0
    for s in range(n):
        if ended:
            p = g.scores[s] - start[1][s]
        else:
            p = 0
            for c in g.hands[s]:
                p += M.points(c)
        if side(s) == my:
            mine += p
            nm += 1
        else:
            others += p
            no += 1
    v = (others * nm - mine * no) // (nm * no) if no else 0
    if g.opts["target"] == 0:
        # a single hand is won by going out: that decides, the points only break ties
        v = v // 8
        if ended and g.out_seat >= 0:
            v += 1000 if side(g.out_seat) == my else -1000
    return v


def searched(view, legal):
    return view["phase"] in ("play", "penalty", "cover", "suit")


def candidates(view, legal):
    return legal
