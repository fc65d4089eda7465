"""Builds shedding games in an exact state for the rule scenario tests."""

from engine import cards as C
from engine import shedding as S


def cs(text):
    """'7H 7D' -> bytearray of cards (in the order given)."""
    return bytearray(C.parse_list(text.split())) if text else bytearray()


def make(
    game_id,
    seats=2,
    hands=(),
    ups=(),
    downs=(),
    pile="",
    stock="",
    to_act=0,
    dealer=None,
    options=None,
    chips=None,
):
    """A game in the play phase with exactly these cards; every other card of the pack is out of
    play (burned), so the conservation check still holds."""
    g = S.new_game(game_id, seats, 1, options or {})
    g.phase = S.PH_PLAY
    g.setup_left = 0
    g.first_rank = -1
    g.need10 = False
    g.may_stop = False
    g.direction = 1
    g.quiet = 0
    g.finished = bytearray()
    if dealer is not None:
        g.dealer = dealer
    for s in range(seats):
        g.hands[s] = bytearray(sorted(cs(hands[s] if s < len(hands) else "")))
        g.ups[s] = cs(ups[s] if s < len(ups) else "")
        g.downs[s] = cs(downs[s] if s < len(downs) else "")
    g.pile = cs(pile)
    g.stock = cs(stock)
    used = set(g.pile) | set(g.stock)
    for s in range(seats):
        used |= set(g.hands[s]) | set(g.ups[s]) | set(g.downs[s])
    assert len(used) == len(g.pile) + len(g.stock) + sum(
        len(g.hands[s]) + len(g.ups[s]) + len(g.downs[s]) for s in range(seats)
    ), "a card twice"
    g.burned = bytearray([c for c in C.pack(g.npack) if c not in used])
    if chips is not None:
        g.chips = bytearray(chips)
    g.to_act = to_act
    g._legal = None
    return g


def play(g, text):
    """Apply ('play', cards) for the seat to act."""
    g.apply(("play", bytes(sorted(cs(text)))))


def names(b):
    return " ".join(C.names(b))


def plays(g):
    """The legal plays as sets of card names, for readable asserts."""
    return sorted(names(a[1]) for a in g.legal_actions() if a[0] == "play")


class Log:
    def __init__(self, g):
        self.events = []
        g.log = self.events.append

    def kinds(self):
        return [e["ev"] for e in self.events]

    def of(self, kind):
        return [e for e in self.events if e["ev"] == kind]
