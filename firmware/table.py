"""Table models: what each family's screen shows, computed from one seat's view only.

model(family, view, names) returns a Model (firmware.tables) that firmware.play draws at any
resolution: status, seats, center, hand, scores (full=True only), ring (a trick by seat), around
(the table seen from your seat, from pile, deck, mine and mid), words and points. Scene is the rest
the widgets draw from: the table's public facts. Nothing here reads the game object, and views are
indexed directly (no defaults): a view without a key the table shows fails loudly
(tests/test_app_table.py) instead of drawing a made-up value.
"""

import sys

from firmware.tables import (  # noqa: F401 - the table's names, for every module that reads them
    Model,
    Scene,
    SUIT_NAMES,
    SWISS_NAMES,
    JASS_MODES,
    rank_text,
    value_text,
)


def model(fam, v, names, swiss=False, full=True):
    """The Model for a view; fam is the family's rules module name; full=False leaves the
    scoreboard lines out."""
    mod = layout(fam)
    if mod is None:
        mod = layout(GENERIC)
    return mod.model(v, names, swiss, full)


def hand_order(fam, v, hand, order):
    """The viewer's hand in the order of the "Hand order" setting: 1 by suit, 2 by rank, 0 as
    players hold it: by suit in a family whose table module has usual_trump (trick games), else by
    rank."""
    if not hand or order == 2:
        return hand
    usual = getattr(layout(fam), "usual_trump", None)
    if order == 0 and usual is None:
        return hand
    return by_suit(hand, usual(v) if usual is not None else -1)


_BLACK = (3, 0)  # spades, clubs
_RED = (2, 1)  # hearts, diamonds


def by_suit(hand, trump=-1):
    """A hand sorted by suit, then rank: trump first, black and red suits in turn. A hand the view
    does not give sorted keeps its order: its places mean something (fixed slots)."""
    last = -1
    held = 0  # a bit a suit
    for c in hand:
        if c < last:
            return hand
        last = c
        if c < 52:
            held |= 1 << (c & 3)
    blacks = [s for s in _BLACK if held >> s & 1]
    reds = [s for s in _RED if held >> s & 1]
    if trump in blacks or (trump not in reds and len(blacks) >= len(reds)):
        first, other = blacks, reds
    else:
        first, other = reds, blacks
    if trump in first:
        first.remove(trump)
        first.insert(0, trump)
    place = [0, 0, 0, 0]
    k = 0
    for i in range(len(first)):
        place[first[i]] = k
        k += 1
        if i < len(other):
            place[other[i]] = k
            k += 1
    if len(other) > len(first):
        place[other[-1]] = k
    # unique keys (MicroPython's sort is not stable); jokers last
    return bytes(sorted(hand, key=lambda c: 1000 + c if c >= 52 else place[c & 3] * 64 + (c >> 2)))


GENERIC = "generic"


def score_board(fam):
    """The family's score board module (its table module's BOARD), loaded, or None."""
    name = getattr(layout(fam), "BOARD", None)
    if name is None:
        return None
    mod = __import__(name)
    for part in name.split(".")[1:]:
        mod = getattr(mod, part)
    return mod


def swiss_deck(fam):
    """True when the family's cards may be drawn in Swiss suits."""
    return getattr(layout(fam), "SWISS", False)


def modules(fam):
    """The table module a family's screen uses (its own, else the generic one), loaded now: the
    table's first frame needs it anyway."""
    mod = layout(fam)
    if mod is None:
        mod = layout(GENERIC)
    return [mod.__name__]


_LAST = [None, None]  # the last family and its table module's name: made once a game


def layout(fam):
    """The family's table module, or None for unknown families. Called for every model, so the name
    is made once (a new str costs the Pico a look-up of the interned names)."""
    name = _LAST[1]
    if _LAST[0] != fam:
        name = _LAST[1] = "firmware.tables." + fam.split(".")[-1]
        _LAST[0] = fam
    mod = sys.modules.get(name)
    if mod is not None:
        return mod
    try:
        mod = __import__(name)
    except ImportError:
        return None
    return getattr(mod.tables, name[16:])
