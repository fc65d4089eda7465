"""The text of the results screen: the deal number, who won and why, the scores with their unit
(by team in a team game), the ranking, the last moves (A then leads to firmware.again: the same
deal again)."""

# per family (the rules module): the unit of its scores (one, more), what they are, and why the
# winners won; a team game's scores and winners are said by team
FAMILIES = (
    ("engine.shedding", "chip", "chips", "Chips left", "The most chips left wins."),
    ("engine.matching", "point", "points", "Points", "The lowest score wins."),
    ("engine.swap", "life", "lives", "Lives left", "The last player with lives wins."),
    ("engine.jass", "point", "points", "Points", "The higher team score wins."),
)


def unit(n, one, more):
    """ "1 chip", "3 chips"."""
    return "%d %s" % (n, one if n == 1 else more)


def summary(play, res):
    names = play.names
    n = len(names)
    fam = ("", "point", "points", "Scores", "")
    for f in FAMILIES:
        if f[0] == getattr(play, "fam", ""):
            fam = f
    why = fam[4]
    opts = {}
    try:
        opts = play.g.start_event()["options"]
    except Exception:  # noqa: BLE001 - a stand-in without a game: no options to tell
        opts = {}
    if fam[0] == "engine.matching" and not opts.get("target"):
        why = "A single hand: the first to go out wins."
    if fam[0] == "engine.shedding" and not opts.get("chips", 1):
        why = "One round: the first out wins, the last one holding cards loses."
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
    seed = getattr(getattr(play, "g", None), "seed", None)  # a play without a game: no deal
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
    if sc and not (fam[0] == "engine.shedding" and not opts.get("chips", 1)):
        lines.append("")
        lines.append(fam[3] + ":")
        for s in range(len(sc)):
            if teams:
                nm = " & ".join([names[t] for t in range(s, n, len(sc))])
            else:
                nm = names[s] if s < n else "Seat %d" % (s + 1)
            lines.append("  %s: %s" % (nm, unit(sc[s], fam[1], fam[2])))
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
            % (" or replay it" if getattr(play, "alog", None) is not None else "")
        )
    return "\n".join(lines)
