"""The hand page's centre of the shedding, matching and swap tables (firmware.tableview.centre):
the table seen from your seat. The other seats lie around the top edge, from the seat after
yours at the left (clockwise, the way a card table passes to the left) to the one before yours at
the right, each with its name (marked when it is to act), a card back with its hand count on it,
its face-up cards and its extra text (face-down cards, chips, points, lives); the pile's top
cards and the deck lie in the middle; your own face-up cards and face-down count just above your
hand. On the 1.14-inch panel (one row of cards) the row holds the pile, the deck, your own row
and, when all fit, each other seat as an initial and a back with its count. Whatever does not
fit is on the table page, in words.

The layout is a list of parts, each owning a rectangle (inside the centre, none overlapping)
and what it shows: a move that changes one seat's count redraws that seat's card back only, a
turn that moves on the two name lines, a card played the pile's part. Drawn from the model
(firmware.table: seats, pile, deck, mine, mid) of the shown seat's view."""

from firmware import bigfont as F
from firmware import palette as P
from engine.compat import const

# the part kinds (the first field of a part)
# (kind, x, y, w, h, name, active, count, face-up cards, step, extra text, seat)
_SEAT = const(0)
_CHIP = const(1)  # (kind, x, y, w, h, initial, active, count, seat): a seat on the one-row panel
_PILE = const(2)  # (kind, x, y, w, h, pile size text or "", top cards)
_BACK = const(3)  # (kind, x, y, w, h, count): the deck, your face-down cards
_CARDS = const(4)  # (kind, x, y, w, h, label, cards): a labelled group, your face-up cards
_MIN_STEP = const(14)  # an overlapped face-up card of another seat still shows its rank whole
_GAP = const(6)  # between two groups of the middle


def tall(h):
    """True when the centre (h px) holds the seats' band above the middle row."""
    from firmware.tableview import FH

    return h >= 3 * (FH + 3)


def seat_parts(out, W, y, k, order, names, seats_, act):
    """The parts of the k other seats across the top band (y), in order: a name above a back
    with the count, the face-up cards and the extra text beside it; when a back does not fit
    so many seats' width (the swap game seats 10), two rows of initials each with a back."""
    from firmware.tableview import FW, FH, STEP

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
        # the name, or its initial: 4 px at least between one seat's name and the next
        nm = F.pick((nm, nm[:1]), (w - 2 + F.ADV - F.W) // F.ADV)
        room = w - FW - 10  # beside the back with the count, 8 px at least before the next seat
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
            ex = ""  # whole or not at all (a count cut from its word reads as another count)
        out.append((_SEAT, x, y, w, F.LINE + 3 + FH, nm, s == act, cnt, bytes(up), step, ex, s))
    return out


def mid_groups(m, most):
    """The middle's groups, left to right, as (kind, width, what...): the pile (its size, up to
    most top cards), the labelled groups (a card drawn, a card swapped), the deck."""
    from firmware.tableview import FW, STEP

    gs = []
    pl = m.pile
    if pl is not None:
        cards_, size = pl
        top = cards_[-most:] if len(cards_) > most else cards_
        t = "%d" % size if size >= 0 else ""
        lw = 2 * F.ADV + 6 if t else 0
        gs.append((_PILE, lw + max(1, most) * STEP - 2, t, bytes(top)))
    for lab, cards_ in m.mid:
        gs.append((_CARDS, F.width(lab) + 4 + max(1, len(cards_)) * STEP - 2, lab, cards_))
    if m.deck >= 0:
        gs.append((_BACK, FW, m.deck))
    return gs


def mine_groups(m):
    """Your own face-up cards and your face-down count (Shithead), or []."""
    from firmware.tableview import FW, STEP

    mine = m.mine
    if mine is None:
        return []
    up, down = mine
    gs = []
    if up:
        gs.append((_CARDS, len(up) * STEP - 2, "", up))
    if down:
        gs.append((_BACK, FW, down))
    return gs


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


def layout(W, y0, h, m, names, me, act):
    """The parts of the centre (W wide, at y0, h tall) for model m seen from seat me (-1: none,
    then every seat is another), act the seat to act."""
    from firmware.tableview import FW, FH

    k = len(names)
    order = []
    for j in range(1, k + 1):
        s = (me + j) % k
        if s != me:
            order.append(s)
    out = []
    mine = mine_groups(m) if me >= 0 else []
    if tall(h):
        if order:
            seat_parts(out, W, y0, len(order), order, names, m.seats, act)
        y = y0 + F.LINE + 3 + FH + 3
        for most in (3, 2, 1):
            gs = mid_groups(m, most)
            if width(gs) + (width(mine) + 2 * _GAP if mine else 0) <= W - 4:
                break
        if width(gs) + (width(mine) + 2 * _GAP if mine else 0) > W - 4:
            mine = []  # the table page says them
        if mine:
            place(out, gs, 2, y, FH)
            place(out, mine, W - 2 - width(mine), y, FH)
        else:
            place(out, gs, (W - width(gs)) // 2, y, FH)
        return out
    # one row: the middle, your own row, then the other seats when all of them fit
    for most in (2, 1):
        gs = mid_groups(m, most)
        if width(gs) <= W - 4:
            break
    x = place(out, gs, 2, y0, FH)
    if mine and x + width(mine) <= W - 2:
        x = place(out, mine, x, y0, FH) + _GAP
    cw = F.ADV + FW + 4
    if order and x + len(order) * cw - 4 <= W - 2:  # (cw - 4: a chip's width)
        x = W - 2 - len(order) * cw + 4  # at the right end
        for s in order:
            out.append((_CHIP, x, y0, F.ADV + FW, FH, names[s][:1], s == act, m.seats[s][0], s))
            x += cw
    return out


def back_count(c, x, y, n):
    """A card back with the count n on it (the count is of cards)."""
    from firmware.tableview import FW, FH

    c.fill_rect(x, y, FW, FH, P.EDGE)
    c.fill_rect(x + 1, y + 1, FW - 2, FH - 2, P.BACK)
    t = "%d" % n
    F.text(c, t, x + (FW - F.width(t)) // 2, y + 3, P.CREAM)


def name_line(c, p):
    """A seat's name line alone (its mark changed): F.LINE px of its cell."""
    x, y, w = p[1], p[2], p[3]
    c.fill_rect(x, y, w, F.LINE, P.FELT)
    F.text(c, p[5], x, y + 1, P.HILITE if p[6] else P.WHITE)
    if p[6]:
        c.fill_rect(x, y + F.H + 1, w, 2, P.HILITE)
    c.mark(x, y, w, F.LINE)


def draw_part(c, p, clear):
    """One part in its rectangle (cleared first when clear)."""
    from firmware.tableview import FW, FH, STEP, face

    kind, x, y, w, h = p[0], p[1], p[2], p[3], p[4]
    if clear:
        c.fill_rect(x, y, w, h, P.FELT)
    if kind == _SEAT:
        cnt, up, step, ex = p[7], p[8], p[9], p[10]
        F.text(c, p[5], x, y + 1, P.HILITE if p[6] else P.WHITE)
        if p[6]:
            c.fill_rect(x, y + F.H + 1, w, 2, P.HILITE)  # whose turn: the name underlined
        yc = y + F.LINE + 3
        back_count(c, x, yc, cnt)
        xx = x + FW + 4
        for j in range(len(up)):
            face(c, xx + j * step, yc, up[j])
        if up:
            xx += (len(up) - 1) * step + FW + 4
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
        xx = x
        if t:
            F.text(c, t, x + 2 * F.ADV - F.width(t), y + 3, P.GREY)  # the pile's size
            xx += 2 * F.ADV + 6
        if not cards_:
            c.slot(xx, y, FW, FH)
        for j in range(len(cards_)):
            face(c, xx + j * STEP, y, cards_[j])
    elif kind == _BACK:
        if p[5]:
            back_count(c, x, y, p[5])
        else:
            c.slot(x, y, FW, FH)  # a deck drawn to its end
    else:
        lab, cards_ = p[5], p[6]
        xx = x
        if lab:
            F.text(c, lab, x, y + 3, P.CREAM)
            xx += F.width(lab) + 4
        if not cards_:
            c.slot(xx, y, FW, FH)
        for j in range(len(cards_)):
            face(c, xx + j * STEP, y, cards_[j])
    c.mark(x, y, w, h)


def ring(w, ws, c, m, sc):
    """The hand page's centre laid out around the table: the parts that changed are drawn (a
    bot's move that changes one count: that seat's part; a card played: the pile's)."""
    from firmware.tableview import FW, FH

    ws.h = 0  # the seats are parts of the centre
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
            name_line(c, p)  # only whose turn it is moved: the name and its mark
        elif p[0] == _SEAT and o[:7] == p[:7] and o[8:] == p[8:]:
            yc = p[2] + F.LINE + 3  # only the count: the back it is written on
            back_count(c, p[1], yc, p[7])
            c.mark(p[1], yc, FW, FH)
        else:
            draw_part(c, p, True)
