"""The checks a loaded save of Schieber Jass passes: its fields and what they must agree on
(engine.setup.check_loaded), and with the deep checks a hand in play replayed from its deck
(follows, engine.games). Loaded only while a save is loaded or checked, then dropped
(engine.games)."""

from engine import cards
from engine.game import GameError
from engine.jass import PH_OVER, PH_PLAY, UNDENUFE, Schieber


# the fields and their domains: (name, lowest, highest); a negative highest counts from the
# seat count (-1: the last seat)
FIELDS = (
    ("hand_no", 1, 255),
    ("dealer", 0, -1),
    ("winner_team", -1, 1),
    ("phase", 0, PH_OVER),
    ("mode", -1, UNDENUFE),
    ("chooser", -1, -1),
    ("weis_team", -1, 1),
    ("stoeck_holder", -1, -1),
)
OVER_PHASE = PH_OVER


def check(g):
    """What a loaded save's fields must agree on beyond their ranges (FIELDS), enough to show
    the table: the deck is the pack, the hand number, the trick winners, no winner while the
    match runs."""
    o = g.opts
    if sorted(g.deck) != list(cards.pack(36)):
        raise GameError("deck")
    if o["hands"] and g.hand_no > o["hands"]:
        raise GameError("hand_no %d of %d" % (g.hand_no, o["hands"]))
    for w in g.winners:
        if w > 3:
            raise GameError("trick winner %d" % w)
    if g.over:
        return
    t = o["target"] if o["hands"] == 0 else 0
    if t and max(g.scores) >= t or g.winner_team >= 0:
        raise GameError("scores %r or winner with the match running" % g.scores)


def follows(g):
    """A running hand is the one its deck, trump choice, Weis answers and cards played make:
    replayed (44 ms on the Pico, so engine.games runs it with the deep checks, which the app
    makes once the continued table is on the panel)."""
    if g.over:
        return
    o = g.opts
    x = Schieber(g.game_id, 4, 1, o)
    x.seed = g.seed
    x.hand_no = g.hand_no
    x.dealer = g.dealer
    x.scores = list(g.scores)
    x.rng.set_state(g.rng.get_state())
    x.deck = g.deck
    for i in range(36):
        x.hands[(g.dealer + 1 + i) % 4].append(g.deck[i])
    x.reset_hand_state()
    if g.pushed:
        x.apply(("push",))
    w = g.wstate
    if g.phase == PH_PLAY:
        x.apply(("trump", g.mode))
        for c in g.history:
            if x.asks_weis(x.to_act):
                x.apply(("weis",) if w[x.to_act] == 1 else ("noweis",))
            x.apply(("play", bytes([c])))
        if x.asks_weis(x.to_act) and w[x.to_act]:
            x.apply(("weis",) if w[x.to_act] == 1 else ("noweis",))
    if x.encode() != g.encode():
        raise GameError("the hand does not follow from its deal and plays")
