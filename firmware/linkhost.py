"""The host of a linked table (docs/LINK.md): the console that runs the game, the bots and the
save, and sends each linked console only what its seat may know.

LinkHost(app, turn, ports) serves the game's linked seats, one transport a cable. App.tick polls it
every frame on every screen, so the linked consoles hear the host whatever it shows. What a seat
gets is built here and nowhere else: its own view, its legal actions on its turn, the public log,
whose turn, the round panel's lines and the results. Linked seats are not the host's humans
(Turn.humans): the host's hand-over is unchanged.
"""

from firmware import linkwire as W
from firmware.choices import LINKED

from firmware.linkwire import STATE, MOVE, LEAVE, NAMES

CLOSE_MS = 3000  # the host left: its link goes once every console has heard
GONE = 0  # a linked seat's console state
JOINED = 1


def session_of(seed):
    """The table's session number from the game's seed: the same after a power cut, so a console
    that comes back finds its seat."""
    try:
        n = int(seed)
    except (TypeError, ValueError):
        n = 0
        for ch in str(seed):
            n = (n * 31 + ord(ch)) & 0xFFFFFF
    return n & 0xFFFFFF


class Port:
    """One cable: its channel and the seat its console holds (-1: none yet)."""

    def __init__(self, transport, now):
        self.ch = W.Channel(transport, now)
        self.ch.quiet = True
        self.seat = -1
        self.sent = None  # of the last STATE sent
        self.logn = 0
        # each view field's packed bytes as its console has it: a message sends only the changed
        # ones
        self.last = {}
        self.nonce = -1  # its console's HELLO's join number
        self.welcome = b""


class LinkHost:
    def __init__(self, app, turn, ports, gone=None):
        self.app = app
        # gone(app, host, seat) shows that a linked seat's console is gone on its turn and returns
        # that screen; None: nothing shown
        self.gone = gone
        self.ports = [Port(p, app.now) for p in ports]
        self.turn = None
        self.state = []
        self.port = None
        self.waiting = None
        self.attach(turn)

    def attach(self, turn):
        """Serve this turn controller's game (a new game, or the save continued)."""
        self.closing = -1  # when the host left the table: the link ends soon after
        self.turn = turn
        turn.link = self
        session = session_of(turn.game.seed)
        if session != getattr(self, "session", session):
            for p in self.ports:
                p.seat = -1  # another table: its consoles join afresh
        self.session = session
        self.state = [GONE] * len(turn.kinds)
        # seats a bot or a host human took while their console was gone: theirs again on rejoin
        self.stood_in = {}
        for p in self.ports:
            if p.seat >= 0:
                if turn.kinds[p.seat] == LINKED:
                    self.state[p.seat] = JOINED
                    p.sent = None
                    p.logn = 0
                else:
                    p.seat = -1

    def linked(self):
        return [s for s in range(len(self.turn.kinds)) if self.turn.kinds[s] == LINKED]

    def port_of(self, seat):
        for p in self.ports:
            if p.seat == seat:
                return p
        return None

    def present(self, seat):
        return self.state[seat] == JOINED

    # ---------- the frame's work ----------
    def poll(self, now):
        t = self.turn
        if self.closing >= 0 and (
            now - self.closing > CLOSE_MS or all([p.ch.idle() for p in self.ports])
        ):
            # the consoles have the host's last message: they wait and come back when it is
            # continued
            return False
        for p in self.ports:
            self.port = p
            for m in p.ch.poll(now, self.control):
                self.message(p, m)
            if p.seat >= 0 and self.state[p.seat] == JOINED and not p.ch.alive(now):
                self.lost(p)
        for p in self.ports:
            if p.seat >= 0 and self.state[p.seat] == JOINED:
                self.update(p)
        s = t.game.to_act
        if (
            self.closing < 0
            and self.waiting is None
            and self.gone is not None
            and not t.game.over
            and t.panel is None
            and s >= 0
            and t.kinds[s] == LINKED
            and not self.present(s)
            and self.app.screen is not None
            and getattr(self.app.screen, "turn", None) is t
        ):
            self.waiting = self.gone(self.app, self, s)

    def control(self, kind, payload, version, now):
        p = self.port
        if kind == W.HELLO:
            if version != W.VERSION:
                p.ch.control(
                    W.REFUSE,
                    (
                        "This console speaks link version %d and the host version %d: "
                        "update both to the same firmware." % (version, W.VERSION)
                    ).encode(),
                )
                return
            try:
                ver, name, session, seat, nonce = W.unpack(payload)
            except (ValueError, TypeError):
                return
            t = self.turn
            if p.seat >= 0 and nonce == p.nonce and self.state[p.seat] == JOINED:
                # a HELLO resent before its WELCOME arrived: the same WELCOME, no reset
                p.ch.control(W.WELCOME, p.welcome)
                return
            seat = self.seat_for(p, session, seat, now)
            if seat < 0:
                p.ch.control(W.REFUSE, b"No linked seat is free at this table.")
                return
            if p.seat >= 0 and p.seat != seat:
                self.state[p.seat] = GONE
            p.seat = seat
            p.nonce = nonce
            self.state[seat] = JOINED
            p.ch.reset(now)
            p.ch.quiet = False
            p.sent = None
            p.logn = 0
            p.last = {}
            p.welcome = W.pack(
                [nonce, self.session, seat, t.gid, t.names, self.public_kinds(), t.moves]
            )
            p.ch.control(W.WELCOME, p.welcome)
        elif kind == W.BYE and p.seat >= 0:
            self.lost(p)

    def seat_for(self, p, session, seat, now):
        """The seat a HELLO takes: its own again if free, else the first linked seat free; -1 if
        none."""
        kinds = self.turn.kinds
        if p.seat >= 0 and kinds[p.seat] == LINKED:
            return p.seat  # its WELCOME was lost
        if (
            session == self.session
            and isinstance(seat, int)
            and 0 <= seat < len(kinds)
            and (kinds[seat] == LINKED or seat in self.stood_in)
            and self.free(seat, now)
        ):
            if kinds[seat] != LINKED:
                del self.stood_in[seat]
                self.turn.seat_kind(seat, LINKED)
                self.names_changed()
            return seat
        for s in self.linked():
            if self.port_of(s) is None and self.state[s] == GONE:
                return s
        return -1

    def free(self, seat, now):
        """No other cable's console holds the seat, or the one that did has gone silent (its
        console came back on another cable)."""
        q = self.port_of(seat)
        if q is None:
            return True
        if now - q.ch.heard < 2 * W.HEARTBEAT_MS:
            return False
        q.seat = -1
        q.sent = None
        return True

    def public_kinds(self):
        """Who sits where, in public terms: 0 a human, 1 a bot, LINKED a linked console."""
        return [k if k in (0, LINKED) else 1 for k in self.turn.kinds]

    def message(self, p, m):
        if p.seat < 0 or not isinstance(m, list) or not m:
            return
        t = self.turn
        seat = p.seat
        if m[0] == MOVE and len(m) == 3:
            moves, index = m[1], m[2]
            g = t.game
            if (
                moves != t.moves
                or g.over
                or g.to_act != seat
                or t.kinds[seat] != LINKED
                or not isinstance(index, int)
            ):
                return  # stale: a resend, or a turn gone
            legal = g.legal_actions()
            if not 0 <= index < len(legal):
                return
            t.act(legal[index])
            t.save_soon()
            self.update(p)
        elif m[0] == LEAVE:
            self.lost(p)

    def lost(self, p):
        """A console went (cable out, power off, LEAVE): its seat waits for it."""
        if p.seat >= 0:
            self.state[p.seat] = GONE
        p.seat = -1
        p.sent = None
        p.nonce = -1
        # told (one that still hears joins again at once), then no heartbeats: one that missed the
        # word finds the link lost
        p.ch.reset(self.app.now)
        p.ch.quiet = True
        p.ch.control(W.BYE)

    def update(self, p):
        """Send the seat its STATE when the table changed since the last."""
        t = self.turn
        g = t.game
        sig = (t.moves, t.logn, t.panel is not None, g.over, g.to_act)
        if sig == p.sent:
            return
        p.sent = sig
        p.ch.send(self.state_message(p.seat, p))

    def state_message(self, seat, p):
        """What seat may know now, and nothing else (the module's docstring)."""
        t = self.turn
        g = t.game
        legal = None
        if not g.over and g.to_act == seat and t.kinds[seat] == LINKED:
            legal = list(g.legal_actions())
        # the log lines this console has not had
        new = t.logn - p.logn
        lines = t.log[-new:] if 0 < new <= len(t.log) else (list(t.log) if new > 0 else [])
        p.logn = t.logn
        end = None
        if g.over:
            from firmware.results import summary

            end = summary(t, g.result())
        view = g.view(seat)
        last = p.last
        changed = {}
        for k in view:
            b = W.pack(view[k])
            if last.get(k) != b:
                changed[k] = view[k]
                last[k] = b
        gone = [k for k in last if k not in view]
        for k in gone:
            del last[k]
        return [
            STATE,
            t.moves,
            g.to_act,
            g.over,
            changed,
            legal,
            t.logn,
            lines,
            list(t.panel) if t.panel is not None else None,
            end,
            gone,
        ]

    def stand_in(self, seat, kind):
        """A bot (kind 1) or a host human (kind 0) plays the seat whose console is gone; the
        console takes it back when it rejoins."""
        self.stood_in[seat] = 1
        self.turn.seat_kind(seat, kind)
        self.names_changed()
        self.turn.save_soon()

    def needs(self):
        """The modules the host's link keeps whatever screen is up (App.tidy)."""
        return ["firmware.linkhost", "firmware.linkwire"]

    def names_changed(self):
        for p in self.ports:
            if p.seat >= 0 and self.state[p.seat] == JOINED:
                p.ch.send([NAMES, self.turn.names, self.public_kinds()])
                p.sent = None

    def close(self):
        """The host leaves the table: every console is told."""
        for p in self.ports:
            if p.seat >= 0:
                p.ch.send([LEAVE])
                p.ch.poll(self.app.now)
