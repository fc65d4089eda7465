"""After the results (A at their end): play the same deal again, with the same seats or
rotated. Loaded only then: the results screen is shown with the least in RAM."""

from firmware.listui import ListScreen


class Again(ListScreen):
    """After the results: the same deal again (every card as before), with the same seats or
    each player one seat on (so each gets another hand), or the main menu."""

    b_hint = "menu"

    def __init__(self, app, match):
        ListScreen.__init__(self, app)
        self.match = match  # (game id, kinds, names, options, deal number, undo on)

    def title(self):
        return ("Deal %s" % (self.match[4],), "Play again")

    def rows(self):
        return [
            ("Play this deal again", "", "Play again"),
            ("Same deal, seats rotated", "", "Seats rotated"),
            ("Main menu", ""),
        ]

    def help(self, i):
        return (
            "Deal %s: the same cards, the same seats" % (self.match[4],),
            "Deal %s: the same cards, every player one seat on" % (self.match[4],),
            "Back to the main menu",
        )[i]

    def back(self):
        self.app.menu()

    def activate(self, i):
        if i == 2 or not isinstance(self.match[4], int):
            self.app.menu()
            return
        gid, kinds, names, opts, deal, undo = self.match
        kinds = list(kinds)
        names = list(names)
        if i == 1:
            kinds = kinds[-1:] + kinds[:-1]
            names = names[-1:] + names[:-1]
        a = self.app
        a.undo = undo
        seed = (a.now * 7919 + a.frames) % 1000000007 % (1 << 29)  # the bots': new
        a.start(gid, kinds, names, dict(opts), seed, (), deal=deal)
