"""The pass-and-play privacy screen drawn over the table (it shows only public news and no
card) and its cue. Loaded while drawing it."""

from firmware import palette as P
from firmware.ui import wrap


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
