"""FROZEN copy of engine/shedding_bots.py as the strong level stood before issue 59: the
yardstick `strong_v1` of tools/bots/arena.py. Do not change it; not part of the console build.

Original docstring:
Bots for the shedding family (Screw, Moonshine, Popcorn, Shithead).

random     picks any legal action with equal chance.
heuristic  keeps its special cards for when it needs them, sheds its lowest ranks as whole sets,
           puts its best cards face up in the setup, spends a 10 or a Popcorn joker on a big
           pile, and in match play takes chips from the leader (or ends the match when it leads).
Both see only the view and the legal list, and draw randomness from their own Rng.
"""

from engine.rng import Rng

JOKER_RANK = 13


def make_bot(game_id, level, seat, seed):
    if level == "random":
        return RandomBot(seed)
    if level == "heuristic":
        return HeuristicBot(seed)
    # the strong bot searches this family's worlds: engine.shedding_world.strong (engine.games)
    raise ValueError("unknown bot level %r" % (level,))


class RandomBot:
    def __init__(self, seed):
        self.rng = Rng(seed)

    def choose(self, view, legal):
        return legal[self.rng.below(len(legal))]


def keep_value(r, rules):
    """How much a card of rank index r is worth holding on to (higher: keep longer)."""
    if r == JOKER_RANK:
        return 30
    if r == 0:  # 2: resets, goes on anything
        return 26
    if r == 8 and rules["ten_burns"]:
        return 27
    if r == 1 and rules["invisible_three"]:
        return 24
    return r + 2  # plain cards: their face value


class HeuristicBot:
    def __init__(self, seed):
        self.rng = Rng(seed)

    def choose(self, view, legal):
        k = legal[0][0]
        if k == "place":
            return self.best_card(legal, view, True)
        if k == "take":
            # take the weakest face-up cards into the hand, leave the strong ones up
            return self.best_card(legal, view, False)
        if k == "swap" or k == "ready":
            return self.swap(view, legal)
        if k == "chip":
            return self.chip(view, legal)
        return self.play(view, legal)

    def best_card(self, legal, view, high):
        rules = view["rules"]
        best = None
        bv = 0
        for a in legal:
            c = a[1]
            v = keep_value(c >> 2, rules) * 64 + c
            if best is None or (v > bv if high else v < bv):
                best = a
                bv = v
        return best

    def swap(self, view, legal):
        rules = view["rules"]
        best = None
        gain = 0
        for a in legal:
            if a[0] != "swap":
                continue
            h = a[1] >> 6
            u = a[1] & 63
            g = keep_value(h >> 2, rules) - keep_value(u >> 2, rules)
            if g > gain:
                gain = g
                best = a
        if best is not None:
            return best
        return ("ready",)

    def chip(self, view, legal):
        chips = view["chips"]
        me = view["seat"]
        mine = chips[me]
        lead = True
        for t in range(len(chips)):
            if t != me and chips[t] >= mine:
                lead = False
        best = None
        bv = 0
        for a in legal:
            c = chips[a[1]]
            # ties broken at random, so no seat is everyone's favourite target
            v = (-c if lead else c) * 64 + self.rng.below(64)
            if best is None or v > bv:
                best = a
                bv = v
        return best

    def play(self, view, legal):
        if len(legal) > 1 and self.rng.below(20) == 0:
            # now and then an unexpected move, so that no position repeats for ever
            return legal[self.rng.below(len(legal))]
        rules = view["rules"]
        pile = len(view["pile"])
        stock = view["stock"]
        best = None
        bv = 0
        for a in legal:
            k = a[0]
            if k == "play":
                cs = a[1]
                r = cs[0] >> 2
                kv = keep_value(r, rules)
                # lower cost plays first; a set of n cards counts as a cheaper, bigger shed
                cost = kv * 16 - len(cs) * 12
                if r == 8 and rules["ten_burns"] and pile >= 6:
                    cost = 12 * 16
                elif r == JOKER_RANK and rules["joker"] == 1 and pile >= 4:
                    cost = 8 * 16
                elif kv >= 24 and (view["reset"] or not pile):
                    cost += 64  # do not waste a special on an empty or reset pile
                if stock == 0 and view["hand_count"][view["seat"]] == len(cs) and kv < 24:
                    cost -= 8  # emptying the hand is worth something late in the round
            elif k == "blind":
                cost = 40 * 16
            elif k == "stop":
                cost = 18 * 16
            elif k == "pickup":
                if len(a) > 1:
                    cost = 60 * 16 - keep_value(a[1] >> 2, rules)
                else:
                    cost = 60 * 16
                    if pile <= 2:
                        cost = 29 * 16
            else:
                cost = 50 * 16
            # a little noise: breaks ties between equal plays and the endless loops that
            # perfectly predictable players can fall into
            cost += self.rng.below(24)
            if best is None or cost < bv:
                best = a
                bv = cost
        return best
