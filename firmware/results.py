"""The results screen's text: the deal number, who won and why, the scores, the ranking, the last
moves.
"""

# a family's words where its table module has none (RESULT): the unit of its scores (one, more),
# their heading, why the winners won
_WORDS = ("point", "points", "Scores", "")


def unit(n, one, more):
    """ "1 chip", "3 chips"."""
    return "%d %s" % (n, one if n == 1 else more)


def summary(play, res):
    names = play.names
    n = len(names)
    from firmware.table import layout

    mod = layout(play.fam) if getattr(play, "fam", None) else None
    words = getattr(mod, "RESULT", _WORDS)
    opts = {}
    try:
        opts = play.game.start_event()["options"]
    except Exception:  # noqa: BLE001 - a stand-in without a game: no options
        opts = {}
    why = getattr(mod, "result_why", None)
    why = (why and why(opts)) or words[3]
    shows = getattr(mod, "shows_scores", None)
    sc = res.get("scores") or []
    lives = res.get("lives")
    if lives:
        sc = lives
    teams = len(sc) * 2 == n and n >= 4  # one score per team of partners sitting opposite
    partners = opts.get("teams") and n in (4, 6) or teams

    def who(seats):
        if partners and len(seats) > 1:
            return " & ".join([names[s] for s in seats])
        return ", ".join([names[s] for s in seats])

    winners = res.get("winners", [])
    losers = res.get("losers", [])
    lines = []
    seed = getattr(getattr(play, "game", None), "seed", None)  # a play without a game: no deal
    if isinstance(seed, int):
        from engine.deals import check

        lines.append("Deal %d (check %s)." % (seed, check(seed)))
    if winners:
        plural = len(winners) > 1
        lines.append("%s win%s." % (who(winners), "" if plural else "s"))
    elif not losers:
        lines.append("A draw.")
    if losers:
        lines.append("Lost: %s." % who(losers))
    if why:
        lines.append(why)
    if sc and (shows is None or shows(opts)):
        lines.append("")
        lines.append(words[2] + ":")
        for s in range(len(sc)):
            if teams:
                nm = " & ".join([names[t] for t in range(s, n, len(sc))])
            else:
                nm = names[s] if s < n else "Seat %d" % (s + 1)
            lines.append("  %s: %s" % (nm, unit(sc[s], words[0], words[1])))
    rk = res.get("ranking")
    if rk and not partners:
        lines.append("")
        lines.append("Ranking:")
        for i in range(len(rk)):
            s = rk[i]
            if isinstance(s, int) and 0 <= s < n:
                lines.append("%d. %s" % (i + 1, names[s]))
    if play.log:
        lines.append("")
        lines.append("Last moves:")
        for t in play.log[-4:]:
            lines.append(t)
    if isinstance(seed, int):
        lines.append("")
        lines.append(
            "A: play this deal again%s. B: menu."
            % (" or replay it" if getattr(play, "actions", None) is not None else "")
        )
    return "\n".join(lines)
