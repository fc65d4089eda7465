"""The table modules, one per game family (firmware/tables/<family>.py; only the one in play is
imported), and what they share: the Model of one seat's view, the Scene of the table's public
facts, the families' names and numbers, and a card face in the large face (FW x FH, rank and pip
side by side; BW x BH on the tall panels' hand row, rank above pip), whole (face) or as the strip a
fanned hand shows (fanned). It imports no family's module.
"""

from engine import cards as C
from firmware import bigfont as F
from firmware import palette as P
from firmware.gfx import RANK_CH, SWISS_RANK_CH, ink
from firmware.cardtext import PIPS

SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
SWISS_NAMES = ("acorns", "bells", "roses", "shields")
JASS_MODES = ("clubs", "diamonds", "hearts", "spades", "Obenabe", "Undenufe")


class Model:
    def __init__(self):
        self.status = ""
        self.seats = []
        self.center = []
        self.hand = b""
        self.scores = []
        self.dir = 0
        self.ring = None  # a trick by seat (firmware.tables.jass)
        self.words = None  # lines for the table page (announced Weis)
        self.points = None
        # the table seen from your seat (firmware.tables.around)
        self.around = False
        self.pile = None  # (the pile's cards, its size or -1)
        self.deck = -1  # -1: no deck on this table
        self.mine = None  # (your face-up cards, your face-down count)
        self.mid = []  # (label, cards) also in the middle: a card drawn, swapped, cut


class Scene:
    """The public facts the table's widgets draw from besides the shown seat's Model. One a table
    (Play.scene), set by Play.refresh after every change; the widgets read it and never the game,
    the turn controller or the screen."""

    def __init__(self, fam, names, log, title, short):
        self.fam = fam
        self.names = names
        self.log = log  # the public log's last lines
        self.logn = 0  # a new line changes it
        self.title = title  # the game's name, and its short form
        self.short = short
        self.to_act = -1  # -1: none
        self.over = False
        self.bot = False
        self.hurry = False  # A hurries the bots
        self.me = -1  # -1: none, while two humans share the console
        self.you = -1  # -1: every seat is another (no humans)
        self.gen = 0  # a new model redraws the centre and seats


def rank_text(r):
    return "10" if r == C.TEN else C.RANKS[r]


def value_text(v):
    """Face value 2..14 as text."""
    if 2 <= v <= 14:
        return rank_text(v - 2)
    return "%d" % v


# ---------- a card face ----------
FW = 26  # rank and pip side by side, each a large glyph
FH = 21
STEP = FW + 2
# the tall panels' hand row: the rank above the pip, the same glyphs
BW = 28
BH = 36
BSTEP = BW + 2

# a face's rank and pip as character codes: no str made per card drawn
_RANK_CODE = RANK_CH.encode()
_SWISS_RANK_CODE = SWISS_RANK_CH.encode()
_PIP_CODE = PIPS.encode()
_FACE = bytearray(2)
_RANK1 = bytearray(1)  # a big face's rank, then its pip: a line each
_PIP1 = bytearray(1)


def face(c, x, y, cd, dim=False, hi=False, big=False):
    """A face-up card at (x, y), FW x FH; big: BW x BH, the rank above the pip."""
    if big:
        fanned(c, x, y, cd, dim, hi, True, BW, (BW - F.W) // 2)
    else:
        fanned(c, x, y, cd, dim, hi, False, FW, 2)


def fanned(c, x, y, cd, dim, hi, big, vis, off):
    """A card of the hand row as its strip vis px wide (the next card lies on the rest; the last
    one, and a face(), whole); the bigger face's glyphs off px from the edge."""
    if c.seen is not None:
        c.seen.add(cd)
    w, h = (BW, BH) if big else (FW, FH)
    b = 2 if hi else 1
    inner = vis - b if vis < w else w - 2 * b  # a strip's right edge is the next card's
    c.fill_rect(x, y, vis, h, P.HILITE if hi else P.EDGE)
    c.fill_rect(x + b, y + b, inner, h - 2 * b, P.DIM if dim else P.WHITE)
    col = ink(c, cd, dim)
    if cd >= 52:
        F.text(c, b"*", x + off, y + 2, col)
        return
    f = _FACE
    f[0] = (_SWISS_RANK_CODE if c.swiss else _RANK_CODE)[cd >> 2]
    f[1] = _PIP_CODE[(cd & 3) + (4 if c.swiss else 0)]
    if not big:
        F.text(c, f, x + 2, y + 2, col)
        return
    _RANK1[0] = f[0]
    _PIP1[0] = f[1]
    F.text(c, _RANK1, x + off, y + 2, col)
    F.text(c, _PIP1, x + off, y + 2 + F.CAP + 2, col)
