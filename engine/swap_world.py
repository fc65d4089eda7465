"""Swap-game search support: a full game from one seat's view (determinization), and the hooks
engine/search.py uses for the strong level (rollouts with the heuristic to the reveal, valued
by whether the seat lost a life).

What a seat knows and the sample respects: its own card, dealt Kings, and where the cards it
traded away went since (followed through the public moves: a later trade passes them on, a cut
loses track of them); the other cards are dealt at random. The seats it traded with remember
the trade in the sampled game too. Loaded only with a strong bot (or the hint).
"""
from engine import swap as W
from engine.sample import deal_free

MAX_STEPS = 40
ROLLOUTS = 16
BUDGET_MS = None   # the search's default: time-boxed on the console only


def from_view(game_id, view, rng):
    """A full game consistent with view; the cards the seat cannot see dealt at random."""
    me = view["seat"]
    n = view["seats"]
    g = W.SwapGame(game_id, n, rng.next(), {"lives": view["lives_start"],
                                            "king_blocks": view["king_blocks"]})
    g.buffering = False
    g.lives = list(view["lives"])
    for s in range(n):
        if view["out"][s]:
            g.out_round[s] = 1
    g.dealer = view["dealer"]
    g.first_dealer = view["dealer"]
    g.round_no = view["round"]
    g.phase = W.PHASES.index(view["phase"])
    g.to_act = view["to_act"]
    g.over = view["over"]
    g.order = list(view["order"])
    g.losers = list(view["losers"])
    g.restarted = view["restart"]
    for s in view["king_seats"]:
        g.kings |= 1 << s
    g.moves = [[m[0], W.KINDS.index(m[1]), m[2]] for m in view["moves"]]
    g.pos = len(g.order)
    for i in range(len(g.order)):
        if g.order[i] == g.to_act:
            g.pos = i
    table = view["table"]
    known = [None] * n
    for s in range(n):
        if table[s]:
            known[s] = bytearray(table[s])
    # follow the cards this seat gave away through the later trades
    ex = view["exchanges"]
    k = 0
    where = []    # [card, holder]
    cuts = 0
    for m in view["moves"]:
        s, kind, o = m[0], m[1], m[2]
        if kind == "keep":
            continue
        if s == me or (kind == "swap" and o == me):
            e = ex[k]
            k += 1
            if e[0] >= 0:
                where.append([e[1][0], e[0]])
            elif e[1]:
                cuts += 1   # my own cut: its old card lies in the discard (known to me)
            continue
        for w in where:
            if w[1] < 0:
                continue
            if kind == "swap" and w[1] == s:
                w[1] = o
            elif kind == "swap" and w[1] == o:
                w[1] = s
            elif kind == "cut" and w[1] == s:
                w[1] = -1
        if kind == "cut":
            cuts += 1
    for w in where:
        if w[1] >= 0 and known[w[1]] is None:
            known[w[1]] = bytearray([w[0]])
    gone = bytearray(64)
    for s in range(n):
        if known[s] is not None:
            for c in known[s]:
                gone[c] = 1
    mine_discard = bytearray()
    for e in ex:
        if e[0] < 0 and e[1]:
            mine_discard.append(e[1][0])
    if view["phase"] != "play":     # after the reveal the set-aside cards are shown
        mine_discard = bytearray(view["discard"])
        cuts = len(mine_discard)
    for c in mine_discard:
        gone[c] = 1
    pool = bytearray()
    for c in range(52):
        if not gone[c]:
            pool.append(c)
    need = []
    for s in range(n):
        need.append(1 if (known[s] is None and g.lives[s] > 0 and s in g.order) else 0)
    others_cuts = cuts - len(mine_discard)
    need.append(others_cuts)
    rest = len(pool)
    for x in need:
        rest -= x
    need.append(rest)
    parts = deal_free(pool, need, rng)
    for s in range(n):
        g.hands[s] = known[s] if known[s] is not None else parts[s]
    g.discard = bytearray(mine_discard)
    g.discard.extend(parts[n])
    g.stock = parts[n + 1]
    for e in ex:
        gave = e[1][0] if e[1] else -1
        g.exch[me].append([e[0], gave, e[2][0]])
        if e[0] >= 0:
            g.exch[e[0]].append([me, e[2][0], gave])
    return g


# ----- hooks for engine/search.py -----
def world(game_id, view, rng):
    return from_view(game_id, view, rng)


def rollout_bots(game_id, seed):
    from engine.swap_bots import make_bot
    return [make_bot(game_id, "heuristic", s, seed + s) for s in range(W.MAX_SEATS)]


def rollout_view(g, seat):
    return g.view(seat)


def mark(g):
    return (g.round_no, list(g.lives))


def mark_same(g, m):
    return g.round_no == m and g.phase == W.PLAY


def value(g, seat, start):
    """-1000 when the seat lost a life at the reveal, else 0."""
    return -1000 if g.lives[seat] < start[1][seat] else 0


def searched(view, legal):
    return view["phase"] == "play"


def candidates(view, legal):
    return legal
