"""The checks a loaded save of SCREWED! or the partners game passes (engine.setup.check_loaded):
its fields and what they must agree on. Loaded only while a save is loaded, then dropped
(engine.games)."""

from engine import cards
from engine.game import GameError
from engine.matching import (
    validate,
    ANY_SUIT,
    HAND_LIMIT,
    NO_RANK,
    NONE,
    P_COVER,
    P_DIRECTION,
    P_DRAWN,
    P_OPENING,
    P_OVER,
    P_PENALTY,
    P_PLAY,
    P_SUIT,
    PK_NONE,
    PK_STACK,
)


# the fields and their domains: (name, lowest, highest); a negative highest counts from the
# seat count (-1: the last seat)
FIELDS = (
    ("dealer", 0, -1),
    ("phase", 0, P_OVER),
    ("direction", -1, 1),
    ("fsuit", 0, ANY_SUIT),
    ("frank", 0, NO_RANK),
    ("pending", 0, 18),
    ("pkind", 0, PK_STACK),
    ("pjoker", 0, 1),
    ("unc", -1, -1),
    ("catcher", -1, -1),
    ("blind", 0, 1),
    ("hturns", 0, HAND_LIMIT - 1),
    ("hand_no", 1, 0xFFFF),
    ("out_seat", -1, -1),
)
OVER_PHASE = P_OVER


def check(g):
    """What a loaded save's fields must agree on beyond their ranges (FIELDS)."""
    validate(g.game_id, g.seats, g.opts)
    ph = g.phase
    s = g.to_act
    top = g.discard[-1] if g.discard else -1
    if not g.direction:
        raise GameError("direction 0")
    if (g.pending > 0) != (g.pkind != PK_NONE) or (ph == P_PENALTY) != (g.pending > 0):
        raise GameError("pending %d, kind %d in phase %d" % (g.pending, g.pkind, ph))
    if (g.unc < 0) != (g.catcher < 0) or g.stall >= 2 * g.seats:
        raise GameError("uncalled card, catcher or stall count")
    if ph == P_DRAWN:
        h = g.hands[s]
        if not h or g.drawn != h[-1] or not g.covers(g.drawn):
            raise GameError("phase %d (a drawn card to play): drawn card %d" % (ph, g.drawn))
    elif g.drawn != NONE:
        raise GameError("drawn card %d in phase %d" % (g.drawn, ph))
    if ph == P_DIRECTION:
        if s != g.dealer or g.discard or len(g.pile) != 54:
            raise GameError("deal direction with cards dealt")
    elif top < 0 and ph != P_PLAY and ph != P_OVER and ph != P_DRAWN:
        # (a card drawn to play may wait over an empty pile: the round's first turn drew)
        raise GameError("no card on the discard pile in phase %d" % ph)
    if g.blind and ph != P_OPENING:
        raise GameError("blind suit in phase %d" % ph)
    if (ph == P_OPENING or ph == P_SUIT) and not g.names_suit(top):
        raise GameError("suit to name on %d" % top)
    if ph == P_COVER and (top >= 52 or (top >> 2) not in (cards.SIX, cards.SEVEN)):
        raise GameError("cover phase on %d" % top)
    if len(g.called) != g.seats or max(g.called) > 1:
        raise GameError("last card calls")
    t = g.opts["target"]
    if not g.over and t and max(g.scores) >= t:
        raise GameError("scores %r reached the target" % g.scores)
