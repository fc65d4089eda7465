"""The shedding family: Screw, Moonshine, Popcorn and Shithead (Palace) as one engine.

Each game id is a preset: a dict of house-rule flags (the rows of engine/shedding_options.py,
in the order the setup screen lists them, with each game's PRESETS entry over the rows'
defaults). Any flag may be switched on for any preset. The rules in words, every
flag's default per preset and the choices made where the sources are silent are in
docs/games/shedding.md.

Seats are numbered 0..N-1 clockwise; "next" follows `direction` (+1 clockwise, -1 after a
reversing joker). A player's cards: `hand` (private), `up` (face-up row, public once play
starts) and `down` (face-down row, hidden from everyone, the owner included).

View keys (view(seat)):
  seat, to_act, over, phase      phase: "setup" (choosing/swapping face-up cards), "play",
                                 "chip" (round winner picks who loses a chip), "over"
  hand        bytes, this seat's hand (sorted)
  up          list per seat of bytes, face-up cards (another seat's row is empty while it is
              still being chosen in secret)
  up_count, down_count, hand_count    lists per seat of ints
  pile        bytes, the whole discard pile, bottom first (every card in it was played face up)
  top         bytes, the top card of the pile (empty when the pile is empty)
  under       bytes, the card that decides what may be played (differs from top when invisible
              cards - Moonshine 3s, reversing jokers - lie on it); empty when nothing does
  beat        int, the value a normal card must reach (0: anything goes)
  lower       0, or 1 when a 7 demands a lower card, 2 when it demands 7 or lower
  reset       True when a 2 has reset the pile
  need10      True when a burn requires the next card to be 10 or higher (2s and jokers too;
              a reversing joker played meanwhile leaves it in force)
  may_stop    True after a 2 when the player may add another card or stop
  first_rank  -1, or the rank index the round's first play must use (Screw's lowest card)
  setup_left  face-up cards the seat to act still has to choose or take
  stock, burned, pile_count      ints (cards left to draw, cards out of play, pile size)
  burned_cards bytes, the cards out of play (each was played face up before it left)
  direction   1 or -1
  finished    seats out of this round, in order
  chips       list per seat (empty list when the match is a single round)
  dealer, round                  ints
  rules       dict of the flag values in force (ints and bools)

Search support: Shedding.copy() is a cheap independent copy; engine/shedding_world.py builds a
full game from one seat's view (from_view) for the strong bots.

Actions:
  ("place", card)     setup: put this hand card face up (deals where face-up cards are chosen)
  ("take", card)      setup: take this face-up card into the hand (deal 6: 6 dealt face up)
  ("swap", h*64+u)    setup: exchange hand card h with face-up card u (swap deals)
  ("ready",)          setup: finish swapping
  ("play", cards)     cards of one rank from the hand, or from the face-up row once the hand
                      is empty (bytes, sorted ascending); a joker is always played alone
  ("blind", i)        flip face-down card number i (0-based position in the row)
  ("pickup",)         take the pile into the hand
  ("pickup", card)    face-up stage with the up_pickup_card rule: take the pile and this face-up
  card
  ("pass",)           after a burn with post_burn_high: no card of 10 or higher, the turn passes
  ("stop",)           after a 2 with two_again: end the turn without adding a card
  ("chip", seat)      the round winner chooses who loses a chip

Transcript events (besides "start" and "act"):
  deal    {"dealer","round","deck"}                a later round's deal
  first   {"seat","why"}                           who starts ("lowest","left","rank")
  draw    {"seat","n"}                             cards drawn from the stock (count only)
  flip    {"seat","card","ok"}                     a blind face-down card turned over
  burn    {"seat","why","n"}                       the pile left play ("ten" or "four"), n cards
  skip    {"seat"}                                 that seat's turn is skipped (same value)
  reverse {"direction"}                            a joker turned the direction
  joker   {"seat","victim"}                        Popcorn joker: victim takes the pile, misses a
  turn
  pickup  {"seat","cards"}                         the cards that went into that hand
  pass    {"seat"}                                 (post-burn rule) next player starts fresh
  stall   {"turns"}                               no progress for that many turns: the round
                                                   ends, seats ranked by cards held (fewest first)
  out     {"seat","place"}                         a player has no cards left
  round   {"round","finished","winner","loser"}   the round is decided (loser -1 if none)
  chip    {"seat","chips"}                         that seat lost a chip; chips after
  end     {"winners","losers","ranking","chips"}
"""

from engine import cards as C
from engine.game import Game, GameError, IllegalAction, setup
from engine.rng import Rng
from engine.compat import const
from engine import shedding_options
from engine.shedding_options import OPTIONS, GAME_IDS, PRESETS  # noqa: F401 - the contract


# deal shape: (down, dealt into hand, dealt face up, face-up cards to choose, hand size); its
# fields by name, underscore const()s that MicroPython inlines (no RAM)
_DOWN = const(0)
_INTO_HAND = const(1)
_FACE_UP = const(2)
_CHOOSE = const(3)
_HAND_SIZE = const(4)
SHAPES = (
    None,
    (4, 8, 0, 4, 4),
    (3, 6, 0, 3, 3),
    (3, 7, 0, 3, 4),
    (3, 5, 3, 0, 5),
    (3, 3, 3, 0, 3),
    (3, 0, 6, 3, 3),
)

PH_SETUP = 0
PH_PLAY = 1
PH_CHIP = 2
PH_OVER = 3
PHASE_NAMES = ("setup", "play", "chip", "over")

TWO = C.TWO
THREE = C.THREE
SEVEN = C.SEVEN
TEN = C.TEN
JOKER_RANK = 13


def new_game(game_id, seats, seed, options=None):
    from engine.games import check_seats  # the seat counts live in the catalogue

    check_seats(game_id, seats)
    opts = setup().check_options(options, shedding_options, game_id)
    g = Shedding(game_id, seats, seed, opts)
    g.setup_match()
    return g


def shape_for(opts, seats):
    d = opts["deal"]
    if d == 0:
        d = 1 if seats * 12 <= 52 else 3
    return d


def pack_size(opts, seats):
    j = opts["joker"]
    if j == 1 or j == 2 or (j == 3 and seats == 6):
        return 54
    return 52


def check_seats(game_id, opts, seats):
    if not isinstance(seats, int) or seats < 2:
        raise GameError("%s needs at least 2 players, not %r" % (game_id, seats))
    sh = SHAPES[shape_for(opts, seats)]
    need = seats * (sh[_DOWN] + sh[_INTO_HAND] + sh[_FACE_UP])
    have = pack_size(opts, seats)
    if need > have:
        raise ValueError(
            "%s with this deal needs %d cards for %d players but the pack has %d"
            % (game_id, need, seats, have)
        )


def _insert(ba, c):
    """Insert c into the sorted bytearray ba in place (no temporary objects)."""
    ba.append(c)
    i = len(ba) - 1
    while i > 0 and ba[i - 1] > c:
        ba[i] = ba[i - 1]
        i -= 1
    ba[i] = c


def _index(ba, c):
    for i in range(len(ba)):
        if ba[i] == c:
            return i
    return -1


def _remove(ba, c):
    i = _index(ba, c)
    if i < 0:
        return False
    ba[i : i + 1] = b""
    return True


class Shedding(Game):
    OPTIONS = OPTIONS

    def __init__(self, game_id, seats, seed, opts):
        Game.__init__(self, game_id, seats, seed)
        check_seats(game_id, opts, seats)
        self.opts = opts
        self.shape = shape_for(opts, seats)
        self.npack = pack_size(opts, seats)
        self.rng = Rng(seed)
        self.phase = PH_SETUP
        self.dealer = 0
        self.round = 0
        self.direction = 1
        self.hands = [bytearray() for _ in range(seats)]
        self.ups = [bytearray() for _ in range(seats)]
        self.downs = [bytearray() for _ in range(seats)]
        self.stock = bytearray()
        self.pile = bytearray()
        self.burned = bytearray()
        self.deck = bytearray()
        self.finished = bytearray()
        self.chips = bytearray([opts["chips"]] * seats) if opts["chips"] else bytearray()
        self.may_stop = False
        self.need10 = False
        self.first_rank = -1
        self.setup_left = 0
        self.round_winner = -1
        self.round_loser = -1
        self.first_why = ""
        self.quiet = 0
        self._legal = None

    def copy(self):
        """An independent copy for search (no log)."""
        g = Shedding(self.game_id, self.seats, self.seed, self.opts)
        g.rng.set_state(self.rng.get_state())
        for k in (
            "phase",
            "dealer",
            "round",
            "direction",
            "may_stop",
            "need10",
            "first_rank",
            "setup_left",
            "round_winner",
            "round_loser",
            "first_why",
            "quiet",
            "to_act",
            "over",
            "deck",
        ):
            setattr(g, k, getattr(self, k))
        g.hands = [bytearray(x) for x in self.hands]
        g.ups = [bytearray(x) for x in self.ups]
        g.downs = [bytearray(x) for x in self.downs]
        g.stock = bytearray(self.stock)
        g.pile = bytearray(self.pile)
        g.burned = bytearray(self.burned)
        g.finished = bytearray(self.finished)
        g.chips = bytearray(self.chips)
        return g

    # ----- dealing and setup -----
    def setup_match(self):
        self.dealer = self.rng.below(self.seats)
        self.deal_round(False)

    def deal_round(self, emit):
        o = self.opts
        n = self.seats
        self.round += 1
        self.direction = 1
        for s in range(n):
            self.hands[s] = bytearray()
            self.ups[s] = bytearray()
            self.downs[s] = bytearray()
        self.pile = bytearray()
        self.burned = bytearray()
        self.finished = bytearray()
        self.may_stop = False
        self.need10 = False
        self.first_rank = -1
        self.round_winner = -1
        self.round_loser = -1
        self.quiet = 0
        deck = C.pack(self.npack)
        self.rng.shuffle(deck)
        self.deck = bytearray(deck)
        sh = SHAPES[self.shape]
        k = 0
        for layer in range(3):
            rows = (self.downs, self.ups, self.hands)[layer]
            count = (sh[_DOWN], sh[_FACE_UP], sh[_INTO_HAND])[layer]
            for _ in range(count):
                for i in range(n):
                    s = (self.dealer + 1 + i) % n
                    rows[s].append(deck[k])
                    k += 1
        for s in range(n):
            self.hands[s] = bytearray(sorted(self.hands[s]))
        self.stock = bytearray(deck[k:])
        if emit:
            self.emit(
                {
                    "ev": "deal",
                    "dealer": self.dealer,
                    "round": self.round,
                    "deck": C.names(self.deck),
                }
            )
        self.to_act = (self.dealer + 1) % n
        self._legal = None
        if sh[_CHOOSE] or (o["swap"] and sh[_FACE_UP]):
            self.phase = PH_SETUP
            self.setup_left = sh[_CHOOSE]
        else:
            self.start_play()

    def private_setup(self):
        return self.phase == PH_SETUP and SHAPES[self.shape][_FACE_UP] == 0

    def start_play(self):
        self.phase = PH_PLAY
        self.setup_left = 0
        mode = self.opts["first"]
        n = self.seats
        order = [(self.dealer + 1 + i) % n for i in range(n)]
        first = order[0]
        why = "left"
        if mode == 0:
            best = 99
            for s in order:
                for c in self.hands[s]:
                    r = c >> 2
                    v = r + 2
                    if r == TWO or r == JOKER_RANK:
                        v = 20 + r
                    if v < best:
                        best = v
                        first = s
                        self.first_rank = r
            why = "lowest"
        elif mode == 2:
            first = -1
            ranks = list(range(THREE, 13)) + [TWO, JOKER_RANK]
            for r in ranks:
                for rows in (self.ups, self.hands):
                    for s in order:
                        for c in rows[s]:
                            if c >> 2 == r:
                                first = s
                                break
                        if first >= 0:
                            break
                    if first >= 0:
                        break
                if first >= 0:
                    break
            if first < 0:
                first = order[0]
            why = "rank"
        self.to_act = first
        self._legal = None
        self.first_why = why
        self.emit({"ev": "first", "seat": first, "why": why})

    # ----- rule helpers -----
    def is_transparent(self, c):
        if c >= 52:
            return self.opts["joker"] >= 2
        return (c >> 2) == THREE and self.opts["invisible_three"]

    def under_card(self):
        """The pile card that decides what may be played, or -1."""
        p = self.pile
        i = len(p) - 1
        while i >= 0 and self.is_transparent(p[i]):
            i -= 1
        return p[i] if i >= 0 else -1

    def constraint(self):
        """(beat, lower, reset): value to reach, 7 rule (0/1/2), reset by a 2."""
        u = self.under_card()
        if u < 0:
            return 0, 0, False
        r = u >> 2
        if r == TWO:
            return 0, 0, True
        if r == SEVEN and self.opts["seven_lower"]:
            return 0, self.opts["seven_lower"], False
        return r + 2, 0, False

    def rank_ok(self, r, con):
        o = self.opts
        if r == JOKER_RANK or r == TWO:
            return True
        if self.need10:
            return r >= TEN
        if r == THREE and o["invisible_three"]:
            return True
        beat, lower, reset = con
        v = r + 2
        if r == TEN and o["ten_burns"]:
            if not o["ten_limit"]:
                return True
            return beat <= 10
        if lower == 1:
            return v < 7
        if lower == 2:
            return v <= 7
        return v >= beat

    def stage(self, s):
        if self.hands[s]:
            return 0
        if self.ups[s]:
            return 1
        if self.downs[s]:
            return 2
        return 3

    def next_seat(self, s):
        n = self.seats
        d = self.direction
        for _ in range(n):
            s = (s + d) % n
            if _index(self.finished, s) < 0:
                return s
        return s

    def active_count(self):
        return self.seats - len(self.finished)

    # ----- legal actions -----
    def legal_actions(self):
        """The legal actions, computed once per state and shared: callers must not change the
        list (runner, bots and the app only read it). Copying it on every call cost the Pico
        up to ~100 entries of garbage per call."""
        if self._legal is None:
            self._legal = self._compute_legal()
        return self._legal

    def _plays(self, row, con, out):
        n = len(row)
        i = 0
        fr = self.first_rank
        while i < n:
            r = row[i] >> 2
            j = i
            while j < n and (row[j] >> 2) == r:
                j += 1
            if (fr < 0 or r == fr) and self.rank_ok(r, con):
                if r == JOKER_RANK:
                    for k in range(i, j):
                        out.append(("play", bytes([row[k]])))
                else:
                    m = j - i
                    for mask in range(1, 1 << m):
                        sel = bytearray()
                        for b in range(m):
                            if mask & (1 << b):
                                sel.append(row[i + b])
                        out.append(("play", bytes(sel)))
            i = j

    def _compute_legal(self):
        if self.over:
            return []
        s = self.to_act
        if self.phase == PH_SETUP:
            sh = SHAPES[self.shape]
            out = []
            if self.setup_left:
                if sh[_FACE_UP]:
                    for c in sorted(self.ups[s]):
                        out.append(("take", c))
                else:
                    for c in self.hands[s]:
                        out.append(("place", c))
                return out
            for h in self.hands[s]:
                for u in sorted(self.ups[s]):
                    out.append(("swap", h * 64 + u))
            out.append(("ready",))
            return out
        if self.phase == PH_CHIP:
            return [("chip", t) for t in range(self.seats) if t != s]
        out = []
        st = self.stage(s)
        con = self.constraint()
        if st == 2:
            for i in range(len(self.downs[s])):
                out.append(("blind", i))
        else:
            row = self.hands[s] if st == 0 else sorted(self.ups[s])
            self._plays(row, con, out)
            none = not out
            # after a burn (need10) a player with nothing to play passes rather than picks up;
            # the pile can then hold only reversing jokers played since the burn
            if (
                self.pile
                and not self.may_stop
                and (self.opts["pickup_any"] or (none and not self.need10))
            ):
                if st == 1 and self.opts["up_pickup_card"]:
                    for c in sorted(self.ups[s]):
                        out.append(("pickup", c))
                else:
                    out.append(("pickup",))
            if none and self.need10:
                out.append(("pass",))
        if self.may_stop:
            out.append(("stop",))
        return out

    # ----- applying -----
    def _apply(self, action):
        s = self.to_act
        kind = action[0]
        self._legal = None
        r0 = self.round
        # a turn of play counts toward the stall; the action that ends the setup does not
        played = self.phase == PH_PLAY
        if kind == "place":
            _remove(self.hands[s], action[1])
            self.ups[s].append(action[1])
            self._setup_step(s)
        elif kind == "take":
            _remove(self.ups[s], action[1])
            _insert(self.hands[s], action[1])
            self._setup_step(s)
        elif kind == "swap":
            h = action[1] >> 6
            u = action[1] & 63
            i = _index(self.ups[s], u)
            self.ups[s][i] = h
            _remove(self.hands[s], h)
            _insert(self.hands[s], u)
        elif kind == "ready":
            self._setup_next(s)
        elif kind == "chip":
            self._lose_chip(action[1])
        elif kind == "play":
            st = self.stage(s)
            if st:
                self.quiet = 0
            self._play(s, bytes(action[1]), st)
        elif kind == "blind":
            self.quiet = 0
            self._blind(s, action[1])
        elif kind == "pickup":
            self._pickup(s, action[1] if len(action) > 1 else -1)
        elif kind == "pass":
            self.need10 = False
            self.emit({"ev": "pass", "seat": s})
            self.to_act = self.next_seat(s)
        elif kind == "stop":
            self.may_stop = False
            self.to_act = self.next_seat(s)
        if played and self.phase == PH_PLAY and self.round == r0 and self.quiet < 255:
            self.quiet += 1
            lim = self.opts["stall"]
            if lim and self.quiet >= lim:
                self._stall()

    def _stall(self):
        """Endless round: the seats still in are ranked by the cards they hold, fewest first."""
        self.emit({"ev": "stall", "turns": self.quiet})
        self.first_rank = -1  # (a stall before the round's first play: no first play to come)
        n = self.seats
        left = []
        for i in range(n):
            t = (self.dealer + 1 + i) % n
            if _index(self.finished, t) < 0:
                held = len(self.hands[t]) + len(self.ups[t]) + len(self.downs[t])
                left.append(held * 8 + i)
        left.sort()
        for k in left:
            self.finished.append((self.dealer + 1 + (k & 7)) % n)
        if self.opts["play_to_last"]:
            self._round_over(self.finished[0], self.finished[-1])
        else:
            self._round_over(self.finished[0], -1)

    def _setup_step(self, s):
        self.setup_left -= 1
        if self.setup_left == 0:
            self._setup_next(s)

    def _setup_next(self, s):
        n = self.seats
        nxt = (s + 1) % n
        if nxt == (self.dealer + 1) % n:
            self.start_play()
        else:
            self.to_act = nxt
            self.setup_left = SHAPES[self.shape][_CHOOSE]

    def _draw(self, s, played):
        """Refill the hand from the stock after playing `played` cards from it: one card per
        card played with draw_each (Screw), else back up to the deal's hand size."""
        hs = SHAPES[self.shape][_HAND_SIZE]
        h = self.hands[s]
        if self.opts["draw_each"]:
            hs = len(h) + played
        k = 0
        while len(h) < hs and self.stock:
            _insert(h, self.stock[0])
            self.stock[0:1] = b""
            k += 1
        if k:
            self.quiet = 0
            self.emit({"ev": "draw", "seat": s, "n": k})

    def _play(self, s, cs, st):
        o = self.opts
        row = self.hands[s] if st == 0 else (self.ups[s] if st == 1 else self.downs[s])
        prev = self.pile[-1] if self.pile else -1
        if st != 2:
            for c in cs:
                _remove(row, c)
        for c in cs:
            self.pile.append(c)
        self.first_rank = -1
        r = cs[0] >> 2
        jtake = r == JOKER_RANK and o["joker"] == 1
        jrev = r == JOKER_RANK and o["joker"] >= 2
        # a reversing joker takes no rank, so a post-burn demand for 10 or higher still stands
        self.need10 = self.need10 and jrev
        self.may_stop = False
        if st == 0:
            self._draw(s, len(cs))
        burn = None
        if jtake:
            self.quiet = 0
            self.burned.append(C.pop_last(self.pile))
        elif r == TEN and o["ten_burns"]:
            burn = "ten"
        elif o["four_clears"] and r != JOKER_RANK and len(self.pile) >= 4:
            p = self.pile
            k = len(p)
            if (p[k - 2] >> 2) == r and (p[k - 3] >> 2) == r and (p[k - 4] >> 2) == r:
                burn = "four"
        if burn:
            self.quiet = 0
            self.emit({"ev": "burn", "seat": s, "why": burn, "n": len(self.pile)})
            self.burned.extend(self.pile)
            self.pile = bytearray()
        r0 = self.round
        out = self._check_out(s)
        if self.phase != PH_PLAY or self.round != r0:
            return  # the round (or the match) ended; a new deal may already be under way
        if jtake:
            v = self.next_seat(s)
            self.emit({"ev": "joker", "seat": s, "victim": v})
            self._take_pile(v, -1)
            self.to_act = self.next_seat(v)
        elif burn:
            self.need10 = bool(o["post_burn_high"])
            if o["burn_again"] and not out:
                self.to_act = s
            else:
                self.to_act = self.next_seat(s)
        elif r == TWO and o["two_again"] and not out:
            self.may_stop = True
            self.to_act = s
        else:
            if jrev:
                self.direction = -self.direction
                self.emit({"ev": "reverse", "direction": self.direction})
            nxt = self.next_seat(s)
            if o["skip_same"] and prev >= 0 and (prev >> 2) == r and r != JOKER_RANK and nxt != s:
                self.emit({"ev": "skip", "seat": nxt})
                nxt = self.next_seat(nxt)
            self.to_act = nxt

    def _blind(self, s, i):
        c = self.downs[s][i]
        self.downs[s][i : i + 1] = b""
        ok = self.rank_ok(c >> 2, self.constraint())
        self.emit({"ev": "flip", "seat": s, "card": C.name(c), "ok": ok})
        if ok:
            self._play(s, bytes([c]), 2)
        else:
            self.pile.append(c)
            self._pickup(s, -1)

    def _take_pile(self, s, upcard):
        got = self.pile  # handed over whole: no copy of the pile
        if upcard >= 0:
            _remove(self.ups[s], upcard)
            got.append(upcard)
        self.emit({"ev": "pickup", "seat": s, "cards": C.names(got)})
        h = self.hands[s]
        h.extend(got)
        self.hands[s] = bytearray(sorted(h))
        self.pile = bytearray()
        self.need10 = False
        self.may_stop = False
        self.first_rank = -1

    def _pickup(self, s, upcard):
        self._take_pile(s, upcard)
        if self.opts["pickup_play"]:
            self.to_act = s
        else:
            self.to_act = self.next_seat(s)

    def _check_out(self, s):
        if self.hands[s] or self.ups[s] or self.downs[s]:
            return False
        self.finished.append(s)
        self.quiet = 0
        self.emit({"ev": "out", "seat": s, "place": len(self.finished)})
        if not self.opts["play_to_last"]:
            self._round_over(s, -1)
        elif self.active_count() == 1:
            loser = 0
            for t in range(self.seats):
                if _index(self.finished, t) < 0:
                    loser = t
            self.finished.append(loser)
            self._round_over(self.finished[0], loser)
        return True

    def _round_over(self, winner, loser):
        self.round_winner = winner
        self.round_loser = loser
        self.may_stop = False
        self.need10 = False
        self.emit(
            {
                "ev": "round",
                "round": self.round,
                "finished": list(self.finished),
                "winner": winner,
                "loser": loser,
            }
        )
        if not self.chips:
            self._finish()
        elif loser >= 0:
            self.phase = PH_CHIP
            self._lose_chip(loser)
        else:
            self.phase = PH_CHIP
            self.to_act = winner

    def _lose_chip(self, t):
        # a bytearray: MicroPython would wrap 0 - 1 to 255 where CPython raises, so both raise
        if not self.chips[t]:
            raise GameError("seat %d has no chip to lose" % t)
        self.chips[t] -= 1
        self.emit({"ev": "chip", "seat": t, "chips": list(self.chips)})
        if self.chips[t] == 0:
            self._finish()
            return
        if self.round_loser >= 0:
            self.dealer = self.round_loser
        else:
            self.dealer = (self.dealer + 1) % self.seats
        self.deal_round(True)

    def _finish(self):
        self.phase = PH_OVER
        self.over = True
        self.to_act = -1
        self._legal = None
        r = self.result()
        self.emit(
            {
                "ev": "end",
                "winners": r["winners"],
                "losers": r["losers"],
                "ranking": r["ranking"],
                "chips": list(self.chips),
            }
        )

    # ----- results -----
    def _result(self):
        n = self.seats
        if self.chips:
            best = max(self.chips)
            winners = [s for s in range(n) if self.chips[s] == best]
            losers = [s for s in range(n) if self.chips[s] == 0]
            ranking = sorted(range(n), key=lambda s: (-self.chips[s]) * 8 + s)
            return {
                "winners": winners,
                "losers": losers,
                "ranking": ranking,
                "scores": list(self.chips),
            }
        ranking = list(self.finished) + [s for s in range(n) if _index(self.finished, s) < 0]
        losers = [self.round_loser] if self.round_loser >= 0 else []
        return {"winners": [self.round_winner], "losers": losers, "ranking": ranking}

    # ----- views and privacy -----
    def view(self, seat):
        n = self.seats
        priv = self.private_setup()
        ups = []
        for s in range(n):
            ups.append(bytes(self.ups[s]) if (s == seat or not priv) else b"")
        beat, lower, reset = self.constraint()
        u = self.under_card()
        return {
            "seat": seat,
            "to_act": self.to_act,
            "over": self.over,
            "phase": PHASE_NAMES[self.phase],
            "hand": bytes(self.hands[seat]),
            "up": ups,
            "up_count": [len(x) for x in self.ups],
            "down_count": [len(x) for x in self.downs],
            "hand_count": [len(x) for x in self.hands],
            "pile": bytes(self.pile),
            "top": bytes(self.pile[-1:]),
            "under": bytes([u]) if u >= 0 else b"",
            "beat": beat,
            "lower": lower,
            "reset": reset,
            "need10": self.need10,
            "may_stop": self.may_stop,
            "first_rank": self.first_rank,
            "setup_left": self.setup_left if self.phase == PH_SETUP else 0,
            "stock": len(self.stock),
            "burned": len(self.burned),
            "pile_count": len(self.pile),
            "burned_cards": bytes(self.burned),
            "direction": self.direction,
            "finished": list(self.finished),
            "chips": list(self.chips),
            "dealer": self.dealer,
            "round": self.round,
            "rules": self.opts,
        }

    def hidden_from(self, seat):
        out = list(self.stock)
        priv = self.private_setup()
        for s in range(self.seats):
            out.extend(self.downs[s])
            if s != seat:
                out.extend(list(self.hands[s]))
                if priv:
                    out.extend(self.ups[s])
        return out

    def all_cards(self):
        out = bytearray(self.stock)
        out.extend(self.pile)
        out.extend(self.burned)
        for s in range(self.seats):
            out.extend(self.hands[s])
            out.extend(self.ups[s])
            out.extend(self.downs[s])
        return out

    # ----- save format -----
    def _encode_body(self, w):
        w.u8(self.phase)
        w.i8(self.to_act)
        w.u8(self.dealer)
        w.u16(self.round)
        w.i8(self.direction)
        w.u8(int(self.may_stop) | (int(self.need10) << 1))
        w.i8(self.first_rank)
        w.u8(self.setup_left)
        w.i8(self.round_winner)
        w.i8(self.round_loser)
        w.u8(self.quiet)
        w.blob(self.chips)
        for s in range(self.seats):
            w.blob(self.hands[s])
            w.blob(self.ups[s])
            w.blob(self.downs[s])
        w.blob(self.stock)
        w.blob(self.pile)
        w.blob(self.burned)
        w.blob(self.finished)
        w.blob(self.deck)

    # ----- transcripts -----
    def _decode_body(self, r, ver):
        """The body _encode_body wrote (engine.setup.decode read the header; ver: its format)."""
        seats = self.seats
        self.phase = r.u8()
        self.to_act = r.i8()
        self.dealer = r.u8()
        self.round = r.u16()
        self.direction = r.i8()
        f = r.u8()
        self.may_stop = bool(f & 1)
        self.need10 = bool(f & 2)
        self.first_rank = r.i8()
        self.setup_left = r.u8()
        self.round_winner = r.i8()
        self.round_loser = r.i8()
        self.quiet = r.u8()
        self.chips = r.blob()
        for s in range(seats):
            self.hands[s] = r.blob()
            self.ups[s] = r.blob()
            self.downs[s] = r.blob()
        self.stock = r.blob()
        self.pile = r.blob()
        self.burned = r.blob()
        self.finished = r.blob()
        self.deck = r.blob()
        self.over = self.phase == PH_OVER

    def attach_log(self, log):
        Game.attach_log(self, log)
        if log is not None and self.round == 1 and self.phase == PH_PLAY and self.first_why:
            # the first player of an unplayed round 1 was decided before the log existed
            if self.pile or self.burned or self.finished:
                return
            log({"ev": "first", "seat": self.to_act, "why": self.first_why})

    def deck_names(self):
        return C.names(self.deck)

    def action_json(self, a):
        k = a[0]
        if k == "play":
            return {"act": k, "cards": C.names(a[1])}
        if k in ("place", "take") or (k == "pickup" and len(a) > 1):
            return {"act": k, "card": C.name(a[1])}
        if k == "swap":
            return {"act": k, "hand": C.name(a[1] >> 6), "up": C.name(a[1] & 63)}
        if k == "blind":
            return {"act": k, "index": a[1]}
        if k == "chip":
            return {"act": k, "target": a[1]}
        return {"act": k}

    def _parse_action(self, d):
        k = d.get("act")
        try:
            if k == "play":
                return ("play", bytes(sorted(C.parse_list(d["cards"]))))
            if k in ("place", "take") or (k == "pickup" and "card" in d):
                return (k, C.parse(d["card"]))
            if k == "swap":
                return (k, C.parse(d["hand"]) * 64 + C.parse(d["up"]))
            if k == "blind":
                return (k, int(d["index"]))
            if k == "chip":
                return (k, int(d["target"]))
            if k in ("pickup", "pass", "stop", "ready"):
                return (k,)
        except (KeyError, TypeError):
            pass
        raise IllegalAction("cannot read action %r" % (d,))


GAME_CLASS = Shedding  # engine.setup.decode builds it and calls its _decode_body


# ----- text for the app -----
# action_label reads nothing but the action: the console keeps a label it has made for as long
# as the same seat acts (firmware.human)
STATIC_LABELS = True


def action_label(view, action):
    k = action[0]
    if k == "play":
        cs = action[1]
        return "Play " + " ".join(C.names(cs))
    if k == "place":
        return "Put %s face up" % C.name(action[1])
    if k == "take":
        return "Take %s into hand" % C.name(action[1])
    if k == "swap":
        return "Swap %s for %s" % (C.name(action[1] >> 6), C.name(action[1] & 63))
    if k == "ready":
        return "Done swapping"
    if k == "blind":
        return "Flip face-down card %d" % (action[1] + 1)
    if k == "pickup":
        if len(action) > 1:
            return "Pick up the pile and %s" % C.name(action[1])
        return "Pick up the pile"
    if k == "pass":
        return "Pass (nothing 10 or higher)"
    if k == "stop":
        return "End the turn"
    if k == "chip":
        return "Take a chip from player %d" % (action[1] + 1)
    return k


def describe_event(ev, names):
    e = ev.get("ev")
    if e == "act":
        who = names[ev["seat"]]
        a = ev["act"]
        if a == "play":
            cs = ev["cards"]
            return "%s played %s" % (who, " ".join(cs))
        if a == "pickup":
            return None
        if a == "pass":
            return "%s cannot play 10 or higher and passes" % who
        if a == "stop":
            return "%s ends the turn" % who
        if a == "ready":
            return "%s is ready" % who
        if a == "swap":
            return "%s put %s face up" % (who, ev["hand"])
        if a == "take":
            return "%s took %s into the hand" % (who, ev["card"])
        if a == "chip":
            return "%s takes a chip from %s" % (who, names[ev["target"]])
        return None
    if e == "flip":
        return "%s flipped %s%s" % (
            names[ev["seat"]],
            ev["card"],
            "" if ev["ok"] else " - no good",
        )
    if e == "burn":
        why = "a 10" if ev["why"] == "ten" else "four of a kind"
        return "%s burns the pile with %s" % (names[ev["seat"]], why)
    if e == "pickup":
        return "%s picks up %d cards" % (names[ev["seat"]], len(ev["cards"]))
    if e == "joker":
        return "Joker! %s takes pile, misses turn" % names[ev["victim"]]
    if e == "reverse":
        return "Joker: play turns %s" % ("clockwise" if ev["direction"] > 0 else "anticlockwise")
    if e == "skip":
        return "%s is skipped" % names[ev["seat"]]
    if e == "pass":
        return None
    if e == "stall":
        return "No progress for %d turns: fewest cards wins the round" % ev["turns"]
    if e == "first":
        return "%s starts" % names[ev["seat"]]
    if e == "out":
        return "%s is out (place %d)" % (names[ev["seat"]], ev["place"])
    if e == "round":
        if ev["loser"] >= 0:
            return "Round %d: %s is the shithead" % (ev["round"], names[ev["loser"]])
        return "Round %d won by %s" % (ev["round"], names[ev["winner"]])
    if e == "chip":
        return "%s loses a chip (%d left)" % (names[ev["seat"]], ev["chips"][ev["seat"]])
    if e == "deal":
        return "%s deals round %d" % (names[ev["dealer"]], ev["round"])
    if e == "end":
        return "Winner: " + ", ".join([names[s] for s in ev["winners"]])
    return None
