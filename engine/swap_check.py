"""The checks a loaded save of the swap game passes (engine.setup.check_loaded): its fields and
what they must agree on; a round in play is replayed from its deal. Loaded only while a save is
loaded, then dropped (engine.games)."""

from engine.game import GameError
from engine.swap import CUT, KEEP, OVER, PLAY, REVEAL, SWAP, SwapGame


# the fields and their domains: (name, lowest, highest); a negative highest counts from the
# seat count (-1: the last seat)
FIELDS = (
    ("round_no", 1, 0xFFFF),
    ("dealer", 0, -1),
    ("first_dealer", 0, -1),
    ("phase", 0, OVER),
    ("winner", -1, -1),
)
OVER_PHASE = OVER


def check(g):
    """What a loaded save's fields must agree on beyond their ranges (FIELDS): the round is
    the one its dealer, the lives and the moves so far make (replayed from its deal)."""
    n = g.seats
    alive = [s for s in range(n) if g.lives[s] > 0]
    for s in range(n):
        if g.lives[s] > g.opts["lives"] or g.out_round[s] > g.round_no:
            raise GameError("lives or out round of seat %d" % s)
        if (g.out_round[s] > 0) == (g.lives[s] > 0):
            raise GameError("seat %d out against its lives" % s)
    for s in list(g.order) + list(g.losers):
        if not 0 <= s < n:
            raise GameError("seat %d in the order or the losers" % s)
    for s, k, other in g.moves:
        if not (0 <= s < n and 0 <= k <= 2 and -1 <= other < n):
            raise GameError("move %r" % ([s, k, other],))
    for s in range(n):
        if len(g.hands[s]) > 2:
            raise GameError("hand of seat %d" % s)
        for other, gave, got in g.exch[s]:
            if not (-1 <= other < n and -1 <= gave < 52 and got < 52):
                raise GameError("exchange of seat %d" % s)
    if not alive or g.over != (len(alive) == 1) or (g.winner >= 0) != g.over:
        raise GameError("winner %d with %d seats alive" % (g.winner, len(alive)))
    if g.over and g.lives[g.winner] == 0:
        raise GameError("winner %d has no life" % g.winner)
    if g.phase == REVEAL and g.to_act != g.next_live(g.dealer):
        raise GameError("seat to deal %d" % g.to_act)
    if g.phase != PLAY:
        return
    # the round from its deal: the stock before it, then its moves one by one
    if g.restarted or g.losers or g.lives[g.dealer] == 0:
        raise GameError("round state")
    stock = bytearray(g.stock)
    for s, k, other in reversed(g.moves):
        if k == 2:
            stock.append(g.exch[s][-1][2])
    x = SwapGame(g.game_id, n, 1, g.opts)
    x.seed = g.seed
    x.lives = list(g.lives)
    x.out_round = list(g.out_round)
    x.round_no = g.round_no - 1
    x.first_dealer = g.first_dealer
    x.rng.set_state(g.rng.get_state())
    order = g.live_from(g.dealer)
    for s in reversed(order):
        # the first dealt card is a seat's held card, or the one it gave in its first trade
        ex = g.exch[s]
        h = g.hands[s]
        if not ex:
            c = h[0]
        elif ex[0][1] >= 0:
            c = ex[0][1]
        else:  # a cut that made a pair kept the dealt card
            c = h[0] if h[1] == ex[0][2] else h[1]
        stock.append(c)
    x.start_round(g.dealer, stock)
    for s, k, other in g.moves:
        x.apply(KEEP if k == 0 else SWAP if k == 1 else CUT)
    x.buffering = False
    if x.encode() != g.encode():
        raise GameError("the round does not follow from its deal and moves")
