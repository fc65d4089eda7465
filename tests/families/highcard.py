"""High Card, a game family that exists only in the tests (docs/CONTRIBUTING.md, "Adding a
game"): it keeps the engine contract (engine/game.py) so that the tests can add its catalogue row
and play it on the console with no change to generic firmware (tests/test_families_apart.py).

Each seat is dealt hand_size cards (option, 3). The seat on the dealer's left leads; in turn each
seat plays one card; the highest rank takes the trick's point (between equal ranks the first
played) and leads the next trick. After hand_size tricks the most points wins.

Options: hand_size (int, 3; the game "highcard-long" has 5), aces_low (bool, False).

View keys (view(seat)):
  seat, to_act, over, phase  phase "play" or "over"
  seats       number of seats
  dealer      the seat that dealt
  leader      the seat that led the trick in play
  hand        bytes: this seat's cards, sorted
  trick       bytes: the cards of the trick in play, in the order played (leader first)
  last        bytes: the last finished trick (empty before the first)
  played      bytes: every card of the finished tricks
  points      list: points per seat
  tricks      finished tricks
  hand_size, aces_low   the options

Actions:
  ("play", bytes of one card)   play that card from the hand

Transcript events:
  {"ev":"start","game","seed","players","options","dealer","deck"}   deck: in the order dealt
  {"ev":"act","seat":s,"act":"play","card":name}
  {"ev":"trick","seat":s,"cards":[names]}   s took the trick (cards in the order played)
  {"ev":"end","winners":[s],"losers":[seats],"ranking":[seats],"scores":[points]}
"""

from engine import cards
from engine.game import Game, GameError, setup
from engine.rng import Rng
from tests.families import highcard_options
from tests.families.highcard_options import OPTIONS, GAME_IDS, PRESETS  # noqa: F401 - the contract

PLAY = 0
OVER = 1
PHASES = ("play", "over")
NOTHING = []


def new_game(game_id, seats, seed, options=None):
    if game_id not in GAME_IDS:
        raise ValueError("tests.families.highcard has no game %r" % (game_id,))
    from engine.games import check_seats  # the seat counts live in the catalogue

    check_seats(game_id, seats)
    opts = setup().check_options(options, highcard_options, game_id)
    g = HighCardGame(game_id, seats, seed, opts)
    g.deal(g.rng.below(seats))
    g.buffering = False
    return g


class HighCardGame(Game):
    OPTIONS = OPTIONS

    def __init__(self, game_id, seats, seed, opts):
        Game.__init__(self, game_id, seats, seed)
        self.opts = opts
        self.rng = Rng(seed)
        self.hands = [bytearray() for _ in range(seats)]
        self.stock = bytearray()  # the cards nobody was dealt
        self.trick = bytearray()
        self.last = bytearray()
        self.played = bytearray()
        self.points = [0] * seats
        self.dealer = 0
        self.leader = 0
        self.tricks = 0
        self.phase = PLAY
        self.deck_list = []

    def deal(self, dealer):
        self.dealer = dealer
        stock = cards.pack(52)
        self.rng.shuffle(stock)
        dealt = []
        n = self.seats
        for _ in range(self.opts["hand_size"]):
            for i in range(1, n + 1):
                c = cards.pop_last(stock)
                self.hands[(dealer + i) % n].append(c)
                dealt.append(c)
        for h in self.hands:
            h[:] = bytes(sorted(h))
        self.stock = stock
        self.deck_list = cards.names(dealt)
        self.leader = self.to_act = (dealer + 1) % n

    def copy(self):
        """An independent copy (search, the dry run of a loaded save); no log."""
        g = HighCardGame(self.game_id, self.seats, self.seed, self.opts)
        g.rng.set_state(self.rng.get_state())
        g.hands = [bytearray(h) for h in self.hands]
        g.stock = bytearray(self.stock)
        g.trick = bytearray(self.trick)
        g.last = bytearray(self.last)
        g.played = bytearray(self.played)
        g.points = list(self.points)
        for k in ("dealer", "leader", "tricks", "phase", "to_act", "over", "deck_list"):
            setattr(g, k, getattr(self, k))
        return g

    def strength(self, c):
        r = cards.rank(c)
        if self.opts["aces_low"] and r == cards.ACE:
            return -1
        return r

    def legal_actions(self):
        if self.over:
            return NOTHING
        return [("play", bytes([c])) for c in self.hands[self.to_act]]

    def _apply(self, action):
        if action[0] != "play" or len(action[1]) != 1:
            raise GameError("not a High Card action: %r" % (action,))
        seat = self.to_act
        c = action[1][0]
        h = self.hands[seat]
        i = cards.find(h, c)
        h[i : i + 1] = b""
        self.trick.append(c)
        n = self.seats
        if len(self.trick) < n:
            self.to_act = (seat + 1) % n
            return
        best = 0
        for i in range(1, n):
            if self.strength(self.trick[i]) > self.strength(self.trick[best]):
                best = i
        taker = (self.leader + best) % n
        self.points[taker] += 1
        self.emit({"ev": "trick", "seat": taker, "cards": cards.names(self.trick)})
        self.played.extend(self.trick)
        self.last = self.trick
        self.trick = bytearray()
        self.tricks += 1
        self.leader = self.to_act = taker
        if self.tricks == self.opts["hand_size"]:
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
                    "scores": r["scores"],
                }
            )

    # ---- what seats may know -----------------------------------------------------------
    def hidden_from(self, seat):
        known = bytearray(self.trick) + self.played
        if 0 <= seat < self.seats:
            known += self.hands[seat]
        return [c for c in self.all_cards() if c not in known]

    def view(self, seat):
        return {
            "seat": seat,
            "to_act": self.to_act,
            "over": self.over,
            "phase": PHASES[self.phase],
            "seats": self.seats,
            "dealer": self.dealer,
            "leader": self.leader,
            "hand": bytes(self.hands[seat]) if 0 <= seat < self.seats else b"",
            "trick": bytes(self.trick),
            "last": bytes(self.last),
            "played": bytes(self.played),
            "points": list(self.points),
            "tricks": self.tricks,
            "hand_size": self.opts["hand_size"],
            "aces_low": self.opts["aces_low"],
        }

    def all_cards(self):
        out = list(self.stock) + list(self.trick) + list(self.played)
        for h in self.hands:
            out.extend(h)
        return out

    # ---- results and transcripts -------------------------------------------------------
    def _result(self):
        n = self.seats
        top = max(self.points)
        low = min(self.points)
        winners = [s for s in range(n) if self.points[s] == top]
        losers = [s for s in range(n) if self.points[s] == low and low < top]
        ranking = sorted(range(n), key=lambda s: -self.points[s] * 16 + s)
        return {
            "winners": winners,
            "losers": losers,
            "ranking": ranking,
            "scores": list(self.points),
        }

    def action_json(self, action):
        return {"act": action[0], "card": cards.name(action[1][0])}

    def _parse_action(self, d):
        if d.get("act") != "play":
            raise GameError("not a High Card action: %r" % (d,))
        return ("play", bytes([cards.parse(d["card"])]))

    def deck_names(self):
        return self.deck_list

    # ---- saves ---------------------------------------------------------------------------
    def _encode_body(self, w):
        w.u8(self.dealer)
        w.u8(self.leader)
        w.i8(self.to_act)
        w.u8(self.phase)
        w.u8(self.tricks)
        for s in range(self.seats):
            w.u8(self.points[s])
            w.blob(self.hands[s])
        w.blob(self.trick)
        w.blob(self.last)
        w.blob(self.played)
        w.blob(self.stock)
        w.blob(cards.parse_list(self.deck_list))

    def _decode_body(self, r, ver):
        self.dealer = r.u8()
        self.leader = r.u8()
        self.to_act = r.i8()
        self.phase = r.u8()
        self.tricks = r.u8()
        for s in range(self.seats):
            self.points[s] = r.u8()
            self.hands[s] = r.blob()
        self.trick = r.blob()
        self.last = r.blob()
        self.played = r.blob()
        self.stock = r.blob()
        self.deck_list = cards.names(r.blob())
        if self.phase > OVER:
            raise GameError("bad phase in save data")
        self.over = self.phase == OVER


GAME_CLASS = HighCardGame  # engine.setup.decode builds it and calls its _decode_body

# action_label reads nothing but the action (firmware.human keeps the labels it made)
STATIC_LABELS = True


def action_label(view, action):
    return "Play " + cards.name(action[1][0])


def _name(names, s):
    if names and 0 <= s < len(names):
        return names[s]
    return "Player %d" % (s + 1)


def describe_event(ev, names):
    k = ev.get("ev")
    if k == "act":
        return "%s played %s" % (_name(names, ev.get("seat", -1)), ev.get("card", "?"))
    if k == "trick":
        return "%s takes the trick" % _name(names, ev["seat"])
    if k == "end":
        w = ev.get("winners", [])
        return "%s won" % ", ".join([_name(names, s) for s in w]) if w else "The game is over"
    return None
