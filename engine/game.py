"""The engine contract every game keeps, and the shared base class.

A game object is built from (game_id, options, seats, seed) and offers:
  to_act           seat whose decision it is (-1 when the game is over)
  over             True once the game (the whole match, where it has rounds) is finished
  legal_actions()  list of actions for to_act; an action is a tuple (kind, arg...) of str/ints.
                   The list may be the engine's own cached list: callers must not change it
  apply(action)    applies a legal action, or raises IllegalAction (GameError) and changes nothing;
                   the base checks, logs the act event (perform) and calls the family's _apply
  perform(action)  apply() without the legality check (search rollouts play legal actions only)
  copy()           an independent copy of the state, cheaper than encode/decode (search)
  view(seat)       dict of what that seat may know. Rule: every card in a view is inside a
                   bytes/bytearray value and nothing else is bytes, so checkers can find them
  hidden_from(seat) cards that seat must not know right now (checked against view())
  all_cards()      every card the game holds, wherever it is (conservation check)
  encode()/decode  the whole state as compact bytes, and back (engine.games.decode): the base
                   writes and reads the shared header (engine.setup.decode), the family only its
                   body (_encode_body / _decode_body(r, ver))
  result()         {} until over, then "winners", "losers", "ranking", "scores" (+ extras)
  action_json(a) / parse_action(d)   transcript form of an action and back
  log              None or a callable taking one event dict (transcript lines)
  start_event()    the transcript's first line: {"ev":"start","game","seed","players","options",
                   "dealer","deck":[card names in the order dealt and drawn]}, written here from
                   the family's deck_names() (and _start_more(ev) for fields of its own); later
                   deals in a match are emitted by apply() as {"ev":"deal","dealer",..,"deck":[..]}
  attach_log(f)    sets log and emits start_event() through it

Action shapes shared by all families (the app builds its menus from them):
  ("play", bytes_of_cards)   cards from the hand, sorted ascending
  (kind,) or (kind, int)     every other decision ("pickup", "draw", "suit", "trump", ...)
Search support: engine/<family>_world.py provides from_view(game_id, view, rng), a full game
consistent with one seat's view (the cards it cannot see dealt at random, respecting what is
public), and the hooks engine/search.py needs for the strong level.
Family modules provide: GAME_IDS (their games), OPTIONS (option rows, engine.setup), PRESETS
(per game id, the defaults that differ from the rows'), GAME_CLASS (its Game subclass, built by
engine.setup.decode), new_game(game_id, seats, seed, options), action_label(view, action) -> str
from that seat's view, describe_event(ev, names) -> public one-line text or None.
docs/CONTRIBUTING.md documents the transcript and save formats.
"""

from engine.errors import GameError, IllegalAction  # noqa: F401 (the rules import them here)


class Game:
    def __init__(self, game_id, seats, seed):
        self.game_id = game_id
        self.seats = seats
        self.seed = seed
        self.to_act = -1
        self.over = False
        self.log = None
        # A first deal can already produce events (a round decided without a decision) while
        # the game is being built, before anyone could attach a log: a family sets buffering
        # during construction and those events follow the start line.
        self.early = []
        self.buffering = False

    def attach_log(self, log):
        early = self.early
        self.early = []
        self.log = log
        if log is not None:
            log(self.start_event())
            for ev in early:
                log(ev)

    def emit(self, ev):
        if self.log is not None:
            self.log(ev)
        elif self.buffering:
            self.early.append(ev)

    def start_event(self):
        """The transcript's first line: what chose the deal, and the deck as dealt (a family adds
        its own fields in _start_more)."""
        opts = {}
        for row in self.OPTIONS:
            opts[row[0]] = self.opts[row[0]]
        ev = {
            "ev": "start",
            "game": self.game_id,
            "seed": self.seed,
            "players": self.seats,
            "options": opts,
            "dealer": self.dealer,
            "deck": self.deck_names(),
        }
        self._start_more(ev)
        return ev

    def _start_more(self, ev):
        pass

    def require_legal(self, action):
        """Raise IllegalAction with a readable message unless action is legal now."""
        if self.over:
            raise IllegalAction("the game is over")
        if not isinstance(action, tuple) or action not in self.legal_actions():
            raise IllegalAction("illegal action for seat %d: %r" % (self.to_act, action))

    def apply(self, action):
        """Check, log, then let the family change the state (its _apply)."""
        self.require_legal(action)
        self.perform(action)

    def perform(self, action):
        """apply() without the legality check, for search rollouts (they play only actions
        from legal_actions()); the act event is built only when someone listens."""
        if self.log is not None or self.buffering:
            self.emit(self.act_event(action))
        self._apply(action)

    def _apply(self, action):
        raise NotImplementedError

    def encode(self):
        """The save: the shared header (format, game id, seats, seed, options in row order,
        RNG state), then the family's body (_encode_body). docs/CONTRIBUTING.md has the layout."""
        # imported here: on the console the writer is loaded only while a save is made (with
        # firmware.savefile, which goes after that frame), not for the whole game
        from engine.codec import SAVE_FORMAT, Writer

        w = Writer()
        w.u8(SAVE_FORMAT)
        w.text(self.game_id)
        w.u8(self.seats)
        w.text(str(self.seed))
        for name, default, limits, help_, words in self.OPTIONS:
            w.u16(int(self.opts[name]))
        w.u32(self.rng.get_state())
        self._encode_body(w)
        return w.data()

    def result(self):
        """{} until the game is over; then always "winners", "losers", "ranking" (seat lists, the
        ranking best first) and "scores" (per seat, or per team in a team game; [] when the
        game keeps none), plus family extras (the family's _result builds it)."""
        if not self.over:
            return {}
        r = self._result()
        for k in ("winners", "losers", "ranking", "scores"):
            if k not in r:
                r[k] = []
        return r

    def parse_action(self, d):
        """The action of a transcript line (action_json's dict); anything unreadable raises
        GameError, whichever family."""
        try:
            return self._parse_action(d)
        except GameError:
            raise
        except (KeyError, TypeError, ValueError, IndexError, AttributeError):
            raise GameError("cannot read action %r" % (d,))

    def act_event(self, action):
        ev = {"ev": "act", "seat": self.to_act}
        d = self.action_json(action)
        for k in d:
            ev[k] = d[k]
        return ev


def view_cards(obj, out=None):
    """All cards inside a view: every byte of every bytes/bytearray value, recursively."""
    if out is None:
        out = []
    if isinstance(obj, (bytes, bytearray)):
        out.extend(obj)
    elif isinstance(obj, dict):
        for k in obj:
            view_cards(obj[k], out)
    elif isinstance(obj, (list, tuple)):
        for x in obj:
            view_cards(x, out)
    return out


def setup():
    """engine.setup: the option, seat and save-header helpers. They are needed only while a
    game is built or loaded, so they live apart and engine.games drops them again after."""
    from engine import setup as s

    return s
