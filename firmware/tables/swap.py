"""Table model of the swap family, from one seat's view."""

from firmware.table import Model
from firmware.tables.around import ring  # noqa: F401 - the hand page's centre


def model(v, names, swiss=False, full=True):
    m = Model()
    n = v["seats"]
    lives = v["lives"]
    out = v["out"]
    table = v["table"]
    kings = v["king_seats"]

    for s in range(n):
        if out[s]:
            extra = "out"
        else:
            extra = "%d lives" % lives[s] if lives[s] != 1 else "1 life"
        if s == v["dealer"]:
            extra = "dealer " + extra
        cnt = 0 if out[s] or table[s] else 1
        m.seats.append((cnt, table[s], extra))
    ph = v["phase"]
    if ph == "reveal":
        los = v["losers"]
        st = "Cards up! " + (
            ", ".join([names[s] for s in los])
            + (" loses a life" if len(los) == 1 else " lose a life")
            if los
            else ""
        )
    elif ph == "over":
        st = "Game over"
    else:
        st = "Round %d: keep your card or swap to the left%s." % (
            v["round"],
            ", or cut the deck" if v["to_act"] == v["dealer"] else "",
        )
    if kings:  # a King shown face up: no swap with its holder
        st += " " + ", ".join([names[s] for s in kings]) + " shows a King."
    m.status = st
    m.dir = 1
    ex = v["exchanges"]
    if ex:
        other, gave, got = ex[-1]
        lab = "From deck" if other < 0 else "From %s" % names[other][:6]
        m.center.append((lab, got, 0, 1))
        m.mid.append(("Got", got))
        if gave:
            m.center.append(("Gave", gave, 0, 1))
            m.mid.append(("Gave", gave))
    disc = v["discard"]
    if disc:
        m.center.append(("Cut away", disc, 0, 2))
        m.mid.append(("Cut", disc[-2:]))
    m.around = True
    m.hand = v["hand"]
    if not full:
        return m  # the scoreboard lines only when asked for (pause menu)
    for s in range(n):
        m.scores.append(
            "%s: %s"
            % (
                names[s],
                "out" if out[s] else ("1 life" if lives[s] == 1 else "%d lives" % lives[s]),
            )
        )
    m.scores.append("Round %d" % v["round"])
    return m
