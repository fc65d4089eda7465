"""FROZEN copy of engine/swap_world.py as the strong level stood before issue 59: the
yardstick `strong_v1` of tools/bots/arena.py. Do not change it; not part of the console build.

Original docstring:
Swap-game search support: a full game from one seat's view (determinization), and the hooks
engine/search.py uses for the strong level (rollouts with the heuristic to the reveal, valued
by whether the seat lost a life).

What a seat knows and the sample respects: its own card, dealt Kings, the card it cut, and the
public moves (replayed on a fresh deal of the round, which is kept when the heuristic would
have played the same moves - see from_view). Loaded only with a strong bot (or the hint).
"""

from engine import swap as W
from tools.bots.strong_v1.sample import deal_free

MAX_STEPS = 40
ROLLOUTS = 4  # worlds per decision off the console: what a Pico affords (4.0 at 6 seats)
BUDGET_MS = None  # the search's default: time-boxed on the console only
# The heuristic's choice is kept unless another lost a life in 500 fewer a world (a life is
# 1000): with the 4 worlds a Pico affords (6 seats), no margin lost to the heuristic (23.6% as
# one strong seat among 4, fair share 25%), 500 plays as well as it (25.2%).
MARGIN = 500


def from_view(game_id, view, rng, tries=24):
    """A full game consistent with view. While a round is being played, the round is dealt
    again at random (the seat's own dealt card, dealt Kings and the card it cut kept) and the
    public moves replayed; the deal is taken when the heuristic would have made the same moves
    (how people play too: a seat that kept its card probably holds a good one) and this seat
    ends with its own card; after `tries` deals the closest one is taken. Otherwise (and as a
    fallback) the hidden cards are dealt at random: see sample_world."""
    for g in world_steps(game_id, view, rng, tries):
        if g is not None:
            return g


def world_steps(game_id, view, rng, tries=24):
    """from_view in pieces, for the console's search: None after each deal tried (one costs
    the Pico about 40 ms, all 24 about 1 s), then the world."""
    if view["phase"] == "play":
        for g in replay_steps(game_id, view, rng, tries):
            if g is False:
                yield None
            elif g is None:
                break
            else:
                yield g
                return
    yield sample_world(game_id, view, rng)


_policy = []


def policy(n):
    if not _policy:
        from tools.bots.strong_v1.swap_bots import HeuristicBot

        for s in range(W.MAX_SEATS):
            _policy.append(HeuristicBot(s, s + 1))
    return _policy


def replay_steps(game_id, view, rng, tries):
    """The round dealt again and replayed (from_view), as a generator: False after each deal
    tried, then the closest deal's game (None when no deal fits)."""
    me = view["seat"]
    n = view["seats"]
    order = view["order"]
    hand = view["hand"]
    ex = view["exchanges"]
    table = view["table"]
    kings = view["king_seats"]
    mine0 = hand[0]
    # the view's exchanges are (other seat or -1 for a cut, card given, card got) and its
    # moves (seat, kind, other seat): unpacked by name below
    if ex:
        other, gave, got = ex[0]
        if gave:
            mine0 = gave[0]
        else:  # a cut that made a pair: the dealt card is the other one
            mine0 = hand[0] if hand[0] != got[0] else hand[1]
    used = bytearray(64)
    used[mine0] = 1
    for s in kings:
        for c in table[s]:
            used[c] = 1
    # the cards cut, in order: the seat's own cut card is known, the others' are not
    cuts = []
    k = 0
    for s, kind, o in view["moves"]:
        if kind == "cut" or (kind == "swap" and (s == me or o == me)):
            if s == me or o == me:
                other, gave, got = ex[k]
                k += 1
                if kind == "cut":
                    cuts.append(got[0])
                    used[got[0]] = 1
            else:
                cuts.append(-1)
    # a card this seat received was held by its giver then: follow it back to the deal (or
    # to a cut) so the fresh deal puts it there
    pin = {}
    moves = view["moves"]
    k = 0
    for j in range(len(moves)):
        s, kind, o = moves[j]
        if not (kind == "swap" and (s == me or o == me)):
            if s == me and kind == "cut":
                k += 1
            continue
        other, gave, got = ex[k]
        k += 1
        c = got[0]
        h = other
        src = -1
        for i in range(j - 1, -1, -1):
            ps, pkind, po = moves[i]
            if pkind == "swap" and (ps == h or po == h):
                h = po if ps == h else ps
            elif pkind == "cut" and ps == h:
                src = i
                break
        if src >= 0:
            ci = 0
            for i in range(src):
                ps, pkind, po = moves[i]
                if pkind == "cut":
                    ci += 1
            cuts[ci] = c
        elif h != me:
            pin[h] = c
        used[c] = 1
    pol = policy(n)
    best = None
    bscore = 1000
    for _ in range(tries):
        free = bytearray()
        for c in range(52):
            if not used[c]:
                free.append(c)
        rng.shuffle(free)
        deal = {}
        i = 0
        for s in order:
            if s == me:
                deal[s] = mine0
            elif s in pin:
                deal[s] = pin[s]
            elif s in kings:
                deal[s] = table[s][0]
            else:
                while (free[i] >> 2) == 11:  # a seat not shown with a King was not dealt one
                    i += 1
                deal[s] = free[i]
                free[i : i + 1] = b""
        rest = bytearray(free)
        stock = bytearray()
        j = 0
        cut_cards = []
        for c in cuts:
            if c >= 0:
                cut_cards.append(c)
            else:
                cut_cards.append(rest[j])
                j += 1
        stock.extend(rest[j:])
        for i2 in range(len(cut_cards) - 1, -1, -1):
            stock.append(cut_cards[i2])
        for i2 in range(len(order) - 1, -1, -1):
            stock.append(deal[order[i2]])
        g = fresh_game(game_id, view, rng)
        g.round_no = view["round"] - 1
        g.first_dealer = view["dealer"]
        g.start_round(view["dealer"], stock)
        score = 0
        for s, kind, o in view["moves"]:
            if g.over or g.phase != W.PLAY or g.to_act != s:
                score = 1000
                break
            a = (kind,)
            legal = g.legal_actions()
            if a not in legal:
                score = 1000
                break
            if s != me and len(legal) > 1 and pol[s].choose(g.view(s), legal) != a:
                score += 1
            g.perform(a)
        if score < 1000 and (g.to_act != view["to_act"] or sorted(g.hands[me]) != sorted(hand)):
            score = 1000
        if score < bscore:
            best = g
            bscore = score
            if score == 0:
                break
        yield False
    yield best


def fresh_game(game_id, view, rng):
    """A game with the view's options, lives and seats out of the round, nothing dealt."""
    n = view["seats"]
    g = W.SwapGame(
        game_id, n, rng.next(), {"lives": view["lives_start"], "king_blocks": view["king_blocks"]}
    )
    g.buffering = False
    g.lives = list(view["lives"])
    for s in range(n):
        if view["out"][s]:
            g.out_round[s] = 1
    return g


def sample_world(game_id, view, rng):
    """The hidden cards dealt at random, keeping what the seat knows: its own card, dealt Kings,
    and where the cards it traded away went since."""
    me = view["seat"]
    n = view["seats"]
    g = fresh_game(game_id, view, rng)
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
    g.moves = [[s, W.KINDS.index(kind), o] for s, kind, o in view["moves"]]
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
    where = []  # [card, holder]
    cuts = 0
    for s, kind, o in view["moves"]:
        if kind == "keep":
            continue
        if s == me or (kind == "swap" and o == me):
            other, gave, got = ex[k]
            k += 1
            if other >= 0:
                where.append([gave[0], other])
            elif gave:
                cuts += 1  # my own cut: its old card lies in the discard (known to me)
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
    for other, gave, got in ex:
        if other < 0 and gave:
            mine_discard.append(gave[0])
    if view["phase"] != "play":  # after the reveal the set-aside cards are shown
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
    for other, gave, got in ex:
        gave = gave[0] if gave else -1
        g.exch[me].append([other, gave, got[0]])
        if other >= 0:
            g.exch[other].append([me, got[0], gave])
    return g


# ----- hooks for engine/search.py -----
def world(game_id, view, rng):
    return from_view(game_id, view, rng)


def strong(game_id, seat, seed):
    """The strong bot: engine.search over this family's worlds, its heuristic as the prior
    (engine.games.make_bot asks here for the level "strong")."""
    from tools.bots.strong_v1 import search, swap_world as w
    from tools.bots.strong_v1.swap_bots import HeuristicBot

    return search.Strong(
        w, game_id, seat, seed, HeuristicBot(seat, seed), w.ROLLOUTS, w.BUDGET_MS, w.MARGIN
    )


def rollout_bots(game_id, seed):
    from tools.bots.strong_v1.swap_bots import make_bot

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
