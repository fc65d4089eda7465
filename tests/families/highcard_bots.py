"""Bots for High Card (tests.families.highcard): levels "random" and "heuristic". Both see only
the seat's view and the legal list."""

from engine import cards
from engine.rng import Rng


class RandomBot:
    def __init__(self, seat, seed):
        self.seat = seat
        self.rng = Rng(seed)

    def choose(self, view, legal):
        return legal[self.rng.below(len(legal))]


class HeuristicBot:
    """Leads its highest card; follows with the lowest card that beats the trick, else its
    lowest card."""

    def __init__(self, seat, seed):
        self.seat = seat

    def choose(self, view, legal):
        if not view["trick"]:
            return legal[-1]
        best = max([cards.rank(c) for c in view["trick"]])
        for a in legal:
            if cards.rank(a[1][0]) > best:
                return a
        return legal[0]


def make_bot(game_id, level, seat, seed):
    if level == "random":
        return RandomBot(seat, seed)
    if level == "heuristic":
        return HeuristicBot(seat, seed)
    raise ValueError("unknown bot level %r" % (level,))
