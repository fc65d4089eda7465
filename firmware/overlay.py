"""The two screens drawn over the table: the round-over panel and the pass-and-play privacy
screen (which shows only public news and no card). Loaded while drawing them."""
from firmware import palette as P
from firmware.gfx import CW
from firmware.ui import LH, wrap, fit


def panel(play, c):
    W, H = c.width, c.height
    bw = W - 20
    lines = []
    for t in play.panel:
        lines += wrap(t, bw // CW - 2)
    lines = lines[-((H - 60) // LH):]
    bh = (len(lines) + 3) * LH
    x = 10
    y = (H - bh) // 2
    c.fill_rect(x, y, bw, bh, P.PANEL)
    c.rect(x, y, bw, bh, P.HILITE)
    c.text("Round over", x + 6, y + 4, P.HILITE)
    for j in range(len(lines)):
        c.text(lines[j], x + 6, y + 4 + (j + 1) * LH, P.WHITE)
    c.text("A: continue", x + 6, y + bh - LH - 1, P.GREY)
    c.mark(x, y, bw, bh)


def privacy(play, c, s, news):
    W, H = c.width, c.height
    c.fill_rect(0, 0, W, H, P.PANEL)
    c.mark_all()
    play.sig = {"privacy": (s, tuple(news))}
    c.text("Pass the console to", 6, 6, P.GREY)
    nm = play.names[s]
    c.text(nm, (W - len(nm) * CW * 2) // 2, 22, P.HILITE, None, 2)
    y = 44
    if news:
        c.text("Since your last turn:", 6, y, P.CREAM)
        y += LH + 2
        lines = []
        for t in news:
            lines += wrap(t, W // CW - 2)
        room = (H - y - 2 * LH - 4) // LH
        for ln in lines[-room:] if room > 0 else []:
            c.text(ln, 6, y, P.WHITE)
            y += LH
    c.text(fit("%s: press A to see your cards" % nm, W // CW - 1), 6, H - 2 * LH - 2, P.HILITE)
    c.text("B: pause menu", 6, H - LH - 1, P.GREY)
