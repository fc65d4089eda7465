"""Table model of the shedding family, from one seat's view."""

from firmware.tables import Model, rank_text, value_text
from firmware.tables.around import ring  # noqa: F401 - the hand page's centre

# the results' words: a score's unit (one, more), the heading, why the winners won
RESULT = ("chip", "chips", "Chips left", "The most chips left wins.")


def result_why(opts):
    """The results' reason for a one-round game, or None: RESULT's."""
    if not opts.get("chips", 1):
        return "One round: the first out wins, the last one holding cards loses."
    return None


def shows_scores(opts):
    """A game without chips has no scores to list."""
    return bool(opts.get("chips", 1))


def model(v, names, swiss=False, full=True):
    m = Model()
    me = v["seat"]
    n = len(v["hand_count"])
    up = v["up"]
    hc = v["hand_count"]
    dc = v["down_count"]
    chips = v["chips"]
    fin = v["finished"]
    for s in range(n):
        # one format a seat: every str made costs the Pico a look-up
        out = "out " if s in fin else ""
        d = dc[s]
        if chips:
            c = chips[s]
            down = ("%d down " % d) if d else ""
            extra = "%s%s%d chip%s" % (out, down, c, "" if c == 1 else "s")
        elif d:
            extra = "%s%d down " % (out, d)
        else:
            extra = out
        m.seats.append((hc[s], up[s], extra))
    m.dir = v["direction"]
    ph = v["phase"]
    # the prompt: sentences of at most 15 characters, each whole on the 240x135 panel's prompt
    st = ""
    if ph == "setup":
        left = v["setup_left"]
        st = ("Pick %d face-up." % left) if left else "Face-up set. Done?"
    elif ph == "chip":
        st = "Take a chip."
    elif ph == "over":
        st = "Game over."
    else:
        beat = v["beat"]
        low = v["lower"]
        if v["need10"]:
            st = "Pile burned. 10 or higher."
        elif low == 1:
            st = "Play below 7."
        elif low == 2:
            st = "Play 7 or less."
        elif beat:
            st = "Play %s or up." % value_text(beat)
        else:
            st = "Empty pile. Play anything."
        if v["may_stop"]:
            st = "Add a card? Or end turn."
        fr = v["first_rank"]
        if fr is not None and fr >= 0:
            st = "Open with a %s." % rank_text(fr)
    m.status = st
    top = v["top"]
    under = v["under"]
    pile = v["pile"]
    m.around = True
    m.center.append(("Pile %d" % v["pile_count"], pile, 0, 3))
    m.pile = (pile, v["pile_count"])
    if under and top and under != top:
        m.center.append(("Beat this", under, 0, 1))
        m.mid.append(("Beat", under))
    stock = v["stock"]
    if stock:
        m.center.append(("Deck %d" % stock, b"", stock, 1))
        m.deck = stock
    if me >= 0 and me < n:
        if up[me] or dc[me]:
            m.center.append(("Your table", up[me], dc[me], 6))
    hand = v["hand"]
    if not hand and me >= 0 and me < n and ph == "play":
        hand = up[me]
    m.hand = hand
    if me >= 0 and me < n and (up[me] or dc[me]):
        # your own row above your hand (its face-up cards in the hand row once they are played)
        m.mine = (b"" if hand is up[me] else up[me], dc[me])
    if not full:
        return m  # the scoreboard lines only when asked for
    for s in range(n):
        line = "%s: %d in hand" % (names[s], hc[s])
        if chips:
            line += ", %d chips" % chips[s]
        if s in fin:
            line += ", out (%d)" % (fin.index(s) + 1)
        m.scores.append(line)
    m.scores.append("Round %d, burned %d" % (v["round"], v["burned"]))
    return m
