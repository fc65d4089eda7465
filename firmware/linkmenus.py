"""Link play's screens off the table (docs/LINK.md), loaded only while shown: LinkPause, a linked
console's pause (back to the table, or leave it); LinkWait, the host's when a linked seat's console
is gone on its turn (wait, a bot takes the seat, or pass the host console).
"""

from firmware.listui import ListScreen
from firmware.textui import TextScreen


class LinkPause(ListScreen):
    b_hint = "table"

    def __init__(self, app, play):
        ListScreen.__init__(self, app)
        self.play = play

    def title(self):
        t = self.play.turn
        return ("Paused: " + t.title, "Paused: " + t.short, "Paused")

    def rows(self):
        return [
            ("Resume", ""),
            ("Rules of this game", "", "Rules"),
            ("Leave the table", "", "Leave"),
        ]

    def help(self, i):
        return (
            "Back to the table (B: the same)",
            "How this game is played",
            "Your seat waits for you on the host (it may pass to a bot or the host console)",
        )[i]

    def needs(self):
        return ListScreen.needs(self) + self.play.needs()

    def below(self):
        return self.play

    def back(self):
        self.app.go(self.play)

    def activate(self, i):
        a = self.app
        if i == 0:
            self.back()
        elif i == 1:
            from firmware.rules import text

            a.go(TextScreen(a, "Rules", text(self.play.turn.gid), self))
        else:
            a.menu()  # the link says BYE to the host


class LinkWait(ListScreen):
    b_hint = ""

    def __init__(self, app, host, seat):
        ListScreen.__init__(self, app)
        self.host = host
        self.seat = seat
        self.play = app.screen

    def title(self):
        n = self.host.turn.names[self.seat]
        return ("Waiting for %s's console" % n, "Waiting for %s" % n, "Waiting")

    def rows(self):
        return [
            ("Wait for it", "", "Wait"),
            ("A bot takes the seat", "", "A bot plays", "Bot"),
            ("Pass the host console", "", "Host console", "Host"),
        ]

    def help(self, i):
        n = self.host.turn.names[self.seat]
        return (
            "Plug the cable back in: %s's console rejoins at this very move" % n,
            "A bot plays %s's cards until the console comes back" % n,
            "%s plays on this console, after the hand-over" % n,
        )[i]

    def needs(self):
        return ListScreen.needs(self) + self.play.needs() + self.host.needs()

    def below(self):
        return self.play

    def back(self):
        pass  # the table waits for a choice

    def update(self, now):
        ListScreen.update(self, now)
        h = self.host
        t = h.turn
        if h.present(self.seat) or t.game.to_act != self.seat or t.kinds[self.seat] != 4:
            self.done()

    def done(self):
        self.host.waiting = None
        self.app.go(self.play)

    def activate(self, i):
        if i == 0:
            return
        self.host.stand_in(self.seat, 1 if i == 1 else 0)
        self.done()
