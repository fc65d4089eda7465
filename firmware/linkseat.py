"""A linked console's end of the link (docs/LINK.md): it joins a host's table, keeps what the host
last told it and sends its holder's moves. No game and no deal: a linked console never holds a card
its seat may not know. firmware.linkplay draws the table from it.
"""

from firmware import linkwire as W
from firmware.linkwire import STATE, MOVE, LEAVE, NAMES

HELLO_MS = 500  # a console not joined says HELLO this often


class Seat:
    def __init__(self, transport, name, now=0, session=0, seat=-1):
        self.ch = W.Channel(transport, now)
        self.name = name
        self.session = session
        self.seat = seat
        self.joined = False
        self.ever = False  # joined once: a later loss is a lost link
        self.hello_at = -HELLO_MS
        # this join's number: a HELLO resent while its WELCOME is on the way carries the same, so
        # each join restarts the sequence numbers once
        self.nonce = _fresh(now)
        self.refused = None  # the host's words when it refused this console
        self.left = False
        self.gid = None
        self.names = []
        self.kinds = []
        self.moves = -1
        self.to_act = -1
        self.over = False
        self.view = None
        self.whole = True
        self.legal = None
        self.logn = 0
        self.log = []
        self.panel = None
        self.end = None
        self.news = 0  # counts the STATE and NAMES messages taken in
        self.sent = -1  # the move count of the move sent last (one a turn)
        self.closing = -1  # when this console went back to its menu

    def needs(self):
        """The modules this end keeps whatever screen is up (App.tidy)."""
        return ["firmware.linkseat", "firmware.linkwire"]

    def poll(self, now):
        """Hear the host, say what is due (App.tick, every frame at a linked table); False once it
        left."""
        if self.closing >= 0:
            self.leave()
            return False
        ch = self.ch
        for m in ch.poll(now, self.control):
            self.message(m)
        if self.joined and not ch.alive(now):
            self.joined = False
            self.nonce = (self.nonce + 1) & 0xFFFF
        if not self.joined and not self.left and now - self.hello_at >= HELLO_MS:
            self.hello_at = now
            ch.control(
                W.HELLO, W.pack([W.VERSION, self.name, self.session, self.seat, self.nonce])
            )

    def control(self, kind, payload, version, now):
        """A control frame from the host, in its place among the frames."""
        if kind == W.WELCOME and version == W.VERSION:
            try:
                nonce, session, seat, gid, names, kinds, moves = W.unpack(payload)
                names = [str(x) for x in names]
                kinds = [int(x) for x in kinds]
                ok = isinstance(seat, int) and 0 <= seat < len(kinds) == len(names)
                ok = ok and isinstance(gid, str)
            except (ValueError, TypeError):
                return
            if not ok or self.joined or nonce != self.nonce:
                return  # a WELCOME repeated for a HELLO resent, or an older join's
            self.ch.reset(now)
            self.sent = -1
            # the view comes whole next; the last one stays until then so the table can be drawn
            self.whole = True
            self.legal = None
            self.to_act = -1
            self.session = session
            self.seat = seat
            self.gid = gid
            self.names = names
            self.kinds = kinds
            self.joined = True
            self.ever = True
            self.refused = None
            self.left = False
        elif kind == W.REFUSE:
            try:
                self.refused = str(payload, "utf-8")
            except UnicodeError:
                self.refused = "The host refused this console."
        elif kind == W.BYE and self.joined:
            # the host let this silent console go: join again at once
            self.joined = False
            self.nonce = (self.nonce + 1) & 0xFFFF
            self.hello_at = now - HELLO_MS

    def message(self, m):
        """A message from the host; one not of the host's shape is dropped whole."""
        if not isinstance(m, list) or not m:
            return
        k = m[0]
        if k == STATE and not _state_ok(m):
            return
        if k == STATE:
            self.moves, self.to_act, self.over = m[1], m[2], m[3]
            view = {} if self.whole or self.view is None else dict(self.view)
            self.whole = False
            for f in m[4]:
                view[f] = m[4][f]
            for f in m[10]:
                if f in view:
                    del view[f]
            self.view = view
            self.legal = m[5]
            logn, lines = m[6], m[7]
            if logn - len(lines) != self.logn:
                self.log = []  # a (re)join: the host sent every line it keeps
            self.log.extend(lines)
            if len(self.log) > 12:
                del self.log[: len(self.log) - 12]
            self.logn = logn
            self.panel = m[8]
            self.end = m[9]
            self.news += 1
        elif (
            k == NAMES
            and len(m) == 3
            and isinstance(m[1], list)
            and isinstance(m[2], list)
            and len(m[1]) == len(m[2]) == len(self.names)
        ):
            self.names = [str(x) for x in m[1]]
            self.kinds = [x if isinstance(x, int) else 1 for x in m[2]]
            self.news += 1
        elif k == LEAVE:
            self.left = True
            self.joined = False

    def my_turn(self):
        return (
            self.joined
            and not self.over
            and self.to_act == self.seat
            and self.legal is not None
            and self.sent != self.moves
        )

    def move(self, action):
        """Send this seat's move (one of the legal actions sent); False when not its turn or not
        legal."""
        if not self.my_turn() or action not in self.legal:
            return False
        self.ch.send([MOVE, self.moves, self.legal.index(action)])
        self.sent = self.moves
        return True

    def leave(self):
        """This console leaves the table: the host is told."""
        if self.joined:
            self.ch.control(W.BYE)
        self.joined = False
        self.left = True


def _state_ok(m):
    """A STATE message of the host's shape (docs/LINK.md)."""
    if len(m) != 11:
        return False
    for i in (1, 2, 6):
        if not isinstance(m[i], int):
            return False
    if not isinstance(m[4], dict) or not isinstance(m[10], list) or not isinstance(m[7], list):
        return False
    for line in m[7] + m[10]:
        if not isinstance(line, str):
            return False
    if m[5] is not None:
        if not isinstance(m[5], list):
            return False
        for a in m[5]:
            if not isinstance(a, tuple) or not a:
                return False
    if m[8] is not None and not isinstance(m[8], list):
        return False
    return m[9] is None or isinstance(m[9], str)


def _fresh(now):
    """A join number unlikely to be the one the host last heard from this cable."""
    try:
        import os

        b = os.urandom(2)
        return (b[0] << 8) | b[1]
    except (ImportError, AttributeError, OSError):
        return now & 0xFFFF
