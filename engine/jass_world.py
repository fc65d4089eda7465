"""Schieber search support: a full game from one seat's view (determinization), and the hooks
engine/search.py uses for the strong level (rollouts with the heuristic to the end of the hand,
valued by the points the seat's team made minus the other team's).

Loaded only with a strong bot (or the hint), so a console playing against heuristic bots does
not hold this code.
"""

from engine import cards
from engine.compat import const, micropython
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
    MULTIPLIER,
    UNDENUFE,
    SMALL_RUN_PLACE,
    SMALL_FOUR_PLACE,
    LARGE_RUN_PLACE,
    LARGE_FOUR_PLACE,
)
from engine.jass_bots import HeuristicPlay, BIT_RANK

# A Weis item's fields (engine.jass: key, points, cards), by name: underscore const()s, inlined
_W_KEY = const(0)
_W_POINTS = const(1)
_W_CARDS = const(2)


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
    out = []
    for grp in groups_of_key(key, mode, opts):
        if fits(grp, s, free, ok, mine, room):
            out.append(grp)
    return out


def groups_of_key(key, mode, opts):
    """The card groups (a run or four of a kind, as lists of cards) whose Weis has the
    comparison key `key` (see jass._seq and jass._four), read straight from the key:
    its place on the list gives the kind and length, its high card the ranks, its trump bit
    the suit."""
    large = opts["large_weis"]
    t = key & 1
    high = (key >> 1) & 15
    place = key >> 5
    runs = LARGE_RUN_PLACE if large else SMALL_RUN_PLACE
    fours = LARGE_FOUR_PLACE if large else SMALL_FOUR_PLACE
    out = []
    for n in range(3, 10):
        if runs[n] != place:
            continue
        if mode == UNDENUFE:
            lo = 16 - high
        else:
            lo = high - n + 1
        if lo < 4 or lo + n > 13:
            return out
        for suit in range(4):
            if (suit == mode) == (t == 1):
                out.append([r * 4 + suit for r in range(lo, lo + n)])
        return out
    for i in range(3):
        if fours[i] == place and not t:
            r = (16 - high) if mode == UNDENUFE else high
            v = four_value(r, mode, large, opts["undenufe_six"], opts["four_nines"])
            if 4 <= r <= 12 and v == (100, 150, 200)[i]:
                out.append([r * 4 + x for x in range(4)])
    return out


def fits(grp, s, free, ok, mine, room):
    for c in grp:
        if mine[c]:
            continue
        if not (free[c] and ok[s * 64 + c]):
            return False
        room -= 1
    return room >= 0


def prepare(game_id, view):
    """What from_view works out from the view alone, once per search decision (every world
    of the decision shares it): who played which card, which seat may still hold which card,
    the cards still hidden."""
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
    # each seat's played cards (in the order played), and this seat's own Weis: the same in
    # every world, so every world takes them from here instead of scanning the history
    byseat = [bytearray(), bytearray(), bytearray(), bytearray()]
    for i in range(len(hist)):
        byseat[who[i]].append(hist[i])
    myweis = None
    if mode >= 0:
        h = bytearray(mine)
        h.extend(byseat[me])
        myweis = weis_of(h, mode, opts["large_weis"], opts["undenufe_six"], opts["four_nines"])
    return (game_id, view, opts, hist, win, who, need, ok, mine, known, pool, byseat, myweis)


@micropython.native
def from_view(game_id, view, rng, tries=8, prep=None, lean=False):
    """A full game consistent with view: the seat's own cards as they are, the hidden cards
    dealt at random among the other seats, respecting the cards played, Weis shown, suits a
    seat failed to follow (the trump Jack excepted: it may be held back) and, in the first
    trick, the value of a Weis announced there. For determinized search; never used by the
    rules. prep: prepare(game_id, view), when several worlds are drawn from one view. lean:
    after the first trick the other seats' Weis are left out (an announced one compares as
    announced), for the search: they were scored at the end of the first trick, so no rollout
    reads them; only what the world would show as Weis in a view differs."""
    from engine.sample import deal, deal_free

    if prep is None:
        prep = prepare(game_id, view)
    game_id, view, opts, hist, win, who, need, ok, mine, known, pool, byseat, myweis = prep
    me = view["seat"]
    mode = view["mode"]
    shown = view["weis_shown"]
    g = Schieber(game_id, 4, rng.next(), opts)
    g.hand_no = view["hand_no"]
    g.dealer = view["dealer"]
    g.scores = [view["scores"][0], view["scores"][1]]
    announced = view["weis_key"]
    first = mode >= 0
    hands = None
    large = opts["large_weis"]
    pin = False  # a Weis announced but not shown: its cards go into that hand first
    if first:
        for s in range(4):
            if s != me and announced[s] >= 0 and view["weis_team"] != s % 2:
                pin = True
    for _ in range(tries):
        if not pin:
            # the whole pool as it is (deal() changes neither pool nor need)
            hs = deal(pool, need, ok, rng, 4)
            if hs is None:
                break
        else:
            pinned = [bytearray(), bytearray(), bytearray(), bytearray()]
            free = bytearray(52)
            for c in pool:
                free[c] = 1
            need2 = list(need)
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
                    h.extend(byseat[s])
                    ws = weis_of(h, mode, large, opts["undenufe_six"], opts["four_nines"])
                    if announced[s] >= 0 and (
                        not ws
                        or ws[0][_W_KEY] != announced[s]
                        or ws[0][_W_POINTS] != view["weis_announced"][s]
                    ):
                        good = False
                    if showed and [bytes(w[_W_CARDS]) for w in ws] != shown[s]:
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
    stoeck_known = view["stoeck"] >= 0  # then the holder is the one who announced it (below)
    for s in range(4):
        h = bytearray(hands[s])
        h.extend(byseat[s])
        if s == me:
            g.weis[s] = list(myweis)
        elif len(win) and (lean or (announced[s] < 0 and view["weis_team"] != s % 2)):
            g.weis[s] = []  # after the first trick a Weis nobody knows of plays no part
        else:
            g.weis[s] = weis_of(
                h, mode, opts["large_weis"], opts["undenufe_six"], opts["four_nines"]
            )
        if (
            mode < 4
            and not stoeck_known
            and holds(h, cards.card(KING, mode))
            and holds(h, cards.card(QUEEN, mode))
        ):
            g.stoeck_holder = s
        if (
            s != me
            and announced[s] >= 0
            and (not g.weis[s] or g.weis[s][0][_W_KEY] != announced[s])
        ):
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
# On the console a decision stops at ROLLOUTS worlds or after this much thinking, whichever
# comes first. A world of the first trick costs the Pico about 120 ms (nine cards to try, whole
# hands to play out, every seat's Weis to work out), one of the last tricks 15 ms: with 1 s, the
# first cards of a hand reach their 8 worlds as the later ones do in a fraction of it.
DEVICE_BUDGET_MS = 1000
# The heuristic's card is kept unless another earned more by this many points per world: with
# few worlds (a Pico affords 2-3) their noise otherwise overrules the heuristic for nothing.
# Against the frozen v1 heuristic, 1,000 duplicate deals: 8 worlds 56.9% of hands, +15.7 a hand
# with no margin, 59.1% and +18.7 with 10; 2 worlds 55.2% and +6.9 with 10.
MARGIN = 10


def fast_rollout(game_id, seed=0):
    return Rollout(game_id)


def world(game_id, view, rng, prep=None):
    return from_view(game_id, view, rng, 8, prep, True)


def strong(game_id, seat, seed):
    """The strong bot: engine.search over this family's worlds, its heuristic as the prior
    (engine.games.make_bot asks here for the level "strong")."""
    from engine import search, jass_world
    from engine.jass_bots import make_player

    return search.Strong(
        jass_world,
        game_id,
        seat,
        seed,
        make_player(seat, seed),
        jass_world.ROLLOUTS,
        search.default_budget_ms(jass_world.DEVICE_BUDGET_MS),
        jass_world.MARGIN,
    )


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
    hand_no, score0, score1 = start  # mark(g) when the rollout started
    d0 = g.scores[0] - score0
    d1 = g.scores[1] - score1
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


# Rollout.base: the scalars of a hand in play (const: inlined on MicroPython)
N = const(0)  # cards on the table
LEADER = const(1)
TO_ACT = const(2)
LED = const(3)
WCARD = const(4)  # the card winning the trick so far
WSEAT = const(5)
PTS = const(6)  # points on the table
TRICKS = const(7)  # tricks played
WON0 = const(8)  # tricks won by team 0
TAKEN0 = const(9)  # card points taken (team 1 next)
TAKEN1 = const(10)
WPTS0 = const(11)  # Weis points (team 1 next)
WPTS1 = const(12)
SHOLDER = const(13)  # the seat holding trump K and Q (-1)
SDONE = const(14)  # Stoeck announced
NSCALARS = const(15)


class Rollout:
    """A Schieber hand played out with the heuristic on rank masks (jass_bots.HeuristicPlay's
    fields), for the search: load() takes a world once, run() plays one action in it and the
    rest of the hand, and returns what the seat's team made minus the other team's (the same
    value as the ordinary rollout through the engine's API, which tests check). The world is
    kept as it was loaded, so every action starts from the same state; nothing is allocated
    per card."""

    def __init__(self, game_id):
        self.pol = HeuristicPlay(None)
        # hands as rank masks, [seat][suit]: the world as loaded, and as a rollout changes it
        self.bh = [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
        self.hm = [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
        self.bp = [0, 0, 0, 0]  # cards played this hand, per suit (the same two ways)
        self.pm = [0, 0, 0, 0]
        self.bw = bytearray(4)  # Weis states (the same two ways)
        self.ws = bytearray(4)
        self.wkey = [-1, -1, -1, -1]  # comparison key of each seat's best Weis (-1: none)
        self.wsum = [0, 0, 0, 0]  # points of all of each seat's Weis
        self.base = [0] * NSCALARS  # scalars as loaded (run() plays on from copies in locals)

    def load(self, g):
        o = g.opts
        mode = g.mode
        self.pol.set_mode(mode, o["undenufe_six"])
        self.mode = mode
        self.mult = MULTIPLIER[mode] if o["multipliers"] else 1
        self.strict = o["strict_undertrump"]
        self.chooser = g.chooser
        self.fore = g.forehand()
        bp = self.bp
        for s in range(4):
            h = self.bh[s]
            for i in range(4):
                h[i] = 0
            for c in g.hands[s]:
                h[c & 3] |= 1 << (c >> 2)
            bp[s] = 0
            self.bw[s] = g.wstate[s]
            w = g.weis[s]
            self.wkey[s] = w[0][_W_KEY] if w else -1
            t = 0
            for x in w:
                t += x[_W_POINTS]
            self.wsum[s] = t
        hist = g.history
        for c in hist:
            bp[c & 3] |= 1 << (c >> 2)
        b = self.base
        n = len(hist) % 4
        b[N] = 0
        b[LEADER] = g.trick_leader()
        b[TO_ACT] = g.to_act
        for i in range(len(hist) - n, len(hist)):
            self.add(b, hist[i], (b[LEADER] + b[N]) % 4)
        b[TRICKS] = len(g.winners)
        b[WON0] = g.team_tricks(0)
        b[TAKEN0] = g.taken[0]
        b[TAKEN1] = g.taken[1]
        b[WPTS0] = g.weis_pts[0]
        b[WPTS1] = g.weis_pts[1]
        b[SHOLDER] = g.stoeck_holder
        b[SDONE] = 1 if g.stoeck_done else 0

    @micropython.native
    def add(self, b, c, s):
        """Card c by seat s onto the trick in b (count, suit led, winner, points)."""
        so = self.pol.so
        if b[N] == 0:
            b[LED] = c & 3
            b[WCARD] = c
            b[WSEAT] = s
            b[PTS] = 0
        elif ((c & 3) == b[LED] or (c & 3) == self.mode) and so[c] > so[b[WCARD]]:
            b[WCARD] = c
            b[WSEAT] = s
        b[PTS] += self.pol.cp[c]
        b[N] += 1

    @micropython.native
    def run(self, action, seat):
        base = self.base
        hm = self.hm
        bh = self.bh
        pm = self.pm
        ws = self.ws
        for s in range(4):
            h = hm[s]
            x = bh[s]
            h[0] = x[0]
            h[1] = x[1]
            h[2] = x[2]
            h[3] = x[3]
            pm[s] = self.bp[s]
            ws[s] = self.bw[s]
        # the hand's scalars in locals for the whole rollout: this loop runs for every card of
        # every rollout, and a local costs less than an item of a list or an attribute
        n = base[N]
        led = base[LED]
        wcard = base[WCARD]
        wseat = base[WSEAT]
        pts = base[PTS]
        tricks = base[TRICKS]
        won0 = base[WON0]
        taken0 = base[TAKEN0]
        taken1 = base[TAKEN1]
        wpts0 = base[WPTS0]
        wpts1 = base[WPTS1]
        sholder = base[SHOLDER]
        sdone = base[SDONE]
        mode = self.mode
        strict = self.strict
        pol = self.pol
        pol.played = pm
        pol.chooser = self.chooser
        so = pol.so
        cp = pol.cp
        lm = pol.legal
        above = pol.above
        wkey = self.wkey
        br = BIT_RANK
        pick_lead = pol.lead  # what pol.card() calls, one call less a card
        pick_follow = pol.follow
        s = base[TO_ACT]
        c = action[1][0]
        while True:
            # card c by seat s
            u = c & 3
            r = c >> 2
            h = hm[s]
            h[u] &= ~(1 << r)
            pm[u] |= 1 << r
            if s == sholder and u == mode and (r == KING or r == QUEEN):
                if not h[u] & (1 << (QUEEN if r == KING else KING)):
                    sdone = 1
            if n == 0:
                led = u
                wcard = c
                wseat = s
                pts = cp[c]
            else:
                if (u == led or u == mode) and so[c] > so[wcard]:
                    wcard = c
                    wseat = s
                pts += cp[c]
            n += 1
            if n < 4:
                s = (s + 1) % 4
            else:
                tricks += 1
                if tricks == 9:
                    pts += 5
                if wseat % 2:
                    taken1 += pts
                else:
                    taken0 += pts
                    won0 += 1
                if tricks == 1:
                    t = self.weis_team()
                    if t == 0:
                        wpts0 += self.wsum[0] + self.wsum[2]
                    elif t == 1:
                        wpts1 += self.wsum[1] + self.wsum[3]
                elif tricks == 9:
                    break
                n = 0
                s = wseat
            # the next card, by seat s
            if tricks == 0 and ws[s] == 0 and wkey[s] >= self.announced():
                ws[s] = 1  # asked, the heuristic announces its Weis
            h = hm[s]
            # its legal cards into pol.legal (jass.legal_cards on masks)
            lm[0] = h[0]
            lm[1] = h[1]
            lm[2] = h[2]
            lm[3] = h[3]
            if n:
                follow = h[led]
                if mode >= 4 or led == mode:
                    if follow and not (mode < 4 and follow == 1 << JACK):
                        lm[0] = lm[1] = lm[2] = lm[3] = 0
                        lm[led] = follow
                else:
                    # trumps that over-ruff the trumps on the table (undertrumping is out)
                    over = h[mode]
                    if (wcard & 3) == mode:
                        over &= above[mode * 13 + (wcard >> 2)]
                    if follow:
                        lm[0] = lm[1] = lm[2] = lm[3] = 0
                        lm[led] = follow
                        lm[mode] = over
                    elif strict and h[0] + h[1] + h[2] + h[3] - h[mode]:
                        lm[mode] = over  # it holds other cards: no undertrumping
            m = lm[0] | lm[1] | lm[2] | lm[3]
            if not (m & (m - 1)):
                # one rank: one card unless that rank is legal in two suits
                k = 0
                for i in range(4):
                    if lm[i]:
                        k += 1
                        c = br[lm[i] % 37] * 4 + i
                if k == 1:
                    continue
            pol.hand = h
            pol.seat = s
            pol.pos = n
            if n:
                pol.led = led
                pol.wcard = wcard
                pol.wpartner = wseat == (s + 2) % 4
                pol.pts = pts
                c = pick_follow()
            else:
                c = pick_lead()
        pts0 = taken0 + wpts0
        pts1 = taken1 + wpts1
        if sdone:
            if sholder % 2:
                pts1 += 20
            else:
                pts0 += 20
        if won0 == 9:
            pts0 += 100
        elif won0 == 0:
            pts1 += 100
        d = (pts0 - pts1) * self.mult
        return d if seat % 2 == 0 else -d

    @micropython.native
    def announced(self):
        k = -1
        for s in range(4):
            if self.ws[s] == 1 and self.wkey[s] > k:
                k = self.wkey[s]
        return k

    def weis_team(self):
        """The team whose Weis counts (the best Weis announced, forehand first on a tie), or
        -1."""
        best = -1
        bseat = -1
        f = self.fore
        for s in range(4):
            if self.ws[s] == 1:
                k = self.wkey[s] * 4 + 3 - (s - f) % 4
                if k > best:
                    best = k
                    bseat = s
        return bseat % 2 if bseat >= 0 else -1
