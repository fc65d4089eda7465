"""Screw Your Neighbor, the swap game (game id "syn-swap"), after seed 003.

Each round every seat still in the match holds one card. Seats decide in turn whether to keep
their card or trade it with the next seat on their left; the dealer decides last and may trade
with the deck instead. Then all cards are turned up and the lowest card costs a life. Full rules,
the choices made where the seed is silent, and measured figures: docs/games/swap.md.

Seats are numbered clockwise, so "the next seat on the left" of seat s is s + 1 (mod seats),
skipping seats that are out. The deck is a bytearray whose top card is its last element.

Search support: SwapGame.copy() is a cheap independent copy; engine/swap_world.py builds a full
game from one seat's view (from_view) for the strong bots.

Options (engine.games.options_for): lives (int, 3), king_blocks (bool, False).

View keys (view(seat)):
  seat, to_act, over, phase   phase is "play", "reveal" (round over, waiting for the next deal)
                              or "over" (match over; the last reveal is still shown)
  round       round number, 1 for the first deal (restarts do not reset it)
  seats       number of seats
  lives       list: lives left per seat
  out         list of bools: seat has no lives left and takes no part
  dealer      the dealer of the current (or just revealed) round
  order       list of seats in acting order this round (first player ... dealer)
  king_seats  list of seats that were dealt a King this round (face up, cannot lose)
  hand        bytes: this seat's own card(s) (two cards after a cut that made a pair)
  table       list per seat of bytes: the cards this viewer can see at that seat now
              (its own hand, dealt Kings; after the reveal every hand)
  exchanges   list of (other_seat, gave, got), one per trade this seat took part in this
              round, in order; gave and got are bytes of one card each, except that a cut
              which made a pair gave nothing (gave is empty); other_seat is -1 for the deck
  moves       list of (seat, kind, other) of this round's decisions so far, public:
              kind "keep", "swap" (other = the seat traded with) or "cut" (other = -1)
  discard     bytes: cards set aside by a cut (shown only once revealed; empty before)
  losers      seats holding the lowest hand at the last reveal (empty while playing); each
              lost a life unless restart is True
  restart     True when the last reveal triggered the all-out tie rule (everyone re-antes)
  lives_start lives each seat starts with; king_blocks: the option

Actions:
  ("keep",)   keep the card
  ("swap",)   trade cards with the next seat on the left that may be traded with
  ("cut",)    take the top card of the deck: a card of the same rank makes a pair with the
              held card, any other card replaces it (the old card is set aside face down).
              Offered to the dealer, and to a seat whose trade would skip past a dealer
              holding a dealt King (nobody left to trade with)
  ("deal",)   in phase "reveal": deal the next round (to_act is the next dealer)

Transcript events:
  {"ev":"start","game","seed","players","options","dealer","round","lives","deck"}
  {"ev":"act","seat":s,"act":"keep"|"swap"|"cut"|"deal"}
  {"ev":"swap","seat":s,"with":t}            s traded cards with t (no cards named)
  {"ev":"reveal","round":r,"hands":[[card names] per seat],"kings":[seats],
   "pair":seat or -1,"losers":[seats],"lives":[per seat]}
  {"ev":"out","seat":s}                      s has lost its last life
  {"ev":"restart","lives":[per seat]}        the all-out tie: every seat starts again
  {"ev":"deal","round":r,"dealer":d,"deck":[names]}   a new round; "deck" (like the start
      event's) lists the cards in the order dealt (first player first, dealer last) and
      then the top card of the stock, the one a cut would take
  {"ev":"end","winners":[s],"losers":[seats],"ranking":[seats],"rounds":r}
"""

from engine import cards
from engine.game import Game, GameError, setup
from engine.rng import Rng
from engine import swap_options
from engine.swap_options import OPTIONS, GAME_IDS, PRESETS  # noqa: F401 - the contract

GAME_ID = "syn-swap"
MAX_SEATS = 10

PLAY = 0
REVEAL = 1
OVER = 2
PHASES = ("play", "reveal", "over")

KEEP = ("keep",)
SWAP = ("swap",)
CUT = ("cut",)
DEAL = ("deal",)
KINDS = ("keep", "swap", "cut", "deal")
# legal_actions() hands out these shared lists (callers only read them): no allocation per call
ONLY_DEAL = [DEAL]
ONLY_KEEP = [KEEP]
KEEP_CUT = [KEEP, CUT]
KEEP_SWAP = [KEEP, SWAP]
NOTHING = []

PAIR_VALUE = 50  # added to a pair's face value: a pair beats every single card


def new_game(game_id, seats, seed, options=None):
    if game_id != GAME_ID:
        raise ValueError("engine.swap has no game %r" % (game_id,))
    from engine.games import check_seats  # the seat counts live in the catalogue

    check_seats(game_id, seats)
    opts = setup().check_options(options, swap_options, GAME_ID)
    g = SwapGame(game_id, seats, seed, opts)
    g.first_dealer = g.rng.below(seats)
    g.start_round(g.first_dealer, None)
    g.buffering = False
    return g


def scenario(seats, dealer, deal, cut=None, lives=None, options=None, seed=1, round_no=1):
    """A game in a chosen state, for tests and puzzles: the round just dealt by `dealer`.

    deal: a card name per seat ("" or None for a seat that is out); cut: name of the card on
    top of the stock; lives: list per seat (0 = out), default full lives for dealt seats.
    """
    opts = setup().check_options(options, swap_options, GAME_ID)
    g = SwapGame(GAME_ID, seats, seed, opts)
    if lives is None:
        lives = [opts["lives"] if deal[s] else 0 for s in range(seats)]
    for s in range(seats):
        g.lives[s] = lives[s]
    used = []
    for s in range(seats):
        if deal[s]:
            used.append(cards.parse(deal[s]))
    top = cards.parse(cut) if cut else None
    if top is not None:
        used.append(top)
    for s in range(seats):
        if (lives[s] > 0) != bool(deal[s]):
            raise ValueError("seat %d: a card exactly when it has lives" % s)
    for i in range(len(used)):
        if used[i] in used[i + 1 :]:
            raise ValueError("card %s chosen twice" % cards.name(used[i]))
    stock = bytearray()
    for c in range(52):
        if c not in used:
            stock.append(c)
    g.rng.shuffle(stock)
    if top is not None:
        stock.append(top)
    # Dealing pops from the top, first player first: push the chosen cards in reverse.
    order = g.live_from(dealer)
    for i in range(len(order) - 1, -1, -1):
        stock.append(cards.parse(deal[order[i]]))
    g.first_dealer = dealer
    g.round_no = round_no - 1
    g.start_round(dealer, stock)
    g.buffering = False
    return g


def hand_value(hand):
    """Strength of a hand that can lose: a pair beats any single card; singles by face value
    (A 14, a cut King 13). Dealt Kings never take part in the comparison."""
    if len(hand) == 2:
        return PAIR_VALUE + cards.value(hand[0])
    return cards.value(hand[0])


class SwapGame(Game):
    OPTIONS = OPTIONS

    def __init__(self, game_id, seats, seed, opts):
        Game.__init__(self, game_id, seats, seed)
        self.opts = opts
        self.rng = Rng(seed)
        self.lives = [opts["lives"]] * seats
        self.hands = [bytearray() for _ in range(seats)]
        self.stock = bytearray()
        self.discard = bytearray()
        self.kings = 0  # bit mask: seats dealt a King this round
        self.exch = [[] for _ in range(seats)]  # per seat: [other, gave card or -1, got card]
        self.moves = []  # [seat, kind index, other]
        self.order = []
        self.pos = 0
        self.dealer = 0
        self.first_dealer = 0
        self.round_no = 0
        self.phase = PLAY
        self.losers = []
        self.restarted = False
        self.out_round = [0] * seats  # round in which the seat went out (0: still in)
        self.winner = -1
        self.deck_list = []  # the current round's "deck" for the transcript
        self.buffering = True  # only while the game is being built (a first deal of all Kings)

    def copy(self):
        """An independent copy for search (no log)."""
        g = SwapGame(self.game_id, self.seats, self.seed, self.opts)
        g.buffering = False
        g.rng.set_state(self.rng.get_state())
        for k in (
            "kings",
            "pos",
            "dealer",
            "first_dealer",
            "round_no",
            "phase",
            "restarted",
            "winner",
            "to_act",
            "over",
            "deck_list",
        ):
            setattr(g, k, getattr(self, k))
        g.lives = list(self.lives)
        g.hands = [bytearray(h) for h in self.hands]
        g.stock = bytearray(self.stock)
        g.discard = bytearray(self.discard)
        g.exch = [[list(e) for e in x] for x in self.exch]
        g.moves = [list(m) for m in self.moves]
        g.order = list(self.order)
        g.losers = list(self.losers)
        g.out_round = list(self.out_round)
        return g

    # ---- seats -------------------------------------------------------------------------
    def next_live(self, s):
        n = self.seats
        for i in range(1, n + 1):
            t = (s + i) % n
            if self.lives[t] > 0:
                return t
        return -1

    def live_from(self, dealer):
        """Live seats in acting order: the first on the dealer's left ... the dealer."""
        out = []
        n = self.seats
        for i in range(1, n + 1):
            t = (dealer + i) % n
            if self.lives[t] > 0:
                out.append(t)
        return out

    def has_king(self, s):
        return (self.kings >> s) & 1 == 1

    # ---- round flow --------------------------------------------------------------------
    def start_round(self, dealer, stock, announce=False):
        self.round_no += 1
        self.dealer = dealer
        if stock is None:
            stock = cards.pack(52)
            self.rng.shuffle(stock)
        self.stock = stock
        self.discard = bytearray()
        self.kings = 0
        self.moves = []
        self.losers = []
        self.restarted = False
        self.order = self.live_from(dealer)
        dealt = []
        for s in range(self.seats):
            self.hands[s] = bytearray()
            self.exch[s] = []
        for s in self.order:
            c = cards.pop_last(self.stock)
            self.hands[s].append(c)
            dealt.append(c)
            if cards.rank(c) == cards.KING:
                self.kings |= 1 << s
        dealt.append(self.stock[-1])
        self.deck_list = cards.names(dealt)
        if announce:
            self.emit(
                {
                    "ev": "deal",
                    "round": self.round_no,
                    "dealer": self.dealer,
                    "deck": self.deck_list,
                }
            )
        self.phase = PLAY
        self.pos = -1
        self.advance()

    def advance(self):
        """Move to the next seat with a decision (dealt King holders have none)."""
        self.pos += 1
        while self.pos < len(self.order) and self.has_king(self.order[self.pos]):
            self.pos += 1
        if self.pos < len(self.order):
            self.to_act = self.order[self.pos]
        else:
            self.reveal()

    def trade_target(self, s):
        """Seat that s would trade with, -1 for the deck, or -2 when s may only keep."""
        if s == self.dealer:
            if self.opts["king_blocks"] and self.has_king(self.next_live(s)):
                return -2
            return -1
        t = self.next_live(s)
        if self.opts["king_blocks"]:
            return -2 if self.has_king(t) else t
        while self.has_king(t):
            if t == self.dealer:
                return -1  # skipping past a King-holding dealer reaches the deck
            t = self.next_live(t)
        return t

    def legal_actions(self):
        """The legal actions: a shared list that callers must not change."""
        if self.over:
            return NOTHING
        if self.phase == REVEAL:
            return ONLY_DEAL
        t = self.trade_target(self.to_act)
        if t == -2:
            return ONLY_KEEP
        if t == -1:
            return KEEP_CUT
        return KEEP_SWAP

    def _apply(self, action):
        seat = self.to_act
        kind = action[0]
        if kind == "deal":
            self.start_round(self.next_live(self.dealer), None, True)
            return
        if kind == "keep":
            self.moves.append([seat, 0, -1])
        elif kind == "swap":
            t = self.trade_target(seat)
            a = self.hands[seat][0]
            b = self.hands[t][0]
            self.hands[seat][0] = b
            self.hands[t][0] = a
            self.exch[seat].append([t, a, b])
            self.exch[t].append([seat, b, a])
            self.moves.append([seat, 1, t])
            self.emit({"ev": "swap", "seat": seat, "with": t})
        else:
            c = cards.pop_last(self.stock)
            h = self.hands[seat]
            if cards.rank(c) == cards.rank(h[0]):
                h.append(c)
                if h[0] > h[1]:
                    h[0], h[1] = h[1], h[0]
                self.exch[seat].append([-1, -1, c])
            else:
                self.discard.append(h[0])
                self.exch[seat].append([-1, h[0], c])
                h[0] = c
            self.moves.append([seat, 2, -1])
        self.advance()

    def reveal(self):
        lowest = 1000
        for s in self.order:
            if not self.has_king(s):
                v = hand_value(self.hands[s])
                if v < lowest:
                    lowest = v
        losers = []
        for s in self.order:
            if not self.has_king(s) and hand_value(self.hands[s]) == lowest:
                losers.append(s)
        self.losers = losers
        remaining = 0
        for s in self.order:
            if s not in losers or self.lives[s] > 1:
                remaining += 1
        pair = -1
        for s in self.order:
            if len(self.hands[s]) == 2:
                pair = s
        restart = bool(losers) and remaining == 0
        if not restart:
            for s in losers:
                self.lives[s] -= 1
        hands = []
        for s in range(self.seats):
            hands.append(cards.names(self.hands[s]))
        king_seats = [s for s in self.order if self.has_king(s)]
        self.emit(
            {
                "ev": "reveal",
                "round": self.round_no,
                "hands": hands,
                "kings": king_seats,
                "pair": pair,
                "losers": losers,
                "lives": list(self.lives),
            }
        )
        if restart:
            self.restarted = True
            for s in range(self.seats):
                self.lives[s] = self.opts["lives"]
                self.out_round[s] = 0
            self.emit({"ev": "restart", "lives": list(self.lives)})
        else:
            for s in losers:
                if self.lives[s] == 0:
                    self.out_round[s] = self.round_no
                    self.emit({"ev": "out", "seat": s})
        alive = [s for s in range(self.seats) if self.lives[s] > 0]
        if len(alive) == 1:
            self.winner = alive[0]
            self.phase = OVER
            self.over = True
            self.to_act = -1
            r = self.result()
            self.emit(
                {
                    "ev": "end",
                    "winners": r["winners"],
                    "losers": r["losers"],
                    "ranking": r["ranking"],
                    "rounds": self.round_no,
                }
            )
        else:
            self.phase = REVEAL
            self.to_act = self.next_live(self.dealer)

    # ---- what seats may know ------------------------------------------------------------
    def known_to(self, seat):
        """Cards seat may know now (a list)."""
        if self.phase != PLAY:
            out = list(self.discard)
            for s in range(self.seats):
                out.extend(self.hands[s])
            return out
        out = []
        for s in range(self.seats):
            if self.has_king(s):
                out.extend(self.hands[s])
        if 0 <= seat < self.seats:
            out.extend(self.hands[seat])
            for other, gave, got in self.exch[seat]:
                if gave >= 0:
                    out.append(gave)
                out.append(got)
        return out

    def hidden_from(self, seat):
        known = self.known_to(seat)
        return [c for c in self.all_cards() if c not in known]

    def view(self, seat):
        shown = self.phase != PLAY
        table = []
        for s in range(self.seats):
            if shown or s == seat or self.has_king(s):
                table.append(bytes(self.hands[s]))
            else:
                table.append(b"")
        exchanges = []
        if 0 <= seat < self.seats:
            for other, gave, got in self.exch[seat]:
                exchanges.append((other, bytes([gave]) if gave >= 0 else b"", bytes([got])))
        moves = [(s, KINDS[k], other) for s, k, other in self.moves]
        return {
            "seat": seat,
            "to_act": self.to_act,
            "over": self.over,
            "phase": PHASES[self.phase],
            "round": self.round_no,
            "seats": self.seats,
            "lives": list(self.lives),
            "out": [self.lives[s] == 0 for s in range(self.seats)],
            "dealer": self.dealer,
            "order": list(self.order),
            "king_seats": [s for s in self.order if self.has_king(s)],
            "hand": bytes(self.hands[seat]) if 0 <= seat < self.seats else b"",
            "table": table,
            "exchanges": exchanges,
            "moves": moves,
            "discard": bytes(self.discard) if shown else b"",
            "losers": list(self.losers),
            "restart": self.restarted,
            "lives_start": self.opts["lives"],
            "king_blocks": self.opts["king_blocks"],
        }

    def all_cards(self):
        out = list(self.stock)
        out.extend(self.discard)
        for h in self.hands:
            out.extend(h)
        return out

    # ---- results and transcripts -------------------------------------------------------
    def ranking(self):
        """Winner first, then the others by how late they went out (ties by seat)."""
        rest = [s for s in range(self.seats) if s != self.winner]
        # unique sort keys: later rounds first, then lower seat
        rest.sort(key=lambda s: -self.out_round[s] * 16 + s)
        if self.winner >= 0:
            return [self.winner] + rest
        return rest

    def _result(self):
        first = 0
        for s in range(self.seats):
            r = self.out_round[s]
            if r and (first == 0 or r < first):
                first = r
        losers = [s for s in range(self.seats) if first and self.out_round[s] == first]
        return {
            "winners": [self.winner],
            "losers": losers,
            "ranking": self.ranking(),
            "lives": list(self.lives),
            "rounds": self.round_no,
        }

    def action_json(self, action):
        return {"act": action[0]}

    def _parse_action(self, d):
        k = d.get("act")
        if k not in KINDS:
            raise GameError("not a %s action: %r" % (GAME_ID, d))
        return (k,)

    def deck_names(self):
        return self.deck_list

    def _start_more(self, ev):
        ev["round"] = self.round_no
        ev["lives"] = list(self.lives)

    # ---- saves ---------------------------------------------------------------------------
    def _encode_body(self, w):
        w.u16(self.round_no)
        w.u8(self.dealer)
        w.u8(self.first_dealer)
        w.u8(self.phase)
        w.u8(self.pos)
        w.i8(self.to_act)
        w.i8(self.winner)
        w.u16(self.kings)
        w.u8(1 if self.restarted else 0)
        w.blob(bytes(self.order))
        w.blob(bytes(self.losers))
        for s in range(self.seats):
            w.u8(self.lives[s])
            w.u16(self.out_round[s])
            w.blob(self.hands[s])
            w.u8(len(self.exch[s]))
            for other, gave, got in self.exch[s]:
                w.i8(other)
                w.i8(gave)
                w.u8(got)
        w.blob(self.stock)
        w.blob(self.discard)
        w.u8(len(self.moves))
        for s, k, other in self.moves:
            w.u8(s)
            w.u8(k)
            w.i8(other)
        w.u8(len(self.deck_list))
        for n in self.deck_list:
            w.u8(cards.parse(n))

    def _decode_body(self, r, ver):
        """The body _encode_body wrote (engine.setup.decode read the header; ver: its format)."""
        seats = self.seats
        self.round_no = r.u16()
        self.dealer = r.u8()
        self.first_dealer = r.u8()
        self.phase = r.u8()
        self.pos = r.u8()
        self.to_act = r.i8()
        self.winner = r.i8()
        self.kings = r.u16()
        self.restarted = r.u8() == 1
        self.order = list(r.blob())
        self.losers = list(r.blob())
        for s in range(seats):
            self.lives[s] = r.u8()
            self.out_round[s] = r.u16()
            self.hands[s] = r.blob()
            n = r.u8()
            ex = []
            for _ in range(n):
                other = r.i8()
                gave = r.i8()
                got = r.u8()
                ex.append([other, gave, got])
            self.exch[s] = ex
        self.stock = r.blob()
        self.discard = r.blob()
        n = r.u8()
        for _ in range(n):
            s = r.u8()
            k = r.u8()
            o = r.i8()
            self.moves.append([s, k, o])
        n = r.u8()
        self.deck_list = [cards.name(r.u8()) for _ in range(n)]
        if self.phase > OVER:
            raise ValueError("bad phase in save data")
        self.over = self.phase == OVER


GAME_CLASS = SwapGame  # engine.setup.decode builds it and calls its _decode_body


def action_label(view, action):
    k = action[0]
    if k == "keep":
        return "Keep my card"
    if k == "cut":
        return "Cut the deck"
    if k == "deal":
        return "Deal the next round"
    if k == "swap":
        s = view["to_act"]
        t = _trade_target(view, s)
        if t >= 0 and t != _next_live(view, s):
            return "Swap past the King (player %d)" % (t + 1)
        return "Swap with player %d" % (t + 1)
    return k


def _next_live(view, s):
    n = view["seats"]
    for i in range(1, n + 1):
        t = (s + i) % n
        if view["lives"][t] > 0:
            return t
    return -1


def _trade_target(view, s):
    """SwapGame.trade_target from public data (who holds a King is shown to all)."""
    kings = view["king_seats"]
    t = _next_live(view, s)
    if s == view["dealer"]:
        return -2 if view["king_blocks"] and t in kings else -1
    if view["king_blocks"]:
        return -2 if t in kings else t
    while t in kings:
        if t == view["dealer"]:
            return -1
        t = _next_live(view, t)
    return t


def _name(names, s):
    if names and 0 <= s < len(names):
        return names[s]
    return "Player %d" % (s + 1)


def describe_event(ev, names):
    k = ev.get("ev")
    if k == "act":
        a = ev.get("act")
        who = _name(names, ev.get("seat", -1))
        if a == "keep":
            return "%s keeps" % who
        if a == "cut":
            return "%s cuts the deck" % who
        return None  # swaps are told by the "swap" event, deals by "deal"
    if k == "swap":
        return "%s swaps with %s" % (_name(names, ev["seat"]), _name(names, ev["with"]))
    if k == "deal":
        return "Round %d: %s deals" % (ev["round"], _name(names, ev["dealer"]))
    if k == "reveal":
        losers = ev.get("losers", [])
        if not losers:
            return "Cards up: nobody can lose this round"
        hands = ev.get("hands", [])
        low = hands[losers[0]][0] if losers[0] < len(hands) and hands[losers[0]] else "?"
        who = ", ".join([_name(names, s) for s in losers])
        if len(losers) == 1:
            return "%s has the low card (%s): -1 life" % (who, low)
        return "%s tie low (%s): -1 life each" % (who, low)
    if k == "out":
        return "%s is out" % _name(names, ev["seat"])
    if k == "restart":
        return "Everyone left tied on a last life: all players start again"
    if k == "end":
        w = ev.get("winners", [])
        if w:
            return "%s wins the match" % _name(names, w[0])
        return "The match is over"
    return None
