"""Link play's screens on both ends (docs/LINK.md).

A linked console: Joining finds the host's table and leads to LinkedPlay, the table screen seen
from its own seat, whose LinkedTurn shows what the link says (firmware.linkseat) through
RemoteGame, a stand-in that holds nothing else; its holder's moves go back over the link. No save
(the host keeps it) and no undo. The host: serve(app, play) starts or restarts a LinkHost on the
board's link ports for a table with linked seats.
"""

from engine.errors import IllegalAction
from firmware.choices import LINKED
from firmware.play import Play
from firmware.turn import Turn, NEED, MOVED
from firmware.textui import TextScreen

JOINING = (
    "Joining the host's table. Connect the link cable to the host console. B: back to the menu."
)


class RemoteGame:
    """The game as a linked console knows it: what the host last sent its seat."""

    def __init__(self, link, seats):
        self.link = link
        self.seat = link.seat
        self.game_id = link.gid
        self.seats = seats
        self.seed = 0
        self.opts = {}
        self.dealer = 0
        self.log = None

    @property
    def to_act(self):
        k = self.link
        if k.to_act == k.seat and not k.my_turn():
            # its move is on the way, or the link is down: nobody acts until the host says
            return -1
        return k.to_act

    @property
    def over(self):
        return self.link.over

    def view(self, seat):
        return self.link.view  # its own seat's: the only one it has

    def legal_actions(self):
        k = self.link
        return k.legal if k.my_turn() else []

    def apply(self, action):
        if not self.link.move(action):
            raise IllegalAction("not this console's move now")

    def hidden_from(self, seat):
        return b""

    def result(self):
        return {}

    def start_event(self):
        return {"options": {}}


class LinkedTurn(Turn):
    """The turn controller of a linked console: the table follows the host's messages."""

    def __init__(self, app, gid, g, kinds, names, seed):
        Turn.__init__(self, app, gid, g, kinds, names, seed)
        self.undo_off()
        self.actions = None
        self.taken = -1  # the link's news count last taken in
        self.panel_logn = -1  # the round panel last shown (closed stays closed)
        self.lost = False

    def update(self, now):
        k = self.game.link  # polled by App.tick whatever screen is up
        if k.joined and (k.gid != self.gid or k.seat != self.game.seat):
            self.app.go(table_for(self.app, k))  # the host set up another table
            return
        if k.news != self.taken:
            self.take(k, now)
        lost = k.ever and not k.joined
        if lost != self.lost:
            self.lost = lost
            self.tell(NEED)
            if lost:
                self.log.append(
                    "The link to the host is lost: waiting for it."
                    if not k.left
                    else "The host left the table."
                )
                self.logn += 1
        self.settle()
        mine = self.phase == 2
        if mine and not self.my_turn:
            from firmware.power import cue

            cue(self.app, "turn")
        self.my_turn = mine
        if k.over and k.end is not None and not self.ended:
            self.finish()

    def take(self, k, now):
        """The host's new message: the table, the log and the panel it says."""
        self.taken = k.news
        moved = self.moves != k.moves
        self.moves = k.moves
        self.names[:] = k.names
        log = self.log
        del log[:]
        for line in k.log:
            log.append(line)
        self.logn = k.logn
        self.heard[k.seat] = k.logn
        if k.panel is not None and k.logn != self.panel_logn:
            self.panel_logn = k.logn
            self.panel = list(k.panel)
            self.panel_at = now
        if moved and self.human is not None:
            self.human.clear()
        self.tell(NEED | MOVED)

    def act(self, a):
        self.game.apply(a)
        if self.human is not None:
            self.human.clear()
        self.settle()
        self.tell(NEED | MOVED)

    def save_soon(self):
        pass  # the host keeps the save

    def autosave(self):
        return True

    def can_undo(self):
        return False

    def finish(self):
        self.ended = True
        from firmware.power import cue

        cue(self.app, "over")
        a = self.app
        a.go(TextScreen(a, "Game over", self.game.link.end, a.menu))

    def file_result(self):
        pass


class Joining(TextScreen):
    """A linked console finding the host's table: the words until its first table comes or the host
    refuses in words; B back to the menu."""

    def __init__(self, app, transport, name):
        TextScreen.__init__(self, app, ("Linked table", "Link"), JOINING)
        from firmware.linkseat import Seat

        # polled by App.tick from now on
        self.link = app.link = Seat(transport, name, app.now)
        self.said = None

    def needs(self):
        return TextScreen.needs(self) + ["firmware.linkseat", "firmware.linkwire"]

    def update(self, now):
        k = self.link
        said = k.refused
        if said != self.said:
            self.said = said
            self.text = said if said else JOINING
            self.lines = None
            self.full = True
        if k.joined and k.view is not None:
            self.app.go(table_for(self.app, k))

    def go_back(self):
        self.app.menu()  # App.menu closes the link


class LinkedPlay(Play):
    Controller = LinkedTurn

    def needs(self):
        return Play.needs(self) + ["firmware.linkseat", "firmware.linkwire"]

    def pause(self):
        self.forget()
        self.model = None
        from firmware.linkmenus import LinkPause

        self.app.go(LinkPause(self.app, self))


def linked_kinds(public, seat):
    """The kinds a linked console's controller gets: its own seat the one human, a bot a bot, every
    other human a linked seat."""
    out = []
    for s in range(len(public)):
        if s == seat:
            out.append(0)
        elif public[s] == 1:
            out.append(1)
        else:
            out.append(LINKED)
    return out


def table_for(app, link):
    """The linked console's table for what its link was told."""
    from engine import games

    games.rules(link.gid)  # the rules' words and labels
    g = RemoteGame(link, len(link.kinds))
    app.game_id = link.gid
    kinds = linked_kinds(link.kinds, link.seat)
    return LinkedPlay(app, link.gid, g, kinds, list(link.names), 0)


def serve(app, play, ports=None):
    """Link a table with linked seats to the board's link ports (App.tick polls the LinkHost)."""
    t = play.turn
    if LINKED not in t.kinds:
        return None
    # no undo at a linked table: it would take back the linked consoles' replies, whose players
    # have seen what followed
    t.undo_off()
    if app.link is not None:
        app.link.attach(t)
        return app.link
    if ports is None:
        make = getattr(app.hal, "link_ports", None)
        ports = make() if make is not None else []
    from firmware.linkhost import LinkHost

    app.link = LinkHost(app, t, ports, gone)
    return app.link


def gone(app, host, seat):
    """The host's screen when a linked seat's console is gone on its turn."""
    from firmware.linkmenus import LinkWait

    w = LinkWait(app, host, seat)
    app.go(w)
    return w
