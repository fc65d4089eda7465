"""Undo against bots (firmware.turn.Turn.can_undo says when): take back the last human move, and
the bots' moves after it. Loaded only when the pause menu offers it (RAM: the table does not
hold this code). The state comes back exactly, its generator included: the autosave taken at
that point is decoded, or, after a power-off, the action log (engine.deals) is played again
from the deal.
"""

from firmware.turn import LOG_MAX

# firmware.turn's news bits _NEED | _MOVED | _WHOLE (its underscore const()s are not visible
# from here on MicroPython; tests/test_app_undo checks the value)
REDRAW = 7


def undo(t):
    """Take back the last human move (and the bots' moves after it): the state before it,
    exactly (its generator included), played again from the deal by the log. The mover
    holds the console again; with two humans or more, through the hand-over."""
    if not t.can_undo():
        return False
    # agreed on another human's hand-over: that human holds the console, so the mover's
    # hand shows only after the hand-over back to the mover
    handed = t.needs_consent()
    from engine import deals

    t.g.log = None
    at = t.undo_at
    g = t.point()
    t.undo_snap = None
    t.alen = at  # the log's buffer stays; its first at bytes are the log
    t.g = g
    g.log = t.events.append
    del t.events[:]
    t.moves = deals.count(t.alog, at)
    who = t.undo_seat
    t.undo_at = -1
    t.undo_seen = None
    t.unseen = False
    t.panel = None
    t.thinking = False
    t.ho.reset()
    if handed or t.viewer != g.to_act:
        t.viewer = -1  # the hand-over to the mover comes first
    t.settle()
    t.log.append("%s took back a move." % t.names[who])
    t.logn += 1
    if len(t.log) > LOG_MAX:
        del t.log[: len(t.log) - LOG_MAX]
    if t.human is not None:
        t.human.clear()
    t.next_bot = t.app.now + t.delay()
    t.news |= REDRAW
    t.save_soon()
    return True
