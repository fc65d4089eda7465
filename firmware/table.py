"""Table models: what each family's screen shows, computed from one seat's view only.

model(family, view, names) returns a Model; firmware.play draws it at any resolution.
  status   the line at the top: what the pile or trick means now
  seats    per seat (count of hidden cards, face-up cards bytes, extra text such as lives)
  center   list of (label, cards bytes, face-down count, how many cards at most to show)
  hand     the viewer's own cards to choose from (bytes)
  scores   lines for the scoreboard (only with full=True: the pause menu's "Scores")
  ring     None, or the trick laid out by seat (firmware.tables.jass draws it as the centre)
  around   True: the centre is the table seen from your seat (firmware.tables.around), from
           pile (cards, size or -1: not shown), deck (count or -1), mine (your face-up cards,
           face-down count) and mid ((label, cards) groups); center says the same in words
  words    None, or more lines for the table page; points: None, or the hand's points in words
Scene is the rest of what the table's widgets draw from (firmware.tableview, firmware.tablepages,
the family's table module): the public facts of the table, set by the table screen whenever
they change. Nothing here reads the game object: a seat's screen is built from that seat's
view. The views are indexed directly (v["key"], no defaults): a view without a key the table
shows fails loudly (tests/test_app_table.py) instead of drawing a made-up value.
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
    """The Model for a view; fam is the family's rules module name (engine.shedding ...);
    full=False leaves the scoreboard lines out (the table does not show them)."""
    mod = layout(fam)
    if mod is None:
        mod = layout(GENERIC)  # a family without a layout of its own
    return mod.model(v, names, swiss, full)


def hand_order(fam, v, hand, order):
    """The viewer's hand (the view's, by rank) in the order of the setting "Hand order" (order:
    app.prefs.hand_order): 1 by suit, 2 by rank, 0 the game's usual way, as players hold the
    cards: by suit in a family whose table module has usual_trump (a trick game: that suit
    first once chosen), else by rank (a card beats or matches by rank)."""
    if not hand or order == 2:
        return hand
    usual = getattr(layout(fam), "usual_trump", None)  # the families held by suit have it
    if order == 0 and usual is None:
        return hand
    return by_suit(hand, usual(v) if usual is not None else -1)


_BLACK = (3, 0)  # spades, clubs
_RED = (2, 1)  # hearts, diamonds


def by_suit(hand, trump=-1):
    """A hand sorted by suit, then rank: the suit trump first, black and red suits in turn (so
    that two suits of one colour are not side by side where the hand allows). A hand the view
    does not give sorted keeps its order: its places mean something (a row of cards in fixed
    slots)."""
    last = -1
    held = 0  # the suits in the hand, a bit each
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
    # unique int keys (MicroPython's sort is not stable); jokers (52, 53) last
    return bytes(sorted(hand, key=lambda c: 1000 + c if c >= 52 else place[c & 3] * 64 + (c >> 2)))


GENERIC = "generic"


def score_board(fam):
    """The module of the family's score board (its table module's BOARD), loaded, or None."""
    name = getattr(layout(fam), "BOARD", None)
    if name is None:
        return None
    mod = __import__(name)
    for part in name.split(".")[1:]:
        mod = getattr(mod, part)
    return mod


def swiss_deck(fam):
    """True when the family's cards may be drawn in Swiss suits (its table module's SWISS)."""
    return getattr(layout(fam), "SWISS", False)


def modules(fam):
    """The table module a family's screen uses (its own layout, else the generic one), loaded
    now: the first frame of the table needs it anyway."""
    mod = layout(fam)
    if mod is None:
        mod = layout(GENERIC)
    return [mod.__name__]


_LAST = [None, None]  # the last family and the name of its table module: made once a game


def layout(fam):
    """The family's table module (firmware/tables/<family>.py), or None for unknown families.
    Called for every model: an imported module is found in sys.modules by a name made once (a
    new str costs the Pico a look-up of the interned names: firmware.cardtext.pips)."""
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
