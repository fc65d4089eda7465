"""Hidden cards never leave the host: whole linked games of every family over in-memory cables,
every byte the host writes read back (framed, checked, unpacked) and every card in it compared
with what that cable's seat could not know when the host put the message on its way (a message
resent later may hold a card since hidden again, such as a face-up card taken into a hand, which
that seat saw); every text in it must be one the public log, the round panel, the names or the
results hold. A mutant host that sends another seat's view is caught."""

import pytest

from engine import cards as C
from engine.game import view_cards
from firmware import linkwire as W
from firmware.choices import LINKED
from firmware.linkhost import LinkHost
from sim.linktable import LinkedTable

L = LINKED
TABLES = [
    ("screw", [L, L, 1]),  # shedding
    ("shithead", [L, 1, L]),  # shedding with face-down rows
    ("screwed", [L, 1, L]),  # matching
    ("syn-partners", [L, L, L, L]),  # matching, partners
    ("syn-swap", [L, L, 1]),  # swap
    ("schieber", [L, 1, L, 1]),  # jass (trick game)
]


class WireChecker:
    """Reads every chunk the host writes, as it is written."""

    def __init__(self):
        self.table = None
        self.readers = {}
        self.frames = 0
        self.cards = 0
        self.leaks = []
        self.stray_text = []
        self.queued = {}  # (cable, payload) -> (seat, cards hidden from it then, public texts)

    def watch(self, table):
        """Note what each host port's message may hold as it is queued."""
        self.table = table
        for k in range(len(table.link.ports)):
            ch = table.link.ports[k].ch
            ch.send = self.sender(k, ch, ch.send)

    def sender(self, cable, ch, send):
        def queued(message):
            t = self.table
            seat = t.link.ports[cable].seat
            self.queued[(cable, W.pack(message))] = (seat, self.hidden(seat), self.public())
            send(message)

        return queued

    def hidden(self, seat):
        g = self.table.game
        return g.hidden_from(seat) if seat >= 0 else g.all_cards()

    def public(self):
        turn = self.table.turn
        g = self.table.game
        public = set(turn.log) | set(turn.names) | set(turn.panel or ())
        if g.over:
            from firmware.results import summary

            public.add(summary(turn, g.result()))
        return public

    def tap(self, cable, end, data):
        if end != "host":
            return
        t = self.table
        r = self.readers.get(cable)
        if r is None:
            r = self.readers[cable] = W.Reader()
        r.feed(data)
        turn = t.turn
        for version, kind, seq, ack, payload in r.frames():
            self.frames += 1
            if kind == W.ACK:
                assert payload == b""
                continue
            value = W.unpack(payload)  # every payload reads whole
            if kind == W.WELCOME:
                # who sits where and the game: no card at all
                assert view_cards(value) == []
                continue
            assert kind == W.DATA, kind
            seat, hidden, public = self.queued[(cable, payload)]  # KeyError: not the host's
            cards = view_cards(value)
            self.cards += len(cards)
            for c in cards:
                if c in hidden:
                    self.leaks.append((seat, c, turn.moves))
            view = None
            if value[0] == W.STATE:
                view = value[4]
                value = list(value)
                value[4] = None
            # the view's own words (field values such as "play"): no hidden card's name in them
            names = [C.name(c) for c in set(hidden)]
            for s in _texts(view):
                for n in names:
                    if n in s:
                        self.stray_text.append(s)
            # every other text is the public log's, the panel's, a name or the results
            for s in _texts(value):
                if s not in public and s != turn.gid:
                    self.stray_text.append(s)
        assert r.bad == 0, "bytes on the wire outside any frame"


def _texts(v, out=None):
    if out is None:
        out = []
    if isinstance(v, str):
        out.append(v)
    elif isinstance(v, dict):
        for k in v:
            _texts(v[k], out)  # keys are the view's field names
    elif isinstance(v, (list, tuple)):
        for x in v:
            if isinstance(x, str) and isinstance(v, tuple):
                continue  # an action's kind ("play", "pickup"): the engine's words
            _texts(x, out)
    return out


def play_checked(gid, kinds, seed):
    ck = WireChecker()
    t = LinkedTable(gid, kinds, seed, tap=ck.tap)
    ck.watch(t)
    t.run(60000)
    for r in ck.readers.values():
        assert not r.buf, "a frame left unfinished"
    return t, ck


@pytest.mark.parametrize("gid,kinds", TABLES, ids=[x[0] for x in TABLES])
def test_no_hidden_card_on_the_wire_in_whole_games(gid, kinds):
    t, ck = play_checked(gid, kinds, 11)
    assert t.game.over
    assert all(c.over and c.end for c in t.seats), "every console heard the end"
    assert ck.frames > 50 and ck.cards > 50  # the wire carried the seats' own cards
    assert ck.leaks == []
    assert ck.stray_text == []


def test_wire_checker_catches_a_host_that_sends_another_seats_hand(monkeypatch):
    real = LinkHost.state_message

    def leaky(self, seat, p):
        m = real(self, seat, p)
        other = (seat + 1) % len(self.turn.kinds)
        m[4] = self.turn.game.view(other)  # the mutant: a full hand that is not this seat's
        return m

    monkeypatch.setattr(LinkHost, "state_message", leaky)
    t, ck = play_checked("screw", [L, L, 1], 11)
    assert ck.leaks, "the checker missed another seat's hand on the wire"


def test_wire_checker_catches_a_hidden_card_in_words(monkeypatch):
    real = LinkHost.state_message

    def leaky(self, seat, p):
        m = real(self, seat, p)
        m[7] = list(m[7]) + ["psst: %r" % (list(self.turn.game.hidden_from(seat))[:3],)]
        return m

    monkeypatch.setattr(LinkHost, "state_message", leaky)
    t, ck = play_checked("syn-swap", [L, L, 1], 11)
    assert [s for s in ck.stray_text if s.startswith("psst")]


def test_linked_console_holds_no_game():
    t = LinkedTable("screw", [L, L, 1], 4)
    for _ in range(200):
        t.step()
    c = t.seats[0]
    assert c.joined and c.view is not None
    assert not hasattr(c, "game")
    hidden = t.game.hidden_from(c.seat)
    assert not [x for x in view_cards(c.view) if x in hidden]
