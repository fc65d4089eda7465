"""Table model of the jass family, from one seat's view."""

from firmware.table import Model, JASS_MODES, SWISS_NAMES


def model(v, names, swiss, full=True):
    m = Model()
    played = v["played"]
    trick = v["trick"]
    lead = v["trick_leader"]
    complete = (len(played) - len(trick)) // 4
    ann = v["weis_announced"]
    me = v["seat"]
    for s in range(4):
        cnt = 9 - complete - (1 if (s - lead) % 4 < len(trick) else 0)
        if s == me:
            cnt = len(v["hand"])
        extra = "team %d" % (s % 2 + 1)
        if s == v["dealer"]:
            extra += " dealer"
        if ann[s] > 0:
            extra += " Weis %d" % ann[s]
        if s == v["stoeck"]:
            extra += " Stoeck"
        m.seats.append((cnt, b"", extra))
    m.dir = -1
    mode = v["mode"]
    sc = v["scores"]
    if mode < 0:
        st = "Trump to choose"
        if v["pushed"]:
            st = "Pushed: partner chooses trump"
    else:
        mn = JASS_MODES[mode]
        if swiss and mode < 4:
            mn = SWISS_NAMES[mode]
        st = "Trump " + mn  # "Trump diamonds." fits a line of the 1.14-inch panel
        mul = v["multiplier"]
        if mul > 1:
            st += " x%d" % mul
    # a sentence each: on a one-line prompt each part is whole (firmware.tableview.prompt)
    st += ". %s & %s %d. %s & %s %d." % (names[0], names[2], sc[0], names[1], names[3], sc[1])
    m.status = st
    # one stable trick box: between tricks it keeps showing the trick just won (worked out
    # from played and trick_winners) until the next trick's first card, instead of a second
    # "last trick" box added and removed twice per trick (on a small screen it did not even fit
    # next to a running trick)
    tws = v["trick_winners"]
    nw = len(tws)
    lt = played[(nw - 1) * 4 : nw * 4] if nw else b""
    lw = tws[-1] if nw else -1
    if trick:
        m.center.append(("Trick (%s led)" % names[lead][:6], trick, 0, 4))
    elif lt:
        m.center.append(("Trick won by %s" % (names[lw][:6] if lw >= 0 else ""), lt, 0, 4))
    else:
        m.center.append(("Trick", b"", 0, 4))
    mw = v["my_weis"]
    if mw and v["phase"] in ("weis", "trump"):
        allw = b""
        for w in mw:
            allw += bytes(w)
        m.center.append(("Your Weis", allw, 0, 9))
    m.hand = v["hand"]
    if not full:
        return m  # the scoreboard lines only when asked for (pause menu)
    hp = v["hand_points"]
    tw = v["tricks_won"]
    for t in range(2):
        m.scores.append("Team %d (%s, %s): %d" % (t + 1, names[t], names[t + 2], sc[t]))
        m.scores.append(
            "   this hand %d points, %d trick%s" % (hp[t], tw[t], "" if tw[t] == 1 else "s")
        )
    tg = v["target"]
    hn = v["hands"]
    m.scores.append(
        "Hand %d; %s" % (v["hand_no"], ("%d hands in all" % hn) if hn else ("first to %d" % tg))
    )
    return m
