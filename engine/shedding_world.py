"""Shedding-family search support: a full game from one seat's view (determinization), and the
hooks engine/search.py uses for the strong level (rollouts with the heuristic to the end of
the round, or MAX_STEPS plies, valued by who went out and who is left holding cards).

What a seat knows and the sample respects: its own hand, every face-up card, the pile and the
cards burned; the other hands, the face-down rows (its own included) and the stock are dealt at
random from the rest, except the cards the strong bot saw go into another hand (a pickup of the
pile, a face-up card taken up: Memory), which are dealt there.
Loaded only with a strong bot (or the hint).
"""

from engine import shedding as S
from engine.compat import const, micropython
from engine.rng import Rng
from engine.sample import deal_free, known_flags, hidden
from engine.shedding_bots import keep_value

MAX_STEPS = 40
ROLLOUTS = 2  # worlds per decision off the console: about what a Pico affords in its 450 ms
BUDGET_MS = None  # the search's default: time-boxed on the console only
# The heuristic's action is kept unless another earned this much more a world (a round won is
# +1000): with 2 worlds, Shithead 1 vs 1, 300 rounds: 43.7% with no margin, 47.3% with 200,
# 58.3% with 600 (58.2% over 1,000; 6 worlds, no margin: 55.5%; README, Arena).
MARGIN = 600


@micropython.native
def from_view(game_id, view, rng):
    """A full game consistent with view; the cards the seat cannot see dealt at random."""
    me = view["seat"]
    opts = dict(view["rules"])
    n = len(view["hand_count"])
    g = S.Shedding(game_id, n, rng.next(), opts)
    g.phase = S.PHASE_NAMES.index(view["phase"])
    g.to_act = view["to_act"]
    g.over = view["over"]
    g.dealer = view["dealer"]
    g.round = view["round"]
    g.direction = view["direction"]
    g.may_stop = view["may_stop"]
    g.need10 = view["need10"]
    g.first_rank = view["first_rank"]
    g.setup_left = view["setup_left"]
    g.finished = bytearray(view["finished"])
    g.chips = bytearray(view["chips"])
    g.pile = bytearray(view["pile"])
    g.burned = bytearray(view["burned_cards"])
    if g.phase == S.PH_CHIP:
        g.round_winner = g.to_act
    ups = view["up"]
    gone = known_flags(view["hand"], view["pile"], view["burned_cards"], *ups)
    # cards the seat saw go into another hand (Memory): dealt there, not at random
    pinned = view.get("known")
    if pinned:
        for s in range(n):
            for c in pinned[s]:
                gone[c] = 1
    pool = hidden(gone, g.npack)
    need = []
    for s in range(n):
        k = 0 if s == me else view["hand_count"][s]
        if pinned:
            k -= len(pinned[s])
        need.append(k)
        need.append(view["down_count"][s])
        need.append(view["up_count"][s] - len(ups[s]))
    need.append(view["stock"])
    parts = deal_free(pool, need, rng)
    for s in range(n):
        if s == me:
            g.hands[s] = bytearray(view["hand"])
        else:
            h = parts[3 * s]
            if pinned:
                h.extend(pinned[s])
            g.hands[s] = bytearray(sorted(h))
        g.downs[s] = parts[3 * s + 1]
        up = bytearray(ups[s])
        up.extend(parts[3 * s + 2])
        g.ups[s] = up
    g.stock = parts[3 * n]
    return g


# ----- hooks for engine/search.py -----
def world(game_id, view, rng):
    return from_view(game_id, view, rng)


def strong(game_id, seat, seed):
    """The strong bot: engine.search over this family's worlds, its heuristic as the prior
    (engine.games.make_bot asks here for the level "strong"), with a memory of the cards it
    saw go into other hands."""
    from engine import search, shedding_world as w
    from engine.shedding_bots import HeuristicBot

    class Strong(search.Strong):
        def begin(self, view, legal):
            known = self.memory.see(view)
            if known:
                view = dict(view)
                view["known"] = known
            return search.Strong.begin(self, view, legal)

    b = Strong(w, game_id, seat, seed, HeuristicBot(seed), w.ROLLOUTS, w.BUDGET_MS, w.MARGIN)
    b.memory = Memory()
    return b


class Memory:
    """What a seat saw go into the other hands, from one of its decisions to the next: a face-up
    card that left its row for the hand (a swap in the setup, a pickup with a face-up card), and
    the cards of the pile it last saw (with its own cards played on it) when another seat picked
    the pile up. A card seen again (played, burned, face up) leaves the memory; a seat with more
    remembered cards than it holds is forgotten (a pickup the counts misread). A game loaded
    from a save starts with an empty memory: the bot then knows less, never something false."""

    def __init__(self):
        self.known = None  # per seat: a list of the cards known to be in that hand
        self.ups = None  # the face-up rows, the pile and own cards at the last decision
        self.pile = None
        self.mine = None
        self.counts = None

    def see(self, view):
        """Update from view (a decision of this seat); the known cards per seat, or None."""
        n = len(view["hand_count"])
        me = view["seat"]
        ups = view["up"]
        counts = view["hand_count"]
        if self.known is None or len(self.known) != n:
            self.known = [[] for _ in range(n)]
        known = self.known
        seen = known_flags(view["hand"], view["pile"], view["burned_cards"], *ups)
        mine = bytearray(view["hand"])
        mine.extend(ups[me])
        if self.ups is not None and len(self.ups) == n:
            for s in range(n):
                if s == me:
                    continue
                for c in self.ups[s]:
                    if not seen[c] and c not in known[s]:
                        known[s].append(c)
            # the pile at the last decision and the own cards played since: not seen now,
            # so picked up, by the one seat whose hand grew by at least as many
            lost = bytearray()
            for c in self.pile:
                if not seen[c]:
                    lost.append(c)
            for c in self.mine:
                if not seen[c]:  # own cards are seen: c left the seat's hand and rows
                    lost.append(c)
            if lost:
                who = -1
                for s in range(n):
                    if s != me and counts[s] - self.counts[s] >= len(lost):
                        who = -2 if who != -1 else s
                if who >= 0:
                    for c in lost:
                        if c not in known[who]:
                            known[who].append(c)
        any_known = False
        for s in range(n):
            k = []
            if s != me:
                for c in known[s]:
                    if not seen[c]:
                        k.append(c)
            if len(k) > counts[s]:
                k = []
            known[s] = k
            if k:
                any_known = True
        self.ups = [bytes(x) for x in ups]
        self.pile = bytes(view["pile"])
        self.mine = bytes(mine)
        self.counts = list(counts)
        return known if any_known else None


def rollout_bots(game_id, seed):
    from engine.shedding_bots import make_bot

    return [make_bot(game_id, "heuristic", s, seed + s) for s in range(6)]


def rollout_view(g, seat):
    """The part of the view the heuristic reads in play, without building the whole view."""
    if g.phase != S.PH_PLAY:
        return g.view(seat)
    beat, lower, reset = g.constraint()
    return {
        "rules": g.opts,
        "pile": g.pile,
        "stock": len(g.stock),
        "reset": reset,
        "hand_count": [len(h) for h in g.hands],
        "seat": seat,
    }


def mark(g):
    return (g.round, bytes(g.chips))


def mark_same(g, m):
    return g.round == m and g.phase == S.PH_PLAY


def value(g, seat, start):
    """Zero-sum over the seats: +1000 for winning the round, where the game plays on to a loser
    -1000 for being it (shared out among the others otherwise); a rollout cut off after
    MAX_STEPS is valued by the cards the seat holds against the others' mean."""
    n = g.seats
    if g.round != start[0] or g.phase != S.PH_PLAY:
        if g.opts["play_to_last"]:
            if g.chips:
                lost = g.chips[seat] < start[1][seat]
            else:
                lost = g.round_loser == seat
            return -1000 if lost else 1000 // (n - 1)
        return 1000 if g.round_winner == seat else -1000 // (n - 1)
    mine = 0
    others = 0
    for s in range(n):
        k = len(g.hands[s]) + len(g.ups[s]) + len(g.downs[s])
        if s == seat:
            mine = k
        else:
            others += k
    return (others * 20) // (n - 1) - mine * 20


def searched(view, legal):
    return view["phase"] == "play"


def candidates(view, legal):
    """Of the plays of one rank, only the whole set and a single card: the sets in between
    rarely differ, and every extra candidate costs a rollout in every world."""
    out = []
    for a in legal:
        if a[0] != "play":
            out.append(a)
            continue
        cs = a[1]
        r = cs[0] >> 2
        best = -1
        for i in range(len(legal)):
            b = legal[i]
            if b[0] == "play" and (b[1][0] >> 2) == r and len(b[1]) > best:
                best = len(b[1])
        if len(cs) == best or (len(cs) == 1 and not has_single_before(out, r)):
            out.append(a)
    return out


def has_single_before(out, r):
    for a in out:
        if a[0] == "play" and len(a[1]) == 1 and (a[1][0] >> 2) == r:
            return True
    return False


def fast_rollout(game_id, seed=0):
    return Rollout(seed)


# A card's rank index (card >> 2): 2s are 0, 3s 1, 7s 5, 10s 8, jokers 13.
_NR = const(14)
_JOKER = const(13)
POP = b"\x00\x01\x01\x02\x01\x02\x02\x03\x01\x02\x02\x03\x02\x03\x03\x04"  # bits set in 0..15
# a chosen action, in Rollout.kind
_PLAY = const(0)
_BLIND = const(1)
_PICKUP = const(2)
_PASS = const(3)
_STOP = const(4)


class Rollout:
    """A shedding round played on with the heuristic (shedding_bots.HeuristicBot.play) on rank
    counts, for the search: load() takes a world once, run() plays one action in it and on to
    the end of the round or MAX_STEPS plies, and returns the same value as the rollout through
    the engine's API (tests/test_shedding_rollout.py). The legal actions are never built: the
    heuristic's costs are worked out for them in the engine's order, drawing the same random
    numbers from the same generators (one per seat, seeded like rollout_bots), so the play is
    the same card for card. Suits never matter to the rules in play, so hands and face-up rows
    are counts per rank; face-down rows, the stock and the pile are ranks in order. The loaded
    world is kept apart, every run starts from it; nothing is allocated per card."""

    def __init__(self, seed):
        self.rs = [Rng(seed + s).state for s in range(6)]  # rollout_bots' generators' states
        # each as loaded (b*), then the copy a run changes
        self.bh = bytearray(6 * _NR)  # hand: count per seat and rank
        self.hands = bytearray(6 * _NR)
        self.bu = bytearray(6 * _NR)  # face-up row: count per seat and rank
        self.ups = bytearray(6 * _NR)
        self.bd = bytearray(6 * 4)  # face-down row: ranks in row order, 4 a seat
        self.downs = bytearray(6 * 4)
        self.bn = bytearray(18)  # per seat: cards in hand, face up, face down
        self.counts = bytearray(18)
        self.bp = bytearray(64)  # the pile's ranks, bottom first
        self.pile = bytearray(64)
        self.bf = bytearray(6)  # 1: the seat is out
        self.out = bytearray(6)
        self.fin = bytearray(8)  # seats out, in order
        self.stock = bytearray(64)  # the stock's ranks, drawn from the front
        self.kv = bytearray(_NR)  # the heuristic's keep_value per rank
        # the ranks that may be played (bit r), by the deciding rank u (-1: none) and need10:
        # okt[u + 1 + 15 * need10], worked out again when the rules change
        self.okey = None
        self.okt = None
        self.kind = self.ka = self.kb = 0  # the action choose() picked

    def load(self, g):
        o = g.opts
        self.o_tb = o["ten_burns"]
        self.o_tl = o["ten_limit"]
        self.o_sl = o["seven_lower"]
        self.o_inv = o["invisible_three"]
        self.o_fc = o["four_clears"]
        self.o_ss = o["skip_same"]
        self.o_jk = o["joker"]
        self.o_pa = o["pickup_any"]
        self.o_pp = o["pickup_play"]
        self.o_upc = o["up_pickup_card"]
        self.o_pbh = o["post_burn_high"]
        self.o_ptl = o["play_to_last"]
        self.o_stall = o["stall"]
        self.o_de = o["draw_each"]
        self.o_2a = o["two_again"]
        self.o_ba = o["burn_again"]
        self.hsize = S.SHAPES[g.shape][4]
        for r in range(_NR):
            self.kv[r] = keep_value(r, o)
        key = (self.o_tb, self.o_tl, self.o_sl, self.o_inv, self.o_jk)
        if key != self.okey:
            self.okey = key
            self.okt = [self.ok_mask(u - 15 * (u // 15) - 1, u >= 15) for u in range(30)]
        n = g.seats
        self.seats = n
        self.dealer = g.dealer
        bh = self.bh
        bu = self.bu
        bn = self.bn
        for i in range(6 * _NR):
            bh[i] = 0
            bu[i] = 0
        for s in range(n):
            for c in g.hands[s]:
                bh[s * _NR + (c >> 2)] += 1
            for c in g.ups[s]:
                bu[s * _NR + (c >> 2)] += 1
            k = 0
            for c in g.downs[s]:
                self.bd[s * 4 + k] = c >> 2
                k += 1
            bn[3 * s] = len(g.hands[s])
            bn[3 * s + 1] = len(g.ups[s])
            bn[3 * s + 2] = k
            self.bf[s] = 0
        k = 0
        for c in g.pile:
            self.bp[k] = c >> 2
            k += 1
        self.bpn = k
        k = 0
        for c in g.stock:
            self.stock[k] = c >> 2
            k += 1
        self.slen = k
        self.bfn = len(g.finished)
        for i in range(self.bfn):
            self.fin[i] = g.finished[i]
            self.bf[g.finished[i]] = 1
        self.b_to_act = g.to_act
        self.b_dir = g.direction
        self.b_need10 = g.need10
        self.b_may_stop = g.may_stop
        self.b_first = g.first_rank
        self.b_quiet = g.quiet

    @micropython.native
    def run(self, action, seat):
        """Play action (an engine action) and on with the heuristic; the value for seat."""
        self.hands[:] = self.bh
        self.ups[:] = self.bu
        self.downs[:] = self.bd
        self.counts[:] = self.bn
        self.pile[:] = self.bp
        self.out[:] = self.bf
        self.pn = self.bpn
        self.fn = self.bfn
        self.sp = 0
        self.to_act = self.b_to_act
        self.dir = self.b_dir
        self.need10 = self.b_need10
        self.may_stop = self.b_may_stop
        self.first = self.b_first
        self.quiet = self.b_quiet
        self.done = False
        k = action[0]
        if k == "play":
            self.act(_PLAY, action[1][0] >> 2, len(action[1]))
        elif k == "blind":
            self.act(_BLIND, action[1], 0)
        elif k == "pickup":
            self.act(_PICKUP, action[1] >> 2 if len(action) > 1 else -1, 0)
        elif k == "pass":
            self.act(_PASS, 0, 0)
        else:
            self.act(_STOP, 0, 0)
        steps = MAX_STEPS
        while not self.done and steps:
            self.choose(self.to_act)
            self.act(self.kind, self.ka, self.kb)
            steps -= 1
        return self.value(seat)

    @micropython.native
    def value(self, seat):
        """shedding_world.value of the round as it stands."""
        ns = self.seats
        if self.done:
            if self.o_ptl:
                return -1000 if self.loser == seat else 1000 // (ns - 1)
            return 1000 if self.winner == seat else -1000 // (ns - 1)
        n = self.counts
        mine = 0
        others = 0
        for s in range(ns):
            k = n[3 * s] + n[3 * s + 1] + n[3 * s + 2]
            if s == seat:
                mine = k
            else:
                others += k
        return (others * 20) // (ns - 1) - mine * 20

    # ----- the rules (Shedding's play phase, on ranks) -----
    @micropython.native
    def under(self):
        """The rank that decides what may be played (-1: none)."""
        p = self.pile
        i = self.pn - 1
        while i >= 0:
            r = p[i]
            if not ((r == _JOKER and self.o_jk >= 2) or (r == 1 and self.o_inv)):
                return r
            i -= 1
        return -1

    @micropython.native
    def ok_mask(self, u, need10):
        """Shedding.constraint and rank_ok: the ranks that may go on deciding rank u (-1: none)."""
        beat = 0
        lower = 0
        if u > 0:
            if u == 5 and self.o_sl:
                lower = self.o_sl
            else:
                beat = u + 2
        mask = 0
        for r in range(_NR):
            v = r + 2
            if r == _JOKER or r == 0:
                ok = True
            elif need10:
                ok = r >= 8
            elif r == 1 and self.o_inv:
                ok = True
            elif r == 8 and self.o_tb:
                ok = not self.o_tl or beat <= 10
            elif lower == 1:
                ok = v < 7
            elif lower == 2:
                ok = v <= 7
            else:
                ok = v >= beat
            if ok:
                mask |= 1 << r
        return mask

    @micropython.native
    def next_seat(self, s):
        ns = self.seats
        d = self.dir
        f = self.out
        for _ in range(ns):
            s = (s + d) % ns
            if not f[s]:
                return s
        return s

    @micropython.native
    def act(self, kind, a, b):
        """Shedding._apply in play: a play of b cards of rank a, flip face-down card a, pick up
        (with the face-up card of rank a, -1: none), pass or stop."""
        s = self.to_act
        if kind == _PLAY:
            st = 0 if self.counts[3 * s] else 1
            if st:
                self.quiet = 0
            self.play(s, a, b, st)
        elif kind == _BLIND:
            self.quiet = 0
            d = self.downs
            i = s * 4 + a
            r = d[i]
            e = s * 4 + self.counts[3 * s + 2] - 1
            while i < e:
                d[i] = d[i + 1]
                i += 1
            self.counts[3 * s + 2] -= 1
            if (self.okt[self.under() + (16 if self.need10 else 1)] >> r) & 1:
                self.play(s, r, 1, 2)
            else:
                self.pile[self.pn] = r
                self.pn += 1
                self.pickup(s, -1)
        elif kind == _PICKUP:
            self.pickup(s, a)
        elif kind == _PASS:
            self.need10 = False
            self.to_act = self.next_seat(s)
        else:
            self.may_stop = False
            self.to_act = self.next_seat(s)
        if not self.done and self.quiet < 255:
            self.quiet += 1
            if self.o_stall and self.quiet >= self.o_stall:
                self.stall()

    @micropython.native
    def play(self, s, r, k, st):
        p = self.pile
        pn = self.pn
        n = self.counts
        prev = p[pn - 1] if pn else -1
        if st == 0:
            self.hands[s * _NR + r] -= k
            n[3 * s] -= k
        elif st == 1:
            self.ups[s * _NR + r] -= k
            n[3 * s + 1] -= k
        for _ in range(k):
            p[pn] = r
            pn += 1
        self.first = -1
        jtake = r == _JOKER and self.o_jk == 1
        jrev = r == _JOKER and self.o_jk >= 2
        self.need10 = self.need10 and jrev
        self.may_stop = False
        if st == 0:
            # draw: one card a card played (draw_each), else back up to the hand size
            hs = n[3 * s] + k if self.o_de else self.hsize
            h = self.hands
            while n[3 * s] < hs and self.sp < self.slen:
                h[s * _NR + self.stock[self.sp]] += 1
                self.sp += 1
                n[3 * s] += 1
                self.quiet = 0
        burn = False
        if jtake:
            self.quiet = 0
            pn -= 1
        elif r == 8 and self.o_tb:
            burn = True
        elif self.o_fc and r != _JOKER and pn >= 4:
            burn = p[pn - 2] == r and p[pn - 3] == r and p[pn - 4] == r
        if burn:
            self.quiet = 0
            pn = 0
        self.pn = pn
        out = self.check_out(s)
        if self.done:
            return
        if jtake:
            v = self.next_seat(s)
            self.take_pile(v, -1)
            self.to_act = self.next_seat(v)
        elif burn:
            self.need10 = bool(self.o_pbh)
            if self.o_ba and not out:
                self.to_act = s
            else:
                self.to_act = self.next_seat(s)
        elif r == 0 and self.o_2a and not out:
            self.may_stop = True
            self.to_act = s
        else:
            if jrev:
                self.dir = -self.dir
            nxt = self.next_seat(s)
            if self.o_ss and prev == r and r != _JOKER and nxt != s:
                nxt = self.next_seat(nxt)
            self.to_act = nxt

    @micropython.native
    def take_pile(self, s, up):
        h = self.hands
        p = self.pile
        pn = self.pn
        for i in range(pn):
            h[s * _NR + p[i]] += 1
        self.counts[3 * s] += pn
        if up >= 0:
            self.ups[s * _NR + up] -= 1
            self.counts[3 * s + 1] -= 1
            h[s * _NR + up] += 1
            self.counts[3 * s] += 1
        self.pn = 0
        self.need10 = False
        self.may_stop = False
        self.first = -1

    @micropython.native
    def pickup(self, s, up):
        self.take_pile(s, up)
        if self.o_pp:
            self.to_act = s
        else:
            self.to_act = self.next_seat(s)

    @micropython.native
    def check_out(self, s):
        n = self.counts
        if n[3 * s] or n[3 * s + 1] or n[3 * s + 2]:
            return False
        self.fin[self.fn] = s
        self.fn += 1
        self.out[s] = 1
        self.quiet = 0
        if not self.o_ptl:
            self.over(s, -1)
        elif self.fn == self.seats - 1:
            loser = 0
            for t in range(self.seats):
                if not self.out[t]:
                    loser = t
            self.fin[self.fn] = loser
            self.fn += 1
            self.over(self.fin[0], loser)
        return True

    @micropython.native
    def over(self, winner, loser):
        self.done = True
        self.winner = winner
        self.loser = loser

    @micropython.native
    def stall(self):
        ns = self.seats
        left = []
        n = self.counts
        for i in range(ns):
            t = (self.dealer + 1 + i) % ns
            if not self.out[t]:
                left.append((n[3 * t] + n[3 * t + 1] + n[3 * t + 2]) * 8 + i)
        left.sort()
        for k in left:
            self.fin[self.fn] = (self.dealer + 1 + (k & 7)) % ns
            self.fn += 1
        self.over(self.fin[0], self.fin[self.fn - 1] if self.o_ptl else -1)

    # ----- the heuristic (HeuristicBot.play, over the legal actions in the engine's order) -----
    @micropython.native
    def choose(self, s):
        """The heuristic's action for seat s into kind, ka, kb. Its generator (engine.rng's,
        inlined: two calls a number were most of a rollout's time) draws as HeuristicBot's does:
        1 in 20 a random action, else each legal action's cost gets noise below 24."""
        n = self.counts
        st = 0 if n[3 * s] else (1 if n[3 * s + 1] else 2)
        pn = self.pn
        u = self.under()
        reset = u == 0
        # how many legal actions there are, as Shedding._compute_legal lists them
        plays = 0
        ok = 0  # bit r: rank r may be played
        row = self.hands if st == 0 else self.ups
        base = s * _NR
        may_stop = self.may_stop
        if st == 2:
            total = n[3 * s + 2]
            pick_up = False
        else:
            fr = self.first
            may = self.okt[u + (16 if self.need10 else 1)]
            for r in range(_NR):
                m = row[base + r]
                if m and (may >> r) & 1 and (fr < 0 or r == fr):
                    ok |= 1 << r
                    plays += m if r == _JOKER else (1 << m) - 1
            total = plays
            pick_up = pn and not may_stop and (self.o_pa or (not plays and not self.need10))
            if pick_up:
                total += n[3 * s + 1] if (st == 1 and self.o_upc) else 1
            if not plays and self.need10:
                total += 1
        if may_stop:
            total += 1
        x = self.rs[s]
        if total > 1:
            x = _next(x)
            pick = -1  # the index of the action chosen at random, -1: by cost
            if (x >> 10) % 20 == 0:
                x = _next(x)
                pick = (x >> 10) % total
                self.rs[s] = x  # no more numbers drawn
        else:
            pick = 0  # the only action: taken without a draw
        kv = self.kv
        # an action whose cost before the noise is already no lower than the best so far cannot
        # be chosen (the first lowest wins): its numbers are skipped in one jump of the generator
        best = 999999
        i = 0
        if st == 2:
            for j in range(n[3 * s + 2]):
                if pick < 0:
                    x = _next(x)
                    c = 640 + (x >> 10) % 24
                    if c < best:
                        best = c
                        self.kind = _BLIND
                        self.ka = j
                elif pick == i:
                    self.kind = _BLIND
                    self.ka = j
                    return
                i += 1
        else:
            if plays:
                stock0 = self.sp == self.slen
                hn = n[3 * s]
                for r in range(_NR):
                    if not (ok >> r) & 1:
                        continue
                    m = row[base + r]
                    top = m if r == _JOKER else (1 << m) - 1
                    if pick >= 0:
                        if pick < i + top:
                            self.kind = _PLAY
                            self.ka = r
                            self.kb = 1 if r == _JOKER else POP[pick - i + 1]
                            return
                        i += top
                        continue
                    i += top
                    v = kv[r]
                    if r == 8 and self.o_tb and pn >= 6:
                        c0 = 192
                    elif r == _JOKER and self.o_jk == 1 and pn >= 4:
                        c0 = 128
                    else:
                        c0 = -1
                    add = 64 if (v >= 24 and (reset or not pn)) else 0
                    # the lowest cost of the rank: the whole set's (emptying the hand at best)
                    k = 1 if r == _JOKER else m
                    c = c0 if c0 >= 0 else v * 16 - k * 12 + add
                    if stock0 and hn == k and v < 24:
                        c -= 8
                    if c >= best:
                        x = _jump(x, top)
                        continue
                    for mask in range(1, top + 1):
                        k = 1 if r == _JOKER else POP[mask]
                        c = c0 if c0 >= 0 else v * 16 - k * 12 + add
                        if stock0 and hn == k and v < 24:
                            c -= 8
                        x = _next(x)
                        c += (x >> 10) % 24
                        if c < best:
                            best = c
                            self.kind = _PLAY
                            self.ka = r
                            self.kb = k
            if pick_up:
                if st == 1 and self.o_upc:
                    up = self.ups
                    for r in range(_NR):
                        for _ in range(up[base + r]):
                            if pick < 0:
                                x = _next(x)
                                c = 960 - kv[r] + (x >> 10) % 24
                                if c < best:
                                    best = c
                                    self.kind = _PICKUP
                                    self.ka = r
                            elif pick == i:
                                self.kind = _PICKUP
                                self.ka = r
                                return
                            i += 1
                else:
                    if pick < 0:
                        c = 464 if pn <= 2 else 960
                        x = _next(x)
                        c += (x >> 10) % 24
                        if c < best:
                            best = c
                            self.kind = _PICKUP
                            self.ka = -1
                    elif pick == i:
                        self.kind = _PICKUP
                        self.ka = -1
                        return
                    i += 1
            if not plays and self.need10:
                if pick < 0:
                    x = _next(x)
                    c = 800 + (x >> 10) % 24
                    if c < best:
                        best = c
                        self.kind = _PASS
                elif pick == i:
                    self.kind = _PASS
                    return
                i += 1
        if may_stop:
            if pick < 0:
                x = _next(x)
                if 288 + (x >> 10) % 24 < best:
                    self.kind = _STOP
            elif pick == i:
                self.kind = _STOP
        self.rs[s] = x


# engine.rng's generator j steps at once: x -> (JA[j] * x + JC[j]) mod 2**30
JA = (
    1,
    740990789,
    498780313,
    990451773,
    92498801,
    682697845,
    345341577,
    878457325,
    213755873,
    827129509,
    1056644473,
    316086429,
    839198033,
    953834965,
    873764201,
    563248205,
)
JC = (
    0,
    12345,
    324703894,
    932049063,
    287295036,
    797434469,
    902754418,
    315739379,
    78994104,
    711584721,
    340627086,
    800968319,
    910145908,
    275003517,
    714804458,
    523501899,
)


@micropython.native
def _jump(x, j):
    """j steps of the generator (j < 16), in 15-bit halves so that no value reaches 2**30."""
    a = JA[j]
    c = JC[j]
    xl = x & 0x7FFF
    al = a & 0x7FFF
    lo = al * xl + (c & 0x7FFF)
    mid = (((a >> 15) * xl) & 0x7FFF) + ((al * (x >> 15)) & 0x7FFF) + (lo >> 15) + (c >> 15)
    return ((mid & 0x7FFF) << 15) | (lo & 0x7FFF)


@micropython.native
def _next(x):
    """engine.rng.Rng.next on a bare state."""
    xl = x & 0x7FFF
    lo = 8005 * xl + 12345
    mid = ((22613 * xl) & 0x7FFF) + ((8005 * (x >> 15)) & 0x7FFF) + (lo >> 15)
    return ((mid & 0x7FFF) << 15) | (lo & 0x7FFF)
