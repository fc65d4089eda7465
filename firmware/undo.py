"""Undo against bots: take back the last human move and the bots' moves after it. Loaded only when
the pause menu offers it. The state comes back exactly, its generator included.
"""


def undo(t):
    """Take back the last human move: its undo state decoded or the log played again from the deal
    (Turn.point), put in place by Turn.rewind; the mover holds the console again (through the
    hand-over with two humans or more)."""
    if not t.can_undo():
        return False
    at = t.mark.at
    g = t.point()
    t.rewind(g, at, t.actions.count(at))
    return True
