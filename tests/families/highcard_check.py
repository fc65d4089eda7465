"""The checks a loaded save of High Card (tests.families.highcard) passes
(engine.setup.check_loaded): its fields' domains and what they must agree on."""

from engine.game import GameError
from tests.families.highcard import OVER

# (name, lowest, highest); a negative highest counts from the seat count (-1: the last seat)
FIELDS = (
    ("dealer", 0, -1),
    ("leader", 0, -1),
    ("phase", 0, OVER),
    ("tricks", 0, 8),
)
OVER_PHASE = OVER


def check(g):
    n = g.seats
    size = g.opts["hand_size"]
    if g.tricks > size or sum(g.points) != g.tricks or len(g.trick) >= n:
        raise GameError("tricks %d, points %r" % (g.tricks, g.points))
    if len(g.played) != g.tricks * n or len(g.last) != (n if g.tricks else 0):
        raise GameError("cards of the finished tricks")
    if g.over != (g.tricks == size):
        raise GameError("over after %d tricks" % g.tricks)
    if not g.over and g.to_act != (g.leader + len(g.trick)) % n:
        raise GameError("seat to act %d" % g.to_act)
    for s in range(n):
        played = 1 if (s - g.leader) % n < len(g.trick) else 0
        if len(g.hands[s]) != size - g.tricks - played:
            raise GameError("hand of seat %d" % s)
        if list(g.hands[s]) != sorted(g.hands[s]):
            raise GameError("hand of seat %d is not sorted" % s)
