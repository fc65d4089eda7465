"""The Schieber score board, after the Jasstafel: the teams with their match totals and bars to the
target (or of the hands played), then each hand's points per team with its marks (W Weis, S Stoeck,
M Match) explained under them. Drawn between hands and from the pause menu (Board), from the turn
controller's public record of the hands (Turn.board) and public totals only. Loaded while shown.
"""

from firmware import bigfont as F
from firmware import palette as P
from firmware.ui import Screen
from firmware import keys as K
from firmware.tables import JASS_MODES, SWISS_NAMES
from firmware.tables.jass import team, team_score  # the table's module, loaded with the game

_MODE_CODES = ("C", "D", "H", "S", "obenabe", "undenufe")
# the fields of a hand's record (Turn.board)
_NO = 0
_MODE = 1
_POINTS = 2
_WEIS = 3
_STOECK = 4
_MATCH = 5
_MULT = 6


def team_names(names, t):
    return team(names[t], names[t + 2], 99)


def hand_total(h, t):
    """What hand record h added to team t's total: card points, Weis and Stoeck, times the
    multiplier (as engine.jass finish_hand)."""
    return (h[_POINTS][t] + h[_WEIS][t] + h[_STOECK][t]) * h[_MULT]


def marks(h, t):
    m = ""
    if h[_WEIS][t]:
        m += "W"
    if h[_STOECK][t]:
        m += "S"
    if h[_MATCH] == t:
        m += "M"
    return m


def rows(board):
    """(hand number, (total, marks) of team 1, of team 2) per hand recorded."""
    out = []
    for h in board:
        out.append((h[_NO], (hand_total(h, 0), marks(h, 0)), (hand_total(h, 1), marks(h, 1))))
    return out


def progress(v, t):
    """(done, whole): team t's total and the target, or the hands played and their number."""
    if v["hands"]:
        return (v["hand_no"] - (0 if v["over"] else 1), v["hands"])
    return (v["scores"][t], v["target"])


def mode_words(code, swiss):
    m = _MODE_CODES.index(code)
    if m < 4:
        return "trump " + (SWISS_NAMES[m] if swiss else JASS_MODES[m])
    return JASS_MODES[m]


def lines(names, board, v, swiss=False):
    """The board in words (the pause menu's details page)."""
    sc = v["scores"]
    out = []
    for t in (0, 1):
        d, whole = progress(v, t)
        if v["hands"]:
            out.append("%s: %d points" % (team_names(names, t), sc[t]))
        else:
            out.append("%s: %d of %d points" % (team_names(names, t), sc[t], whole))
    if v["hands"]:
        out.append("Hands played: %d of %d" % progress(v, 0))
    if len(board) < v["hand_no"] - (0 if v["over"] else 1):
        out.append("(Hands before the game was resumed are in the totals only.)")
    for h in board:
        out.append("")
        t = "Hand %d, %s" % (h[_NO], mode_words(h[_MODE], swiss))
        if h[_MULT] > 1:
            t += ", counts x%d" % h[_MULT]
        out.append(t + ":")
        for k in (0, 1):
            s = "%s: %d" % (team_names(names, k), h[_POINTS][k])
            if h[_MATCH] == k:
                s += " (Match: 100 of them)"
            if h[_WEIS][k]:
                s += " + Weis %d" % h[_WEIS][k]
            if h[_STOECK][k]:
                s += " + Stoeck %d" % h[_STOECK][k]
            if h[_MULT] > 1:
                s += " = %d x%d" % (hand_total(h, k) // h[_MULT], h[_MULT])
            if hand_total(h, k) != h[_POINTS][k]:
                s += " = %d" % hand_total(h, k)
            s += " points"
            out.append("  " + s)
    out.append("")
    out.append("On the board: W Weis, S Stoeck, M Match (all nine tricks).")
    return out


# the marks on the board, explained under the hands that show them
_MARKS = (("W", "Weis"), ("S", "Stoeck"), ("M", "Match"))


def legend(rs, cols):
    """The marks of rows rs explained, as lines of (mark, word) pairs in cols characters; [] when
    none."""
    seen = ""
    for no, a, b in rs:
        seen += a[1] + b[1]
    out = []
    line = []
    n = 0
    for mk, word in _MARKS:
        if mk not in seen:
            continue
        k = len(mk) + 1 + len(word)
        if line and n + 2 + k > cols:
            out.append(line)
            line = []
            n = 0
        n += (2 if line else 0) + k
        line.append((mk, word))
    if line:
        out.append(line)
    return out


def paint(c, names, board, v, title, foot):
    """The board over the whole panel in the large face: the title; the teams with totals and bars
    (on a short panel in the columns' heading); the hands in a column a team; the marks explained
    below."""
    W, H = c.width, c.height
    cols = (W - 8) // F.ADV
    c.fill_rect(0, 0, W, H, P.PANEL)
    c.rect(0, 0, W, H, P.HILITE)
    d, whole = progress(v, 0)
    goal = ("of %d hands" % whole) if v["hands"] else ("to %d" % whole)
    F.text(c, F.pick(title, cols - len(goal) - 1), 4, 3, P.HILITE)
    F.text(c, goal, W - 4 - F.width(goal), 3, P.GREY)
    y = 3 + F.LINE
    sc = v["scores"]
    xa = 4 + 2 * F.ADV + 6
    cw = (W - 8 - xa) // 2  # a column, 4 px, the rule, 3 px to the next
    cc = (cw - 2) // F.ADV
    yh = y
    if H >= 200:
        for t in (0, 1):
            tot = "%d" % sc[t]
            F.text(c, team(names[t], names[t + 2], cols - len(tot) - 1), 4, y, P.WHITE)
            F.text(c, tot, W - 4 - F.width(tot), y, P.CREAM)
            _bar(c, v, t, 4, y + F.H, W - 8)
            y += F.LINE
        c.fill_rect(4, y + 1, W - 8, 1, P.GREY)
        y += 4
        yh = y
        for t in (0, 1):
            F.text(c, team(names[t], names[t + 2], cc), xa + t * (cw + 4), y, P.CREAM)
    else:
        # one line: each column headed by its team's name and total
        for t in (0, 1):
            x = xa + t * (cw + 4)
            F.text(c, team_score(names[t], names[t + 2], sc[t], cc), x, y, P.CREAM)
            _bar(c, v, t, x, y + F.H, cw - 6)
    y += F.LINE + 2
    room = (H - F.LINE - 2 - y) // F.LINE
    rs = rows(board)
    shown = rs[-room:] if room > 0 else []
    lg = legend(shown, cols)
    if lg:
        shown = rs[-(room - len(lg)) :] if room > len(lg) else []
        lg = legend(shown, cols)
    for no, a, b in shown:
        F.text(c, "%d" % no, 4, y, P.GREY)
        for t, (pts, mk) in ((0, a), (1, b)):
            x = F.text(c, "%d" % pts, xa + t * (cw + 4), y, P.WHITE)
            if mk:
                F.text(c, mk, x + 4, y, P.HILITE)
        y += F.LINE
    c.fill_rect(xa + cw - 1, yh, 1, y - yh, P.GREY)
    for line in lg:
        x = 4
        for mk, word in line:
            x = F.text(c, mk, x, y, P.HILITE)
            x = F.text(c, word, x + F.ADV - 2, y, P.GREY) + 2 * F.ADV - 2
        y += F.LINE
    F.text(c, F.fit(foot, cols), 4, H - F.LINE - 2, P.GREY)
    c.mark_all()


def _bar(c, v, t, x, y, w):
    """Team t's way to the target (or the hands played) as a bar w px wide."""
    d, whole = progress(v, t)
    c.fill_rect(x, y, w, 3, P.DIM)
    if whole > 0:
        c.fill_rect(x, y, w * min(d, whole) // whole, 3, P.HILITE)


def public_view(turn):
    """A view for the board's public totals (only scores, target and hands are read: every seat
    sees them)."""
    s = turn.shown_seat()
    return turn.game.view(s if s >= 0 else 0)


def panel(c, names, board, v):
    """Between hands: the round panel of a Schieber table."""
    no = board[-1][_NO]
    paint(c, names, board, v, ("Hand %d over" % no, "Hand %d" % no), "A or B: continue")


class Board(Screen):
    """The score board from the pause menu: B back, A the details in words and the signs."""

    def __init__(self, app, pause):
        Screen.__init__(self, app)
        self.pause = pause

    def needs(self):
        return Screen.needs(self) + self.pause.needs()

    def below(self):
        return self.pause

    def key(self, k):
        if k & K.B:
            self.app.go(self.pause)
        elif k & K.A:
            from firmware.textui import TextScreen

            from firmware.legend import LEGEND

            t = self.pause.play.turn
            out = lines(t.names, t.board, public_view(t), t.swiss)
            out.append("")
            out.append(LEGEND)
            self.app.go(TextScreen(self.app, ("Scores and signs", "Scores"), out, self))

    def paint(self, c):
        t = self.pause.play.turn
        foot = "A: words B: back"
        if self.changed("title", ("Score board", foot)):
            paint(c, t.names, t.board, public_view(t), ("Score board", "Scores"), foot)
