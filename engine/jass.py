"""Schieber Jass (game id "schieber"): four seats, two teams sitting opposite, 36-card pack.

Seats and order: seat numbers increase in playing order, which is counter-clockwise at the
table (the next seat to play after seat s is (s + 1) % 4). Teams: seats 0 and 2 (team 0),
seats 1 and 3 (team 1). The forehand is the seat after the dealer; it chooses the trump mode
(or pushes to its partner, who must choose) and plays the first card of the hand. The deal
passes one seat on after every hand. Cards are engine.cards ints (6..A of C D H S).

Trump modes: 0-3 = the suit C, D, H, S as trumps; 4 = Obenabe (no trump, A high);
5 = Undenufe (no trump, 6 high).

Actions
  ("trump", mode)         forehand, or the partner after a push: choose mode 0..5
  ("push",)               forehand only: hand the choice to the partner
  ("weis",) / ("noweis",) at its turn in the first trick, before its card, a seat that holds
                          at least one Weis announces it or keeps quiet. What is announced is the
                          seat's whole Weis as the engine groups it (see weis_of); seats with no
                          Weis are not asked, nor are seats whose best Weis compares lower
                          than the best one already announced (the announcement must be at
                          least as great). After the first trick the team with the best
                          announced Weis scores every Weis of both its players, announced or not.
  ("play", bytes([card])) play one card
Stöck is automatic: it is announced when its holder plays the second of trump K and Q.

View keys (view(seat))
  seat, to_act, over, phase ("trump", "weis", "play", "over"), hand (own cards, sorted bytes),
  trick (cards on the table in play order, bytes), trick_leader (seat that led it),
  last_trick (bytes, the previous complete trick), last_winner (-1 before the first),
  trick_winners (list of the seats that won each complete trick this hand),
  played (every card played this hand, in play order, bytes), tricks_won [team0, team1],
  mode (-1 before the choice), chooser (seat that chose, -1), pushed (bool),
  dealer, forehand, hand_no (1-based), weis_announced (per seat: -1 nothing announced, else the
  points of its best announced Weis), weis_value (per seat: -1, else that Weis's place on its
  list, 1 = a run of three .. 10, see weis_value()), weis_key (per seat: -1, else the whole
  comparison key of that Weis: place, top card, trump; announcing says how high, as players do
  when two Weis of one kind meet, so whether a later seat may still announce is public),
  weis_team (-1, or the team that scored Weis this hand),
  weis_points [team0, team1] (raw), weis_shown (per seat: list of bytes, the Weis it scored and
  showed after the first trick), my_weis (list of bytes: this seat's own Weis), stoeck (seat that
  announced Stöck this hand, -1), hand_points [team0, team1] (card points taken so far this
  hand), scores [team0, team1] (match totals), target, hands (0 or the fixed number of hands),
  multiplier (of the current mode), strict (bool), undenufe_six (bool), four_nines (bool),
  large_weis (bool), multipliers (bool).

Search support (the strong bots): Schieber.copy() is a cheap independent copy;
engine/jass_world.py builds a full game from one seat's view (from_view).

Transcript events (besides "start" and "act")
  {"ev":"announce","seat":s,"points":p,"value":v}  a Weis announced (points of its best item,
                                                   and its place on the list)
  {"ev":"weis","team":t,"points":p,"shown":[[names..]..per seat]} after the first trick: the
                                                   team with the best Weis scores all Weis of
                                                   both its players
  {"ev":"stoeck","seat":s}                         the second of trump K/Q was played
  {"ev":"trick","winner":s,"cards":[names],"points":p}  p includes the last trick's 5
  {"ev":"hand","hand":n,"mode":m,"points":[a,b],"match":t,"weis":[a,b],"stoeck":[a,b],
   "multiplier":k,"scores":[A,B]}                  end of a hand (raw points; scores multiplied)
  {"ev":"deal","dealer":d,"hand":n,"deck":[names]} a later hand's deal
  {"ev":"end","winners":[seats],"team":t,"scores":[A,B]}  (team -1 and no winners for a draw)
Deal: deck[i] goes to seat (dealer + 1 + i) % 4, one card at a time.
"""

from engine import cards
from engine.game import Game, GameError, setup
from engine.rng import Rng
from engine.compat import const
from engine import jass_options
from engine.jass_options import OPTIONS, GAME_IDS, PRESETS  # noqa: F401 - the contract

GAME_ID = "schieber"
OBENABE = 4
UNDENUFE = 5
MODE_NAMES = ("C", "D", "H", "S", "obenabe", "undenufe")
MODE_LONG = ("clubs", "diamonds", "hearts", "spades", "Obenabe", "Undenufe")
MULTIPLIER = (2, 1, 1, 2, 3, 3)

JACK = cards.JACK
NINE = cards.NINE
KING = cards.KING
QUEEN = cards.QUEEN

# Tables indexed by rank index (0..12; the Jass pack uses 4..12 = 6..A).
PLAIN_POINTS = bytes((0, 0, 0, 0, 0, 0, 0, 0, 10, 2, 3, 4, 11))
TRUMP_POINTS = bytes((0, 0, 0, 0, 0, 0, 0, 14, 10, 20, 3, 4, 11))
NOTRUMP_POINTS = bytes((0, 0, 0, 0, 0, 0, 8, 0, 10, 2, 3, 4, 11))
SIX_POINTS = bytes((0, 0, 0, 0, 11, 0, 8, 0, 10, 2, 3, 4, 0))
# Strength of a trump by rank index: the jack 8, the nine 7, then ace 6 down to the six 0.
TRUMP_ORDER = bytes((0, 0, 0, 0, 0, 1, 2, 7, 3, 8, 4, 5, 6))
# Score of a sequence by length in the large Weis.
SEQ_VALUE = (0, 0, 0, 20, 50, 100, 150, 200, 250, 300)
# Place of each Weis on its list (higher beats lower), by run length 0..9, then for fours of a
# kind scoring 100, 150, 200 (FOUR_PLACE index 0, 1, 2). Small Weis: the list of RULES.md, every
# run below every four of a kind; large Weis: by score, a four above a run of the same score.
SMALL_RUN_PLACE = (0, 0, 0, 1, 2, 3, 4, 5, 6, 7)
SMALL_FOUR_PLACE = (8, 9, 10)
LARGE_RUN_PLACE = (0, 0, 0, 1, 2, 3, 5, 7, 9, 10)
LARGE_FOUR_PLACE = (4, 6, 8)


PH_TRUMP = 0
PH_PLAY = 1
PH_OVER = 2
PHASE_NAMES = ("trump", "play", "over")


def card_points(c, mode, six=False):
    r = c >> 2
    if mode < 4:
        if (c & 3) == mode:
            return TRUMP_POINTS[r]
        return PLAIN_POINTS[r]
    if mode == UNDENUFE and six:
        return SIX_POINTS[r]
    return NOTRUMP_POINTS[r]


def strength(c, mode, led):
    """How strongly c stands in a trick led with suit led: -1 cannot win, trumps 32+."""
    s = c & 3
    if mode < 4 and s == mode:
        return 32 + TRUMP_ORDER[c >> 2]
    if s != led:
        return -1
    if mode == UNDENUFE:
        return 16 - (c >> 2)
    return c >> 2


def trick_winner(trick, mode):
    """Index (0..) of the card that wins (so far) the trick given in play order."""
    led = trick[0] & 3
    best = 0
    bs = strength(trick[0], mode, led)
    for i in range(1, len(trick)):
        v = strength(trick[i], mode, led)
        if v > bs:
            bs = v
            best = i
    return best


def legal_cards(hand, trick, mode, strict=True):
    """The cards of hand that may be played to trick (a sorted list)."""
    allc = sorted(hand)
    if not trick:
        return allc
    led = trick[0] & 3
    follow = [c for c in allc if (c & 3) == led]
    if mode >= 4:
        return follow if follow else allc
    if led == mode:
        if not follow:
            return allc
        if len(follow) == 1 and (follow[0] >> 2) == JACK:
            return allc  # the Puur may be held back
        return follow
    top = -1
    for c in trick:
        if (c & 3) == mode and TRUMP_ORDER[c >> 2] > top:
            top = TRUMP_ORDER[c >> 2]
    trumps = [c for c in allc if (c & 3) == mode]
    over = [c for c in trumps if TRUMP_ORDER[c >> 2] > top]
    if follow:
        return sorted(follow + over)
    others = [c for c in allc if (c & 3) != mode]
    if not others:
        return allc
    if not strict:
        return allc
    return sorted(others + over)


def four_value(r, mode, large, six, nines=True):
    if r == JACK:
        return 200
    if r == NINE:
        return 150 if (large or nines) else 0
    if large:
        return 100
    if r == cards.ACE:
        return 0 if (six and mode == UNDENUFE) else 100
    if r == cards.SIX:
        return 100 if (six and mode == UNDENUFE) else 0
    if r >= cards.TEN:
        return 100
    return 0


# A Weis item (key, points, cards), its fields by name: underscore const()s that MicroPython
# inlines (no RAM); other modules unpack the item.
_W_KEY = const(0)  # the comparison key (weis_value in its top bits)
_W_POINTS = const(1)
_W_CARDS = const(2)


def weis_value(w):
    """The place of a Weis item (key, points, cards) on its list, 1 (a run of three) to 10: what
    decides a comparison before the top card and the trump suit do. With the small Weis every
    run (longer above shorter) is below every four of a kind, whatever it scores."""
    return w[_W_KEY] >> 5


def _seq(s, lo, hi, mode, large, top=None):
    """A run lo..hi of suit s. top: (lo, hi) of the whole run when a small-Weis run of 8 or 9
    is scored in two parts; both parts compare as the whole run."""
    n = hi - lo + 1
    if large:
        pts = SEQ_VALUE[n]
    else:
        pts = 20 if n == 3 else (50 if n == 4 else 100)
    wlo, whi = top if top else (lo, hi)
    wn = whi - wlo + 1
    high = (16 - wlo) if mode == UNDENUFE else whi
    place = LARGE_RUN_PLACE[wn] if large else SMALL_RUN_PLACE[wn]
    key = (place * 16 + high) * 2 + (1 if s == mode else 0)
    return (key, pts, bytes([r * 4 + s for r in range(lo, hi + 1)]))


def _four(r, v, mode, large):
    high = (16 - r) if mode == UNDENUFE else r
    i = 0 if v == 100 else (1 if v == 150 else 2)
    place = LARGE_FOUR_PLACE[i] if large else SMALL_FOUR_PLACE[i]
    key = (place * 16 + high) * 2
    return (key, v, bytes([r * 4 + s for s in range(4)]))


def _runs(have, mode, large, out):
    for s in range(4):
        bits = have[s]
        if not bits & (bits >> 1) & (bits >> 2):
            continue  # no three in a row (most suits: the rank loop below is dear on the Pico)
        r = 4
        while r <= 12:
            if bits & (1 << r):
                lo = r
                while r <= 12 and bits & (1 << r):
                    r += 1
                hi = r - 1
                n = hi - lo + 1
                if n >= 3:
                    if n >= 8 and not large:
                        # small Weis: a run of 8 or 9 counts as 5 + the rest
                        # (the 5 taken from the top end: the end that counts in this mode)
                        if mode == UNDENUFE:
                            out.append(_seq(s, lo, lo + 4, mode, large, (lo, hi)))
                            out.append(_seq(s, lo + 5, hi, mode, large, (lo, hi)))
                        else:
                            out.append(_seq(s, hi - 4, hi, mode, large, (lo, hi)))
                            out.append(_seq(s, lo, hi - 5, mode, large, (lo, hi)))
                    else:
                        out.append(_seq(s, lo, hi, mode, large))
            else:
                r += 1


def weis_of(hand, mode, large=False, six=False, nines=True):
    """The Weis a hand holds, as a list of (key, points, cards) sorted best first.

    key orders Weis for comparison (the place on the list, see weis_value, then the higher top
    card - reversed in Undenufe - then trump). With the small Weis
    no card serves twice: of the possible groupings the one with the most points is taken
    (ties: the best single Weis). nines False: four 9s are no Weis in the small Weis (the
    seed's "only if agreed in advance"); the large Weis always counts them."""
    have = [0, 0, 0, 0]
    for c in hand:
        have[c & 3] |= 1 << (c >> 2)
    fours = []
    every = have[0] & have[1] & have[2] & have[3]
    for r in range(4, 13) if every else ():
        if every & (1 << r):
            v = four_value(r, mode, large, six, nines)
            if v:
                fours.append((r, v))
    if large:
        out = [_four(r, v, mode, True) for (r, v) in fours]
        _runs(have, mode, True, out)
    else:
        out = None
        best = None
        for m in range(1 << len(fours)):
            h = [have[0], have[1], have[2], have[3]]
            combo = []
            for i in range(len(fours)):
                if m & (1 << i):
                    r, v = fours[i]
                    combo.append(_four(r, v, mode, False))
                    for s in range(4):
                        h[s] &= ~(1 << r)
            _runs(h, mode, False, combo)
            total = 0
            bk = -1
            for w in combo:
                total += w[_W_POINTS]
                if w[_W_KEY] > bk:
                    bk = w[_W_KEY]
            cand = total * 65536 + bk + 1
            if best is None or cand > best:
                best = cand
                out = combo
    out.sort(reverse=True)
    return out


def holds(buf, c):
    """c in buf, for a bytes/bytearray (MicroPython has no int 'in' on them)."""
    for x in buf:
        if x == c:
            return True
    return False


def parse_mode(text):
    t = str(text)
    for i in range(6):
        if MODE_NAMES[i] == t or MODE_LONG[i].lower() == t.lower():
            return i
    raise ValueError("not a trump mode: %r" % (text,))


class Schieber(Game):
    OPTIONS = OPTIONS

    def __init__(self, game_id, seats, seed, opts):
        Game.__init__(self, game_id, seats, seed)
        self.opts = opts
        self.rng = Rng(seed)
        self.hand_no = 0
        self.dealer = 0
        self.scores = [0, 0]
        self.winner_team = -1
        self.hands = [bytearray(), bytearray(), bytearray(), bytearray()]
        self.deck = bytearray()
        self.reset_hand_state()

    def copy(self):
        """An independent copy for search (no log; the deck is shared, it is never changed)."""
        g = Schieber(self.game_id, 4, self.seed, self.opts)
        g.rng.set_state(self.rng.get_state())
        g.hand_no = self.hand_no
        g.dealer = self.dealer
        g.scores = [self.scores[0], self.scores[1]]
        g.winner_team = self.winner_team
        g.over = self.over
        g.to_act = self.to_act
        g.deck = self.deck
        g.hands = [bytearray(h) for h in self.hands]
        g.history = bytearray(self.history)
        g.winners = bytearray(self.winners)
        g.phase = self.phase
        g.mode = self.mode
        g.pushed = self.pushed
        g.chooser = self.chooser
        g.weis = [list(w) for w in self.weis]
        g.wstate = bytearray(self.wstate)
        g.weis_team = self.weis_team
        g.weis_pts = [self.weis_pts[0], self.weis_pts[1]]
        g.stoeck_holder = self.stoeck_holder
        g.stoeck_done = self.stoeck_done
        g.taken = [self.taken[0], self.taken[1]]
        return g

    # ----- set-up -----
    def start_match(self):
        self.dealer = self.rng.below(4)
        self.deal_hand()

    def deal_hand(self):
        self.hand_no += 1
        d = cards.pack(36)
        self.rng.shuffle(d)
        self.deck = d
        self.hands = [bytearray(), bytearray(), bytearray(), bytearray()]
        for i in range(36):
            self.hands[(self.dealer + 1 + i) % 4].append(d[i])
        self.reset_hand_state()

    def reset_hand_state(self):
        self.history = bytearray()
        self.winners = bytearray()
        self.phase = PH_TRUMP
        self.mode = -1
        self.pushed = False
        self.chooser = -1
        self.weis = [[], [], [], []]
        self.wstate = bytearray(4)  # 0 undecided, 1 announced, 2 kept quiet, 3 none held
        self.weis_team = -1
        self.weis_pts = [0, 0]
        self.stoeck_holder = -1
        self.stoeck_done = False
        self.taken = [0, 0]
        self.to_act = (self.dealer + 1) % 4

    def forehand(self):
        return (self.dealer + 1) % 4

    def set_mode(self, mode):
        o = self.opts
        self.mode = mode
        self.phase = PH_PLAY
        for s in range(4):
            self.weis[s] = weis_of(
                self.hands[s], mode, o["large_weis"], o["undenufe_six"], o["four_nines"]
            )
            self.wstate[s] = 0 if self.weis[s] else 3
            h = self.hands[s]
            if mode < 4 and holds(h, cards.card(KING, mode)) and holds(h, cards.card(QUEEN, mode)):
                self.stoeck_holder = s
        self.to_act = self.forehand()

    # ----- queries -----
    def trick(self):
        n = len(self.history) % 4
        if n == 0:
            return bytearray()
        return self.history[len(self.history) - n :]

    def trick_leader(self):
        if not self.winners:
            return self.forehand()
        return self.winners[-1]

    def announced_key(self):
        """The comparison key of the best Weis announced so far in this first trick (-1: none)."""
        k = -1
        for s in range(4):
            if self.wstate[s] == 1 and self.weis[s][0][_W_KEY] > k:
                k = self.weis[s][0][_W_KEY]
        return k

    def asks_weis(self, s):
        """Seat s, about to play to the first trick, is asked whether it announces: it holds a
        Weis at least as good as the best announced so far (the whole comparison, not only
        the points: a lower run of equal points may not be announced)."""
        if self.winners or self.phase != PH_PLAY or s < 0 or self.wstate[s] != 0:
            return False
        return self.weis[s][0][_W_KEY] >= self.announced_key()

    def team_tricks(self, t):
        n = 0
        for w in self.winners:
            if w % 2 == t:
                n += 1
        return n

    def legal_actions(self):
        if self.over:
            return []
        if self.phase == PH_TRUMP:
            out = [("trump", m) for m in range(6)]
            if not self.pushed:
                out.append(("push",))
            return out
        s = self.to_act
        if self.asks_weis(s):
            return [("weis",), ("noweis",)]
        return [
            ("play", bytes([c]))
            for c in legal_cards(
                self.hands[s], self.trick(), self.mode, self.opts["strict_undertrump"]
            )
        ]

    def _apply(self, action):
        kind = action[0]
        s = self.to_act
        if kind == "push":
            self.pushed = True
            self.to_act = (s + 2) % 4
        elif kind == "trump":
            self.chooser = s
            self.set_mode(action[1])
        elif kind == "weis":
            self.wstate[s] = 1
            self.emit(
                {
                    "ev": "announce",
                    "seat": s,
                    "points": self.weis[s][0][_W_POINTS],
                    "value": weis_value(self.weis[s][0]),
                }
            )
        elif kind == "noweis":
            self.wstate[s] = 2
        else:
            self.play_card(s, action[1][0])

    def play_card(self, s, c):
        h = self.hands[s]
        i = cards.find(h, c)
        h = h[:i] + h[i + 1 :]
        self.hands[s] = h
        self.history.append(c)
        m = self.mode
        if s == self.stoeck_holder and m < 4 and (c >> 2) in (KING, QUEEN) and (c & 3) == m:
            other = cards.card(QUEEN if (c >> 2) == KING else KING, m)
            if not holds(h, other):
                self.stoeck_done = True
                self.emit({"ev": "stoeck", "seat": s})
        if len(self.history) % 4:
            self.to_act = (s + 1) % 4
            return
        t = self.history[len(self.history) - 4 :]
        leader = self.trick_leader()
        w = (leader + trick_winner(t, m)) % 4
        self.winners.append(w)
        pts = 0
        six = self.opts["undenufe_six"]
        for x in t:
            pts += card_points(x, m, six)
        if len(self.winners) == 9:
            pts += 5
        self.taken[w % 2] += pts
        self.emit({"ev": "trick", "winner": w, "cards": cards.names(t), "points": pts})
        if len(self.winners) == 1:
            self.resolve_weis()
        if len(self.winners) == 9:
            self.finish_hand()
        else:
            self.to_act = w

    def resolve_weis(self):
        best = -1
        bseat = -1
        f = self.forehand()
        for s in range(4):
            if self.wstate[s] == 1:
                k = self.weis[s][0][_W_KEY] * 4 + 3 - (s - f) % 4
                if k > best:
                    best = k
                    bseat = s
        if bseat < 0:
            return
        t = bseat % 2
        self.weis_team = t
        shown = [[], [], [], []]
        # the holder of the best Weis scores all of its Weis, and its partner may then announce
        # and score all of its own, whether it announced in the first trick or not
        for s in (t, t + 2):
            for w in self.weis[s]:
                self.weis_pts[t] += w[_W_POINTS]
                shown[s].append(cards.names(w[_W_CARDS]))
        self.emit({"ev": "weis", "team": t, "points": self.weis_pts[t], "shown": shown})

    def trick_points(self):
        """Card points of each trick this hand, in order (the ninth with its 5)."""
        out = []
        six = self.opts["undenufe_six"]
        for i in range(len(self.winners)):
            p = 0
            for x in self.history[i * 4 : i * 4 + 4]:
                p += card_points(x, self.mode, six)
            if i == 8:
                p += 5
            out.append(p)
        return out

    def finish_hand(self):
        o = self.opts
        mult = MULTIPLIER[self.mode] if o["multipliers"] else 1
        target = o["target"] if o["hands"] == 0 else 0
        sc = self.scores
        stoeck = [0, 0]
        if self.stoeck_done:
            stoeck[self.stoeck_holder % 2] = 20
        match_team = -1
        if self.team_tricks(0) == 9:
            match_team = 0
        elif self.team_tricks(1) == 9:
            match_team = 1
        points = [self.taken[0], self.taken[1]]
        if match_team >= 0:
            points[match_team] += 100
        win = -1
        # count in the order Stöck, Weis, tricks (trick by trick); the first team to reach the
        # target wins the match
        for t in (0, 1):
            if stoeck[t]:
                sc[t] += stoeck[t] * mult
                if win < 0 and target and sc[t] >= target:
                    win = t
        for t in (0, 1):
            if self.weis_pts[t]:
                sc[t] += self.weis_pts[t] * mult
                if win < 0 and target and sc[t] >= target:
                    win = t
        tp = self.trick_points()
        for i in range(9):
            t = self.winners[i] % 2
            p = tp[i]
            if i == 8 and match_team >= 0:
                p += 100
            sc[t] += p * mult
            if win < 0 and target and sc[t] >= target:
                win = t
        self.emit(
            {
                "ev": "hand",
                "hand": self.hand_no,
                "mode": MODE_NAMES[self.mode],
                "points": points,
                "match": match_team,
                "weis": [self.weis_pts[0], self.weis_pts[1]],
                "stoeck": stoeck,
                "multiplier": mult,
                "scores": [sc[0], sc[1]],
            }
        )
        if not target and self.hand_no >= o["hands"]:
            if sc[0] != sc[1]:
                win = 0 if sc[0] > sc[1] else 1
            self.end_match(win)
            return
        if win >= 0:
            self.end_match(win)
            return
        self.dealer = (self.dealer + 1) % 4
        self.deal_hand()
        self.emit(
            {
                "ev": "deal",
                "dealer": self.dealer,
                "hand": self.hand_no,
                "deck": cards.names(self.deck),
            }
        )

    def end_match(self, team):
        self.winner_team = team
        self.over = True
        self.phase = PH_OVER
        self.to_act = -1
        self.emit(
            {
                "ev": "end",
                "winners": self.team_seats(team),
                "team": team,
                "scores": [self.scores[0], self.scores[1]],
            }
        )

    def team_seats(self, team):
        if team < 0:
            return []
        return [team, team + 2]

    def _result(self):
        t = self.winner_team
        out = {
            "winners": self.team_seats(t),
            "losers": self.team_seats(1 - t) if t >= 0 else [],
            "scores": [self.scores[0], self.scores[1]],
            "ranking": self.team_seats(t) + self.team_seats(1 - t) if t >= 0 else [0, 1, 2, 3],
            "team": t,
            "hands": self.hand_no,
        }
        if t < 0:
            out["draw"] = True
        return out

    # ----- views and checks -----
    def shown_weis(self):
        out = [[], [], [], []]
        t = self.weis_team
        if t >= 0:
            for s in (t, t + 2):
                out[s] = [bytes(w[_W_CARDS]) for w in self.weis[s]]
        return out

    def view(self, seat):
        tr = self.trick()
        nw = len(self.winners)
        lt = bytes(self.history[(nw - 1) * 4 : nw * 4]) if nw and not tr else b""
        ann = []
        val = []
        key = []
        for s in range(4):
            ann.append(self.weis[s][0][_W_POINTS] if self.wstate[s] == 1 else -1)
            val.append(weis_value(self.weis[s][0]) if self.wstate[s] == 1 else -1)
            key.append(self.weis[s][0][_W_KEY] if self.wstate[s] == 1 else -1)
        o = self.opts
        phase = PHASE_NAMES[self.phase]
        if self.asks_weis(self.to_act):
            phase = "weis"
        return {
            "seat": seat,
            "to_act": self.to_act,
            "over": self.over,
            "phase": phase,
            "hand": bytes(sorted(self.hands[seat])),
            "trick": bytes(tr),
            "trick_leader": self.trick_leader(),
            "last_trick": lt,
            "last_winner": self.winners[-1] if nw else -1,
            "trick_winners": list(self.winners),
            "played": bytes(self.history),
            "tricks_won": [self.team_tricks(0), self.team_tricks(1)],
            "mode": self.mode,
            "chooser": self.chooser,
            "pushed": self.pushed,
            "dealer": self.dealer,
            "forehand": self.forehand(),
            "hand_no": self.hand_no,
            "weis_announced": ann,
            "weis_value": val,
            "weis_key": key,
            "weis_team": self.weis_team,
            "weis_points": [self.weis_pts[0], self.weis_pts[1]],
            "weis_shown": self.shown_weis(),
            "my_weis": [bytes(w[_W_CARDS]) for w in self.weis[seat]],
            "my_weis_points": self.weis[seat][0][_W_POINTS] if self.weis[seat] else 0,
            "stoeck": self.stoeck_holder if self.stoeck_done else -1,
            "hand_points": [self.taken[0], self.taken[1]],
            "scores": [self.scores[0], self.scores[1]],
            "target": o["target"],
            "hands": o["hands"],
            "multiplier": (MULTIPLIER[self.mode] if o["multipliers"] and self.mode >= 0 else 1),
            "strict": o["strict_undertrump"],
            "undenufe_six": o["undenufe_six"],
            "four_nines": o["four_nines"],
            "large_weis": o["large_weis"],
            "multipliers": o["multipliers"],
        }

    def hidden_from(self, seat):
        shown = bytearray(52)
        for lst in self.shown_weis():
            for b in lst:
                for c in b:
                    shown[c] = 1
        out = []
        for s in range(4):
            if s != seat:
                for c in self.hands[s]:
                    if not shown[c]:
                        out.append(c)
        return out

    def all_cards(self):
        out = bytearray(self.history)
        for h in self.hands:
            out.extend(h)
        return out

    # ----- transcripts -----
    def action_json(self, a):
        k = a[0]
        if k == "trump":
            return {"act": "trump", "trump": MODE_NAMES[a[1]]}
        if k == "play":
            return {"act": "play", "cards": cards.names(a[1])}
        return {"act": k}

    def _parse_action(self, d):
        k = d["act"]
        if k == "trump":
            return ("trump", parse_mode(d["trump"]))
        if k == "play":
            return ("play", cards.parse_list(d["cards"]))
        if k in ("push", "weis", "noweis"):
            return (k,)
        raise GameError("unknown action %r" % (k,))

    def deck_names(self):
        return cards.names(self.deck)

    # ----- saves -----
    def _encode_body(self, w):
        w.u8(self.hand_no)
        w.u8(self.dealer)
        w.u32(self.scores[0])
        w.u32(self.scores[1])
        w.i8(self.winner_team)
        w.u8(1 if self.over else 0)
        w.u8(self.phase)
        w.i8(self.to_act)
        w.i8(self.mode)
        w.u8(1 if self.pushed else 0)
        w.i8(self.chooser)
        w.blob(self.deck)
        for h in self.hands:
            w.blob(h)
        w.blob(self.history)
        w.blob(self.winners)
        w.blob(self.wstate)
        for s in range(4):
            w.u8(len(self.weis[s]))
            for k, p, cs in self.weis[s]:
                w.u32(k)
                w.u16(p)
                w.blob(cs)
        w.i8(self.weis_team)
        w.u16(self.weis_pts[0])
        w.u16(self.weis_pts[1])
        w.i8(self.stoeck_holder)
        w.u8(1 if self.stoeck_done else 0)
        w.u16(self.taken[0])
        w.u16(self.taken[1])

    def _decode_body(self, r, ver):
        """The body _encode_body wrote (engine.setup.decode read the header; ver: its format)."""
        self.hand_no = r.u8()
        self.dealer = r.u8()
        self.scores = [r.u32(), r.u32()]
        self.winner_team = r.i8()
        self.over = r.u8() == 1
        self.phase = r.u8()
        self.to_act = r.i8()
        self.mode = r.i8()
        self.pushed = r.u8() == 1
        self.chooser = r.i8()
        self.deck = r.blob()
        self.hands = [r.blob(), r.blob(), r.blob(), r.blob()]
        self.history = r.blob()
        self.winners = r.blob()
        self.wstate = r.blob()
        for s in range(4):
            n = r.u8()
            lst = []
            for _ in range(n):
                k = r.u32()
                p = r.u16()
                lst.append((k, p, bytes(r.blob())))
            self.weis[s] = lst
        self.weis_team = r.i8()
        self.weis_pts = [r.u16(), r.u16()]
        self.stoeck_holder = r.i8()
        self.stoeck_done = r.u8() == 1
        self.taken = [r.u16(), r.u16()]


def make_options(options):
    o = setup().check_options(options, jass_options, GAME_ID)
    if o["target"] == 0:
        # The usual targets: multiplied hands score about twice as much.
        o["target"] = 2500 if o["multipliers"] else 1000
    return o


def new_game(game_id, seats, seed, options=None):
    from engine.games import check_seats  # the seat counts live in the catalogue

    check_seats(game_id, seats)
    g = Schieber(game_id, 4, seed, make_options(options))
    g.start_match()
    return g


def from_hands(hands, dealer=3, options=None, seed=1, mode=-1, pushed=False, scores=None):
    """A game at the start of a hand with the given hands (lists of card ints or names) -
    for tests, tutorials and puzzles. mode >= 0 also makes the trump choice (by forehand, or its
    partner when pushed)."""
    g = Schieber(GAME_ID, 4, seed, make_options(options))
    g.hand_no = 1
    g.dealer = dealer
    hs = []
    for h in hands:
        hs.append(bytearray([cards.parse(c) if isinstance(c, str) else c for c in h]))
    allc = bytearray()
    for h in hs:
        allc.extend(h)
    if len(allc) != 36 or sorted(allc) != sorted(cards.pack(36)):
        raise ValueError("the four hands must hold the 36-card pack exactly")
    g.hands = hs
    d = bytearray()
    for i in range(36):
        d.append(hs[(dealer + 1 + i) % 4][i // 4])
    g.deck = d
    if scores:
        g.scores = [scores[0], scores[1]]
    g.reset_hand_state()
    if mode >= 0:
        g.pushed = pushed
        g.chooser = (g.forehand() + 2) % 4 if pushed else g.forehand()
        g.set_mode(mode)
    return g


GAME_CLASS = Schieber  # engine.setup.decode builds it and calls its _decode_body


def action_label(view, action):
    k = action[0]
    if k == "trump":
        return "Trump: %s" % MODE_LONG[action[1]]
    if k == "push":
        return "Push to partner"
    if k == "weis":
        if view["my_weis_points"]:
            return "Announce Weis (%d)" % view["my_weis_points"]
        return "Announce Weis"
    if k == "noweis":
        return "No Weis"
    if k == "play":
        return "Play %s" % cards.name(action[1][0])
    return k


def describe_event(ev, names):
    k = ev.get("ev")

    def nm(s):
        return names[s] if 0 <= s < len(names) else "Seat %d" % s

    def team(t):  # partners sit opposite: seats t and t + 2
        return "%s & %s" % (nm(t), nm(t + 2))

    if k == "act":
        a = ev.get("act")
        s = ev.get("seat", -1)
        if a == "trump":
            m = parse_mode(ev["trump"])
            return "%s chose %s" % (nm(s), MODE_LONG[m] + (" as trumps" if m < 4 else ""))
        if a == "push":
            return "%s pushed to the partner" % nm(s)
        if a == "play":
            return "%s played %s" % (nm(s), " ".join(ev["cards"]))
        return None
    if k == "announce":
        return "%s announced Weis: %d" % (nm(ev["seat"]), ev["points"])
    if k == "weis":
        return "%s score %d points for Weis" % (team(ev["team"]), ev["points"])
    if k == "stoeck":
        return "%s: Stöck (20)" % nm(ev["seat"])
    if k == "trick":
        return "%s takes the trick (%d)" % (nm(ev["winner"]), ev["points"])
    if k == "hand":
        p = ev["points"]
        s = "Hand %d: %s %d - %s %d" % (ev["hand"], team(0), p[0], team(1), p[1])
        if ev.get("match", -1) >= 0:
            s += "; a match (every trick) for %s" % team(ev["match"])
        return s
    if k == "end":
        if ev.get("team", -1) < 0:
            return "The match is drawn"
        return "%s win the match" % team(ev["team"])
    return None
