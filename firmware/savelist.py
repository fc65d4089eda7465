"""The saved games as the menus list them (the main menu, the setup's "replace which?"): the
list, each row's label and seats. firmware.savefile is loaded only to read the list."""

from engine import games


def saved_games(app):
    """firmware.savefile.saves(): the saved games, last played first (the module is let go
    again: the menus need it only now)."""
    from firmware.savefile import saves

    out = saves(app)
    release_savefile()
    return out


def release_savefile():
    from firmware.lifetimes import forget as unload

    unload("firmware.savefile")


def players(kinds, names):
    """ "Anna, Ben, bot Cleo": the seats of a saved game."""
    out = []
    for s in range(len(names)):
        out.append(names[s] if s < len(kinds) and kinds[s] == 0 else "bot " + names[s])
    return ", ".join(out)


def save_label(e):
    """("Continue Shithead (Palace)", "move 37", "Continue Shithead", "Shithead") for a saved
    game e of saved_games(): the row, then its short forms (firmware.listui.row)."""
    slot, gid, kinds, names, stamp, moves = e
    if gid is None:
        return ("Continue (damaged save)", "", "Damaged save")
    try:
        t = games.entry(gid)
        t, short = t[games.NAME], t[games.SHORT]
    except ValueError:  # a game this build does not have
        t = short = gid
    return ("Continue " + t, "move %d" % moves if moves else "new", "Continue " + short, short)
