"""The pass-and-play hand-over screen drawn over the table (it shows only public news and no
card) and its cue, the view of firmware.turn's hand-over clock (the clock and the keys are the
controller's). Loaded while the hand-over is up (firmware.play's needs): while A is held, the
bar moves on every frame.
"""

from firmware import palette as P
from firmware.ui import wrap


def paint(play, c):
    """The hand-over screen of play (firmware.play): whom to pass to, the public news since
    their last turn, and the cue of the controller's clock, each drawn when it changed."""
    t = play.turn
    s = t.g.to_act
    news = t.log[-(t.logn - t.heard[s]) :] if t.logn > t.heard[s] else []
    # the cue: 0 wait, 1 hold A, 2..9 the bar filling while A is held
    stage = 0
    if t.armed():
        stage = 1
        if t.a_down >= 0:
            from firmware.turn import HOLD_MS

            stage = 2 + min(7, (t.app.now - t.a_down) * 8 // HOLD_MS)
    key = (s, tuple(news))
    fresh = play.sig.get("privacy") != key
    whole = play.changed("privacy", key)
    # news longer than its place: a part at a time, in turn (every TURN_MS), each line whole
    q = t.app.now // TURN_MS
    part = q % play.sig.get("parts", 1)
    if not whole and play.changed("part", part):
        news_part(play, c, news, part)
    if not whole and not play.changed("cue", stage):
        return
    if whole:
        # the clock of ARM_MS starts when the screen is on the panel: a slow first frame (a
        # resume loads the table) must not eat the time in which presses do not count; a
        # repaint of the same hand-over (a wake from the dimmed screen) keeps its clock
        if fresh:
            t.priv_at = -1
        # what the table last drew is not held meanwhile: drawn afresh for the next player
        play.forget()
        play.sig = {"privacy": key, "cue": stage}
        privacy(c, t.names[s])
        news_part(play, c, news, q)
        play.sig["part"] = q % play.sig.get("parts", 1)
    cue(c, t.names[s], stage)


TURN_MS = 2500  # one part of news too long for the hand-over screen (firmware.play's)


def news_part(play, c, news, part):
    """The public news since the next player's last turn, under "Since your last turn:", whole
    lines only: part k of them when they need more room than the screen has."""
    from firmware import bigfont as F

    W, H = c.width, c.height
    cols = (W - 8) // F.ADV
    y = 6 + (1 if H < SHORT_H else 2) * F.LINE
    room = (H - 3 * F.LINE - 6 - y) // F.LINE
    c.fill_rect(0, y, W, room * F.LINE, P.PANEL)
    c.mark(0, y, W, max(1, room * F.LINE))
    if not news or room <= 0:
        return
    lines = []
    for t in news:
        lines += wrap(t, cols)
    if room > 1 and len(lines) < room:
        F.text(c, F.pick(("Since your last turn:", "Since your turn:"), cols), 4, y, P.CREAM)
        y += F.LINE
        room -= 1
    n = (len(lines) + room - 1) // room
    play.sig["parts"] = n  # part: the time's count of TURN_MS, taken modulo n
    k = (part % n) * room
    for ln in lines[k : k + room]:
        F.text(c, ln, 4, y, P.WHITE)
        y += F.LINE


def privacy(c, name):
    """The hand-over screen in the large face (firmware.bigfont): whom to pass the console to
    (the news under it is news_part()'s, the prompt at the bottom cue()'s)."""
    from firmware import bigfont as F

    W, H = c.width, c.height
    cols = (W - 8) // F.ADV
    c.fill_rect(0, 0, W, H, P.PANEL)
    c.mark_all()
    if H < SHORT_H:  # one line for whom, two for the news
        x = F.text(c, "Pass to ", 4, 3, P.GREY)
        F.text(c, name, x, 3, P.HILITE)
        return
    F.text(c, F.fit("Pass the console to", cols), 4, 3, P.GREY)
    F.text(c, name, (W - F.width(name)) // 2, 3 + F.LINE, P.HILITE)


SHORT_H = 200  # a panel this short says whom to pass to in one line


def cue(c, name, stage):
    """The hand-over prompt at the bottom: stage 0 while presses do not count yet, 1 "hold A",
    2..9 a bar filling while A is held (the next hand shows when it is full)."""
    from firmware import bigfont as F

    W, H = c.width, c.height
    cols = (W - 8) // F.ADV
    y = H - 3 * F.LINE - 4
    c.fill_rect(0, y, W, 3 * F.LINE + 4, P.PANEL)
    c.mark(0, y, W, 3 * F.LINE + 4)
    if stage == 0:
        F.text(c, F.fit("Pass it to " + name, cols), 4, y + 2, P.GREY)
        return
    F.text(c, F.fit("Hold A: see cards", cols), 4, y + 2, P.HILITE)
    bw = W - 8
    c.rect(4, y + F.LINE + 4, bw, 10, P.GREY)
    if stage > 1:
        c.fill_rect(5, y + F.LINE + 5, (bw - 2) * (stage - 1) // 8, 8, P.HILITE)
    F.text(c, F.fit("B: pause menu", cols), 4, y + 2 * F.LINE + 2, P.GREY)
