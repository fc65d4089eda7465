"""FROZEN copy of engine/matching_bots.py as the strong level stood before issue 59: the
yardstick `strong_v1` of tools/bots/arena.py. Do not change it; not part of the console build.

Original docstring:
Bots for the matching family (screwed, syn-partners): levels "random" and "heuristic".

Both see only the view and the legal list. The heuristic bot:
- always calls "last card", and catches an opponent's uncalled last card three times in four
  (never its partner's);
- passes draw penalties on when it can (a deuce before a joker); as a Screwed victim it takes a
  card from each player rather than five from the pile, unless that would leave a rival one
  card from going out;
- keeps wild cards (Jacks, jokers) for when nothing else fits, and keeps one as its last card (a
  wild card always goes out). In SCREWED! it draws rather than play a wild that is all that
  fits while its hand is big (but not from a nearly empty stock, which would only cycle the
  same cards); with partners it plays the wild (drawing measured worse: tools/bots/arena.py, v1);
- prefers cards that leave it holding the suit in force, and a suit the next rival drew on
  rather than follow; sheds high-scoring cards first, covers 6/7s only when it holds the
  cover, and aims penalties, skips and reverses at the opponent about to play (with partners,
  a 7 hands the turn to the partner, and deuces and jokers are kept until the rival about to
  play is down to three cards);
- names a suit it holds many of and of which few cards are unseen, best of all one the next
  rival drew on rather than follow.
"""

from engine.rng import Rng

JACK = 9
SIX = 4
SEVEN = 5
TWO = 0
THREE = 1
ACE = 12


def _pts(c):
    if c >= 52:
        return 25
    r = c >> 2
    if r <= 7:
        return 5
    if r == JACK:
        return 20
    if r == ACE:
        return 15
    return 10


class RandomBot:
    def __init__(self, seed):
        self.rng = Rng(seed)

    def choose(self, view, legal):
        return legal[self.rng.below(len(legal))]


class HeuristicBot:
    def __init__(self, game_id, seat, seed):
        self.rng = Rng(seed)
        self.seat = seat
        self.partners = game_id == "syn-partners"

    def friend(self, view, s):
        t = view["teams"]
        if not t:
            return s == self.seat
        return t[s] == t[self.seat]

    def name_suit(self, view):
        """The suit to name after a wild card: one it holds many of, of which few are unseen
        (its rivals are then less likely to follow), best of all one the next rival drew on
        rather than follow; a random one when it holds no plain card."""
        mine = [0, 0, 0, 0]
        unseen = [13, 13, 13, 13]
        for c in view["hand"]:
            if c < 52:
                unseen[c & 3] -= 1
                if (c >> 2) != JACK:
                    mine[c & 3] += 1
        if max(mine) == 0:
            return self.rng.below(4)
        for c in view["discard_pile"]:
            if c < 52:
                unseen[c & 3] -= 1
        nxt = (self.seat + view["direction"]) % len(view["counts"])
        lack = view["lacks"][nxt]
        best = 0
        best_score = -1000
        for s in range(4):
            if not mine[s]:
                continue
            sc = 4 * mine[s] - 2 * unseen[s]
            if lack[0] and lack[1] == s and not self.friend(view, nxt):
                sc += 20
            if sc > best_score:
                best_score = sc
                best = s
        return best

    def choose(self, view, legal):
        k0 = legal[0][0]
        if k0 == "suit":
            if view["phase"] == "opening":
                return legal[self.rng.below(4)]
            return ("suit", self.name_suit(view))
        if k0 == "deal_left":
            return legal[0]
        kinds = [a[0] for a in legal]
        if "catch" in kinds:
            off = view["uncalled"]
            if off >= 0 and not self.friend(view, off) and self.rng.chance(3, 4):
                return ("catch",)
        if view["phase"] == "penalty":
            return self.penalty(view, legal)
        plays = [a for a in legal if a[0] == "lastcard"]
        if not plays:
            plays = [a for a in legal if a[0] == "play"]
        if not plays:
            return legal[-1]
        return self.pick(view, legal, plays)

    def penalty(self, view, legal):
        stack = [a for a in legal if a[0] == "play"]
        if stack:
            best = stack[0]
            for a in stack:
                if a[1][0] < 52:
                    best = a
                    break
            return best
        if ("collect",) in legal:
            # a card taken from a rival holding two leaves it one card from going out: the
            # five from the pile are then the smaller harm
            counts = view["counts"]
            for s in range(len(counts)):
                if counts[s] == 2 and not self.friend(view, s):
                    return ("draw",)
            return ("collect",)
        return ("draw",)

    def pick(self, view, legal, plays):
        hand = view["hand"]
        counts = view["counts"]
        seats = len(counts)
        me = self.seat
        d = view["direction"]
        nxt = (me + d) % seats
        prv = (me - d) % seats
        n = len(hand)
        suit_n = [0, 0, 0, 0]
        wilds = 0
        for c in hand:
            if c >= 52 or (c >> 2) == JACK:
                wilds += 1
            else:
                suit_n[c & 3] += 1
        phase = view["phase"]
        nothing_else = True
        for a in plays:
            c = a[1][0]
            if c < 52 and (c >> 2) != JACK:
                nothing_else = False
        # With wilds optional and only wilds to play, keep them while the hand is big - but not
        # when the stock is nearly gone: drawing then only cycles the same few cards.
        if (
            nothing_else
            and not self.partners
            and n > 3
            and ("draw",) in legal
            and counts[nxt] > 2
            and view["draw_pile"] + view["discards"] > 8
        ):
            return ("draw",)
        # what the next rival is known to lack (it drew rather than follow that suit)
        lack = view["lacks"][nxt]
        lacking = lack[0] and not self.friend(view, nxt)
        best = None
        best_score = -100000
        for a in plays:
            c = a[1][0]
            sc = 0
            wild = c >= 52 or (c >> 2) == JACK
            r = 13 if c >= 52 else c >> 2
            if wild:
                sc -= (30 if self.partners else 40) if n > 1 else 0
                if c >= 52:
                    sc += 6 + (12 if counts[nxt] <= 2 else 0)
            else:
                sc += 4 * (suit_n[c & 3] - 1)
                if lacking and (c & 3) == lack[1] and r != lack[2]:
                    sc += 10
            sc += _pts(c) // 5
            if not self.partners:
                if r == THREE:
                    sc += 8
                if (r == SIX or r == SEVEN) and phase != "drawn":
                    # it must be covered: worth it only with a cover in hand besides it
                    cover = 0
                    for x in hand:
                        if x != c and (
                            x >= 52 or (x & 3) == (c & 3) or (x >> 2) in (SIX, SEVEN, JACK)
                        ):
                            cover += 1
                    sc += 6 if cover else -30
            else:
                if r == TWO or c >= 52:
                    # a penalty card is kept (to pass a penalty on, or for the end) until the
                    # rival about to play is down to three cards
                    sc += -12 + (30 if counts[nxt] <= 3 else 0)
                if r == SEVEN:
                    partner = (me + 2 * d) % seats
                    sc += 5
                    if self.friend(view, partner) and counts[partner] <= counts[nxt]:
                        sc += 8
                if r == ACE:
                    sc += 6 if counts[prv] > counts[nxt] else -4
            if sc > best_score:
                best_score = sc
                best = a
        return best


def make_bot(game_id, level, seat, seed):
    if level == "random":
        return RandomBot(seed)
    if level == "heuristic":
        return HeuristicBot(game_id, seat, seed)
    # the strong bot searches this family's worlds: engine.matching_world.strong (engine.games)
    raise ValueError("unknown bot level %r" % (level,))
