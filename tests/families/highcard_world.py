"""The strong level of High Card (tests.families.highcard): engine.search over full games
consistent with one seat's view (the hooks engine/search.py lists), the heuristic as the prior."""

from tests.families.highcard import HighCardGame
from tests.families.highcard_bots import HeuristicBot, make_bot

MAX_STEPS = 64


def from_view(game_id, view, rng):
    """A full game in which the cards view's seat cannot see are dealt at random: each other
    seat holds as many as it must (the tricks so far and the trick in play say how many)."""
    n = view["seats"]
    me = view["seat"]
    opts = {"hand_size": view["hand_size"], "aces_low": view["aces_low"]}
    g = HighCardGame(game_id, n, 1, opts)
    g.dealer = view["dealer"]
    g.leader = view["leader"]
    g.to_act = view["to_act"]
    g.tricks = view["tricks"]
    g.points = list(view["points"])
    g.trick = bytearray(view["trick"])
    g.last = bytearray(view["last"])
    g.played = bytearray(view["played"])
    g.over = view["over"]
    g.phase = 1 if g.over else 0
    seen = bytearray(view["hand"]) + g.trick + g.played
    unseen = bytearray([c for c in range(52) if c not in seen])
    rng.shuffle(unseen)
    for s in range(n):
        if s == me:
            g.hands[s] = bytearray(view["hand"])
            continue
        played = 1 if (s - g.leader) % n < len(g.trick) else 0
        k = view["hand_size"] - g.tricks - played
        g.hands[s] = bytearray(sorted(unseen[:k]))
        unseen = unseen[k:]
    g.stock = unseen
    return g


def world(game_id, view, rng):
    return from_view(game_id, view, rng)


def strong(game_id, seat, seed):
    from engine import search
    from tests.families import highcard_world

    return search.Strong(highcard_world, game_id, seat, seed, HeuristicBot(seat, seed), 8, None, 0)


def rollout_bots(game_id, seed):
    return [make_bot(game_id, "heuristic", s, seed + s) for s in range(4)]


def rollout_view(g, seat):
    return g.view(seat)


def mark(g):
    return (0, list(g.points))


def mark_same(g, m):
    return not g.over


def value(g, seat, start):
    return g.points[seat] - start[1][seat]


def searched(view, legal):
    return len(legal) > 1


def candidates(view, legal):
    return legal
