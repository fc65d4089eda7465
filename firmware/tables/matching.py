"""Table model of the matching family, from one seat's view."""

from firmware.table import Model, get, rank_text, SUIT_NAMES


def model(v, names, swiss, full=True):
    m = Model()
    counts = get(v, "counts", [])
    n = len(counts)
    scores = get(v, "scores", [])
    called = get(v, "called", [0] * n)
    teams = get(v, "teams", [])
    for s in range(n):
        extra = ""
        if scores and get(v, "target", 0):
            extra = "%d pts" % scores[s]
        if teams:
            extra = "team %d %s" % (teams[s] + 1, extra)
        if called[s]:
            extra = "last card! " + extra
        m.seats.append((counts[s], b"", extra))
    m.dir = get(v, "direction", 1)
    suit = get(v, "suit", 4)
    rank = get(v, "rank", 13)
    st = ""
    ph = v["phase"]
    if ph == "direction":
        st = "Dealer: choose the direction"
    elif ph in ("opening", "suit"):
        st = "Name the suit to follow"
    elif ph == "cover":
        st = "Cover the card you played"
    elif ph == "drawn":
        st = "Play the card you drew?"
    elif suit < 4:
        st = "Follow %s" % (SUIT_NAMES[suit],)
        if rank < 13:
            st += " or a %s" % rank_text(rank)
    else:
        st = "Play any card"
    pend = get(v, "pending", 0)
    if pend:
        st = (
            "Penalty: draw %d (%s)" % (pend, get(v, "pending_kind", ""))
            if ph == "penalty" or pend
            else st
        )
    if get(v, "uncalled", -1) >= 0:
        st = "%s forgot to call last card!" % names[v["uncalled"]]
    m.status = st
    m.center.append(("Pile %d" % get(v, "discards", 0), get(v, "top", b""), 0, 1))
    m.center.append(("Deck %d" % get(v, "draw_pile", 0), b"", min(1, get(v, "draw_pile", 0)), 1))
    dr = get(v, "drawn", b"")
    if dr:
        m.center.append(("Drawn", dr, 0, 1))
    m.hand = get(v, "hand", b"")
    if not full:
        return m  # the scoreboard lines only when asked for (pause menu)
    for s in range(n):
        line = "%s: %d cards" % (names[s], counts[s])
        if scores:
            line += ", %d points" % scores[s]
        m.scores.append(line)
    if get(v, "target", 0):
        m.scores.append("Hand %d, lowest total at %d wins" % (get(v, "hand_no", 1), v["target"]))
    return m
