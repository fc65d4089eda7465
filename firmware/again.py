"""After the results: play the same deal again, seats the same or rotated, or replay the match.
Loaded only then, so the results screen is shown with the least in RAM.
"""

from firmware.listui import ListScreen


class Again(ListScreen):
    """After the results: the same deal again, with the same seats or each player one seat on, the
    match replayed with every hand open (where its log survived), or the main menu."""

    b_hint = "menu"

    def __init__(self, app, match):
        ListScreen.__init__(self, app)
        # (game id, kinds, names, options, deal number, undo on, log or None)
        self.match = match

    def title(self):
        return ("Deal %s" % (self.match[4],), "Play again")

    def entries(self):
        """The rows' keys: the replay only where the log survived."""
        if self.replays():
            return (0, 1, 3, 2)
        return (0, 1, 2)

    def replays(self):
        m = self.match
        return len(m) > 6 and m[6] is not None and isinstance(m[4], int)

    def rows(self):
        return [
            (
                (
                    "Play this deal again",
                    "Same deal, seats rotated",
                    "Main menu",
                    "Replay this match",
                )[k],
                "",
                ("Play again", "Seats rotated", "Main menu", "Replay")[k],
            )
            for k in self.entries()
        ]

    def help(self, i):
        return (
            "Deal %s: the same cards, the same seats" % (self.match[4],),
            "Deal %s: the same cards, every player one seat on" % (self.match[4],),
            "Back to the main menu",
            "Every move again, all hands open (DOWN/UP)",
        )[self.entries()[i]]

    def back(self):
        self.app.menu()

    def activate(self, i):
        i = self.entries()[i]
        if i == 2 or not isinstance(self.match[4], int):
            self.app.menu()
            return
        gid, kinds, names, opts, deal, undo = self.match[:6]
        a = self.app
        if i == 3:
            from firmware.replay_screen import Replay

            a.go(Replay(a, gid, len(kinds), deal, opts, self.match[6], names, -1, self))
            return
        kinds = list(kinds)
        names = list(names)
        if i == 1:
            kinds = kinds[-1:] + kinds[:-1]
            names = names[-1:] + names[:-1]
        a.undo = undo
        seed = (a.now * 7919 + a.frames) % 1000000007 % (1 << 29)  # the bots' seed: new
        a.start(gid, kinds, names, dict(opts), seed, (), deal=deal)
