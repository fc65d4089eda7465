"""The table screen's pictures, all in the large face (firmware.bigfont: capitals and card ranks
and pips 15 px, 1.4 mm or more on every supported panel). Three pages, drawn from the model of
the shown seat's view (firmware.table) and the public log only:
  HAND   the prompt (what the pile asks, or a hint), the centre (pile, deck, trick) and your
         cards as faces, and the choices menu with the latest news under it
  TABLE  every seat's public state and the centre in words, scrolled with UP/DOWN
  LOG    the public events of the game so far, scrolled with UP/DOWN
Each part (widget) owns a rectangle and a signature (Screen.changed) and is redrawn only when
what it shows changed; the hand redraws only the cards that changed. Loaded with the table."""

from firmware import bigfont as F
from firmware import palette as P
from firmware.gfx import RANK_CH, SUIT_INK
from firmware.cardtext import PIPS
from firmware.ui import wrap
from engine.compat import const

# Fields of this module's tuples, by name. Underscore const()s: MicroPython inlines them and keeps
# no name in RAM (this module is loaded at the memory peak); the import costs one global.
_LAY_PROMPT = const(0)  # geometry() (Play.lay): prompt lines ..
_LAY_HAND_Y = const(3)  # .. the hand's y
_BOX_ROW = const(1)  # centre_boxes(): the item's row
_CELL_X = const(0)  # hand(): a card cell's x

HAND = 0
TABLE = 1
LOG = 2
PAGES = 3
FW = 26  # a card face: rank and pip side by side, each a large glyph
FH = 21
STEP = FW + 2
HH = FH + 6  # the hand row: a raised card, the card, the cursor bar
NAV = "Table and log"  # the last menu entry: the other pages on boards without LEFT/RIGHT


def geometry(W, H):
    """(prompt lines, centre y, centre rows, hand y, menu y, menu lines) for a W x H panel."""
    np_ = 2 if H >= 200 else 1
    cy = np_ * F.LINE + 2
    rows = 3 if H >= 200 else 1
    hy = cy + rows * (FH + 3) + 2
    my = hy + HH + 1
    return np_, cy, rows, hy, my, (H - my) // F.LINE


def face(c, x, y, cd, dim=False, hi=False):
    """A face-up card c (engine int) at (x, y), FW x FH: its rank and its pip in the large
    face."""
    if c.seen is not None:
        c.seen.add(cd)
    if hi:
        c.fill_rect(x, y, FW, FH, P.HILITE)
        c.fill_rect(x + 2, y + 2, FW - 4, FH - 4, P.DIM if dim else P.WHITE)
    else:
        c.fill_rect(x, y, FW, FH, P.EDGE)
        c.fill_rect(x + 1, y + 1, FW - 2, FH - 2, P.DIM if dim else P.WHITE)
    if cd >= 52:
        k = 1 if cd == 52 else 0
        rk = "*"
        pp = ""
    else:
        k = SUIT_INK[(cd & 3) + (4 if c.swiss else 0)]
        rk = RANK_CH[cd >> 2]
        pp = PIPS[(cd & 3) + (4 if c.swiss else 0)]
    col = (
        (P.DARKRED if dim else P.RED)
        if k == 1
        else (P.ORANGE if k == 2 else (P.INK_DIM if dim else P.BLACK))
    )
    F.text(c, rk + pp, x + 2, y + 2, col)


def card_word(cd, swiss):
    """A card as two characters of text: its rank and its pip."""
    if cd >= 52:
        return "*"
    return RANK_CH[cd >> 2] + PIPS[(cd & 3) + (4 if swiss else 0)]


def card_words(c, cards):
    """Cards as text ("7{ Q}"); recorded as shown like the faces (the privacy tests)."""
    if c.seen is not None:
        for x in cards:
            c.seen.add(x)
    return " ".join([card_word(x, c.swiss) for x in cards])


# ---------- the hand page (the other pages: firmware.tablepages) ----------
def prompt(play, c, text, colour):
    """The top lines: what to do now (cut at the panel's edge, never smaller), and the page."""
    W = c.width
    np_ = play.lay[_LAY_PROMPT]
    if not play.changed("prompt", (text, colour, play.page)):
        return
    ind = "%d/%d" % (play.page + 1, PAGES)
    cols = (W - 8) // F.ADV - len(ind) - 1
    lines = wrap(text, cols) if text else []
    if len(lines) > np_:
        lines = lines[:np_]
        lines[-1] = F.fit(lines[-1] + " ...", cols)
    c.fill_rect(0, 0, W, np_ * F.LINE, P.PANEL)
    for j in range(len(lines)):
        F.text(c, lines[j], 4, 2 + j * F.LINE, colour)
    F.text(c, ind, W - 4 - F.width(ind), 2, P.GREY)
    c.mark(0, 0, W, np_ * F.LINE)


def centre_boxes(W, items, rows):
    """(x, y row, label, cards shown, backs shown) per item that fits, left to right; a row that
    is full moves on to the next; what does not fit is on the table page."""
    out = []
    x = 2
    r = 0
    for lab, cards_, backs, most in items:
        shown = cards_[-most:] if len(cards_) > most else cards_
        nb = min(backs, max(0, most - len(shown))) if backs else 0
        k = len(shown) + nb
        lw = F.width(lab) + 4
        while k > 1 and lw + k * STEP > W - 4:
            if nb:
                nb -= 1
            else:
                shown = shown[1:]
            k -= 1
        iw = lw + max(1, k) * STEP + 4
        if x > 2 and x + iw > W:
            r += 1
            x = 2
        if r >= rows:
            break
        out.append((x, r, lab, bytes(shown), nb))
        x += iw
    return out


def centre(play, c, m):
    """The centre items in the rows they need; the rows left over (tall panels) list the other
    seats, a part of their own (a bot's move that changes only a count redraws one line)."""
    W = c.width
    np_, cy, rows, hy, my, ml = play.lay
    # the model is made afresh whenever the game changes (Play.refresh): the same model, the
    # same centre and seats (a cursor move computes nothing here)
    if not play.full and play.sig.get("model") == play.mgen:
        return
    play.sig["model"] = play.mgen  # a count, not the model: an old model is not kept alive
    boxes = centre_boxes(W, m.center, rows)
    used = boxes[-1][_BOX_ROW] + 1 if boxes else 0
    seats(play, c, m, cy + used * (FH + 3), rows - used)
    if not play.changed("centre", tuple(boxes)):
        return
    h = used * (FH + 3)
    c.fill_rect(0, cy, W, h, P.FELT)
    for x, r, lab, shown, nb in boxes:
        y = cy + r * (FH + 3)
        F.text(c, F.fit(lab, (W - x) // F.ADV), x, y + 2, P.CREAM)
        xx = x + F.width(lab) + 4
        if not shown and not nb:
            c.slot(xx, y, FW, FH)
        for cd in shown:
            face(c, xx, y, cd)
            xx += STEP
        for _ in range(nb):
            c.back(xx, y, FW, FH)
            xx += STEP
    c.mark(0, cy, W, h)


def seat_line(play, m, s, cols):
    """One seat in a line: (to play, name, cards in hand, face-up cards or extra text); drawn
    as a marker, the name, a card back with the count beside it, then the rest."""
    cnt, up, extra = m.seats[s]
    rest = extra
    if up:
        rest = card_words(play.app.canvas, up)
    return (s == play.g.to_act, F.fit(play.names[s], 6), cnt, F.fit(rest, cols - 11))


def seats(play, c, m, y, n):
    W = c.width
    lines = []
    me = play.shown_seat() if play.humans else -1
    k = len(play.names)
    for j in range(k):
        s = (me + 1 + j) % k
        if s != me and len(lines) < n:
            lines.append(seat_line(play, m, s, (W - 4) // F.ADV))
    if not play.changed("seats", (y, n, lines)) or n <= 0:
        return
    c.fill_rect(0, y, W, n * (FH + 3), P.FELT)
    c.mark(0, y, W, n * (FH + 3))
    for j in range(len(lines)):
        _seat(c, W, y + j * (FH + 3), lines[j])


def _seat(c, W, y, line):
    active, nm, cnt, rest = line
    c.fill_rect(0, y, W, FH + 3, P.FELT)
    if active:
        F.text(c, ">", 0, y + 3, P.HILITE)
    F.text(c, nm, F.ADV, y + 3, P.HILITE if active else P.WHITE)
    x = 7 * F.ADV + 4
    c.fill_rect(x, y + 3, 10, 15, P.BACK)  # a card back: the count beside it is of cards
    c.rect(x, y + 3, 10, 15, P.BACK2)
    x = F.text(c, "%d" % cnt, x + 13, y + 3, P.CREAM)
    F.text(c, rest, x + F.ADV, y + 3, P.GREY)
    c.mark(0, y, W, FH + 3)


def hand(play, c, m, inter):
    """The viewer's cards side by side; a hand wider than the panel scrolls with the cursor
    (arrows at the edges). Only the cards that changed are redrawn."""
    W = c.width
    y = play.lay[_LAY_HAND_Y]
    cards = m.hand
    n = len(cards)
    cur = play.cur if inter else -1
    hidden = bool(play.viewer < 0 and play.humans)
    fitn = (W - 4) // STEP
    first = 0
    x0 = 2
    if n > fitn:
        fitn = (W - 2 * F.ADV - 4) // STEP
        x0 = F.ADV + 2
        if 0 <= cur < n:
            first = max(0, min(n - fitn, cur - fitn // 2))
        else:
            first = play.sig.get("hfirst", 0)
            if first > n - fitn:
                first = max(0, n - fitn)
    play.sig["hfirst"] = first
    shown = min(fitn, n - first)
    dimming = inter and play.cardacts
    cells = []
    if not hidden:
        for k in range(shown):
            i = first + k
            cells.append(
                (
                    x0 + k * STEP,
                    cards[i],
                    bool(dimming and not play.ok[i]),
                    i == cur,
                    i in play.sel,
                )
            )
    deco = (hidden, n == 0, first > 0, first + shown < n, x0)
    old = None if play.full else play.sig.get("hcells")
    olddeco = play.sig.get("hdeco")
    play.sig["hcells"] = cells
    play.sig["hdeco"] = deco
    if old is None or olddeco != deco or len(old) != len(cells):
        c.fill_rect(0, y, W, HH, P.FELT)
        c.mark(0, y, W, HH)
        if hidden:
            return
        if n == 0:
            F.text(c, F.fit("No cards in hand", (W - 8) // F.ADV), 4, y + 4, P.GREY)
            return
        if first > 0:
            F.text(c, "<", 0, y + 4, P.HILITE)
        if first + shown < n:
            F.text(c, ">", W - F.ADV, y + 4, P.HILITE)
        for cell in cells:
            _cell(c, y, cell)
        return
    for k in range(len(cells)):
        if old[k] != cells[k]:
            x = cells[k][_CELL_X]
            c.fill_rect(x, y, FW, HH, P.FELT)
            _cell(c, y, cells[k])
            c.mark(x, y, FW, HH)


def _cell(c, y, cell):
    x, cd, dim, cur, raised = cell
    face(c, x, y if raised else y + 3, cd, dim, cur or raised)
    if cur:
        c.fill_rect(x, y + FH + 4, FW, 2, P.HILITE)


def menu_rows(play, inter, lines, cols):
    """((text, colour) per menu line, the highlighted line or -1): the choices (scrolled to the
    cursor), then the latest news; when it is not your turn, who plays and the news."""
    rows = []
    hi = -1
    if inter and play.acts is not None:
        nh = len(play.m.hand)
        if play.labels is None:
            # said in words only when a line shows them: a hand of 10 can offer 30 plays, and
            # one label costs the Pico about 2 ms
            play.labels = [None] * len(play.acts) + [F.fit(NAV, cols)]
        cur = play.cur - nh
        top = 0
        if cur >= lines:
            top = cur - lines + 1
        if cur == len(play.labels) - 1 and cur + 1 >= lines:
            top = cur - lines + 2  # on the last entry: the line that says what B does too
        if cur >= 0:
            hi = cur - top
        view = None
        for i in range(top, min(len(play.labels), top + lines)):
            t = play.labels[i]
            if t is None:
                if view is None:
                    view = play.g.view(play.g.to_act)
                t = play.labels[i] = F.fit(play.label(play.acts[i], view), cols)
            rows.append((t, P.WHITE))
    else:
        s = play.g.to_act
        if play.g.over:
            rows.append(("Game over", P.CREAM))
        elif s >= 0:
            who = F.fit(play.names[s], cols - 7)
            rows.append((who + (" to play" if play.kinds[s] == 0 else " thinks"), P.CREAM))
            if play.kinds[s] != 0 and play.delay() > 0:
                rows.append((F.fit("A: hurry the bots", cols), P.GREY))
    if len(rows) < lines and not play.g.over:
        rows.append(("B: pause menu", P.GREY))
    room = lines - len(rows)
    if room > 0:
        for t in play.log[-room:]:
            rows.append((F.fit(t, cols), P.GREY))
    return rows, hi


def menu(play, c, inter):
    """The menu lines (each redrawn only when its text changed) and the cursor, a frame around
    its line (moving it redraws two frames, no text)."""
    W = c.width
    np_, cy, rows_, hy, my, lines = play.lay
    cols = (W - 12) // F.ADV
    rows, hi = menu_rows(play, inter, lines, cols)
    old = None if play.full else play.sig.get("mrows")
    ohi = -1 if old is None else play.sig.get("mhi", -1)
    play.sig["mrows"] = rows
    play.sig["mhi"] = hi
    if old is None:
        c.fill_rect(0, my, W, c.height - my, P.PANEL)
        c.mark(0, my, W, c.height - my)
        old = []
    elif len(old) == lines and len(rows) == lines and hi < 0 and ohi < 0:
        # the news moved on: the lines that show what the next line showed are copied up
        j0 = lines - 1
        while j0 > 0 and rows[j0 - 1] == old[j0] and rows[j0 - 1] != old[j0 - 1]:
            j0 -= 1
        if j0 < lines - 1:
            for j in range(j0, lines - 1):
                c.copy_rows(my + (j + 1) * F.LINE, my + j * F.LINE, F.LINE)
            c.mark(0, my + j0 * F.LINE, W, (lines - 1 - j0) * F.LINE)
            old = old[:j0] + old[j0 + 1 :] + [None]
    for j in range(lines):
        r = rows[j] if j < len(rows) else None
        o = old[j] if j < len(old) else None
        if r == o:
            continue
        yy = my + j * F.LINE
        c.fill_rect(4, yy + 1, W - 5, F.LINE - 2, P.PANEL)
        if r is not None:
            F.text(c, r[0], 6, yy + 2, r[1])
        c.mark(0, yy, W, F.LINE)
    if ohi != hi:
        for j, col in ((ohi, P.PANEL), (hi, P.HILITE)):
            if 0 <= j < lines:
                _frame(c, W, my + j * F.LINE, col)


def _frame(c, W, y, col):
    """The menu cursor: a frame round the line at y, with a bar at its left end."""
    c.rect(0, y, W, F.LINE, col)
    c.fill_rect(1, y + 1, 3, F.LINE - 2, col)
    c.mark(0, y, W, F.LINE)


def hand_page(play, c, m):
    inter = play.interactive()
    if play.tip:
        prompt(play, c, play.tip, P.HILITE)
    else:
        prompt(play, c, m.status, P.CREAM)
    centre(play, c, m)
    hand(play, c, m, inter)
    menu(play, c, inter)


def paint(play, c):
    m = play.m
    if m is None or play.page:
        from firmware import tablepages

        tablepages.paint(play, c, m)  # loaded while shown (firmware.lifetimes)
        return
    hand_page(play, c, m)
