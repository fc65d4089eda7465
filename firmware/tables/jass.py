"""Table model of the jass family, from one seat's view."""

from firmware.table import Model, get, JASS_MODES, SWISS_NAMES


def model(v, names, swiss, full=True):
    m = Model()
    played = get(v, "played", b"")
    trick = get(v, "trick", b"")
    lead = get(v, "trick_leader", 0)
    complete = (len(played) - len(trick)) // 4
    ann = get(v, "weis_announced", [-1] * 4)
    me = v["seat"]
    for s in range(4):
        cnt = 9 - complete - (1 if (s - lead) % 4 < len(trick) else 0)
        if s == me:
            cnt = len(get(v, "hand", b""))
        extra = "team %d" % (s % 2 + 1)
        if s == get(v, "dealer", -1):
            extra += " dealer"
        if ann[s] > 0:
            extra += " Weis %d" % ann[s]
        if s == get(v, "stoeck", -1):
            extra += " Stoeck"
        m.seats.append((cnt, b"", extra))
    m.dir = -1
    mode = get(v, "mode", -1)
    sc = get(v, "scores", [0, 0])
    if mode < 0:
        st = "Trump to choose"
        if get(v, "pushed", False):
            st = "Pushed: partner chooses trump"
    else:
        mn = JASS_MODES[mode]
        if swiss and mode < 4:
            mn = SWISS_NAMES[mode]
        st = "Trump: " + mn
        mul = get(v, "multiplier", 1)
        if mul > 1:
            st += " x%d" % mul
    st += "  %d:%d" % (sc[0], sc[1])
    m.status = st
    # one stable trick box: between tricks it keeps showing the trick just won (worked out
    # from played and trick_winners) until the next trick's first card, instead of a second
    # "last trick" box added and removed twice per trick (on a small screen it did not even fit
    # next to a running trick)
    tws = get(v, "trick_winners", None)
    if tws is None:  # a view without the list: the engine's last_trick
        lt = get(v, "last_trick", b"")
        lw = get(v, "last_winner", -1)
    else:
        nw = len(tws)
        lt = played[(nw - 1) * 4 : nw * 4] if nw else b""
        lw = tws[-1] if nw else -1
    if trick:
        m.center.append(("Trick (%s led)" % names[lead][:6], trick, 0, 4))
    elif lt:
        m.center.append(("Trick won by %s" % (names[lw][:6] if lw >= 0 else ""), lt, 0, 4))
    else:
        m.center.append(("Trick", b"", 0, 4))
    mw = get(v, "my_weis", [])
    if mw and v["phase"] in ("weis", "trump"):
        allw = b""
        for w in mw:
            allw += bytes(w)
        m.center.append(("Your Weis", allw, 0, 9))
    m.hand = get(v, "hand", b"")
    if not full:
        return m  # the scoreboard lines only when asked for (pause menu)
    hp = get(v, "hand_points", [0, 0])
    tw = get(v, "tricks_won", [0, 0])
    for t in range(2):
        m.scores.append("Team %d (%s, %s): %d" % (t + 1, names[t], names[t + 2], sc[t]))
        m.scores.append("   this hand %d points, %d tricks" % (hp[t], tw[t]))
    tg = get(v, "target", 0)
    hn = get(v, "hands", 0)
    m.scores.append(
        "Hand %d; %s"
        % (get(v, "hand_no", 1), ("%d hands in all" % hn) if hn else ("first to %d" % tg))
    )
    return m
