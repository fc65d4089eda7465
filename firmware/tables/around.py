"""The hand page's centre of the shedding, matching and swap tables: the table seen from your seat.

The other seats lie along the top, clockwise from the one after yours, each with its name, a card
back with its count, its face-up cards and extra text; the pile and the deck in the middle; your
own face-up cards and face-down count ("You") at the bottom. The 1.14-inch panel has two rows: the
seats, then yours and the pile. What does not fit is on the table page, in words.

The layout is a list of parts, each owning a rectangle, so a move redraws only the parts it changed
(one seat's count, the name lines, the pile).
"""

from firmware import bigfont as F
from firmware import palette as P
from engine.compat import const

# the part kinds (a part's first field)
_SEAT = const(0)
_CHIP = const(1)  # (kind, x, y, w, h, initial, active, count, seat): a seat of a crowded band
_PILE = const(2)  # (kind, x, y, w, h, pile size text or "", top cards): labelled "Pile"
_BACK = const(3)  # (kind, x, y, w, h, count, label): the deck, labelled "Deck"
_CARDS = const(4)  # (kind, x, y, w, h, label, cards): a labelled group of the middle
_MINE = const(5)  # (kind, x, y, w, h, face-up cards, step, face-down count): yours, "You"
_MIN_STEP = const(14)  # an overlapped card still shows its rank whole
_GAP = const(6)  # between two groups of a row
PILE = "Pile"
DECK = "Deck"
YOU = "You"


def tall(h):
    """True when the centre (h px) holds three rows of cards."""
    from firmware.tables import FH

    return h >= 3 * (FH + 3)


def label_w(t):
    """The width a group's label takes before its cards."""
    return F.width(t) + 4


def seat_parts(out, W, y, k, order, names, seats_, act):
    """The k other seats across the top band, in order; when a back does not fit so many seats'
    width (the swap game seats 10), two rows of initials each with a back."""
    from firmware.tables import FW, FH, STEP

    cw = (W - 4) // k
    if cw - 4 < FW:
        per = (k + 1) // 2
        cw = (W - 4) // per
        for j in range(k):
            s = order[j]
            x = 2 + (j % per) * cw
            yy = y + (j // per) * (FH + 2)
            out.append((_CHIP, x, yy, F.ADV + FW, FH, names[s][:1], s == act, seats_[s][0], s))
        return out
    cw = W // k  # from the panel's edge, 2 px apart
    for j in range(k):
        s = order[j]
        cnt, up, extra = seats_[s]
        x = j * cw
        w = cw - 2
        nm = names[s]
        nm = F.pick((nm, nm[:1]), (w - 2 + F.ADV - F.W) // F.ADV)
        room = w - FW - 10  # beside the back, 8 px at least before the next seat
        n = len(up)
        step = 0
        if n:
            step = STEP if n == 1 else min(STEP, (room - FW) // (n - 1))
            if room < FW or step < _MIN_STEP:
                up = b""  # not all of them fit: the table page says them
                step = 0
            else:
                room -= (n - 1) * step + FW + 4
        ex = extra.strip()
        if F.width(ex) - 2 > room:  # the last glyph's cell ends 2 px after its ink
            ex = ""  # a count cut from its word reads as another count
        part = (_SEAT, x, y, w, F.LINE + 3 + FH, nm, s == act, cnt, bytes(up), step, ex, s, 0)
        out.append(part)
    return out


def seat_row(out, x0, W, y, order, names, seats_, act):
    """The other seats in one row from x0, W px wide: all names whole when each leaves room for its
    face-up cards, else all initials. Returns how many of order fit, from the first."""
    from firmware.tables import FW, FH

    k = len(order)
    if k == 0:
        return 0
    cw = W // k
    base = F.ADV + 2 + FW  # the initial, 2 px, the back
    if cw - 3 < base:
        k = max(0, W // (base + 3))
        cw = W // k if k else 0
    # one form of name along the row
    cells = _cells(order, k, names, seats_, cw, True) or _cells(order, k, names, seats_, cw, False)
    for j in range(k):
        s, nm, cnt, up, step, ex = cells[j]
        beside = len(nm) * F.ADV + 2
        out.append(
            (_SEAT, x0 + j * cw, y, cw - 3, FH, nm, s == act, cnt, bytes(up), step, ex, s, beside)
        )
    return k


def _cells(order, k, names, seats_, cw, whole):
    """(seat, name, count, face-up cards, step, extra text) for the first k seats in cells cw px
    wide; None when a whole name leaves no room for its back or its face-up cards."""
    from firmware.tables import FW, STEP

    out = []
    for j in range(k):
        s = order[j]
        cnt, up, extra = seats_[s]
        nm = names[s] if whole else names[s][:1]
        room = cw - 3 - len(nm) * F.ADV - 2 - FW - 8
        if room < 0:
            if whole:
                return None
            room = 0
        n = len(up)
        step = 0
        if n:
            step = STEP if n == 1 else min(STEP, (room - FW) // (n - 1))
            if room < FW or step < _MIN_STEP:
                if whole:
                    return None
                up = b""  # not all of them fit: the table page says them
                step = 0
            else:
                room -= (n - 1) * step + FW + 4
        ex = extra.strip()
        if F.width(ex) - 2 > room:
            ex = ""  # whole or not at all
        out.append((s, nm, cnt, up, step, ex))
    return out


def pile_group(m, most, size):
    """The pile: its label, its size (size True), its top cards, up to most."""
    from firmware.tables import STEP

    cards_, n = m.pile
    top = cards_[-most:] if len(cards_) > most else cards_
    t = "%d" % n if size and n >= 0 else ""
    w = label_w(PILE) + (2 * F.ADV + 6 if t else 0) + max(1, len(top)) * STEP - 2
    return (_PILE, w, t, bytes(top))


def mid_groups(m, most, size=True):
    """The middle's groups, left to right, as (kind, width, what...): the pile, the labelled
    groups."""
    from firmware.tables import STEP

    gs = []
    if m.pile is not None:
        gs.append(pile_group(m, most, size))
    for lab, cards_ in m.mid:
        gs.append((_CARDS, label_w(lab) + max(1, len(cards_)) * STEP - 2, lab, cards_))
    return gs


def deck_group(m):
    """The deck (its count on a back), labelled; None on a table without one."""
    from firmware.tables import FW

    if m.deck < 0:
        return None
    return (_BACK, label_w(DECK) + FW, m.deck, DECK)


def mine_group(mine, step):
    """Your own face-up cards and face-down count, labelled as yours."""
    from firmware.tables import FW

    up, down = mine
    w = label_w(YOU)
    if up:
        w += FW + (len(up) - 1) * step
    if down:
        w += (4 if up else 0) + FW
    return (_MINE, w, up, step, down)


def width(gs):
    n = 0
    for g in gs:
        n += g[1] + _GAP
    return n - _GAP if gs else 0


def place(out, gs, x, y, h):
    for g in gs:
        out.append((g[0], x, y, g[1], h) + g[2:])
        x += g[1] + _GAP
    return x


# the row's forms, richest first: (your face-up cards overlapped, the pile's top cards, its size)
_RICHEST = (
    (False, 3, True),
    (False, 2, True),
    (False, 1, True),
    (False, 1, False),
    (True, 2, True),
    (True, 1, True),
    (True, 1, False),
)


def middle(m, room, mine=None):
    """Your own group (None: not in this row) and the middle's in one row of room px, the richest
    form that fits, then the groups from the right dropped. Returns (groups, the deck's group when
    it is not in the row)."""
    from firmware.tables import STEP

    over = mine is not None and len(mine[0]) > 1
    deck = deck_group(m)
    for with_deck in (True, False) if deck is not None else (False,):
        for lap, most, size in _RICHEST:
            if lap and not over:
                continue
            gs = [mine_group(mine, _MIN_STEP if lap else STEP)] if mine is not None else []
            gs += mid_groups(m, most, size)
            if with_deck:
                gs.append(deck)
            if width(gs) <= room:
                return gs, None if with_deck else deck
    gs = [mine_group(mine, _MIN_STEP if over else STEP)] if mine is not None else []
    gs += mid_groups(m, 1, False)
    while len(gs) > 1 and width(gs) > room:
        gs.pop()
    return gs, deck


def layout(W, y0, h, m, names, me, act):
    """The parts of the centre for model m seen from seat me (-1: every seat is another), act the
    seat to act: three rows on tall panels, two on the 1.14-inch one, else one."""
    from firmware.tables import FW, FH, STEP

    k = len(names)
    order = []
    for j in range(1, k + 1):
        s = (me + j) % k
        if s != me:
            order.append(s)
    out = []
    mine = m.mine if me >= 0 else None
    if mine is not None and not mine[0] and not mine[1]:
        mine = None
    if tall(h):
        if mine is None:
            if order:
                seat_parts(out, W, y0, len(order), order, names, m.seats, act)
            y = y0 + F.LINE + 3 + FH + 3
        else:
            seat_row(out, 2, W - 2, y0, order, names, m.seats, act)
            y = y0 + (h - FH) // 2
        gs = middle(m, W - 4)[0]
        place(out, gs, (W - width(gs)) // 2, y, FH)
        if mine is not None:
            # right above your hand
            place(out, [mine_group(mine, STEP)], 2, y0 + h - FH, FH)
        return out
    if h >= 2 * FH + 1:
        gs, deck = middle(m, W - 4, mine)
        place(out, gs, 2, y0 + h - FH, FH)
        room = W - 2
        if deck is not None:
            # the deck ends the seats' row when every seat keeps its initial and back
            if len(order) * (F.ADV + 2 + FW + 3) + deck[1] + _GAP <= W - 4:
                room = W - 2 - deck[1] - _GAP
                place(out, [deck], room + _GAP, y0, FH)
        n = seat_row(out, 2, room - 2, y0, order, names, m.seats, act)
        if n < len(order):
            # the seats the top row cannot hold (the swap game seats 10) go after the middle
            x = 2 + width(gs) + _GAP if gs else 2
            seat_row(out, x, W - 2 - x, y0 + h - FH, order[n:], names, m.seats, act)
        return out
    x = place(out, middle(m, W - 4, mine)[0], 2, y0, FH) + _GAP
    cw = F.ADV + FW + 4
    if order and x + len(order) * cw - 4 <= W - 2:  # a chip's width
        x = W - 2 - len(order) * cw + 4
        for s in order:
            out.append((_CHIP, x, y0, F.ADV + FW, FH, names[s][:1], s == act, m.seats[s][0], s))
            x += cw
    return out


def back_count(c, x, y, n):
    """A card back with the count n on it."""
    from firmware.tables import FW, FH

    c.fill_rect(x, y, FW, FH, P.EDGE)
    c.fill_rect(x + 1, y + 1, FW - 2, FH - 2, P.BACK)
    t = "%d" % n
    F.text(c, t, x + (FW - F.width(t)) // 2, y + 3, P.CREAM)


def _back_at(p):
    """Where a seat's part has its back: beside its name, or under it."""
    if p[12]:
        return p[1] + p[12], p[2]
    return p[1], p[2] + F.LINE + 3


def name_line(c, p):
    """A seat's name alone (its mark changed)."""
    x, y, w = p[1], p[2], p[3]
    if p[12]:
        w = p[12] - 2
        c.fill_rect(x, y, w, p[4], P.FELT)
        F.text(c, p[5], x, y + 3, P.HILITE if p[6] else P.WHITE)
        if p[6]:
            c.fill_rect(x, y + F.H + 2, F.width(p[5]), 2, P.HILITE)
        c.mark(x, y, w, p[4])
        return
    c.fill_rect(x, y, w, F.LINE, P.FELT)
    F.text(c, p[5], x, y + 1, P.HILITE if p[6] else P.WHITE)
    if p[6]:
        c.fill_rect(x, y + F.H + 1, w, 2, P.HILITE)
    c.mark(x, y, w, F.LINE)


def _label(c, t, x, y, col):
    """A group's label at the start of its row; the x where its cards start."""
    F.text(c, t, x, y + 3, col)
    return x + label_w(t)


def _cards(c, cards_, x, y, step):
    from firmware.tables import FW, FH, face

    if not cards_:
        c.slot(x, y, FW, FH)
        return x + FW
    for j in range(len(cards_)):
        face(c, x + j * step, y, cards_[j])
    return x + (len(cards_) - 1) * step + FW


def draw_part(c, p, clear):
    """One part in its rectangle (cleared first when clear)."""
    from firmware.tables import FW, FH, STEP

    kind, x, y, w, h = p[0], p[1], p[2], p[3], p[4]
    if clear:
        c.fill_rect(x, y, w, h, P.FELT)
    if kind == _SEAT:
        cnt, up, step, ex = p[7], p[8], p[9], p[10]
        if p[12]:
            F.text(c, p[5], x, y + 3, P.HILITE if p[6] else P.WHITE)
            if p[6]:
                c.fill_rect(x, y + F.H + 2, F.width(p[5]), 2, P.HILITE)
        else:
            F.text(c, p[5], x, y + 1, P.HILITE if p[6] else P.WHITE)
            if p[6]:
                c.fill_rect(x, y + F.H + 1, w, 2, P.HILITE)  # whose turn
        xx, yc = _back_at(p)
        back_count(c, xx, yc, cnt)
        xx += FW + 4
        if up:
            xx = _cards(c, up, xx, yc, step) + 4
        if ex:
            F.text(c, ex, xx, yc + 3, P.GREY)
    elif kind == _CHIP:
        nm, active, cnt = p[5], p[6], p[7]
        F.text(c, nm, x, y + 3, P.HILITE if active else P.WHITE)
        if active:
            c.fill_rect(x, y + F.H + 2, F.ADV - 2, 2, P.HILITE)
        back_count(c, x + F.ADV, y, cnt)
    elif kind == _PILE:
        t, cards_ = p[5], p[6]
        xx = _label(c, PILE, x, y, P.CREAM)
        if t:
            F.text(c, t, xx + 2 * F.ADV - F.width(t), y + 3, P.GREY)  # the pile's size
            xx += 2 * F.ADV + 6
        _cards(c, cards_, xx, y, STEP)
    elif kind == _BACK:
        xx = _label(c, p[6], x, y, P.CREAM)
        if p[5]:
            back_count(c, xx, y, p[5])
        else:
            c.slot(xx, y, FW, FH)
    elif kind == _MINE:
        up, step, down = p[5], p[6], p[7]
        xx = _label(c, YOU, x, y, P.WHITE)
        if up:
            xx = _cards(c, up, xx, y, step) + 4
        if down:
            back_count(c, xx, y, down)
    else:
        xx = _label(c, p[5], x, y, P.CREAM) if p[5] else x
        _cards(c, p[6], xx, y, STEP)
    c.mark(x, y, w, h)


def ring(w, ws, c, m, sc):
    """The hand page's centre laid out around the table: only the parts that changed are drawn."""
    from firmware.tables import FW, FH

    ws.h = 0
    parts_ = layout(w.w, w.y, w.h, m, sc.names, sc.you, sc.to_act)
    old = w.sig
    if not w.changed(parts_):
        return
    same = old is not None and len(old) == len(parts_)
    if same:
        for j in range(len(parts_)):
            if old[j][:5] != parts_[j][:5]:
                same = False
                break
    if not same:
        c.fill_rect(w.x, w.y, w.w, w.h, P.FELT)
        c.mark(w.x, w.y, w.w, w.h)
        for p in parts_:
            draw_part(c, p, False)
        return
    for j in range(len(parts_)):
        o = old[j]
        p = parts_[j]
        if o == p:
            continue
        if p[0] == _SEAT and o[:6] == p[:6] and o[7:] == p[7:]:
            name_line(c, p)  # only whose turn moved
        elif p[0] == _SEAT and o[:7] == p[:7] and o[8:] == p[8:]:
            xx, yc = _back_at(p)  # only the count
            back_count(c, xx, yc, p[7])
            c.mark(xx, yc, FW, FH)
        else:
            draw_part(c, p, True)
