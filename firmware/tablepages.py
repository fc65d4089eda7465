"""The table's other pages: the table page (the public state in words), the log page, the public
account shown before a human has the console, and the round-over panel. Drawn from the shown seat's
Model and the table's Scene only, never the turn controller or the game; the text pages draw on the
whole panel's widget. Loaded only while one of them is drawn.
"""

from firmware import bigfont as F
from firmware import palette as P
from firmware.cardtext import card_words
from firmware.ui import spans, wrap


def table_lines(c, m, sc):
    """The public state in words: every seat, then the centre."""
    out = []
    if m.status:
        out.append((m.status, P.CREAM))
    if m.points:
        out.append((m.points, P.CREAM))
    who = sc.to_act
    me = sc.me
    for s in range(len(sc.names)):
        cnt, up, extra = m.seats[s]
        t = ("> " if s == who else "") + sc.names[s]
        if s == me:
            t += " (you)"
        out.append((t, P.HILITE if s == who else P.WHITE))
        d = "%d in hand" % cnt
        if extra:
            d += ", " + extra
        out.append(("  " + d, P.GREY))
        if up:
            out.append(("  " + card_words(c, up), P.WHITE))
    if m.words:
        for x in m.words:
            out.append((x, P.WHITE))
    for lab, cards_, backs, most in m.center:
        t = lab
        if cards_:
            t += ": " + card_words(c, cards_[-8:])
        out.append((t, P.CREAM))
    return out


def text_page(w, c, title, lines, kind, page, scroll, pages):
    """A page of lines (text, colour) wrapped to the panel and scrolled to line scroll (-1: the
    end) on widget w. title: a text or (text, shorter text); page of pages shown beside it. Returns
    the scroll, kept within the text."""
    W, H = c.width, c.height
    cols = (W - 8) // F.ADV
    # only the lines shown are cut out: a long log's lines made at every draw would break up the
    # heap
    total = 0
    for t, col in lines:
        total += len(spans(t, cols)) >> 1
    fit_ = (H - F.LINE - 2) // F.LINE
    most = max(0, total - fit_)
    if scroll < 0 or scroll > most:
        scroll = most
    top = scroll
    rows = []
    k = 0
    for t, col in lines:
        if k >= top + fit_:
            break
        sp = spans(t, cols)
        n = len(sp) >> 1
        for i in range(max(0, top - k), min(n, top + fit_ - k)):
            rows.append((t[sp[2 * i] : sp[2 * i + 1]], col))
        k += n
    shown = tuple(rows)
    rows = None
    ind = "%d/%d" % (page + 1, pages)
    if not w.changed((kind, shown, top, most, ind)):
        return top
    c.fill_rect(0, 0, W, F.LINE, P.PANEL)
    room = cols - len(ind) - 1
    if not isinstance(title, str):
        title = title[0] if len(title[0]) <= room else title[1]
    F.text(c, F.fit(title, room), 4, 2, P.CREAM)
    F.text(c, ind, W - 4 - F.width(ind), 2, P.GREY)
    c.fill_rect(0, F.LINE, W, H - F.LINE, P.FELT)
    for j in range(len(shown)):
        F.text(c, shown[j][0], 4, F.LINE + 2 + j * F.LINE, shown[j][1])
    if most:  # where in the page: a bar
        bh = H - F.LINE - 4
        th = max(6, bh * fit_ // total)
        c.fill_rect(W - 3, F.LINE + 2 + (bh - th) * top // most, 2, th, P.GREY)
    c.mark_all()
    return top


def wait_page(w, c, sc, page, pages):
    """Before a human has taken the console: only the public account, at its end."""
    s = sc.to_act
    lines = [("%s is playing" % sc.names[s] if s >= 0 else "", P.CREAM)]
    for x in sc.log:
        lines.append((x, P.WHITE))
    return text_page(w, c, (sc.title, sc.short), lines, 0, page, -1, pages)


def table_page(w, c, m, sc, page, scroll, pages):
    return text_page(w, c, "Table: B back", table_lines(c, m, sc), 1, page, scroll, pages)


def log_page(w, c, sc, page, scroll, pages):
    lines = [(x, P.WHITE) for x in sc.log] or [("Nothing yet", P.GREY)]
    return text_page(w, c, "Log: B back", lines, 2, page, scroll, pages)


def round_panel(c, panel, pp):
    """The round-over panel in the large face; pp: [the part shown, how many] (A for the next)."""
    W, H = c.width, c.height
    cols = (W - 8) // F.ADV
    lines = []
    for t in panel:
        lines += wrap(t, cols)
    room = max(1, (H - 2 * F.LINE - 8) // F.LINE)
    pp[1] = (len(lines) + room - 1) // room
    if pp[0] >= pp[1]:
        pp[0] = 0
    k = pp[0] * room
    lines = lines[k : k + room]
    c.fill_rect(0, 0, W, H, P.PANEL)
    c.rect(0, 0, W, H, P.HILITE)
    t = "Round over"
    if pp[1] > 1:
        t += " %d/%d" % (pp[0] + 1, pp[1])
    F.text(c, t, 4, 3, P.HILITE)
    for j in range(len(lines)):
        F.text(c, lines[j], 4, 3 + (j + 1) * F.LINE, P.WHITE)
    more = pp[0] + 1 < pp[1]
    F.text(c, "A: more" if more else "A or B: continue", 4, H - F.LINE - 2, P.GREY)
    c.mark_all()
