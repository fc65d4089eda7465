"""FROZEN copy of engine/swap_bots.py as the strong level stood before issue 59: the
yardstick `strong_v1` of tools/bots/arena.py. Do not change it; not part of the console build.

Original docstring:
Bots for the swap game (syn-swap): levels "random" and "heuristic".

Both see only the seat's view and the legal list. The heuristic plays the way people do:
- a seat whose right-hand neighbour just traded with it knows that neighbour now holds the
  card it gave away; if that card is lower than the one it got, it is safe and keeps;
- otherwise it trades (swap or cut) when its card is at or below a threshold that falls as
  more players take part (more chances that someone else holds something lower);
- a cut is judged with the same threshold (the deck card is random, a pair is a bonus).
"""

from engine.rng import Rng
from engine import cards

# Trade when the held card's face value (2..14) is at most this, by number of live players.
#                 0  1  2  3  4  5  6  7  8  9  10
# Tuned by self-play against random seats (docs/games/swap.md); flat 6..8 are all close.
SWAP_AT = (8, 8, 8, 8, 7, 7, 6, 6, 6, 6, 6)
CUT_AT = (9, 9, 9, 8, 8, 7, 7, 7, 7, 7, 7)


class RandomBot:
    def __init__(self, seat, seed):
        self.seat = seat
        self.rng = Rng(seed)

    def choose(self, view, legal):
        if len(legal) == 1:
            return legal[0]
        return legal[self.rng.below(len(legal))]


class HeuristicBot:
    def __init__(self, seat, seed, swap_at=None, cut_at=None):
        self.seat = seat
        self.rng = Rng(seed)
        self.swap_at = swap_at or SWAP_AT
        self.cut_at = cut_at or CUT_AT

    def choose(self, view, legal):
        if len(legal) == 1:
            return legal[0]
        trade = legal[1]  # ("swap",) or ("cut",); legal[0] is ("keep",)
        hand = view["hand"]
        if len(hand) != 1:
            return legal[0]
        mine = cards.value(hand[0])
        # Safe: a neighbour traded with me and now holds the card I gave, which is lower.
        for other, gave, got in view["exchanges"]:
            if other >= 0 and len(gave) == 1 and cards.value(gave[0]) < mine:
                return legal[0]
        live = 0
        for o in view["out"]:
            if not o:
                live += 1
        if live > 10:
            live = 10
        limit = self.cut_at[live] if trade[0] == "cut" else self.swap_at[live]
        if mine <= limit:
            return trade
        return legal[0]


def make_bot(game_id, level, seat, seed):
    if level == "random":
        return RandomBot(seat, seed)
    if level == "heuristic":
        return HeuristicBot(seat, seed)
    # the strong bot searches this family's worlds: engine.swap_world.strong (engine.games)
    raise ValueError("unknown bot level %r" % (level,))
