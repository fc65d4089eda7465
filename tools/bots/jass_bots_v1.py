"""FROZEN copy of the Schieber heuristic as it was on 2026-11-30 (before the fixes of issue 15).

The arena (tools/bots/arena.py, level "v1") uses it as the yardstick the improved heuristic and the
strong level are measured against. Do not change it; it is not part of the console build.

Original docstring:
Bots for Schieber Jass. They see only the view and the legal list.

random     picks any legal action.
heuristic  chooses trumps from hand strength (or pushes a weak hand), always announces its Weis,
           pulls trumps with the top trump, cashes sure winners, lets a partner who is winning
           keep the trick and throws points on it, wins cheaply when last, keeps the Puur back,
           and throws its least valuable card when it cannot win.
The trump chooser and the card player are separate pieces (make_player) so each can be measured
on its own: make_player(seat, seed, trump="random", play="heuristic"); trump "random" picks
any legal choice including the push, "random_mode" one of the six modes and never pushes.
"""

from engine import cards
from engine.jass import card_points, strength, trick_winner, TRUMP_ORDER, JACK
from engine.rng import Rng

ACE = cards.ACE
KING = cards.KING
TEN = cards.TEN
# Hand-strength values of trump cards by rank index (6..A = 4..12).
TRUMP_VALUE = bytes((0, 0, 0, 0, 3, 3, 3, 17, 5, 25, 6, 7, 11))
PUSH_BELOW = 50


def suit_score(hand, t):
    sc = 0
    n = 0
    have = [0, 0, 0, 0]
    for c in hand:
        have[c & 3] |= 1 << (c >> 2)
    for c in hand:
        r = c >> 2
        s = c & 3
        if s == t:
            n += 1
            sc += TRUMP_VALUE[r]
        elif r == ACE:
            sc += 10
        elif r == TEN and have[s] & (1 << ACE):
            sc += 4
        elif r == KING and have[s] & (1 << ACE):
            sc += 2
    if n >= 4:
        sc += (n - 3) * 7
    elif n <= 2:
        sc -= 12
    return sc


def notrump_score(hand, down):
    """Obenabe (down False: A high) or Undenufe (down True: 6 high) strength."""
    have = [0, 0, 0, 0]
    for c in hand:
        have[c & 3] |= 1 << (c >> 2)
    sc = 0
    for s in range(4):
        bits = have[s]
        n = 0
        for r in range(4, 13):
            if bits & (1 << r):
                n += 1
        # walk from the top of the suit while we hold the cards in sequence
        run = 0
        for i in range(9):
            r = (4 + i) if down else (12 - i)
            if bits & (1 << r):
                run += 1
            else:
                break
        if run:
            sc += 14 * run
            if run >= 2 and n > run:
                sc += 3 * (n - run)
        elif n >= 3:
            # a guarded second card can still make a trick
            r2 = 5 if down else 11
            if bits & (1 << r2):
                sc += 6
    return sc


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


class HeuristicPlay:
    def __init__(self, rng):
        self.rng = rng
        self.six = False

    def choose(self, view, legal):
        if legal[0][0] != "play":
            for a in legal:
                if a[0] == "weis":
                    return a
            return legal[0]
        if len(legal) == 1:
            return legal[0]
        mode = view["mode"]
        self.six = view.get("undenufe_six", False)
        hand = view["hand"]
        trick = view["trick"]
        seen = bytearray(52)
        for c in view["played"]:
            seen[c] = 1
        for c in hand:
            seen[c] = 2
        opts = [a[1][0] for a in legal]
        if not trick:
            c = self.lead(opts, hand, seen, mode, view)
        else:
            c = self.follow(opts, trick, seen, mode, view)
        return ("play", bytes([c]))

    def is_top(self, c, seen, mode):
        """No card still out (not played, not ours) beats c in its own suit."""
        s = c & 3
        v = strength(c, mode, s)
        for r in range(4, 13):
            x = r * 4 + s
            if not seen[x] and strength(x, mode, s) > v:
                return False
        return True

    def lead(self, opts, hand, seen, mode, view):
        if mode < 4:
            mine = [c for c in opts if (c & 3) == mode]
            out = 0
            for r in range(4, 13):
                if not seen[r * 4 + mode]:
                    out += 1
            if mine and out:
                top = mine[0]
                for c in mine:
                    if TRUMP_ORDER[c >> 2] > TRUMP_ORDER[top >> 2]:
                        top = c
                if self.is_top(top, seen, mode) and view["chooser"] % 2 == view["seat"] % 2:
                    return top
        best = -1
        bc = -1
        for c in opts:
            if mode < 4 and (c & 3) == mode:
                continue
            if self.is_top(c, seen, mode):
                p = card_points(c, mode, self.six) * 64 + c
                if p > best:
                    best = p
                    bc = c
        if bc >= 0:
            return bc
        # lead low from the longest side suit
        count = [0, 0, 0, 0]
        for c in hand:
            count[c & 3] += 1
        best = -1
        for c in opts:
            s = c & 3
            tr = 1 if (mode < 4 and s == mode) else 0
            key = ((1 - tr) * 16 + count[s]) * 64 + (40 - strength(c, mode, s))
            key = key * 64 + c
            if key > best:
                best = key
                bc = c
        return bc

    def follow(self, opts, trick, seen, mode, view):
        seat = view["seat"]
        led = trick[0] & 3
        wi = trick_winner(trick, mode)
        wseat = (view["trick_leader"] + wi) % 4
        cur = strength(trick[wi], mode, led)
        pts = 0
        for c in trick:
            pts += card_points(c, mode, self.six)
        last = len(trick) == 3
        partner_wins = wseat == (seat + 2) % 4
        if partner_wins:
            if last or self.is_top(trick[wi], seen, mode):
                return self.smear(opts, mode, seen)
            return self.discard(opts, mode, seen)
        win = [c for c in opts if strength(c, mode, led) > cur]
        if win:
            plain = [c for c in win if not (mode < 4 and (c & 3) == mode)]
            if plain:
                if last:
                    return self.max_points(plain, mode)
                bestc = plain[0]
                for c in plain:
                    if strength(c, mode, led) > strength(bestc, mode, led):
                        bestc = c
                if self.is_top(bestc, seen, mode) or pts >= 10:
                    return bestc
            else:
                # only trumps win: the lowest will do; the Puur only for a rich trick
                low = win[0]
                for c in win:
                    if TRUMP_ORDER[c >> 2] < TRUMP_ORDER[low >> 2]:
                        low = c
                if (low >> 2) != JACK and (pts >= 10 or last and pts >= 4):
                    return low
                if (low >> 2) == JACK and pts >= 15:
                    return low
        return self.discard(opts, mode, seen)

    def smear(self, opts, mode, seen):
        plain = [c for c in opts if not (mode < 4 and (c & 3) == mode)]
        if plain:
            keep = [c for c in plain if not self.is_top(c, seen, mode)]
            return self.max_points(keep or plain, mode)
        return self.discard(opts, mode, None)

    def max_points(self, lst, mode):
        best = -1
        bc = lst[0]
        for c in lst:
            k = card_points(c, mode, self.six) * 64 + c
            if k > best:
                best = k
                bc = c
        return bc

    def discard(self, opts, mode, seen):
        best = None
        bc = opts[0]
        for c in opts:
            s = c & 3
            tr = mode < 4 and s == mode
            k = card_points(c, mode, self.six) * 4 + strength(c, mode, s)
            if tr:
                k += 200
                if (c >> 2) == JACK:
                    k += 400
            elif seen is not None and self.is_top(c, seen, mode):
                k += 60
            k = k * 64 + c
            if best is None or k < best:
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
    raise ValueError("unknown bot level %r" % (level,))
