"""What public play says of the hidden hands in Schieber, for the strong level's worlds
(engine/jass_world.py): what a trump choice or a push says of the chooser's hand (told()), and
the search of the trump choice itself (choice(), a rollout from the choice on). Kept apart from
engine/jass_world.py, whose source is compiled whole where the modules are not prebuilt.
"""

from engine.compat import const
from engine.jass import PH_TRUMP
from engine.jass_bots import HeuristicTrump, PUSH_BELOW, mode_scores

# How far a chosen mode may score below the chooser's best (engine.jass_bots.mode_scores, per
# mille) and a hand that chose below the push line: players differ from the heuristic's fit.
SLACK = const(60)


def told(hands, known, byseat, view, mode, me):
    """Whether a dealt world fits what the trump choice said: the chooser (another seat) holds
    a hand whose best mode, as the heuristic scores them, is about the one chosen and, when it
    did not push, worth choosing; a forehand that pushed holds none worth choosing."""
    chooser = view["chooser"]
    fore = view["forehand"]
    if chooser != me:
        h = bytearray(hands[chooser])
        h.extend(known[chooser])
        h.extend(byseat[chooser])
        sc = mode_scores(h)
        best = sc[0]
        for x in sc:
            if x > best:
                best = x
        if sc[mode] + SLACK < best:
            return False
        if not view["pushed"] and sc[mode] + SLACK < PUSH_BELOW:
            return False
    if view["pushed"] and fore != me:
        h = bytearray(hands[fore])
        h.extend(known[fore])
        h.extend(byseat[fore])
        for x in mode_scores(h):
            if x >= PUSH_BELOW + SLACK:
                return False
    return True


def choice(rollout, action, seat, rollout_view):
    """Rollout.run() for a trump choice or the push: made in a copy of the world, the partner
    choosing after a push as the heuristic would; the forehand leads as the heuristic
    would, then the hand plays out as after any card. rollout_view: jass_world's (passed in:
    this module is imported by that one)."""
    g = rollout.world.copy()
    g.perform(action)
    if g.phase == PH_TRUMP:
        g.perform(HeuristicTrump(None).choose({"hand": g.hands[g.to_act]}, g.legal_actions()))
    rollout.load(g)
    fore = g.to_act
    if rollout.bw[fore] == 0 and rollout.wkey[fore] >= 0:
        rollout.bw[fore] = 1  # asked first, the heuristic announces its Weis
    # the rollout's own policy picks the lead (Rollout.run sets every field it reads again)
    legal = [("play", bytes([c])) for c in g.hands[fore]]
    return rollout.run(rollout.pol.choose(rollout_view(g, fore), legal), seat)
