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
    keys = 0

    def ticks_ms(self):
        return 0


class StubApp:
    """What the turn controller and the host's link read of the app: no panel, no storage."""

    def __init__(self):
        from firmware.power import Power
        from firmware.prefs import Prefs

        self.now = 0
        self.undo = False
        self.prefs = Prefs()
        self.prefs.speed = 1
        self.prefs.volume = 0
        self.hal = _Hal()
        self.power = Power(self)
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
        self.game = games.new_game(gid, seats, seed)
        self.turn = Turn(a, gid, self.game, kinds, names, seed)
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
        if not t.game.over:
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
        return self.game.over and all(c.over or not c.joined for c in self.seats)

    def run(self, most=400000):
        while not self.settled():
            self.step()
            if self.rounds > most:
                raise AssertionError("the linked game did not finish in %d rounds" % most)
        # the last acknowledgements
        for _ in range(20):
            self.step()
        return self


class LinkedConsoles:
    """A host console and linked consoles, each the whole app headless (sim.headless.Device) on
    in-memory cables, their frames in step (a frame of one is a frame of all), their humans
    played by buttons (sim.autoplay.AutoPlayer) from what each console shows.

        c = LinkedConsoles("screw", [0, LINKED, 1])   # Anna on the host, Ben linked, a bot
        c.play()                                      # to every console's results
    """

    def __init__(self, gid, kinds, seed=5, names=None, board="pico_lcd_1_3", storage=None):
        from firmware.linkplay import Joining
        from sim.autoplay import AutoPlayer
        from sim.headless import Device

        self.gid = gid
        self.kinds = list(kinds)
        self.seed = seed
        self.names = names or ["Anna", "Ben", "Cleo", "Dev", "Emil", "Fay"][: len(kinds)]
        self.cables = [W.pipes() for s in kinds if s == LINKED]
        self.board = board
        self.host = Device(
            board, storage=storage, link_ports=[c[0] for c in self.cables], title=False
        )
        self.consoles = [Device(board, link_ports=[c[1]], title=False) for c in self.cables]
        self.all = [self.host] + self.consoles
        for d in self.all:
            d.realtime = None  # one process, frames in step: no wall clock to keep to
            self.pair(d)
        self.host.app.prefs.speed = 0
        self.host.app.start(gid, self.kinds, self.names, None, seed)
        for d in self.consoles:
            d.app.go(Joining(d.app, d.hal.link_ports()[0], ""))
        self.players = [AutoPlayer(d, seed=seed + i) for i, d in enumerate(self.all)]
        self.steps = 0

    def pair(self, dev):
        from sim.headless import Device

        others = self.all

        def frame(mask=None):
            Device.frame(dev, mask)
            for o in others:
                if o is not dev:
                    Device.frame(o)

        dev.frame = frame

    def new_host(self, storage):
        """The host after a power cut: a new app on the same storage and cables."""
        from sim.headless import Device

        self.host = Device(
            self.board, storage=storage, link_ports=[c[0] for c in self.cables], title=False
        )
        self.host.app.prefs.speed = 0
        self.host.realtime = None
        self.all[0] = self.host
        self.pair(self.host)
        from sim.autoplay import AutoPlayer

        self.players[0] = AutoPlayer(self.host, seed=self.seed)

    def step(self):
        """One thing a person would do now (close a round panel, make a move), else a frame."""
        self.steps += 1
        for i, d in enumerate(self.all):
            s = d.app.screen
            if not table(s):
                continue
            if s.turn.phase == 3:
                d.press("a")
                return
            if s.turn.interactive():
                self.players[i].turn(s)
                return
            if s.turn.phase == 1 and s.turn.handover.armed(d.app.now):
                d.hold("a", 700)  # the hand-over: the next human holds A
                return
        self.host.frame()

    def over(self):
        return all(type(d.app.screen).__name__ == "TextScreen" for d in self.all)

    def play(self, most=30000):
        while not self.over():
            self.step()
            if self.steps > most:
                raise AssertionError("the linked table did not finish in %d steps" % most)
        return self


def table(screen):
    """A table screen, the host's or a linked console's (by name: the app may have loaded its
    module again since this one was imported)."""
    return type(screen).__name__ in ("Play", "LinkedPlay")
