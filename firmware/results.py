"""The text of the results screen (winners, losers, ranking, scores, the last moves, the deal
number) and what comes after it: play the same deal again, with the same seats or rotated."""

from firmware.listui import ListScreen


def summary(play, res):
    winners = res.get("winners", [])
    losers = res.get("losers", [])
    lines = []
    seed = getattr(play.g, "seed", None)
    if isinstance(seed, int):
        lines.append("Deal %d." % seed)
    if winners:
        lines.append(
            "Winner%s: %s"
            % ("s" if len(winners) > 1 else "", ", ".join([play.names[s] for s in winners]))
        )
    elif not losers:
        lines.append("A draw.")
    if losers:
        lines.append("Lost: " + ", ".join([play.names[s] for s in losers]))
    rk = res.get("ranking")
    if rk:
        lines.append("")
        lines.append("Ranking:")
        for i in range(len(rk)):
            s = rk[i]
            if isinstance(s, int) and 0 <= s < len(play.names):
                lines.append("%d. %s" % (i + 1, play.names[s]))
    sc = res.get("scores")
    if sc:
        lines.append("")
        lines.append("Scores:")
        n = len(play.names)
        for s in range(len(sc)):
            if len(sc) * 2 == n:  # one score per team of partners sitting opposite
                nm = " & ".join([play.names[t] for t in range(s, n, len(sc))])
            else:
                nm = play.names[s] if s < n else "Seat %d" % (s + 1)
            lines.append("  %s: %s" % (nm, sc[s]))
    if play.log:
        lines.append("")
        lines.append("Last moves:")
        for t in play.log[-4:]:
            lines.append(t)
    if isinstance(seed, int):
        lines.append("")
        lines.append("A: play this deal again. B: menu.")
    return "\n".join(lines)


class Again(ListScreen):
    """After the results: the same deal again (every card as before), with the same seats or
    each player one seat on (so each gets another hand), or the main menu."""

    b_hint = "menu"

    def __init__(self, app, match):
        ListScreen.__init__(self, app)
        self.match = match  # (game id, kinds, names, options, deal number, undo on)

    def title(self):
        return "Deal %s" % (self.match[4],)

    def rows(self):
        return [
            ("Play this deal again", ""),
            ("Same deal, seats rotated", ""),
            ("Main menu", ""),
        ]

    def help(self, i):
        return (
            "The same cards, the same seats",
            "The same cards, every player one seat on",
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
