"""A linked table in one process, without panels: the host's turn controller and link
(firmware.turn, firmware.linkhost) and linked consoles (firmware.linkseat) on in-memory cables
(firmware.linkwire.pipes), each linked seat played by a bot that sees only what its console was
sent. For the wire tests (privacy, faults) and quick runs.

    from sim.linktable import LinkedTable
    t = LinkedTable("screw", [4, 4, 1], seed=3)   # two linked seats and a bot
    t.run()                                         # to the end of the match
"""

from firmware import linkwire as W
from firmware.choices import LINKED
from firmware.linkhost import LinkHost
from firmware.linkseat import Seat

STEP_MS = 20  # the clock moves this much a round of polls


class _Hal:
    sound = None


class StubApp:
    """What the turn controller and the host's link read of the app: no panel, no storage."""

    def __init__(self):
        self.now = 0
        self.swiss = False
        self.undo = False
        self.speed = 1
        self.volume = 0
        self.rest = 0
        self.hal = _Hal()
        self.due = None
        self.screen = None
        self.saves = 0

    def go(self, screen):
        self.screen = screen


class LinkedTable:
    def __init__(self, gid, kinds, seed, names=None, tap=None, fault=None, levels=None):
        """tap(cable, end, bytes) sees every chunk written ("host" or "seat" end of cable k, in
        the order of the linked seats); fault(cable, end, bytes) may change or drop one."""
        from engine import games
        from firmware.turn import Turn

        self.app = a = StubApp()
        seats = len(kinds)
        if names is None:
            names = ["P%d" % (i + 1) for i in range(seats)]
        self.g = games.new_game(gid, seats, seed)
        self.turn = Turn(a, gid, self.g, kinds, names, seed)
        self.turn.save_soon = self.saved
        self.cables = []
        ports = []
        self.seats = []
        for s in range(seats):
            if kinds[s] != LINKED:
                continue
            k = len(self.cables)
            host_end, seat_end = W.pipes(
                None if tap is None else (lambda name, data, k=k: tap(k, name, data)),
                None if fault is None else (lambda name, data, k=k: fault(k, name, data)),
            )
            self.cables.append((host_end, seat_end))
            ports.append(host_end)
            self.seats.append(Seat(seat_end, names[s], 0))
        self.link = LinkHost(a, self.turn, ports)
        # each linked console's player: a bot that chooses from what its console was sent
        self.bots = {}
        self.levels = levels or "heuristic"
        self.rounds = 0
        self.chosen = {}
        self.moves_sent = 0

    def saved(self):
        self.app.saves += 1

    def bot(self, seat):
        b = self.bots.get(seat)
        if b is None:
            from engine import games

            b = self.bots[seat] = games.make_bot(self.turn.gid, self.levels, seat, seat + 99)
        return b

    def step(self):
        """One round: the host, then every linked console, then their players."""
        a = self.app
        a.now += STEP_MS
        self.rounds += 1
        t = self.turn
        self.link.poll(a.now)
        if not t.g.over:
            t.update(a.now)
        self.link.poll(a.now)
        for c in self.seats:
            c.poll(a.now)
            if c.my_turn():
                # a player decides once a move: the same choice again when a link lost the first
                key = (c.seat, c.moves)
                act = self.chosen.get(key)
                if act is None or act not in c.legal:
                    act = self.chosen[key] = self.bot(c.seat).choose(c.view, c.legal)
                c.move(act)
                self.moves_sent += 1

    def settled(self):
        """The game is over and every console has heard so."""
        return self.g.over and all(c.over or not c.joined for c in self.seats)

    def run(self, most=400000):
        while not self.settled():
            self.step()
            if self.rounds > most:
                raise AssertionError("the linked game did not finish in %d rounds" % most)
        # the last acknowledgements
        for _ in range(20):
            self.step()
        return self
