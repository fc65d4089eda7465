"""The checks a loaded save of the shedding family passes (engine.setup.check_loaded): its fields
and what they must agree on. Loaded only while a save is loaded, then dropped (engine.games)."""

from engine.compat import const
from engine.game import GameError
from engine.shedding import SHAPES, PH_SETUP, PH_PLAY, PH_CHIP, PH_OVER, JOKER_RANK

# fields of a SHAPES row (engine.shedding), inlined by MicroPython
_DOWN = const(0)
_INTO_HAND = const(1)
_FACE_UP = const(2)
_CHOOSE = const(3)


def _index(ba, c):
    for i in range(len(ba)):
        if ba[i] == c:
            return i
    return -1


# the fields and their domains: (name, lowest, highest); a negative highest counts from the
# seat count (-1: the last seat)
FIELDS = (
    ("phase", 0, PH_OVER),
    ("dealer", 0, -1),
    ("round", 1, 0xFFFF),
    ("direction", -1, 1),
    ("first_rank", -1, JOKER_RANK),
    ("round_winner", -1, -1),
    ("round_loser", -1, -1),
)
OVER_PHASE = PH_OVER


def check(g):
    """What a loaded save's fields must agree on beyond their ranges (FIELDS)."""
    n = g.seats
    sh = SHAPES[g.shape]
    ph = g.phase
    o = g.opts
    bad = GameError
    if not g.direction:
        raise bad("direction 0")
    if g.setup_left > (sh[_CHOOSE] if ph == PH_SETUP else 0) or (
        ph == PH_SETUP and sh[_CHOOSE] and not g.setup_left
    ):
        raise bad("setup_left %d in phase %d" % (g.setup_left, ph))
    if (g.need10 and not o["post_burn_high"]) or (g.may_stop and not o["two_again"]):
        raise bad("need10 or may_stop against the rules")
    if g.first_rank >= 0 and (ph != PH_PLAY or g.pile or g.burned):
        raise bad("first_rank after the first play")
    if len(g.chips) != (n if o["chips"] else 0):
        raise bad("chips for %d seats" % len(g.chips))
    for v in g.chips:
        if v > o["chips"] or not (v or g.over):
            raise bad("chips %d" % v)
    if sorted(g.deck) != list(range(g.npack)):
        raise bad("deck")
    fin = g.finished
    if len(set(fin)) != len(fin) or (fin and max(fin) >= n):
        raise bad("finished %r" % list(fin))
    t = (g.to_act - g.dealer - 1) % n
    for s in range(n):
        h = g.hands[s]
        if list(h) != sorted(h):
            raise bad("hand %d not sorted" % s)
        up = len(g.ups[s])
        down = len(g.downs[s])
        if up > max(sh[_FACE_UP], sh[_CHOOSE]) or down > sh[_DOWN]:
            raise bad("face-up or face-down row %d" % s)
        if ph == PH_SETUP:
            k = (s - g.dealer - 1) % n
            done = sh[_CHOOSE] if k < t else (sh[_CHOOSE] - g.setup_left if k == t else 0)
            if (
                up != (sh[_FACE_UP] - done if sh[_FACE_UP] else done)
                or len(h) + up != sh[_INTO_HAND] + sh[_FACE_UP]
                or down != sh[_DOWN]
            ):
                raise bad("setup rows of seat %d" % s)
        elif ph == PH_PLAY and (_index(fin, s) < 0) == (not (h or up or down)):
            raise bad("seat %d out or in against its cards" % s)
    if ph == PH_SETUP and (fin or g.pile or g.burned):
        raise bad("setup with cards played")
    if ph == PH_PLAY and _index(fin, g.to_act) >= 0:
        raise bad("seat to act %d is out" % g.to_act)
    if ph == PH_CHIP and (g.to_act != g.round_winner or g.round_loser >= 0):
        raise bad("chip phase: seat to act %d" % g.to_act)
