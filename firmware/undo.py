"""Undo against bots (firmware.turn.Turn.can_undo says when): take back the last human move, and
the bots' moves after it. Loaded only when the pause menu offers it (RAM: the table does not
hold this code). The state comes back exactly, its generator included: the autosave taken at
that point is decoded, or, after a power-off, the action log (engine.deals) is played again
from the deal.
"""


def undo(t):
    """Take back the last human move (and the bots' moves after it): the state before it,
    exactly (its generator included), its undo state decoded or the log played again from the
    deal (Turn.point); Turn.rewind puts it in place. The mover holds the console again; with
    two humans or more, through the hand-over."""
    if not t.can_undo():
        return False
    at = t.mark.at
    g = t.point()
    t.rewind(g, at, t.actions.count(at))
    return True
