"""The table modules, one per game family (firmware/tables/<family>.py, found by firmware.table
from the family's name; only the one in play is imported), and what they all share, here: the
Model of one seat's view (firmware.table.model makes it through the family's module), the Scene
of the table's public facts, the names and numbers the families share, and a card face as the
table draws it in the large face (firmware.bigfont): its sizes (FW x FH, rank and pip side by
side; the bigger BW x BH of the tall panels' hand row, the rank above the pip), whole (face) or
as the strip a fanned hand shows of it (fanned). It imports no family's module: the families and
the widgets (firmware.tableview) import it."""

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
        self.ring = None  # trick games laid out by seat (firmware.tables.jass): the centre
        self.words = None  # lines in words for the table page (announced Weis)
        self.points = None  # the hand's points so far, per team, in words
        # the table seen from your seat (firmware.tables.around draws it as the centre)
        self.around = False
        self.pile = None  # (the pile's cards, its size or -1): its top cards show
        self.deck = -1  # the cards left to draw (-1: no deck on this table)
        self.mine = None  # (your face-up cards, your face-down count), or None
        self.mid = []  # (label, cards) shown in the middle too: a card drawn, swapped, cut


class Scene:
    """The public facts the table's widgets draw from, besides the shown seat's Model: names,
    whose turn, the seat shown, the public log. One a table (firmware.play: Play.scene), its
    fields set by Play.refresh after every change (not every frame); the widgets read it and
    never the game, the turn controller or the screen."""

    def __init__(self, fam, names, log, title, short):
        self.fam = fam  # the family (its table module draws the centre of some: layout())
        self.names = names  # the seats' names (the controller's list)
        self.log = log  # the public log, its last lines (the controller's list)
        self.logn = 0  # the lines logged so far: a new line changes it
        self.title = title  # the game's name, and its short form
        self.short = short
        self.to_act = -1  # the seat to act (-1: none)
        self.over = False
        self.bot = False  # the seat to act is a bot's
        self.hurry = False  # the bots wait between moves (A hurries them)
        self.me = -1  # the seat shown (-1: none, while two humans share the console)
        self.you = -1  # the seat the table is seen from (-1: every seat is another: no humans)
        self.gen = 0  # counts the models: the centre and seats redraw for a new one


def rank_text(r):
    return "10" if r == C.TEN else C.RANKS[r]


def value_text(v):
    """Face value 2..14 as text."""
    if 2 <= v <= 14:
        return rank_text(v - 2)
    return "%d" % v


# ---------- a card face ----------
FW = 26  # a card face: rank and pip side by side, each a large glyph
FH = 21
STEP = FW + 2
# the bigger face of the hand row on the tall panels (240x240, 320x240): the rank above the pip,
# the same glyphs (15 px: 1.4 mm or more on every panel)
BW = 28
BH = 36
BSTEP = BW + 2

# a face's rank and pip as character codes, written into _FACE (no str made per card drawn)
_RANK_CODE = RANK_CH.encode()
_SWISS_RANK_CODE = SWISS_RANK_CH.encode()  # Under and Ober
_PIP_CODE = PIPS.encode()
_FACE = bytearray(2)
_RANK1 = bytearray(1)  # a big face's rank, then its pip: a line each
_PIP1 = bytearray(1)


def face(c, x, y, cd, dim=False, hi=False, big=False):
    """A face-up card c (engine int) at (x, y), FW x FH: its rank and its pip side by side in
    the large face; big: BW x BH, the rank above the pip (centred)."""
    if big:
        fanned(c, x, y, cd, dim, hi, True, BW, (BW - F.W) // 2)
    else:
        fanned(c, x, y, cd, dim, hi, False, FW, 2)


def fanned(c, x, y, cd, dim, hi, big, vis, off):
    """A card of the hand row as its strip vis px wide from its left edge (the card after it
    lies on the rest; the last card, and a face(), whole): its frame (hi: the cursor's colour),
    the face (dimmed: dim) and the rank and pip, the bigger face's off px from the edge."""
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
