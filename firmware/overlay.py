"""The two screens drawn over the table: the round-over panel and the pass-and-play privacy
screen (which shows only public news and no card), and the table's repair when the panel
closes. Loaded while drawing them."""

from firmware import palette as P
from firmware.gfx import CW
from firmware.ui import BAR, LH, wrap


def panel(play, c):
    W, H = c.width, c.height
    bw = W - 20
    lines = []
    for t in play.panel:
        lines += wrap(t, bw // CW - 2)
    lines = lines[-((H - 60) // LH) :]
    bh = (len(lines) + 3) * LH
    x = 10
    y = (H - bh) // 2
    c.fill_rect(x, y, bw, bh, P.PANEL)
    c.rect(x, y, bw, bh, P.HILITE)
    c.text("Round over", x + 6, y + 4, P.HILITE)
    for j in range(len(lines)):
        c.text(lines[j], x + 6, y + 4 + (j + 1) * LH, P.WHITE)
    c.text("A or B: continue", x + 6, y + bh - LH - 1, P.GREY)
    c.mark(x, y, bw, bh)
    play.panel_rect = (x, y, bw, bh)


def privacy(play, c, s, news):
    """The hand-over screen in the large face (firmware.bigfont): whom to pass the console to and
    the public news since their last turn; the prompt at the bottom is cue()'s."""
    from firmware import bigfont as F

    W, H = c.width, c.height
    cols = (W - 8) // F.ADV
    c.fill_rect(0, 0, W, H, P.PANEL)
    c.mark_all()
    play.sig = {"privacy": (s, tuple(news))}
    F.text(c, F.fit("Pass the console to", cols), 4, 3, P.GREY)
    nm = play.names[s]
    F.text(c, nm, (W - F.width(nm)) // 2, 3 + F.LINE, P.HILITE)
    y = 6 + 2 * F.LINE
    room = (H - 3 * F.LINE - 6 - y) // F.LINE
    if news and room > 0:
        lines = []
        for t in news:
            lines += wrap(t, cols)
        if room > 1:
            F.text(c, F.fit("Since your last turn:", cols), 4, y, P.CREAM)
            y += F.LINE
            room -= 1
        for ln in lines[-room:]:
            F.text(c, ln, 4, y, P.WHITE)
            y += F.LINE


def cue(play, c, s, stage):
    """The hand-over prompt at the bottom: stage 0 while presses do not count yet, 1 "hold A",
    2..9 a bar filling while A is held (the next hand shows when it is full)."""
    from firmware import bigfont as F

    W, H = c.width, c.height
    cols = (W - 8) // F.ADV
    y = H - 3 * F.LINE - 4
    c.fill_rect(0, y, W, 3 * F.LINE + 4, P.PANEL)
    c.mark(0, y, W, 3 * F.LINE + 4)
    if stage == 0:
        F.text(c, F.fit("Pass it to " + play.names[s], cols), 4, y + 2, P.GREY)
        return
    F.text(c, F.fit("Hold A: see cards", cols), 4, y + 2, P.HILITE)
    bw = W - 8
    c.rect(4, y + F.LINE + 4, bw, 10, P.GREY)
    if stage > 1:
        c.fill_rect(5, y + F.LINE + 5, (bw - 2) * (stage - 1) // 8, 8, P.HILITE)
    F.text(c, F.fit("B: pause menu", cols), 4, y + 2 * F.LINE + 2, P.GREY)


def uncover(play, r):
    """The round panel (rectangle r) closes: felt under it, and every part of the table it
    covered is drawn again in full; the rest of the screen stays as it is."""
    c = play.app.canvas
    c.fill_rect(r[0], r[1], r[2], r[3], P.FELT)
    c.mark(r[0], r[1], r[2], r[3])
    y0 = r[1]
    y1 = r[1] + r[3]
    W, H, cw, ch, cols, seats_y, nmsg, msg_y, hand_y, cy, mw = play.lay
    sig = play.sig
    sig.pop("panel", None)
    if y0 < BAR:
        sig.pop("title", None)
    # the menu's panel colour where the round panel covered it
    mx = W - mw
    my1 = hand_y - 2
    if y1 > cy and y0 < my1 and r[0] + r[2] > mx:
        ya = y0 if y0 > cy else cy
        yb = y1 if y1 < my1 else my1
        c.fill_rect(mx, ya, r[0] + r[2] - mx, yb - ya, P.PANEL)
    rows = (len(play.kinds) - (1 if play.humans else 0) + cols - 1) // cols
    ml = sig.get("ml")  # the menu lines (0: to draw afresh)
    if ml is not None:
        for j in range(len(ml)):
            yy = cy + j * LH
            if yy < y1 and yy + LH > y0:
                ml[j] = 0
                sig.pop("menu", None)
    for k in list(sig):
        if not isinstance(k, tuple):
            continue
        # a seat row (its exact place does not matter much)
        if y0 < seats_y + rows * 11 and y1 > seats_y:
            del sig[k]
    if y1 > cy and y0 < hand_y:
        sig.pop("center", None)
        play.boxes = []
    if y1 > hand_y - 1 and y0 < hand_y + ch + 6:
        sig.pop("hand", None)
        play.hand_cells = None
    if y1 > msg_y:
        sig.pop("msg", None)
