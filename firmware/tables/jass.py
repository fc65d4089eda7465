"""Table model of the jass family from one seat's view: the trick laid out by seat (ring, the hand
page's centre) and announced Weis in words. The family's answers to generic firmware (SWISS,
usual_trump, board_row, said, BOARD, RESULT) are here too: docs/CONTRIBUTING.md, "Adding a game".
"""

from firmware.tables import Model, JASS_MODES, SWISS_NAMES
from firmware import bigfont as F
from firmware import palette as P

# Weis as players say them ("four in a row to the King")
_COUNT = ("three", "four", "five", "six", "seven", "eight", "nine")
_RANK = ("Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen", "King", "Ace")
_SWISS_RANK = ("Six", "Seven", "Eight", "Nine", "Banner", "Under", "Ober", "Koenig", "Ace")
_PLURAL = ("Sixes", "Sevens", "Eights", "Nines", "Tens", "Jacks", "Queens", "Kings", "Aces")
_SWISS_PLURAL = (
    "Sixes",
    "Sevens",
    "Eights",
    "Nines",
    "Banners",
    "Unders",
    "Obers",
    "Koenige",
    "Aces",
)
# a Weis's place on its list (engine.jass weis_value) -> the length of a run; 0: a four
_SMALL_LEN = (0, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0)
_LARGE_LEN = (0, 3, 4, 5, 0, 6, 0, 7, 0, 8, 9)


def weis_words(key, mode, large, swiss=False):
    """An announced Weis's comparison key (the view's weis_key: its place on the list, its top
    card, trump or not) in words: "four in a row to the King", "four Jacks", "three in a row to
    the Ace in trumps"; in Undenufe a run counts from its low end ("down to the Six")."""
    place = key >> 5
    high = (key >> 1) & 15
    r = 16 - high if mode == 5 else high  # an engine rank: 4 = Six .. 12 = Ace
    names = _SWISS_RANK if swiss else _RANK
    n = (_LARGE_LEN if large else _SMALL_LEN)[place] if place <= 10 else 0
    if n == 0:
        return "four " + (_SWISS_PLURAL if swiss else _PLURAL)[r - 4]
    t = "%s in a row %s the %s" % (_COUNT[n - 3], "down to" if mode == 5 else "to", names[r - 4])
    if key & 1:
        t += " in trumps"
    return t


SWISS = True
# the score board's module (the pause menu's Board, panel() between hands)
BOARD = "firmware.tables.jass_board"
# the results' words: a score's unit (one, more), the heading, why the winners won
RESULT = ("point", "points", "Points", "The higher team score wins.")


def usual_trump(v):
    """Jass players hold the trump first once chosen (-1: none yet)."""
    t = v.get("mode", -1)
    return t if 0 <= t < 4 else -1


def board_row(ev):
    """A hand's record for the score board from its "hand" event, or None."""
    if ev["ev"] != "hand":
        return None
    return (
        ev["hand"],
        ev["mode"],
        ev["points"],
        ev["weis"],
        ev["stoeck"],
        ev["match"],
        ev["multiplier"],
        ev["scores"],
    )


def said(ev, view, names, swiss):
    """An announced Weis in players' words beside the engine's line, or None."""
    if ev["ev"] != "announce":
        return None
    s = ev["seat"]
    return "%s: Weis, %s" % (names[s], said_weis(view(s), s, swiss))


def said_weis(v, s, swiss=False):
    """Seat s's announced Weis in words from view v, or ""."""
    k = v["weis_key"][s]
    if k < 0:
        return ""
    return "%s (%d)" % (weis_words(k, v["mode"], v["large_weis"], swiss), v["weis_announced"][s])


def team(a, b, cols):
    """A team by its players in cols characters at most: "Anna & Cleo", "Ann & Cle", "A & C",
    "A&C"."""
    s = "%s & %s" % (a, b)
    if len(s) <= cols:
        return s
    n = (cols - 3) // 2
    if n >= 3:
        return "%s & %s" % (a[:n], b[:n])
    s = "%s & %s" % (a[:1], b[:1])
    return s if len(s) <= cols else a[:1] + "&" + b[:1]


def team_score(a, b, n, cols):
    """A team's name and points in cols characters ("A & C 37"), the number always whole."""
    p = "%d" % n
    return team(a, b, cols - len(p) - 1) + " " + p


def mode_name(mode, swiss):
    mn = JASS_MODES[mode]
    if swiss and mode < 4:
        mn = SWISS_NAMES[mode]
    return mn


def model(v, names, swiss, full=True):
    m = Model()
    played = v["played"]
    trick = v["trick"]
    lead = v["trick_leader"]
    complete = (len(played) - len(trick)) // 4
    ann = v["weis_announced"]
    me = v["seat"]
    words = []
    for s in range(4):
        cnt = 9 - complete - (1 if (s - lead) % 4 < len(trick) else 0)
        if s == me:
            cnt = len(v["hand"])
        extra = "partner " + names[(s + 2) % 4]  # a team is named by its players
        if s == v["dealer"]:
            extra += ", dealer"
        if ann[s] > 0:
            w = said_weis(v, s, swiss)
            extra += ", Weis: " + w
            words.append("%s: Weis, %s" % (names[s], w))
        if s == v["stoeck"]:
            extra += ", Stoeck"
        m.seats.append((cnt, b"", extra))
    m.dir = -1
    mode = v["mode"]
    sc = v["scores"]
    hp = v["hand_points"]
    # the trick by ring position: the viewer 0, then in the order of play
    tws = v["trick_winners"]
    nw = len(tws)
    lt = played[(nw - 1) * 4 : nw * 4] if nw else b""
    lw = tws[-1] if nw else -1
    ring = [-1, -1, -1, -1]
    win = -1
    if trick:
        for i in range(len(trick)):
            ring[(lead + i - me) % 4] = trick[i]
        ld = lead
    elif lt:
        # between tricks the trick just won stays until the next card, its winner marked
        ld = tws[-2] if nw > 1 else v["forehand"]
        for i in range(4):
            ring[(ld + i - me) % 4] = lt[i]
        win = (lw - me) % 4
    else:
        ld = v["forehand"] if mode >= 0 else -1
    my = me % 2
    m.ring = (
        tuple(ring),
        (ld - me) % 4 if ld >= 0 else -1,
        win,
        (v["to_act"] - me) % 4 if v["to_act"] >= 0 else -1,
        hp[my],
        hp[1 - my],
    )
    m.ring_names = tuple([names[(me + k) % 4] for k in range(4)])
    # the teams by their players in seat order: yours, then the other
    m.ring_teams = (names[my], names[my + 2], names[1 - my], names[3 - my])
    # the prompt in sentences of at most 15 characters, each whole on the 240x135 panel's one-line
    # prompt; the match's score is the table's and the score board's
    if mode < 0:
        st = "Pushed. Partner picks." if v["pushed"] else "Choose trump."
    else:
        st = mode_name(mode, swiss)
        if mode < 4:
            st = "Trump " + st  # fits the 1.14-inch panel's line
        st += "."
        mul = v["multiplier"]
        if mul > 1:
            st += " Counts x%d." % mul
        if trick:
            st += " %s led." % names[lead]
        elif lt:
            st += " Trick to %s." % names[lw]
    m.status = st
    if trick:
        m.center.append(("Trick (%s led)" % names[lead], trick, 0, 4))
    elif lt:
        m.center.append(("Trick won by %s" % (names[lw] if lw >= 0 else ""), lt, 0, 4))
    else:
        m.center.append(("Trick", b"", 0, 4))
    if nw and trick:
        # the last trick may be looked at until the next one is complete
        pl = tws[-2] if nw > 1 else v["forehand"]
        m.center.append(("Last trick (%s led, %s won)" % (names[pl], names[lw]), lt, 0, 4))
    mw = v["my_weis"]
    if mw and v["phase"] in ("weis", "trump"):
        allw = b""
        for w in mw:
            allw += bytes(w)
        m.center.append(("Your Weis", allw, 0, 9))
    m.words = words
    m.hand = v["hand"]
    m.points = "This hand: %s & %s %d, %s & %s %d points. Match: %d to %d points." % (
        names[my],
        names[my + 2],
        hp[my],
        names[1 - my],
        names[3 - my],
        hp[1 - my],
        sc[my],
        sc[1 - my],
    )
    if not full:
        return m  # the scoreboard lines only when asked for
    tw = v["tricks_won"]
    for t in range(2):
        m.scores.append("%s & %s: %d points" % (names[t], names[t + 2], sc[t]))
        m.scores.append(
            "   this hand %d points, %d trick%s" % (hp[t], tw[t], "" if tw[t] == 1 else "s")
        )
    tg = v["target"]
    hn = v["hands"]
    m.scores.append(
        "Hand %d; %s" % (v["hand_no"], ("%d hands in all" % hn) if hn else ("first to %d" % tg))
    )
    return m


# ---------- the trick by seat: the hand page's centre ----------
def spots(W, y0, h):
    """Where the ring's parts lie in the centre: per ring position (0 you, 1 right, 2 across, 3
    left) the card's (x, y) and the name's (x, y, cells), then the points' (x, y, cells) for each
    team. A cross on tall panels, a diamond on the 1.14-inch one, else one row side by side."""
    from firmware.tables import FW, FH

    if h >= 3 * (FH + 3):
        cx = W // 2
        cards = (
            (cx - FW // 2, y0 + 2 * (FH + 3)),
            (cx + 21, y0 + FH + 3),
            (cx - FW // 2, y0),
            (cx - 21 - FW, y0 + FH + 3),
        )
        nc = min(6, (W - cx - 21 - FW - 6) // F.ADV)
        lw = cx - 21 - FW - 6
        names = (
            (cx + FW // 2 + 6, y0 + 2 * (FH + 3) + 3, nc),
            (cx + 21 + FW + 4, y0 + FH + 6, nc),
            (cx + FW // 2 + 6, y0 + 3, nc),
            (lw - min(6, lw // F.ADV) * F.ADV, y0 + FH + 6, min(6, lw // F.ADV)),
        )
        pc = (cx - FW // 2 - 6) // F.ADV
        pts = ((2, y0 + 3, pc), (2, y0 + 2 * (FH + 3) + 3, pc))
        return cards, names, pts
    if h >= 2 * FH + 1:
        # each initial nearer its own card than any other
        lx = 2 + F.ADV + 3
        mx = lx + FW + 7 + F.ADV + 3
        rx = mx + FW + 5
        mid = y0 + (h - FH) // 2
        low = y0 + h - FH
        cards = ((mx, low), (rx, mid), (mx, y0), (lx, mid))
        names = (
            (mx - F.ADV - 3, low + 2, 1),
            (rx + FW + 3, mid + 2, 1),
            (mx - F.ADV - 3, y0 + 2, 1),
            (2, mid + 2, 1),
        )
        px = rx + FW + 3 + F.ADV + 4
        pc = (W - 2 - px + 2) // F.ADV  # the last cell's ink ends 2 px early
        pts = ((px, y0 + 2, pc), (px, low + 2, pc))
        return cards, names, pts
    # the slots close up so that the points keep the 6 cells of "100:57"
    step = min(F.ADV + FW + 6, (W - 2 - 6 * F.ADV) // 4)
    order = (2, 3, 1, 0)  # the slot from the left of ring positions 0..3
    cards = []
    names = []
    for k in range(4):
        x = 2 + order[k] * step + F.ADV + 1
        cards.append((x, y0))
        names.append((x - F.ADV - 1, y0 + 3, 1))
    x = 2 + 4 * step
    pc = (W - x) // F.ADV
    pts = ((x, y0 + 3, pc), (x, y0 + 3, 0))
    return cards, names, pts


def ring_parts(W, y0, h, m):
    """The ring's parts as drawn, (kind, x, y, what) in a fixed order, so that a card played
    changes one part. The points are labelled by the teams' players, yours first."""
    cards, names, pts = spots(W, y0, h)
    ring, lead, win, act, mine, theirs = m.ring
    tm = m.ring_teams
    out = []
    for k in range(4):
        x, y = cards[k]
        out.append((0, x, y, ring[k], k == win))
    for k in range(4):
        x, y, n = names[k]
        nm = m.ring_names[k]
        nm = F.pick((nm, nm[:1]), n)
        col = P.HILITE if (k == win or (win < 0 and k == act)) else P.WHITE
        out.append((1, x, y, nm, col, k == lead, n, k == 3 and h >= 3 * 24))
    x, y, n = pts[0]
    if pts[1][2] == 0:
        out.append((1, x, y, F.fit("%d:%d" % (mine, theirs), n), P.CREAM, False, n, False))
    else:
        t = team_score(tm[0], tm[1], mine, n)
        out.append((1, x, y, t, P.CREAM, False, n, False))
        x, y, n = pts[1]
        t = team_score(tm[2], tm[3], theirs, n)
        out.append((1, x, y, t, P.CREAM, False, n, False))
    return out


def draw_part(c, p, clear):
    """One part of the ring: a card or its place, or a line of text."""
    from firmware.tables import FW, FH, face

    if p[0] == 0:
        x, y, cd, hi = p[1], p[2], p[3], p[4]
        if clear:
            c.fill_rect(x - 2, y, FW + 4, FH, P.FELT)
        if cd < 0:
            c.slot(x, y, FW, FH)
        else:
            face(c, x, y, cd, False, hi)
        c.mark(x - 2, y, FW + 4, FH)
        return
    x, y, t, col, lead, n, right = p[1], p[2], p[3], p[4], p[5], p[6], p[7]
    w = n * F.ADV
    if w <= 0:
        return
    if clear:
        c.fill_rect(x, y - 1, w, F.H + 2, P.FELT)
    tx = x + w - F.width(t) if right else x
    F.text(c, t, tx, y, col)
    if lead:
        c.fill_rect(tx, y + F.H - 1, F.width(t), 2, P.CREAM)  # who led
    c.mark(x, y - 1, w, F.H + 2)


def ring(w, ws, c, m, sc):
    """The hand page's centre of a Schieber table: the trick by seat, the names, the hand's points
    per team; only the parts that changed are drawn."""
    ws.h = 0  # the whole centre is the ring
    parts_ = ring_parts(w.w, w.y, w.h, m)
    old = w.sig
    if not w.changed(parts_):
        return
    if old is None or len(old) != len(parts_) or old[0][0] != 0 or old[0][1:3] != parts_[0][1:3]:
        c.fill_rect(w.x, w.y, w.w, w.h, P.FELT)
        c.mark(w.x, w.y, w.w, w.h)
        for p in parts_:
            draw_part(c, p, False)
        return
    for j in range(len(parts_)):
        if old[j] != parts_[j]:
            draw_part(c, parts_[j], True)
