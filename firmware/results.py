"""The text of the results screen: winners, losers, ranking, scores, the last moves, the deal
number (A then leads to firmware.again: the same deal again)."""


def summary(play, res):
    winners = res.get("winners", [])
    losers = res.get("losers", [])
    lines = []
    seed = getattr(getattr(play, "g", None), "seed", None)  # a play without a game: no deal
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
        lines.append(
            "A: play this deal again%s. B: menu."
            % (" or replay it" if getattr(play, "alog", None) is not None else "")
        )
    return "\n".join(lines)
