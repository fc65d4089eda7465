"""The table screen's pictures, all in the large face. Three pages, drawn from the shown seat's
view (firmware.table) and the public log only: HAND   the prompt, the centre (pile, deck,
trick), your cards, and the choices menu with the latest news under it TABLE  every seat's
public state and the centre in words, scrolled with UP/DOWN LOG    the public events so far,
scrolled with UP/DOWN The hand page is five widgets (Part, in Play.parts; a sixth is the whole
panel for the other pages). Each owns a rectangle and the signature of what it last drew, and
draws only when that changed, from the shown seat's Model, the table's Scene and, on the
holder's turn, their input (firmware.human); never from the screen, the turn controller or the
game. The other pages are firmware.tablepages'. Loaded with the table.
"""

from firmware import bigfont as F
from firmware import palette as P
from firmware.cardtext import card_words  # noqa: F401 - card_words: the pages' too
from firmware.tables import FW, FH, STEP, BW, BH, BSTEP, face, fanned  # noqa: F401 - the pages' too
from firmware.ui import wrap
from engine.compat import const

HAND = 0
TABLE = 1
LOG = 2
PAGES = 3
HH = FH + 6  # the hand row: a raised card, the card, the cursor bar
# the hand row fans its cards when they do not fit side by side: of each only its corner strip
# shows, rank and pip whole, and a pixel of the card after them
FAN = 2 + 2 * F.ADV - 1
BFAN = 3 + F.W + 1
# a hand larger than the fan can hold shows part of it, with a little stack of card backs holding
# the count at each end with cards out of view
MARK = 2 * F.ADV + 2
NAV = "Table and log"  # the last menu entry: the other pages without LEFT/RIGHT
# short forms of the menu's labels for a narrow line: a phrase and what it becomes
SHORTER = (
    ("Flip face-down card", "Flip card"),
    ("Pick up the pile and", "Pick up, play"),
    (", call last card", " + last card"),
    ("Take a card from each player", "A card from each"),
    ("Draw until you can play", "Draw till you can"),
    ("Take a chip from", "Chip from"),
    ("Swap past the King", "Swap past King"),
    ("Catch: last card not called!", "Catch the last card"),
)


def short(s, cols):
    """A menu label in cols characters: whole, or its short form (SHORTER)."""
    if len(s) <= cols:
        return s
    s = F.brief(s, cols)
    for a, b in SHORTER:
        if len(s) <= cols:
            break
        s = s.replace(a, b)
    return F.fit(s, cols)


class Part:
    """A widget of the hand page: its rectangle and the signature of what it last drew (None: draw
    afresh). The centre also keeps gen (Scene.gen: a cursor move computes nothing for the centre
    and seats); the cards keep first, the first card shown. The widgets live as long as the
    table: no allocation for them after it is built."""

    def __init__(self, y, w, h):
        self.x = 0
        self.y = y
        self.w = w
        self.h = h
        self.sig = None

    def changed(self, sig):
        """True (and remember sig) when the widget shows something new."""
        if self.sig != sig:
            self.sig = sig
            return True
        return False


# the widgets of the hand page, by their place in Play.parts
_PROMPT = const(0)
_CENTRE = const(1)
_SEATS = const(2)
_CARDS = const(3)
_MENU = const(4)
_SHEET = const(5)


def parts(W, H):
    """The hand page's widgets for a W x H panel: the prompt, the centre (its leftover rows list
    the other seats), the hand and the menu; and the whole panel for the other pages."""
    np_ = 2 if H >= 200 else 1
    cy = np_ * F.LINE + 2
    rows = 3 if H >= 200 else 1
    ch = rows * (FH + 3)
    hh = BH + 6 if H >= 200 else HH  # the menu keeps its 4 lines
    if H < 200:
        # the menu in whole lines: the centre takes the rest
        ch = H - cy - hh - 3 - (H - cy - ch - hh - 3) // F.LINE * F.LINE
    hy = cy + ch + 2
    my = hy + hh + 1
    centre = Part(cy, W, ch)
    centre.gen = -1
    cards = Part(hy, W, hh)
    cards.first = 0
    cards.deco = None  # what the row shows around the cards
    menu = Part(my, W, H - my)
    menu.hi = -1  # the line of the cursor's frame
    menu.newsc = None  # the news lines, and what they were made from
    top = Part(0, W, np_ * F.LINE)
    # where the parts' clock starts (modulo TURN_MS): a new text's first part stays a whole TURN_MS
    top.off = 0
    top.lines = []  # the prompt's lines as drawn
    top.wrapped = None  # (text, its lines, part starts): wrapped once
    return (top, centre, Part(cy, W, 0), cards, menu, Part(0, W, H))


# ---------- the hand page (the other pages: firmware.tablepages) ----------
TURN_MS = 2500  # a prompt longer than its lines shows its next part after this long


def sentences(text, cols, np_):
    """text in lines of cols characters, each sentence from a line of its own, and the first line
    of each part of at most np_ lines: a part holds whole sentences, so it reads as it stands (a
    sentence longer than a part is a fault for tools/screens/walk.py)."""
    lines = []
    starts = [0]
    cur = 0
    i = 0
    n = len(text) if text else 0
    while i < n:
        j = n
        for mark in (". ", "! ", "? "):
            k = text.find(mark, i)
            if 0 <= k < j:
                j = k + 1
        sl = wrap(text[i:j], cols)
        i = j + 1
        if cur and cur + len(sl) > np_:
            starts.append(len(lines))
            cur = 0
        lines.extend(sl)
        cur += len(sl)
        while cur > np_:
            starts.append(len(lines) - cur + np_)
            cur -= np_
    return lines, starts


def prompt(w, c, text, colour, page, now):
    """The top lines: what to do now, and the page. A longer text shows a part at a time, in turn,
    never smaller; a small bar beside it says which part of how many (more())."""
    W = w.w
    np_ = w.h // F.LINE
    cols = (W - 8) // F.ADV - 4  # the page: "1/3" and a space
    wr = w.wrapped
    if wr is None or wr[0] != text:
        wr = w.wrapped = (text,) + sentences(text, cols, np_)
        # a new text: its first part stays a whole TURN_MS
        w.off = now % TURN_MS
    lines = wr[1]
    starts = wr[2]
    k = 0
    if len(starts) > 1:
        k = (now - w.off) // TURN_MS % len(starts)
    old = w.sig
    if not w.changed((text, colour, page, k)):
        return
    a = starts[k]
    lines = lines[a : starts[k + 1] if k + 1 < len(starts) else a + np_]
    ind = "%d/%d" % (page + 1, PAGES)
    if old is not None and old[1] == colour and old[2] == page:
        # the same colour and page: only the cells that differ
        was = w.lines
        for j in range(np_):
            F.retext(
                c,
                4,
                w.y + 2 + j * F.LINE,
                was[j] if j < len(was) else "",
                lines[j] if j < len(lines) else "",
                colour,
                P.PANEL,
            )
        w.lines = lines
        more(w, c, 4 + cols * F.ADV, k, len(starts))
        return
    w.lines = lines
    c.fill_rect(w.x, w.y, W, w.h, P.PANEL)
    for j in range(len(lines)):
        F.text(c, lines[j], 4, w.y + 2 + j * F.LINE, colour)
    F.text(c, ind, W - 4 - F.width(ind), w.y + 2, P.GREY)
    more(w, c, 4 + cols * F.ADV, k, len(starts))
    c.mark(w.x, w.y, W, w.h)


def more(w, c, x, k, n):
    """The marker of a prompt in parts, before the page: a track with part k of n lit; none for one
    part."""
    h = w.h - 4
    c.fill_rect(x + 3, w.y + 2, 4, h, P.PANEL)
    if n > 1:
        c.fill_rect(x + 4, w.y + 2, 2, h, P.FELT2)
        c.fill_rect(x + 3, w.y + 2 + h * k // n, 4, max(3, h // n), P.HILITE)
    c.mark(x + 3, w.y + 2, 4, h)


def centre_boxes(W, items, rows):
    """(x, row, label, cards shown, backs shown) per item that fits, left to right, rows filled in
    turn; what does not fit is on the table page."""
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


def centre(w, ws, c, m, sc):
    """The centre items (w) in the rows they need; the rows left over (tall panels) list the other
    seats (ws)."""
    # a new model comes with every change of the game: the same model, nothing to do here
    if w.gen == sc.gen and w.sig is not None:
        return
    w.gen = sc.gen  # a count, not the model: an old model is not kept alive
    if m.ring is not None or m.around:
        # a trick by seat or the table seen from your seat: the family's table module draws it
        from firmware import table

        table.layout(sc.fam).ring(w, ws, c, m, sc)
        return
    W = w.w
    rows = w.h // (FH + 3)
    boxes = centre_boxes(W, m.center, rows)
    used = boxes[-1][1] + 1 if boxes else 0
    ws.y = w.y + used * (FH + 3)
    ws.h = (rows - used) * (FH + 3)
    seats(ws, c, m, sc)
    old = w.sig
    boxes = tuple(boxes)
    if not w.changed(boxes):
        return
    if old and old[-1][1] + 1 == used:
        # the same rows: row by row, what comes before the first change stays on the panel
        for r in range(used):
            row(c, w.y, W, [b for b in old if b[1] == r], [b for b in boxes if b[1] == r])
        return
    h = used * (FH + 3)
    c.fill_rect(w.x, w.y, W, h, P.FELT)
    for b in boxes:
        pile(c, w.y, b, 0, W)
    c.mark(w.x, w.y, W, h)


def pile(c, top, b, j, W):
    """One pile of the centre from its card j on; its label too unless W is 0."""
    x, r, lab, shown, nb = b
    y = top + r * (FH + 3)
    if W:
        F.text(c, F.fit(lab, (W - x) // F.ADV), x, y + 2, P.CREAM)
    x += F.width(lab) + 4
    if not shown and not nb:
        c.slot(x, y, FW, FH)
    for k in range(j, len(shown)):
        face(c, x + k * STEP, y, shown[k])
    x += len(shown) * STEP
    for k in range(nb):
        c.back(x + k * STEP, y, FW, FH)


def row(c, top, W, was, nb):
    """A row of the centre showed boxes was and shows nb: cleared, drawn and marked from the first
    change (the first changed card of a box that kept its place and label)."""
    k = 0
    while k < len(nb) and k < len(was) and nb[k] == was[k]:
        k += 1
    if k == len(nb) == len(was):
        return
    b = nb[k] if k < len(nb) else was[k]
    x0 = b[0]
    j = 0
    if k < len(nb) and k < len(was) and was[k][:3] == b[:3]:
        prev = was[k][3]
        while j < len(b[3]) and j < len(prev) and b[3][j] == prev[j]:
            j += 1
        x0 += F.width(b[2]) + 4 + j * STEP
    y = top + b[1] * (FH + 3)
    c.fill_rect(x0, y, W - x0, FH + 3, P.FELT)
    for i in range(k, len(nb)):
        pile(c, top, nb[i], j if i == k else 0, 0 if i == k and x0 > b[0] else W)
    c.mark(x0, y, W - x0, FH + 3)


def seat_line(c, m, sc, s, cols):
    """One seat in a line: (to play, name, cards in hand, face-up cards or extra text)."""
    cnt, up, extra = m.seats[s]
    rest = extra
    if up:
        rest = card_words(c, up)
    return (s == sc.to_act, F.fit(sc.names[s], 6), cnt, F.words(rest, cols - 11))


def seats(w, c, m, sc):
    """The other seats, one a row, from the one after the shown seat round the table."""
    W = w.w
    n = w.h // (FH + 3)
    lines = []
    me = sc.you
    k = len(sc.names)
    for j in range(k):
        s = (me + 1 + j) % k
        if s != me and len(lines) < n:
            lines.append(seat_line(c, m, sc, s, (W - 4) // F.ADV))
    old = w.sig
    if not w.changed((w.y, n, lines)):
        return
    if n <= 0:
        if w.h > 0:
            c.fill_rect(w.x, w.y, W, w.h, P.FELT)
            c.mark(w.x, w.y, W, w.h)
        return
    if old is not None and old[0] == w.y and old[1] == n and len(old[2]) == len(lines):
        # the same rows: only the lines that changed
        was = old[2]
        for j in range(len(lines)):
            if was[j] != lines[j]:
                _seat(c, W, w.y + j * (FH + 3), lines[j], was[j])
        return
    c.fill_rect(w.x, w.y, W, w.h, P.FELT)
    c.mark(w.x, w.y, W, w.h)
    for j in range(len(lines)):
        _seat(c, W, w.y + j * (FH + 3), lines[j], None)


def _seat(c, W, y, line, was):
    """A seat's line at y; was: what the line showed (None: plain felt)."""
    active, nm, cnt, rest = line
    if was is not None and was[2:] == line[2:]:
        W = 7 * F.ADV  # only whose turn moved: the marker and the name
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


def fan(W, n, big):
    """(the step from card to card, how many show with no count, with one, with two) for n cards in
    W px: side by side when they fit, else fanned to their corner strips, else beside the counts
    of the cards hidden beyond either end."""
    cw, step, least = (BW, BSTEP, BFAN) if big else (FW, STEP, FAN)
    room = W - 4
    if n > 1 and (n - 1) * step + cw > room:
        step = (room - cw) // (n - 1)
    if step >= least:
        return step, n, n, n
    return least, 0, (room - MARK - cw) // least + 1, (room - 2 * MARK - cw) // least + 1


def window(n, cur, first, one, two):
    """The first card shown of a hand too large for the fan, keeping the cursor's card (cur; -1: in
    the menu, first: the one shown until now) in view with a card beyond it."""
    if cur < 0:
        k = first
        if k <= 0 or k >= n - one:
            return 0 if k <= 0 else n - one
        return max(1, min(n - two - 1, k))
    if cur < one - 1:
        return 0
    if cur > n - one:
        return n - one
    return max(1, min(n - two - 1, cur - two // 2))


def hand(w, c, m, h, sc):
    """The viewer's cards (h: the human input on their turn, else None), side by side or fanned,
    the bigger faces on tall panels; a hand too large shows the cards round the cursor with
    counts of the hidden ones. The cursor's card is framed with a bar under it, a selected one
    raised, one that cannot be played dimmed. Each card is drawn as its strip, so a cursor move
    redraws two cards."""
    W = w.w
    y = w.y
    cards = m.hand
    n = len(cards)
    cur = h.cur if h is not None else -1
    hidden = sc.me < 0  # humans share the console and none holds it: no hand shows
    big = w.h >= BH + 6
    cw = BW if big else FW
    step, fits, one, two = fan(W, n, big)
    first = 0
    x0 = 2
    shown = n
    if n > fits:
        first = window(n, cur if cur < n else -1, w.first, one, two)
        shown = one if first == 0 or first == n - one else two
        if first:
            x0 = MARK + 2
    w.first = first
    dimming = h is not None and h.cardacts
    cells = []
    if not hidden:
        for k in range(shown):
            i = first + k
            cells.append(
                (
                    x0 + k * step,
                    cards[i],
                    bool(dimming and not h.ok[i]),
                    i == cur,
                    h is not None and i in h.sel,
                    cw if k == shown - 1 else min(step, cw),  # the strip in view
                )
            )
    after = n - first - shown
    deco = (hidden, n == 0, first, after, x0, big, step)
    old = w.sig
    olddeco = w.deco
    w.sig = cells
    w.deco = deco
    # the bigger face's rank and pip: centred in the strip, 3 px from the edge at least
    off = (min(step, BW) - F.W) // 2 if big else 2
    if off < 3:
        off = 3
    if old is None or olddeco != deco:
        c.fill_rect(w.x, y, W, w.h, P.FELT)
        c.mark(w.x, y, W, w.h)
        if hidden:
            return
        if n == 0:
            F.text(c, F.fit("No cards in hand", (W - 8) // F.ADV), 4, y + 4, P.GREY)
            return
        ch = BH if big else FH
        if first > 0:
            _more(c, 2, y, ch, first, 0)
        if after > 0:
            _more(c, W - MARK, y, ch, after, 2)
        for cell in cells:
            _cell(c, y, cell, big, off)
        return
    # a card played shifts the cards after it left: those cells change, the left part does not;
    # from the right end leftwards, as a strip never reaches into the cells before it
    for k in range(max(len(cells), len(old)) - 1, -1, -1):
        cell = cells[k] if k < len(cells) else None
        was = old[k] if k < len(old) else None
        if was != cell:
            x = x0 + k * step
            wd = max(cell[5] if cell is not None else 0, was[5] if was is not None else 0)
            c.fill_rect(x, y, wd, w.h, P.FELT)
            if cell is not None:
                _cell(c, y, cell, big, off)
            c.mark(x, y, wd, w.h)


def _more(c, x, y, h, k, out):
    """The count k of hand cards out of view on this side: two card backs, the one behind offset
    (out: 0 left, 2 right), the count on the front one."""
    bw = MARK - 2
    c.fill_rect(x + out, y + 1, bw, h, P.BACK)
    c.rect(x + out, y + 1, bw, h, P.BACK2)
    x += 2 - out
    c.fill_rect(x, y + 3, bw, h, P.BACK)
    c.rect(x, y + 3, bw, h, P.BACK2)
    t = "%d" % min(k, 99)
    F.text(c, t, x + (bw - F.width(t)) // 2 + 1, y + 3 + (h - F.CAP) // 2, P.CREAM)


def _cell(c, y, cell, big, off):
    x, cd, dim, cur, raised, vis = cell
    fanned(c, x, y if raised else y + 3, cd, dim, cur or raised, big, vis, off)
    if cur:
        c.fill_rect(x, y + (BH if big else FH) + 4, vis, 2, P.HILITE)


def menu_rows(w, h, sc, lines, cols):
    """((text, colour) per menu line, the highlighted line or -1): the human input's choices
    (scrolled to the cursor), then the latest news; when it is not your turn, who plays and the
    news."""
    rows = []
    hi = -1
    if h is not None and h.acts is not None:
        nh = len(h.hand)
        n = len(h.acts) + 1  # the choices, then the pages entry
        cur = h.cur - nh
        top = 0
        if cur >= lines:
            top = cur - lines + 1
        if cur == n - 1 and cur + 1 >= lines:
            top = cur - lines + 2  # on the last entry: the line that says what B does too
        if cur >= 0:
            hi = cur - top
        for i in range(top, min(n, top + lines)):
            # said in words only when a line shows them: a hand of 10 can offer 30 plays
            x = F.fit(NAV, cols) if i == n - 1 else h.line(i, cols, short)
            rows.append((x, P.WHITE))
    else:
        s = sc.to_act
        if sc.over:
            rows.append(("Game over", P.CREAM))
        elif s >= 0:
            who = F.fit(sc.names[s], cols - 7)
            rows.append((who + (" thinks" if sc.bot else " to play"), P.CREAM))
            if sc.hurry:
                rows.append((F.fit("A: hurry the bots", cols), P.GREY))
    if len(rows) < lines and not sc.over:
        rows.append(("B: pause menu", P.GREY))
    room = lines - len(rows)
    if room > 0:
        # the latest news, each whole; worked out when the log or the room changed, not every
        # drawing
        key = (sc.logn, room, cols)
        nc = w.newsc
        if nc is None or nc[0] != key:
            news = []
            lg = sc.log
            i = len(lg) - 1
            while i >= 0 and i >= len(lg) - room:
                wl = wrap(lg[i], cols)
                if len(wl) + len(news) > room:
                    break
                news = wl + news
                i -= 1
            w.newsc = nc = (key, news)
        news = nc[1]
        for x in news:
            rows.append((x, P.GREY))
    return rows, hi


def menu(w, c, h, sc):
    """The menu lines (each redrawn only when its text changed) and the cursor's frame (a move
    redraws two frames, no text)."""
    W = w.w
    my = w.y
    lines = w.h // F.LINE
    cols = (W - 12) // F.ADV
    rows, hi = menu_rows(w, h, sc, lines, cols)
    old = w.sig
    ohi = w.hi
    w.sig = rows
    w.hi = hi
    if old is None:
        c.fill_rect(w.x, my, W, w.h, P.PANEL)
        c.mark(w.x, my, W, w.h)
        old = []
        ohi = -1
    if old and len(old) == lines and len(rows) == lines and hi < 0 and ohi < 0:
        # the news moved on: the lines that show what the next line showed are copied up
        j0 = lines - 1
        while j0 > 0 and rows[j0 - 1] == old[j0] and rows[j0 - 1] != old[j0 - 1]:
            j0 -= 1
        if j0 < lines - 1:
            for j in range(j0, lines - 1):
                c.copy_rows(my + (j + 1) * F.LINE, my + j * F.LINE, F.LINE)
            # what changed lies within the longest of the lines moved
            c.mark(4, my + j0 * F.LINE, longest(old[j0:], W), (lines - 1 - j0) * F.LINE)
            old = old[:j0] + old[j0 + 1 :] + [old[-1]]  # the last line still shows its own
    for j in range(lines):
        r = rows[j] if j < len(rows) else None
        o = old[j] if j < len(old) else None
        if r == o:
            continue
        yy = my + j * F.LINE
        if r is not None and o is not None and r[1] == o[1]:
            F.retext(c, 6, yy + 2, o[0], r[0], r[1], P.PANEL)
            continue
        wd = longest((o, r), W)
        c.fill_rect(4, yy + 1, wd, F.LINE - 2, P.PANEL)
        if r is not None:
            F.text(c, r[0], 6, yy + 2, r[1])
        c.mark(4, yy, wd, F.LINE)
    if ohi != hi:
        for j, col in ((ohi, P.PANEL), (hi, P.HILITE)):
            if 0 <= j < lines:
                _frame(c, W, my + j * F.LINE, col)


def longest(rows, W):
    """The width from x 4 that holds the text of every menu line of rows (None: empty)."""
    n = 0
    for r in rows:
        if r is not None and len(r[0]) > n:
            n = len(r[0])
    return min(W - 5, n * F.ADV + 4)


def _frame(c, W, y, col):
    """The menu cursor: a frame round the line at y, with a bar at its left end."""
    c.rect(0, y, W, F.LINE, col)
    c.fill_rect(1, y + 1, 3, F.LINE - 2, col)
    # its edges only: the text inside did not change, so a cursor move sends a fraction of the
    # lines
    c.mark(0, y, 4, F.LINE)
    c.mark(4, y, W - 4, 1)
    c.mark(4, y + F.LINE - 1, W - 4, 1)
    c.mark(W - 2, y + 1, 2, F.LINE - 2)


def hand_page(p, c, m, sc, h, tip, page, now):
    """The hand page (h: the holder's input on their turn, else None; tip: a hint, or ""): each
    widget redraws what changed. The cards and the centre come first; when they send an eighth
    of the panel or more (a move), the prompt and the menu follow in the next frame at once
    (True: Play.owed), so the card reaches the pile sooner on slow links. A page drawn afresh is
    one frame."""
    hand(p[_CARDS], c, m, h, sc)
    centre(p[_CENTRE], p[_SEATS], c, m, sc)
    top = p[_PROMPT]
    mw = p[_MENU]
    if top.sig is not None and mw.sig is not None and _area(c.dirty) * 8 >= c.width * c.height:
        return True
    if tip:
        prompt(top, c, tip, P.HILITE, page, now)
    else:
        prompt(top, c, m.status, P.CREAM, page, now)
    menu(mw, c, h, sc)
    return False


def _area(d):
    """The pixels of the dirty rectangles d."""
    n = 0
    for r in d:
        n += r[2] * r[3]
    return n
