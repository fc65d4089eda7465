"""Table model of the swap family, from one seat's view."""

from firmware.tables import Model
from firmware.tables.around import ring  # noqa: F401 - the hand page's centre

# the results' words: a score's unit (one, more), the heading, why the winners won
RESULT = ("life", "lives", "Lives left", "The last player with lives wins.")


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
    # the prompt: short sentences, each whole on the 240x135 panel's prompt
    if ph == "reveal":
        st = "Cards up!" + "".join([" %s: -1 life." % names[s] for s in v["losers"]])
    elif ph == "over":
        st = "Game over."
    else:
        st = "Round %d. Keep or swap?" % v["round"]
        if v["to_act"] == v["dealer"]:
            st += " You may cut."
    if kings:  # a King face up: no swap with its holder
        st += "".join([" King: %s." % names[s] for s in kings])
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
        return m  # the scoreboard lines only when asked for
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
