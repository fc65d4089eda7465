"""Schieber search support: a full game from one seat's view (determinization), and the hooks
engine/search.py uses for the strong level (rollouts with the heuristic to the end of the hand,
valued by the points the seat's team made minus the other team's).

Loaded only with a strong bot (or the hint), so a console playing against heuristic bots does
not hold this code.
"""

from engine import cards
from engine.jass import (
    Schieber,
    card_points,
    strength,
    TRUMP_ORDER,
    JACK,
    KING,
    QUEEN,
    PH_OVER,
    PH_TRUMP,
    PH_PLAY,
    weis_of,
    four_value,
    holds,
)


def played_by(history, winners, forehand):
    """The seat that played each card of history (a bytearray, same order)."""
    out = bytearray()
    for i in range(len(history)):
        t = i // 4
        lead = forehand if t == 0 else winners[t - 1]
        out.append((lead + i % 4) % 4)
    return out


def weis_candidates(s, key, mode, opts, free, ok, hist, who, room):
    """Card groups (runs and fours) whose Weis compares as key (the announced Weis, view
    "weis_key") and that seat s could have held: each card still hidden and allowed for s, or
    played by s; at most room hidden ones."""
    mine = bytearray(52)
    for i in range(len(hist)):
        if who[i] == s:
            mine[hist[i]] = 1
    large = opts["large_weis"]
    groups = []
    for suit in range(4):
        for n in range(3, 10):
            for lo in range(4, 14 - n):
                groups.append([r * 4 + suit for r in range(lo, lo + n)])
    for r in range(4, 13):
        if four_value(r, mode, large, opts["undenufe_six"], opts["four_nines"]):
            groups.append([r * 4 + x for x in range(4)])
    out = []
    for grp in groups:
        ws = weis_of(grp, mode, large, opts["undenufe_six"], opts["four_nines"])
        if ws and ws[0][0] == key and fits(grp, s, free, ok, mine, room):
            out.append(grp)
    return out


def fits(grp, s, free, ok, mine, room):
    for c in grp:
        if mine[c]:
            continue
        if not (free[c] and ok[s * 64 + c]):
            return False
        room -= 1
    return room >= 0


def from_view(game_id, view, rng, tries=8):
    """A full game consistent with view: the seat's own cards as they are, the hidden cards
    dealt at random among the other seats, respecting the cards played, Weis shown, suits a
    seat failed to follow (the trump Jack excepted: it may be held back) and, in the first
    trick, the value of a Weis announced there. For determinized search; never used by the
    rules."""
    from engine.sample import deal, deal_free

    me = view["seat"]
    opts = {
        "target": view["target"],
        "hands": view["hands"],
        "multipliers": view["multipliers"],
        "strict_undertrump": view["strict"],
        "large_weis": view["large_weis"],
        "undenufe_six": view["undenufe_six"],
        "four_nines": view["four_nines"],
    }
    g = Schieber(game_id, 4, rng.next(), opts)
    g.hand_no = view["hand_no"]
    g.dealer = view["dealer"]
    g.scores = [view["scores"][0], view["scores"][1]]
    hist = bytearray(view["played"])
    win = bytearray(view["trick_winners"])
    mode = view["mode"]
    fh = view["forehand"]
    who = played_by(hist, win, fh)
    need = [9, 9, 9, 9]
    for s in who:
        need[s] -= 1
    ok = bytearray(4 * 64)
    for s in range(4):
        for c in range(16, 52):
            ok[s * 64 + c] = 1
    out = bytearray(52)  # 1: no longer hidden (own, played or shown)
    for c in hist:
        out[c] = 1
    mine = view["hand"]
    for c in mine:
        out[c] = 1
    known = [bytearray(), bytearray(), bytearray(), bytearray()]
    shown = view["weis_shown"]
    for s in range(4):
        if s == me:
            continue
        for b in shown[s]:
            for c in b:
                if not out[c]:
                    out[c] = 1
                    known[s].append(c)
                    need[s] -= 1
    strict = view["strict"]
    for i in range(len(hist)):
        j = i % 4
        if j == 0:
            continue
        c = hist[i]
        p = who[i]
        t0 = i - j
        led = hist[t0] & 3
        if (c & 3) == led:
            continue
        if mode < 4 and (c & 3) == mode:
            # a lower trump under a higher one: with strict undertrumping it held only trumps
            if strict:
                top = -1
                for k in range(t0, i):
                    x = hist[k]
                    if (x & 3) == mode and TRUMP_ORDER[x >> 2] > top:
                        top = TRUMP_ORDER[x >> 2]
                if TRUMP_ORDER[c >> 2] < top:
                    for x in range(16, 52):
                        if (x & 3) != mode:
                            ok[p * 64 + x] = 0
            continue
        for r in range(4, 13):
            if not (mode == led and r == JACK):
                ok[p * 64 + r * 4 + led] = 0
    pool = bytearray()
    for c in range(16, 52):
        if not out[c]:
            pool.append(c)
    need[me] = 0
    announced = view["weis_key"]
    first = mode >= 0
    hands = None
    large = opts["large_weis"]
    for _ in range(tries):
        # a Weis announced but not shown: put the cards of one such Weis into that hand first
        pinned = [bytearray(), bytearray(), bytearray(), bytearray()]
        free = bytearray(52)
        for c in pool:
            free[c] = 1
        need2 = list(need)
        if first:
            for s in range(4):
                if s != me and announced[s] >= 0 and view["weis_team"] != s % 2:
                    cand = weis_candidates(
                        s, announced[s], mode, opts, free, ok, hist, who, need2[s]
                    )
                    if cand:
                        for c in cand[rng.below(len(cand))]:
                            if free[c]:
                                free[c] = 0
                                pinned[s].append(c)
                                need2[s] -= 1
        pool2 = bytearray()
        for c in pool:
            if free[c]:
                pool2.append(c)
        hs = deal(pool2, need2, ok, rng, 4)
        if hs is None:
            break
        for s in range(4):
            hs[s].extend(pinned[s])
        good = True
        if first:
            for s in range(4):
                showed = view["weis_team"] == s % 2
                if s != me and (announced[s] >= 0 or showed):
                    h = bytearray(hs[s])
                    h.extend(known[s])
                    for i in range(len(hist)):
                        if who[i] == s:
                            h.append(hist[i])
                    ws = weis_of(h, mode, large, opts["undenufe_six"], opts["four_nines"])
                    if announced[s] >= 0 and (
                        not ws or ws[0][0] != announced[s] or ws[0][1] != view["weis_announced"][s]
                    ):
                        good = False
                    if showed and [bytes(w[2]) for w in ws] != shown[s]:
                        good = False
        hands = hs
        if good:
            break
    if hands is None:
        hands = deal_free(pool, need, rng)
    for s in range(4):
        if s == me:
            hands[s] = bytearray(mine)
        else:
            hands[s].extend(known[s])
    g.hands = hands
    g.history = hist
    g.winners = win
    g.pushed = view["pushed"]
    g.chooser = view["chooser"]
    if view["over"]:
        g.phase = PH_OVER
        g.over = True
        g.to_act = -1
        return g
    g.to_act = view["to_act"]
    if mode < 0:
        g.phase = PH_TRUMP
        return g
    # rebuild what the trump choice set up, from the hands as they were dealt
    g.mode = mode
    g.phase = PH_PLAY
    for s in range(4):
        h = bytearray(hands[s])
        for i in range(len(hist)):
            if who[i] == s:
                h.append(hist[i])
        if len(win) and s != me and announced[s] < 0 and view["weis_team"] != s % 2:
            g.weis[s] = []  # after the first trick a Weis nobody knows of plays no part
        else:
            g.weis[s] = weis_of(
                h, mode, opts["large_weis"], opts["undenufe_six"], opts["four_nines"]
            )
        if mode < 4 and holds(h, cards.card(KING, mode)) and holds(h, cards.card(QUEEN, mode)):
            g.stoeck_holder = s
        if s != me and announced[s] >= 0 and (not g.weis[s] or g.weis[s][0][0] != announced[s]):
            # the deal could not match the announced Weis: it compares as announced all the same
            # (later seats are asked against it), with the points announced
            g.weis[s] = [(announced[s], view["weis_announced"][s], b"")] + g.weis[s]
        if not g.weis[s]:
            g.wstate[s] = 3
        elif announced[s] >= 0:
            g.wstate[s] = 1
        elif len(win) or holds(who, s) or (s == g.to_act and view["phase"] != "weis"):
            g.wstate[s] = 2
    g.stoeck_done = view["stoeck"] >= 0
    if g.stoeck_done:
        g.stoeck_holder = view["stoeck"]
    g.weis_team = view["weis_team"]
    g.weis_pts = [view["weis_points"][0], view["weis_points"][1]]
    g.taken = [view["hand_points"][0], view["hand_points"][1]]
    return g


# ----- hooks for the strong level (engine/search.py) -----
MAX_STEPS = 48  # a hand has 36 cards and at most 4 Weis decisions: rollouts always finish it
ROLLOUTS = 8  # worlds per decision
BUDGET_MS = None  # the search's default: time-boxed on the console only


def world(game_id, view, rng):
    return from_view(game_id, view, rng)


def rollout_bots(game_id, seed):
    from engine.jass_bots import make_player

    return [make_player(s, seed + s, "heuristic", "heuristic") for s in range(4)]


def rollout_view(g, seat):
    """The part of the view the heuristic reads, without building the whole view."""
    n = len(g.history) % 4
    return {
        "phase": "play" if g.phase == 1 else "trump",
        "seat": seat,
        "mode": g.mode,
        "undenufe_six": g.opts["undenufe_six"],
        "hand": g.hands[seat],
        "trick": g.history[len(g.history) - n :] if n else b"",
        "played": g.history,
        "chooser": g.chooser,
        "trick_leader": g.trick_leader(),
    }


def mark(g):
    return (g.hand_no, g.scores[0], g.scores[1])


def mark_same(g, m):
    return g.hand_no == m


def value(g, seat, start):
    """Points the seat's team made this hand minus the other team's (all scored at its end)."""
    d0 = g.scores[0] - start[1]
    d1 = g.scores[1] - start[2]
    return d0 - d1 if seat % 2 == 0 else d1 - d0


def searched(view, legal):
    return legal[0][0] == "play"


def candidates(view, legal):
    """One card of each set of equivalent cards: same suit, same points, and no card still out
    between them (holding 7 and 8 of a side suit, which one is played changes nothing). Every
    candidate costs a rollout in every world, so this buys worlds."""
    if len(legal) <= 2 or legal[0][0] != "play":
        return legal
    mode = view["mode"]
    six = view["undenufe_six"]
    known = bytearray(52)
    for c in view["played"]:
        known[c] = 1
    for c in view["hand"]:
        known[c] = 1
    out = []
    for a in legal:
        c = a[1][0]
        s = c & 3
        sc = strength(c, mode, s)
        pc = card_points(c, mode, six)
        same = False
        for b in out:
            d = b[1][0]
            if (d & 3) != s or card_points(d, mode, six) != pc:
                continue
            sd = strength(d, mode, s)
            lo = sc if sc < sd else sd
            hi = sd if sc < sd else sc
            gap = False
            for r in range(4, 13):
                x = r * 4 + s
                if not known[x] and lo < strength(x, mode, s) < hi:
                    gap = True
                    break
            if not gap:
                same = True
                break
        if not same:
            out.append(a)
    return out
