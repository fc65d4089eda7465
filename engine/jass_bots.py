"""Bots for Schieber Jass. They see only the view and the legal list.

random     picks any legal action.
heuristic  chooses trumps by a fitted estimate of its team's chance to win the hand with each
           mode (or pushes when no mode reaches 78%), always announces its Weis, leads its
           highest trump when its team chose them and it holds three or more (not three with
           the top trump while five or more are out; two when it chose, two to four are out and
           the top trump is elsewhere; a lone trump stays back), in Obenabe/Undenufe leads low
           from a suit of three or more without its master card, cashes sure side winners (not
           while the opponents' trumps are out in their trump game), else leads low from its
           longest side suit not headed by its master card; lets a partner who is
           winning keep the trick and throws points on it, wins cheaply when last, keeps the
           Puur back, ruffs a trick with points with a small trump, and throws its least
           valuable card when it cannot win.
strong     determinized Monte Carlo search (engine/search.py, engine/jass_world.py) with the
           heuristic as rollout policy and prior.
The trump chooser and the card player are separate pieces (make_player) so each can be measured
on its own: make_player(seat, seed, trump="random", play="heuristic"); trump "random" picks
any legal choice including the push, "random_mode" one of the six modes and never pushes.
"""

from engine import cards
from engine.compat import const, micropython
from engine.jass import card_points, strength, trick_winner, TRUMP_ORDER, JACK, NINE
from engine.rng import Rng

ACE = cards.ACE
KING = cards.KING
TEN = cards.TEN
# The trump choice scores each mode by the chance (per mille) that the chooser's team wins the
# hand, a linear fit on hand features over 10,000 deals with every mode played out by the
# heuristic (issue 15; on 10,000 other deals the chooser's team wins 82.1% of hands with these
# scores, 80.1% with the earlier ones). Trump honours by rank index (6..A = 4..12):
TRUMP_VALUE = (0, 0, 0, 0, 0, 0, 0, 140, 14, 321, 50, 66, 58)
PUSH_BELOW = 780  # push when no mode wins 78% of the time
FULL = const(0x1FF0)  # rank bits 4..12 (6..A) of one suit
# BIT_RANK[(1 << r) % 37] == r: the rank of a mask's lowest bit without a loop (2 generates the
# integers mod 37, so the remainders of 1 << 0 .. 1 << 35 all differ)
BIT_RANK = bytearray(37)
for _r in range(13):
    BIT_RANK[(1 << _r) % 37] = _r


def suit_score(hand, t):
    """Trump t: the honours held, the length, and per side suit an ace (more with its ten and
    king), a void or a singleton."""
    have = [0, 0, 0, 0]
    for c in hand:
        have[c & 3] |= 1 << (c >> 2)
    tm = have[t]
    sc = 290
    n = 0
    for r in range(4, 13):
        if tm & (1 << r):
            n += 1
            sc += TRUMP_VALUE[r]
    sc += 7 * n
    if n > 3:
        sc += 56 * (n - 3)
    elif n <= 2:
        sc -= 44
    if tm & (1 << JACK) and tm & (1 << NINE):
        sc -= 16
    for s in range(4):
        if s == t:
            continue
        m = have[s]
        if m & (1 << ACE):
            sc += 28
            if m & (1 << TEN):
                sc -= 24
                if m & (1 << KING):
                    sc += 57
        if not m:
            sc += 64
        elif not m & (m - 1):
            sc += 38
    return sc


def notrump_score(hand, down):
    """Obenabe (down False: A high) or Undenufe (down True: 6 high): the unbroken runs from the
    top (or bottom) of each suit, a guarded second card, the longest suit, voids."""
    have = [0, 0, 0, 0]
    for c in hand:
        have[c & 3] |= 1 << (c >> 2)
    sc = 150
    longest = 0
    for s in range(4):
        bits = have[s]
        n = bitcount(bits)
        if n > longest:
            longest = n
        if not n:
            sc += 8
            continue
        run = 0
        for i in range(9):
            r = (4 + i) if down else (12 - i)
            if bits & (1 << r):
                run += 1
            else:
                break
        if run:
            sc += 108 * run - 7 + 5 * run * run
        elif n >= 2 and bits & (1 << (5 if down else 11)):
            sc += 75  # the second card guarded
    return sc + 38 * longest


def mode_scores(hand):
    return [
        suit_score(hand, 0),
        suit_score(hand, 1),
        suit_score(hand, 2),
        suit_score(hand, 3),
        notrump_score(hand, False),
        notrump_score(hand, True),
    ]


class HeuristicTrump:
    def __init__(self, rng):
        self.rng = rng

    def choose(self, view, legal):
        sc = mode_scores(view["hand"])
        best = 0
        for m in range(1, 6):
            if sc[m] > sc[best]:
                best = m
        if sc[best] < PUSH_BELOW and ("push",) in legal:
            return ("push",)
        return ("trump", best)


class RandomChooser:
    def __init__(self, rng):
        self.rng = rng

    def choose(self, view, legal):
        return self.rng.choice(legal)


class RandomMode:
    """A random trump mode, never a push (the usual baseline for trump-choice strength)."""

    def __init__(self, rng):
        self.rng = rng

    def choose(self, view, legal):
        modes = [a for a in legal if a[0] == "trump"]
        return self.rng.choice(modes)


def bitcount(m):
    n = 0
    while m:
        m &= m - 1
        n += 1
    return n


class HeuristicPlay:
    """The card player. It works on rank masks (one small int per suit: bit r set when the card
    of rank r is there), so the search's rollouts (engine/jass_world.py) can drive it straight
    from the engine's state with nothing allocated per card: they fill hand (its own), played
    (cards played this hand, the trick included), legal (legal cards) and the trick fields, and
    call card().
    """

    def __init__(self, rng):
        self.rng = rng
        self.six = False
        self.mode = -1
        self.hand = [0, 0, 0, 0]
        self.played = [0, 0, 0, 0]
        self.legal = [0, 0, 0, 0]
        self.above = [0] * 52  # suit * 13 + rank: ranks of that suit that beat it
        self.so = bytearray(52)  # card -> jass.strength in its own suit
        self.cp = bytearray(52)  # card -> its points
        self.seat = 0
        self.chooser = -1
        self.pos = 0  # cards on the table: 0 leads, 3 plays last
        self.led = 0
        self.wcard = 0  # the card winning the trick so far
        self.wpartner = False  # ... and it is the partner's
        self.pts = 0  # points on the table
        self.lfree = 0  # low_lead's card: its suit holds no master card

    def set_mode(self, mode, six):
        if mode == self.mode and six == self.six:
            return
        self.mode = mode
        self.six = six
        ab = self.above
        for s in range(4):
            for r in range(4, 13):
                c = r * 4 + s
                v = strength(c, mode, s)
                self.so[c] = v
                self.cp[c] = card_points(c, mode, six)
                m = 0
                for x in range(4, 13):
                    if strength(x * 4 + s, mode, s) > v:
                        m |= 1 << x
                ab[s * 13 + r] = m

    def choose(self, view, legal):
        if legal[0][0] != "play":
            for a in legal:
                if a[0] == "weis":
                    return a
            return legal[0]
        if len(legal) == 1:
            return legal[0]
        mode = view["mode"]
        self.set_mode(mode, view.get("undenufe_six", False))
        h = self.hand
        p = self.played
        lm = self.legal
        for i in range(4):
            h[i] = 0
            p[i] = 0
            lm[i] = 0
        for c in view["hand"]:
            h[c & 3] |= 1 << (c >> 2)
        for c in view["played"]:
            p[c & 3] |= 1 << (c >> 2)
        for a in legal:
            c = a[1][0]
            lm[c & 3] |= 1 << (c >> 2)
        seat = view["seat"]
        self.seat = seat
        self.chooser = view["chooser"]
        trick = view["trick"]
        self.pos = len(trick)
        if trick:
            wi = trick_winner(trick, mode)
            self.led = trick[0] & 3
            self.wcard = trick[wi]
            self.wpartner = (view["trick_leader"] + wi) % 4 == (seat + 2) % 4
            pts = 0
            for c in trick:
                pts += self.cp[c]
            self.pts = pts
        return ("play", bytes([self.card()]))

    @micropython.native
    def card(self):
        if self.pos:
            return self.follow()
        return self.lead()

    @micropython.native
    def is_top(self, c):
        """No card still out (not played, not ours) beats c in its own suit."""
        s = c & 3
        return not (FULL & ~(self.played[s] | self.hand[s]) & self.above[s * 13 + (c >> 2)])

    @micropython.native
    def lead(self):
        mode = self.mode
        cp = self.cp
        lm = self.legal
        h = self.hand
        p = self.played
        above = self.above
        br = BIT_RANK
        ours = self.chooser % 2 == self.seat % 2
        out = 0
        if mode < 4:
            out = bitcount(FULL & ~(p[mode] | h[mode]))
            if ours and out and lm[mode]:
                c = self.trump_lead(out)
                if c >= 0:
                    return c
        low = -1
        if mode >= 4:
            # Obenabe / Undenufe: a suit of three or more without its master card is played
            # before the sure winners are cashed (they bring the lead back once it runs)
            low = self.low_lead()
            if self.lfree and bitcount(h[low & 3]) >= 3:
                return low
        best = -1
        bc = -1
        if ours or not out:  # else the opponents' trumps are still out: they would ruff it
            for s in range(4):
                m = lm[s]
                if s == mode or not m:
                    continue
                o = FULL & ~(p[s] | h[s])  # the suit's cards still out (see is_top)
                a = s * 13
                while m:
                    b = m & -m
                    m ^= b
                    r = br[b % 37]
                    if not (o & above[a + r]):
                        k = cp[r * 4 + s] * 64 + r * 4 + s
                        if k > best:
                            best = k
                            bc = r * 4 + s
        if bc >= 0:
            return bc
        if low >= 0:
            return low  # the same state as above: low_lead would answer the same
        return self.low_lead()

    @micropython.native
    def low_lead(self):
        """Low from the longest side suit (a suit we hold the master card of comes after).
        Leaves in lfree whether the chosen card's suit is free: no card of ours in it is the
        master card of the suit."""
        mode = self.mode
        so = self.so
        lm = self.legal
        h = self.hand
        p = self.played
        above = self.above
        br = BIT_RANK
        best = -1
        bc = -1
        bfree = 0
        for s in range(4):
            m = lm[s]
            if not m:
                continue
            tr = 1 if s == mode else 0
            # free: no card of ours in this suit is its master card (is_top, written out)
            x = h[s]
            o = FULL & ~(p[s] | x)
            a = s * 13
            free = 1
            while x:
                b = x & -x
                x ^= b
                if not (o & above[a + br[b % 37]]):
                    free = 0
                    break
            base = (((1 - tr) * 2 + free) * 16 + bitcount(h[s])) * 64 + 40
            while m:
                b = m & -m
                m ^= b
                r = br[b % 37]
                c = r * 4 + s
                key = (base - so[c]) * 64 + c
                if key > best:
                    best = key
                    bc = c
                    bfree = free
        self.lfree = bfree
        return bc

    @micropython.native
    def trump_lead(self, out):
        """A trump to lead, or -1 (our team chose trumps, some are still out): the highest, with
        four trumps or more; with three, unless they hold the top trump while five or more are
        out; with two when this seat chose, two to four are out and the top trump is not ours.
        A lone trump stays back (the Puur against the last trump out too). Measured with the
        search as the judge (tools/bots/jass_oracle.py), by hands won: the trump leads it preferred
        and the ones it did not (three with the top one while six are out)."""
        mode = self.mode
        m = self.legal[mode]
        top = -1
        n = 0
        while m:
            b = m & -m
            m ^= b
            r = BIT_RANK[b % 37]
            n += 1
            if top < 0 or TRUMP_ORDER[r] > TRUMP_ORDER[top]:
                top = r
        if n >= 4:
            return top * 4 + mode
        if n == 3 and (out < 5 or not self.is_top(top * 4 + mode)):
            return top * 4 + mode
        if n == 2 and self.chooser == self.seat and 2 <= out <= 4:
            if not self.is_top(top * 4 + mode):
                return top * 4 + mode
        return -1

    @micropython.native
    def follow(self):
        mode = self.mode
        so = self.so
        cp = self.cp
        led = self.led
        lm = self.legal
        wc = self.wcard
        cur = so[wc]
        pts = self.pts
        last = self.pos == 3
        if self.wpartner:
            if last or self.is_top(wc):
                return self.smear()
            return self.discard(True)
        if not (mode < 4 and led == mode):
            # plain cards of the suit led that win
            m = lm[led]
            bestc = -1
            bk = -1
            while m:
                b = m & -m
                m ^= b
                c = BIT_RANK[b % 37] * 4 + led
                v = so[c]
                if v > cur:
                    k = (cp[c] * 64 + c) if last else v
                    if k > bk:
                        bk = k
                        bestc = c
            if bestc >= 0:
                if last or pts >= 10 or self.is_top(bestc):
                    return bestc
                return self.discard(True)
        if mode < 4:
            # only trumps win: the lowest will do
            m = lm[mode]
            low = -1
            while m:
                b = m & -m
                m ^= b
                r = BIT_RANK[b % 37]
                if 32 + TRUMP_ORDER[r] > cur:
                    if low < 0 or TRUMP_ORDER[r] < TRUMP_ORDER[low]:
                        low = r
            if low >= 0:
                # the Puur only for a rich trick; a small trump (6, 7, 8) ruffs any trick
                # with points that no trump has ruffed yet
                need = 10
                if low == JACK:
                    need = 15
                elif TRUMP_ORDER[low] < 3 and (wc & 3) != mode:
                    need = 4
                if pts >= need or (last and pts >= 4 and need == 10):
                    return low * 4 + mode
        return self.discard(True)

    @micropython.native
    def smear(self):
        """Points on a trick the partner keeps: the richest plain card that is not a sure
        winner of its own (or the richest plain card)."""
        mode = self.mode
        cp = self.cp
        lm = self.legal
        h = self.hand
        p = self.played
        above = self.above
        br = BIT_RANK
        best = -1
        bc = -1
        for keep in (True, False):
            for s in range(4):
                m = lm[s]
                if s == mode or not m:
                    continue
                o = FULL & ~(p[s] | h[s]) if keep else 0  # cards still out (see is_top)
                a = s * 13
                while m:
                    b = m & -m
                    m ^= b
                    r = br[b % 37]
                    if keep and not (o & above[a + r]):
                        continue
                    k = cp[r * 4 + s] * 64 + r * 4 + s
                    if k > best:
                        best = k
                        bc = r * 4 + s
            if bc >= 0:
                return bc
        return self.discard(False)

    @micropython.native
    def discard(self, tops):
        """The least valuable card (trumps and, with tops, sure winners kept)."""
        mode = self.mode
        cp = self.cp
        so = self.so
        lm = self.legal
        h = self.hand
        p = self.played
        above = self.above
        br = BIT_RANK
        best = -1
        bc = -1
        for s in range(4):
            m = lm[s]
            if not m:
                continue
            # sure winners are kept with tops (trumps are kept anyway: their keys are higher)
            keep = tops and s != mode
            o = FULL & ~(p[s] | h[s])  # the suit's cards still out (see is_top)
            a = s * 13
            while m:
                b = m & -m
                m ^= b
                r = br[b % 37]
                c = r * 4 + s
                k = cp[c] * 4 + so[c]
                if s == mode:
                    k += 600 if r == JACK else 200
                if keep and not (o & above[a + r]):
                    k += 60
                k = k * 64 + c
                if best < 0 or k < best:
                    best = k
                    bc = c
        return bc


class Player:
    """A seat's bot: one object for the trump choice and another for everything else."""

    def __init__(self, trump, play):
        self.trump = trump
        self.play = play

    def choose(self, view, legal):
        if view["phase"] == "trump":
            return self.trump.choose(view, legal)
        return self.play.choose(view, legal)


def make_player(seat, seed, trump="heuristic", play="heuristic"):
    r = Rng(seed)
    if trump == "heuristic":
        t = HeuristicTrump(r)
    elif trump == "random_mode":
        t = RandomMode(r)
    else:
        t = RandomChooser(r)
    p = HeuristicPlay(r) if play == "heuristic" else RandomChooser(r)
    return Player(t, p)


def make_bot(game_id, level, seat, seed):
    if level == "random":
        return make_player(seat, seed, "random", "random")
    if level == "heuristic":
        return make_player(seat, seed, "heuristic", "heuristic")
    # the strong bot searches this family's worlds: engine.jass_world.strong (engine.games)
    raise ValueError("unknown bot level %r" % (level,))
