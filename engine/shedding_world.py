"""Shedding-family search support: a full game from one seat's view (determinization), and the
hooks engine/search.py uses for the strong level (rollouts with the heuristic to the end of
the round, or MAX_STEPS plies, valued by who went out and who is left holding cards).

What a seat knows and the sample respects: its own hand, every face-up card, the pile and the
cards burned; the other hands, the face-down rows (its own included) and the stock are dealt at
random from the rest. (Cards a seat saw go into another hand with a pickup are not tracked.)
Loaded only with a strong bot (or the hint).
"""

from engine import shedding as S
from engine.sample import deal_free, known_flags, hidden

MAX_STEPS = 40
ROLLOUTS = 6
BUDGET_MS = None  # the search's default: time-boxed on the console only


def from_view(game_id, view, rng):
    """A full game consistent with view; the cards the seat cannot see dealt at random."""
    me = view["seat"]
    opts = dict(view["rules"])
    n = len(view["hand_count"])
    g = S.Shedding(game_id, n, rng.next(), opts)
    g.phase = S.PHASE_NAMES.index(view["phase"])
    g.to_act = view["to_act"]
    g.over = view["over"]
    g.dealer = view["dealer"]
    g.round = view["round"]
    g.direction = view["direction"]
    g.may_stop = view["may_stop"]
    g.need10 = view["need10"]
    g.first_rank = view["first_rank"]
    g.setup_left = view["setup_left"]
    g.finished = bytearray(view["finished"])
    g.chips = bytearray(view["chips"])
    g.pile = bytearray(view["pile"])
    g.burned = bytearray(view["burned_cards"])
    if g.phase == S.PH_CHIP:
        g.round_winner = g.to_act
    ups = view["up"]
    gone = known_flags(view["hand"], view["pile"], view["burned_cards"], *ups)
    pool = hidden(gone, g.npack)
    need = []
    for s in range(n):
        need.append(0 if s == me else view["hand_count"][s])
        need.append(view["down_count"][s])
        need.append(view["up_count"][s] - len(ups[s]))
    need.append(view["stock"])
    parts = deal_free(pool, need, rng)
    for s in range(n):
        if s == me:
            g.hands[s] = bytearray(view["hand"])
        else:
            g.hands[s] = bytearray(sorted(parts[3 * s]))
        g.downs[s] = parts[3 * s + 1]
        up = bytearray(ups[s])
        up.extend(parts[3 * s + 2])
        g.ups[s] = up
    g.stock = parts[3 * n]
    return g


# ----- hooks for engine/search.py -----
def world(game_id, view, rng):
    return from_view(game_id, view, rng)


def rollout_bots(game_id, seed):
    from engine.shedding_bots import make_bot

    return [make_bot(game_id, "heuristic", s, seed + s) for s in range(6)]


def rollout_view(g, seat):
    """The part of the view the heuristic reads in play, without building the whole view."""
    if g.phase != S.PH_PLAY:
        return g.view(seat)
    beat, lower, reset = g.constraint()
    return {
        "rules": g.opts,
        "pile": g.pile,
        "stock": len(g.stock),
        "reset": reset,
        "hand_count": [len(h) for h in g.hands],
        "seat": seat,
    }


def mark(g):
    return (g.round, bytes(g.chips))


def mark_same(g, m):
    return g.round == m and g.phase == S.PH_PLAY


def value(g, seat, start):
    """Zero-sum over the seats: +1000 for winning the round, where the game plays on to a loser
    -1000 for being it (shared out among the others otherwise); a rollout cut off after
    MAX_STEPS is valued by the cards the seat holds against the others' mean."""
    n = g.seats
    if g.round != start[0] or g.phase != S.PH_PLAY:
        if g.opts["play_to_last"]:
            if g.chips:
                lost = g.chips[seat] < start[1][seat]
            else:
                lost = g.round_loser == seat
            return -1000 if lost else 1000 // (n - 1)
        return 1000 if g.round_winner == seat else -1000 // (n - 1)
    mine = 0
    others = 0
    for s in range(n):
        k = len(g.hands[s]) + len(g.ups[s]) + len(g.downs[s])
        if s == seat:
            mine = k
        else:
            others += k
    return (others * 20) // (n - 1) - mine * 20


def searched(view, legal):
    return view["phase"] == "play"


def candidates(view, legal):
    """Of the plays of one rank, only the whole set and a single card: the sets in between
    rarely differ, and every extra candidate costs a rollout in every world."""
    out = []
    for a in legal:
        if a[0] != "play":
            out.append(a)
            continue
        cs = a[1]
        r = cs[0] >> 2
        best = -1
        for i in range(len(legal)):
            b = legal[i]
            if b[0] == "play" and (b[1][0] >> 2) == r and len(b[1]) > best:
                best = len(b[1])
        if len(cs) == best or (len(cs) == 1 and not has_single_before(out, r)):
            out.append(a)
    return out


def has_single_before(out, r):
    for a in out:
        if a[0] == "play" and len(a[1]) == 1 and (a[1][0] >> 2) == r:
            return True
    return False
