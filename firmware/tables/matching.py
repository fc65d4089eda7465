"""Table model of the matching family, from one seat's view."""

from firmware.tables import Model, rank_text, SUIT_NAMES
from firmware.tables.around import ring  # noqa: F401 - the hand page's centre

# the results' words: a score's unit (one, more), the heading, why the winners won
RESULT = ("point", "points", "Points", "The lowest score wins.")


def result_why(opts):
    """The results' reason for a single hand (no target), or None: RESULT's."""
    if not opts.get("target"):
        return "A single hand: the first to go out wins."
    return None


def model(v, names, swiss, full=True):
    m = Model()
    counts = v["counts"]
    n = len(counts)
    scores = v["scores"]
    called = v["called"]
    teams = v["teams"]
    for s in range(n):
        extra = ""
        if scores and v["target"]:
            extra = "%d pts" % scores[s]
        if teams:
            # a team is named by its players (pairs sit opposite)
            mate = [names[j] for j in range(n) if j != s and teams[j] == teams[s]]
            extra = "partner %s %s" % (" & ".join(mate), extra)
        if called[s]:
            extra = "last card! " + extra
        m.seats.append((counts[s], b"", extra))
    m.dir = v["direction"]
    suit = v["suit"]
    rank = v["rank"]
    # the prompt: short sentences, each whole on the 240x135 panel's prompt
    st = ""
    ph = v["phase"]
    if ph == "direction":
        st = "Pick direction."
    elif ph in ("opening", "suit"):
        st = "Name a suit."
    elif ph == "cover":
        st = "Cover the card."
    elif ph == "drawn":
        st = "Play your draw?"
    elif suit < 4:
        st = "Play %s." % (SUIT_NAMES[suit],)
        if rank < 13:
            st += " Or a %s." % rank_text(rank)
    else:
        st = "Play any card."
    pend = v["pending"]
    if pend:
        kind = v["pending_kind"]
        st = "Draw %d." % pend + (" Penalty: %s." % kind if kind else "")
    if v["uncalled"] >= 0:
        st = "%s forgot! Last card call." % names[v["uncalled"]]
    m.status = st
    m.around = True
    m.center.append(("Pile %d" % v["discards"], v["top"], 0, 1))
    m.pile = (v["top"], -1)  # its size: on the table page
    m.center.append(("Deck %d" % v["draw_pile"], b"", min(1, v["draw_pile"]), 1))
    m.deck = v["draw_pile"]
    dr = v["drawn"]
    if dr:
        m.center.append(("Drawn", dr, 0, 1))
        m.mid.append(("Drawn", dr))
    m.hand = v["hand"]
    if not full:
        return m  # the scoreboard lines only when asked for
    for s in range(n):
        line = "%s: %d cards" % (names[s], counts[s])
        if scores:
            line += ", %d points" % scores[s]
        m.scores.append(line)
    if v["target"]:
        m.scores.append("Hand %d, lowest total at %d wins" % (v["hand_no"], v["target"]))
    return m
