"""Matching family: SCREWED! (`screwed`) and Screw Your Neighbor partners (`syn-partners`).

One engine, two presets. Every rule that differs between the games is an option (a house-rule
flag), so any preset can switch any of them on; engine.games.options_for() lists them in
screen order.
The pack is always 52 cards plus the two jokers (the Screwed cards of SCREWED!).
Seats run 0..n-1; direction +1 means "to the left" (seat s is followed by s+1).

View keys (view(seat)):
  seat, to_act, over, phase   phase: "direction" (dealer picks the deal direction), "opening"
                              (dealer names the suit for a turned-up wild card without seeing the
                              hand), "play", "penalty" (a draw penalty is aimed at to_act),
                              "suit" (name a suit after a wild card), "cover" (cover a 6/7),
                              "drawn" (play the card just drawn), "over"
  hand       bytes, own hand sorted (empty while the dealer names an opening suit blind)
  drawn      bytes, the card to_act just drew and must play (own view, phase "drawn"), else b""
  counts     list, cards held per seat
  top        bytes, the top card of the discard pile (b"" when it is empty)
  suit       int 0-3 (C D H S) that must be followed; 4 = any card goes (nothing to follow)
  rank       int rank index that also matches (0-12); 13 = none (after a wild card)
  draw_pile  int, cards in the draw pile;  discards  int, cards in the discard pile
  pending    int, cards the victim of a penalty must draw;  pending_kind  "" / "three" /
             "screwed" / "stack";  stack_joker  1 when a joker tops the stack
  direction  1 or -1;  dealer  seat;  hand_no  hands dealt so far (1 first)
  scores     list of match totals;  target  the match target (0: one hand)
  called     list, 1 where that seat has called "last card" and still holds one card
  uncalled   seat holding an uncalled last card that to_act may catch now, else -1
  teams      list of team numbers per seat (partners sit opposite), [] without teams
  discard_pile  bytes, the whole discard pile, bottom first (every card was played face up)
  rules      dict of the option values in force
  lacks      per seat [n, suit, rank, flags]: n of its cards are neither of that suit nor that
             rank (flags 1: nor wild, 2: nor a 6/7) - it drew when they were in force and has
             not played or given away more than the rest since; n 0: nothing known

Search support: MatchingGame.copy() is a cheap independent copy; engine/matching_world.py builds
a full game from one seat's view (from_view) for the strong bots.

Actions:
  ("deal_left",) / ("deal_right",)   dealer chooses the deal (and play) direction
  ("suit", s)                          name suit s 0-3 after a wild card (or the opening one)
  ("play", bytes([card]))              play one card
  ("lastcard", bytes([card]))          play one card, leaving one, and call "last card" with it
  ("draw",)                            draw (one card, or until playable, or the penalty count)
  ("collect",)                         Screwed victim: take a random card from each other player
  ("catch",)                           catch the previous player's uncalled last card

Transcript events besides start/act/end:
  deal {dealer, hand, deck}   a new hand; deck in draw order (first dealt first)
  turnup {card}               the opening card, turned face up off the pile
  draw {seat, cards}          cards a seat drew from the pile
  reshuffle {deck}            the discards (all but the top) became the draw pile, in draw order
  take {seat, from, cards}    seat received cards[i] from seat from[i] (collect or catch penalty)
  caught {seat, by}           seat's uncalled last card was caught
  skip {seat}                 seat misses its turn (penalty or a 7)
  pass {seat}                 seat could not play after drawing; the turn moves on
  reverse {direction}         an Ace turned the direction of play
  out {seat}                  seat played its last card
  blocked {}                  the hand cannot end by itself (nobody can play or draw, or a
                              cycle ran HAND_LIMIT decisions): it ends with nobody out
  score {hand, totals}        points per seat for the hand, and the match totals
  end {winners, losers, scores, ranking}
"""

from engine import cards
from engine.game import Game, GameError, IllegalAction, setup
from engine.rng import Rng
from engine.compat import const
from engine import matching_options
from engine.matching_options import OPTIONS, GAME_IDS, PRESETS  # noqa: F401 - the contract


PHASES = ("direction", "opening", "play", "penalty", "suit", "cover", "drawn", "over")
P_DIRECTION = 0
P_OPENING = 1
P_PLAY = 2
P_PENALTY = 3
P_SUIT = 4
P_COVER = 5
P_DRAWN = 6
P_OVER = 7

PK_NONE = 0
PK_THREE = 1
PK_SCREWED = 2
PK_STACK = 3
PKIND_NAMES = ("", "three", "screwed", "stack")

ANY_SUIT = 4
NO_RANK = 13
NONE = 255
# A seat's record of known cards (lacks, a bytearray: the count goes down in place), its fields by
# name: underscore const()s, inlined by MicroPython (no RAM)
_LACK_N = const(0)  # how many of its cards are known not to fit
_LACK_SUIT = const(1)
_LACK_RANK = const(2)
_LACK_FLAGS = const(3)  # 1: nor wild, 2: nor a 6/7
VERSION = 1  # the old save format without the known cards (VERSION_LACKS = 2 holds them)
# A hand still running after this many decisions is declared blocked. It guards against
# cycles the rules allow once nearly every card is held: e.g. with draw-until-playable and Aces
# reversing, two players can be forced to draw and play the same two Aces back and forth for
# ever. Natural hands stay far below it (the longest of 8,000 measured syn-partners hands took
# 1,832 decisions). A hand where nobody can play or draw ends sooner (see end_turn's stall).
HAND_LIMIT = 5000


def points(c):
    """Hand points: 2-9 five, 10/Q/K ten, A fifteen, J twenty, Screwed card (joker) 25."""
    if c >= 52:
        return 25
    r = c >> 2
    if r <= cards.NINE:
        return 5
    if r == cards.JACK:
        return 20
    if r == cards.ACE:
        return 15
    return 10


def validate(game_id, seats, o):
    from engine.games import check_seats  # the seat counts live in the catalogue

    check_seats(game_id, seats)
    if o["teams"] and seats not in (4, 6):
        raise ValueError("partners need 4 or 6 players, not %d" % seats)
    if o["hand_size"] * seats > 42:
        raise GameError("hand_size %d does not fit %d players" % (o["hand_size"], seats))


def new_game(game_id, seats, seed, options=None):
    o = setup().check_options(options, matching_options, game_id)
    validate(game_id, seats, o)
    g = MatchingGame(game_id, seats, seed, o)
    g.dealer = g.rng.below(seats)
    g.buffering = True
    g.start_hand()
    g.buffering = False
    return g


def _sorted_bytes(b):
    return bytes(sorted(b))


class MatchingGame(Game):
    OPTIONS = OPTIONS

    def __init__(self, game_id, seats, seed, opts):
        Game.__init__(self, game_id, seats, seed)
        self.opts = opts
        self.rng = Rng(seed)
        self.hands = [bytearray() for _ in range(seats)]
        self.pile = bytearray()
        self.discard = bytearray()
        self.called = bytearray(seats)
        self.scores = [0] * seats
        self.dealer = 0
        self.phase = P_DIRECTION
        self.hand_no = 0
        self.deck0 = []
        self.reset_hand_state()

    def reset_hand_state(self):
        """The per-hand state a new deal starts from."""
        self.pending = 0
        self.pkind = PK_NONE
        self.pjoker = 0
        self.drawn = NONE
        self.unc = -1
        self.catcher = -1
        self.blind = 0
        self.stall = 0
        self.hturns = 0
        self.out_seat = -1
        self.fsuit = ANY_SUIT
        self.frank = NO_RANK
        self.direction = 1
        # per seat [cards, suit, rank, flags]: that many of its cards are known (it drew instead
        # of playing) to be neither of that suit nor that rank; flags 1: nor wild, 2: nor 6/7
        self.lacks = [bytearray(4) for _ in range(self.seats)]

    def copy(self):
        """An independent copy for search (no log)."""
        g = MatchingGame(self.game_id, self.seats, self.seed, self.opts)
        g.rng.set_state(self.rng.get_state())
        for k in (
            "dealer",
            "to_act",
            "phase",
            "direction",
            "fsuit",
            "frank",
            "pending",
            "pkind",
            "pjoker",
            "drawn",
            "unc",
            "catcher",
            "blind",
            "stall",
            "hturns",
            "hand_no",
            "out_seat",
            "over",
            "deck0",
        ):
            setattr(g, k, getattr(self, k))
        g.hands = [bytearray(x) for x in self.hands]
        g.pile = bytearray(self.pile)
        g.discard = bytearray(self.discard)
        g.called = bytearray(self.called)
        g.scores = list(self.scores)
        g.lacks = [bytearray(x) for x in self.lacks]
        return g

    # ---- helpers -------------------------------------------------------------------------
    def nxt(self, s, k=1):
        return (s + k * self.direction) % self.seats

    def team(self, s):
        if self.opts["teams"]:
            return s % (self.seats // 2)
        return s

    def is_wild(self, c):
        if c >= 52:
            return True
        return (c >> 2) == cards.JACK

    def names_suit(self, c):
        """Wild cards whose player names a suit: Jacks, and Screwed cards (joker mode 1)."""
        if c >= 52:
            return self.opts["joker_mode"] == 1
        return (c >> 2) == cards.JACK

    def fits(self, c):
        if c >= 52 or (c >> 2) == cards.JACK:
            return True
        if self.fsuit == ANY_SUIT:
            return True
        return (c & 3) == self.fsuit or (c >> 2) == self.frank

    def covers(self, c):
        r = c >> 2
        return self.fits(c) or (c < 52 and (r == cards.SIX or r == cards.SEVEN))

    def stacks(self, c):
        if not self.opts["stacking"]:
            return False
        if self.pkind == PK_THREE:
            return c < 52 and (c >> 2) == cards.THREE
        if self.pkind == PK_STACK:
            if c >= 52:
                return self.opts["joker_mode"] == 2
            return (c >> 2) == cards.TWO and self.opts["deuce_draws"]
        return False

    # ---- dealing ---------------------------------------------------------------------------
    def start_hand(self):
        """Gather every card, shuffle a fresh pack and wait for (or make) the deal."""
        self.hand_no += 1
        self.hands = [bytearray() for _ in range(self.seats)]
        self.discard = bytearray()
        self.called = bytearray(self.seats)
        pack = cards.pack(54)
        self.rng.shuffle(pack)
        self.pile = pack  # the next card drawn is pile[-1]
        deck = [cards.name(self.pile[i]) for i in range(len(self.pile) - 1, -1, -1)]
        if self.hand_no == 1:
            self.deck0 = deck
        else:
            self.emit({"ev": "deal", "dealer": self.dealer, "hand": self.hand_no, "deck": deck})
        self.reset_hand_state()
        if self.opts["deal_choice"]:
            self.phase = P_DIRECTION
            self.to_act = self.dealer
        else:
            self.deal()

    def deal(self):
        for _ in range(self.opts["hand_size"]):
            s = self.dealer
            for _ in range(self.seats):
                s = self.nxt(s)
                self.hands[s].append(cards.pop_last(self.pile))
        first = self.nxt(self.dealer)
        self.phase = P_PLAY
        self.to_act = first
        if not self.opts["turn_up"]:
            return
        c = cards.pop_last(self.pile)
        self.discard.append(c)
        self.emit({"ev": "turnup", "card": cards.name(c)})
        # The turned-up card acts as if the dealer had just played it (no hand-empty check).
        # For a Jack the dealer names the suit before looking at the hand; the seed asks that
        # only of the Jack, so after a turned-up Screwed card the dealer sees the hand.
        if self.names_suit(c):
            self.phase = P_OPENING
            self.blind = 1 if c < 52 else 0
            self.to_act = self.dealer
            return
        self.set_follow(c)
        self.effects(self.dealer, c, False)

    # ---- card effects ----------------------------------------------------------------------
    def set_follow(self, c):
        if c >= 52:
            return  # a draw-five joker keeps the card beneath it in force
        self.fsuit = c & 3
        self.frank = c >> 2

    def effects(self, s, c, played):
        """What happens after card c lands for seat s (its suit already settled)."""
        o = self.opts
        r = 13 if c >= 52 else c >> 2
        if o["cover_67"] and (r == cards.SIX or r == cards.SEVEN):
            self.phase = P_COVER
            self.to_act = s
            return
        if played and not self.hands[s]:
            if r == cards.THREE and self.seats == 2 and o["two_hand_three"] and o["three_draws"]:
                self.two_hand_three(s)
                return
            self.hand_over(s)
            return
        skip = 0
        if c >= 52:
            if o["joker_mode"] == 1:
                self.pending = 5
                self.pkind = PK_SCREWED
            else:
                self.pending += 5
                self.pkind = PK_STACK
                self.pjoker = 1
        elif r == cards.TWO and o["deuce_draws"]:
            self.pending += 2
            self.pkind = PK_STACK
            self.pjoker = 0
        elif r == cards.THREE and o["three_draws"]:
            self.pending += 3
            self.pkind = PK_THREE
        elif r == cards.ACE and o["ace_reverses"]:
            self.direction = -self.direction
            self.emit({"ev": "reverse", "direction": self.direction})
        elif r == cards.SEVEN and o["seven_skips"]:
            skip = 1
        self.end_turn(s, skip, played)

    def two_hand_three(self, s):
        """Two players, out on a 3: the other draws three and misses the turn; the player then
        draws a card and must play it at once if it fits."""
        v = self.nxt(s)
        self.draw_n(v, 3)
        self.emit({"ev": "skip", "seat": v})
        got = self.draw_n(s, 1)
        if not got:
            self.hand_over(s)  # nothing left to draw: the player stays out
            return
        c = got[0]
        if self.fits(c):
            self.phase = P_DRAWN
            self.drawn = c
            self.to_act = s
        else:
            self.emit({"ev": "pass", "seat": s})
            self.end_turn(s, 0, True, False)

    def end_turn(self, s, skip, played, catchable=None):
        """Pass the turn on from s. played: the turn changed something (a card played or
        drawn; False counts towards a blocked hand). catchable (default: played): s played a
        card this turn, so a last card it left uncalled may be caught by the next to act."""
        if catchable is None:
            catchable = played
        n = self.nxt(s)
        for _ in range(skip):
            self.emit({"ev": "skip", "seat": n})
            n = self.nxt(n)
        self.to_act = n
        self.drawn = NONE
        self.phase = P_PENALTY if self.pending else P_PLAY
        self.unc = -1
        self.catcher = -1
        if (
            catchable
            and self.opts["last_card"]
            and len(self.hands[s]) == 1
            and not self.called[s]
            and n != s
        ):
            self.unc = s
            self.catcher = n
        if played:
            self.stall = 0
        else:
            self.stall += 1
            if self.stall >= 2 * self.seats:
                self.emit({"ev": "blocked"})
                self.hand_over(-1)

    # ---- drawing ---------------------------------------------------------------------------
    def reshuffle(self):
        if len(self.discard) < 2:
            return
        top = self.discard[-1]
        rest = self.discard[:-1]
        self.discard = bytearray([top])
        self.rng.shuffle(rest)
        self.pile = rest
        self.emit(
            {
                "ev": "reshuffle",
                "deck": [cards.name(self.pile[i]) for i in range(len(self.pile) - 1, -1, -1)],
            }
        )

    def draw_n(self, s, n, until=False):
        """Seat s draws n cards (or, with until, until a card fits). Returns the cards drawn;
        fewer when the pile and the discards run dry."""
        got = []
        chunk = []
        h = self.hands[s]
        while len(got) < n or until:
            if not self.pile:
                if chunk:
                    self.emit({"ev": "draw", "seat": s, "cards": cards.names(chunk)})
                    chunk = []
                self.reshuffle()
                if not self.pile:
                    break
            c = cards.pop_last(self.pile)
            h.append(c)
            got.append(c)
            chunk.append(c)
            if until and self.fits(c):
                break
        if chunk:
            self.emit({"ev": "draw", "seat": s, "cards": cards.names(chunk)})
        if got:
            self.called[s] = 0
            if not self.pile:
                self.reshuffle()  # whoever takes the last card turns the discards over
        return got

    def take_from_others(self, s):
        """Seat s receives one random card from every other seat holding two or more."""
        frm = []
        got = []
        for i in range(1, self.seats):
            g = (s + i) % self.seats
            h = self.hands[g]
            if len(h) < 2:
                continue
            if self.lacks[g][_LACK_N]:
                self.lacks[g][_LACK_N] -= 1
            k = self.rng.below(len(h))
            c = h[k]
            h[k] = h[-1]
            cards.pop_last(h)
            self.hands[s].append(c)
            frm.append(g)
            got.append(c)
            if len(h) == 1:
                self.called[g] = 1  # left with one card by giving: the call is made for them
        if got:
            self.called[s] = 0
        self.emit({"ev": "take", "seat": s, "from": frm, "cards": cards.names(got)})
        return got

    # ---- hand and match end ----------------------------------------------------------------
    def hand_over(self, s):
        if s >= 0:
            self.emit({"ev": "out", "seat": s})
        self.out_seat = s
        pts = []
        for i in range(self.seats):
            p = 0
            for c in self.hands[i]:
                p += points(c)
            pts.append(p)
            self.scores[i] = min(self.scores[i] + p, 0xFFFF)
        self.emit({"ev": "score", "hand": pts, "totals": list(self.scores)})
        t = self.opts["target"]
        if t == 0 or max(self.scores) >= t:
            self.finish()
        else:
            self.dealer = (self.dealer + 1) % self.seats
            self.start_hand()

    def team_totals(self, values):
        n = self.seats // 2 if self.opts["teams"] else self.seats
        tot = [0] * n
        for i in range(self.seats):
            tot[self.team(i)] += values[i]
        return tot

    def finish(self):
        self.over = True
        self.phase = P_OVER
        self.to_act = -1
        self.pending = 0
        self.unc = -1
        self.catcher = -1
        res = self.result()
        ev = {"ev": "end"}
        for k in ("winners", "losers", "scores", "ranking"):
            ev[k] = res[k]
        self.emit(ev)

    def _result(self):
        if self.opts["target"] == 0:
            if self.out_seat >= 0:
                key = [
                    0 if self.team(i) == self.team(self.out_seat) else 1 for i in range(self.seats)
                ]
            else:  # blocked single hand: the side holding the fewest cards wins
                key = self.team_totals([len(h) for h in self.hands])
                key = [key[self.team(i)] for i in range(self.seats)]
        else:
            tt = self.team_totals(self.scores)
            key = [tt[self.team(i)] for i in range(self.seats)]
        lo = min(key)
        hi = max(key)
        winners = [i for i in range(self.seats) if key[i] == lo]
        losers = [i for i in range(self.seats) if key[i] == hi and hi != lo]
        ranking = sorted(range(self.seats), key=lambda i: self.scores[i] * 16 + i)
        return {
            "winners": winners,
            "losers": losers,
            "scores": list(self.scores),
            "ranking": ranking,
        }

    # ---- the contract ----------------------------------------------------------------------
    def can_draw(self):
        """A card can still come from the draw pile (or from the discards, reshuffled)."""
        return len(self.pile) > 0 or len(self.discard) > 1

    def can_catch(self):
        return (
            self.unc >= 0
            and self.to_act == self.catcher
            and len(self.hands[self.unc]) == 1
            and not self.called[self.unc]
        )

    def legal_actions(self):
        if self.over:
            return []
        ph = self.phase
        if ph == P_DIRECTION:
            return [("deal_left",), ("deal_right",)]
        if ph == P_SUIT or ph == P_OPENING:
            return [("suit", 0), ("suit", 1), ("suit", 2), ("suit", 3)]
        acts = []
        if self.can_catch():
            acts.append(("catch",))
        h = self.hands[self.to_act]
        plays = []
        tail = []
        if ph == P_DRAWN:
            plays = [self.drawn]
        elif ph == P_PENALTY:
            plays = [c for c in h if self.stacks(c)]
            tail.append(("draw",))
            if self.pkind == PK_SCREWED:
                tail.append(("collect",))
        else:
            test = self.covers if ph == P_COVER else self.fits
            plays = [c for c in h if test(c)]
            natural = 0
            for c in plays:
                if not self.is_wild(c):
                    natural += 1
            if not plays or (self.opts["wild_optional"] and not natural and self.can_draw()):
                tail.append(("draw",))
        plays.sort()
        call = self.opts["last_card"] and len(h) == 2
        for c in plays:
            b = bytes([c])
            acts.append(("play", b))
            if call:
                acts.append(("lastcard", b))
        return acts + tail

    def _apply(self, action):
        kind = action[0]
        s = self.to_act
        if kind == "catch":
            self.do_catch()
            return
        if s == self.catcher:
            self.unc = -1
            self.catcher = -1
        if kind == "deal_left" or kind == "deal_right":
            self.direction = 1 if kind == "deal_left" else -1
            self.deal()
        elif kind == "suit":
            self.fsuit = action[1]
            self.frank = NO_RANK
            self.blind = 0
            c = self.discard[-1]
            self.effects(s, c, self.phase == P_SUIT)
        elif kind == "play" or kind == "lastcard":
            self.play(s, action[1][0], kind == "lastcard")
        elif kind == "draw":
            self.do_draw(s)
        elif kind == "collect":
            self.take_from_others(s)
            self.pending = 0
            self.pkind = PK_NONE
            self.emit({"ev": "skip", "seat": s})
            self.end_turn(s, 0, True, False)
        else:
            raise IllegalAction("unknown action %r" % (kind,))
        if not self.over:
            self.hturns += 1
            if self.hturns >= HAND_LIMIT and self.phase != P_DIRECTION:
                self.emit({"ev": "blocked"})
                self.hand_over(-1)

    def lacking(self, s, c):
        """c cannot be one of the cards seat s is known to hold without fitting."""
        k = self.lacks[s]
        if c >= 52 or (c >> 2) == cards.JACK:
            return bool(k[_LACK_FLAGS] & 1)
        r = c >> 2
        return (
            (c & 3) == k[_LACK_SUIT]
            or r == k[_LACK_RANK]
            or (bool(k[_LACK_FLAGS] & 2) and (r == cards.SIX or r == cards.SEVEN))
        )

    def play(self, s, c, call):
        k = self.lacks[s]
        if k[_LACK_N] and not self.lacking(s, c):
            k[_LACK_N] -= 1  # it may have been one of those cards
        h = self.hands[s]
        i = cards.find(h, c)
        h[i] = h[-1]
        cards.pop_last(h)
        self.discard.append(c)
        self.drawn = NONE
        if call:
            self.called[s] = 1
        if self.names_suit(c) and h:
            self.phase = P_SUIT
            return
        self.set_follow(c)
        self.effects(s, c, True)

    def do_draw(self, s):
        ph = self.phase
        if ph == P_PENALTY:
            n = self.pending
            kind = self.pkind
            joker = self.pjoker
            self.pending = 0
            self.pkind = PK_NONE
            self.pjoker = 0
            self.draw_n(s, n)
            if kind == PK_STACK and joker:
                self.phase = P_PLAY  # after a joker the victim plays on the card beneath
                self.stall = 0
                return
            self.emit({"ev": "skip", "seat": s})
            self.end_turn(s, 0, True, False)
            return
        if self.fsuit != ANY_SUIT:
            # everyone saw it draw: none of its cards fits (a wild one may, where optional)
            flags = (0 if self.opts["wild_optional"] else 1) | (2 if ph == P_COVER else 0)
            self.lacks[s] = bytearray([len(self.hands[s]), self.fsuit, self.frank, flags])
        until = ph == P_PLAY and self.opts["draw_until"]
        got = self.draw_n(s, 1, until)
        test = self.covers if ph == P_COVER else self.fits
        if got and test(got[-1]):
            self.phase = P_DRAWN
            self.drawn = got[-1]
            return
        self.emit({"ev": "pass", "seat": s})
        # an uncovered 6/7 left one card in hand: that last card, if uncalled, stays catchable
        # (not after a draw: a drawn card never had its chance to be called)
        self.end_turn(s, 0, bool(got), ph == P_COVER and not got)

    def do_catch(self):
        o = self.unc
        self.emit({"ev": "caught", "seat": o, "by": self.to_act})
        self.unc = -1
        self.catcher = -1
        if self.opts["last_card"] == 1:
            self.draw_n(o, 1)
        else:
            self.take_from_others(o)

    def view(self, seat):
        blind = self.blind and seat == self.dealer
        h = b"" if blind else _sorted_bytes(self.hands[seat])
        drawn = b""
        if self.phase == P_DRAWN and seat == self.to_act:
            drawn = bytes([self.drawn])
        return {
            "seat": seat,
            "to_act": self.to_act,
            "over": self.over,
            "phase": PHASES[self.phase],
            "hand": h,
            "drawn": drawn,
            "counts": [len(x) for x in self.hands],
            "top": bytes(self.discard[-1:]),
            "suit": self.fsuit,
            "rank": self.frank,
            "draw_pile": len(self.pile),
            "discards": len(self.discard),
            "pending": self.pending,
            "pending_kind": PKIND_NAMES[self.pkind],
            "stack_joker": self.pjoker,
            "direction": self.direction,
            "dealer": self.dealer,
            "hand_no": self.hand_no,
            "scores": list(self.scores),
            "target": self.opts["target"],
            "called": list(self.called),
            "uncalled": self.unc if self.can_catch() else -1,
            "teams": [self.team(i) for i in range(self.seats)] if self.opts["teams"] else [],
            "discard_pile": bytes(self.discard),
            "rules": self.opts,
            "lacks": [list(x) for x in self.lacks],
        }

    def hidden_from(self, seat):
        out = bytearray(self.pile)
        for i in range(self.seats):
            if i != seat or (self.blind and seat == self.dealer):
                out.extend(self.hands[i])
        return list(out)

    def all_cards(self):
        out = bytearray(self.pile)
        out.extend(self.discard)
        for h in self.hands:
            out.extend(h)
        return list(out)

    def _encode_body(self, w):
        w.u8(self.dealer)
        w.i8(self.to_act)
        w.u8(self.phase)
        w.i8(self.direction)
        w.u8(self.fsuit)
        w.u8(self.frank)
        w.u8(self.pending)
        w.u8(self.pkind)
        w.u8(self.pjoker)
        w.u8(self.drawn)
        w.i8(self.unc)
        w.i8(self.catcher)
        w.u8(self.blind)
        w.u8(self.stall)
        w.u16(self.hturns)
        w.u16(self.hand_no)
        w.i8(self.out_seat)
        w.u8(1 if self.over else 0)
        for h in self.hands:
            w.blob(h)
        w.blob(self.pile)
        w.blob(self.discard)
        w.blob(self.called)
        for v in self.scores:
            w.u16(v)
        for k in self.lacks:
            w.blob(k)

    def _decode_body(self, r, ver):
        """The body _encode_body wrote (engine.setup.decode read the header; ver: its format)."""
        seats = self.seats
        self.dealer = r.u8()
        self.to_act = r.i8()
        self.phase = r.u8()
        self.direction = r.i8()
        self.fsuit = r.u8()
        self.frank = r.u8()
        self.pending = r.u8()
        self.pkind = r.u8()
        self.pjoker = r.u8()
        self.drawn = r.u8()
        self.unc = r.i8()
        self.catcher = r.i8()
        self.blind = r.u8()
        self.stall = r.u8()
        self.hturns = r.u16()
        self.hand_no = r.u16()
        self.out_seat = r.i8()
        self.over = bool(r.u8())
        self.hands = [r.blob() for _ in range(seats)]
        self.pile = r.blob()
        self.discard = r.blob()
        self.called = r.blob()
        self.scores = [r.u16() for _ in range(seats)]
        if ver != VERSION:  # format 1 saves hold no known cards
            for s in range(seats):
                k = r.blob()
                if len(k) != 4:
                    raise ValueError("bad record of known cards")
                self.lacks[s] = bytearray(k)

    def action_json(self, a):
        d = {"act": a[0]}
        if a[0] == "play" or a[0] == "lastcard":
            d["cards"] = cards.names(a[1])
        elif a[0] == "suit":
            d["suit"] = cards.SUITS[a[1]]
        return d

    def _parse_action(self, d):
        k = d["act"]
        if k == "play" or k == "lastcard":
            return (k, cards.parse_list(d["cards"]))
        if k == "suit":
            return ("suit", cards.SUITS.index(d["suit"]))
        if k in ("draw", "catch", "collect", "deal_left", "deal_right"):
            return (k,)
        raise GameError("not a matching action: %r" % (d,))

    def deck_names(self):
        return list(self.deck0)


GAME_CLASS = MatchingGame  # engine.setup.decode builds it and calls its _decode_body


SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")


def action_label(view, a):
    k = a[0]
    if k == "play":
        return "Play %s" % cards.name(a[1][0])
    if k == "lastcard":
        return "Play %s, call last card" % cards.name(a[1][0])
    if k == "suit":
        return "Name %s" % SUIT_WORDS[a[1]]
    if k == "deal_left":
        return "Deal to the left"
    if k == "deal_right":
        return "Deal to the right"
    if k == "collect":
        return "Take a card from each player"
    if k == "catch":
        return "Catch: last card not called!"
    if k == "draw":
        if view["phase"] == "penalty":
            return "Draw %d" % view["pending"]
        if view["phase"] == "play" and view["rules"]["draw_until"]:
            return "Draw until you can play"
        return "Draw a card"
    return k


def describe_event(ev, names):
    e = ev.get("ev")

    def nm(i):
        return names[i] if 0 <= i < len(names) else "Seat %d" % i

    if e == "act":
        k = ev.get("act")
        who = nm(ev["seat"])
        if k == "play":
            return "%s played %s" % (who, ev["cards"][0])
        if k == "lastcard":
            return "%s played %s - last card!" % (who, ev["cards"][0])
        if k == "suit":
            return "%s named %s" % (who, SUIT_WORDS[cards.SUITS.index(ev["suit"])])
        if k == "deal_left" or k == "deal_right":
            return "%s deals to the %s" % (who, "left" if k == "deal_left" else "right")
        if k == "collect":
            return "%s takes a card from each player" % who
        return None
    if e == "draw":
        n = len(ev["cards"])
        return "%s drew %d card%s" % (nm(ev["seat"]), n, "" if n == 1 else "s")
    if e == "turnup":
        return "First card turned up: %s" % ev["card"]
    if e == "reshuffle":
        return "Discards shuffled into a new deck"
    if e == "take":
        return "%s got %d card(s) from the others" % (nm(ev["seat"]), len(ev["cards"]))
    if e == "caught":
        return "%s caught %s not calling" % (nm(ev["by"]), nm(ev["seat"]))
    if e == "skip":
        return "%s misses a turn" % nm(ev["seat"])
    if e == "pass":
        return "%s cannot play" % nm(ev["seat"])
    if e == "reverse":
        return "Play changes direction"
    if e == "out":
        return "%s is out!" % nm(ev["seat"])
    if e == "blocked":
        return "Nobody can play: the hand ends"
    if e == "score":
        return "Hand scored: " + ", ".join(
            "%s %d" % (nm(i), ev["totals"][i]) for i in range(len(ev["totals"]))
        )
    if e == "deal":
        return "%s deals hand %d" % (nm(ev["dealer"]), ev["hand"])
    if e == "end":
        return "Winner%s: %s" % (
            "" if len(ev["winners"]) == 1 else "s",
            ", ".join(nm(i) for i in ev["winners"]),
        )
    return None
