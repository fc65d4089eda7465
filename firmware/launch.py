"""Starting a new game or continuing a saved one: run by App.tick once the menus are released."""

from firmware.lifetimes import unload


def start(app, game_id, kinds, names, seed, g, slot=None):
    """The table for g, the game App.start dealt, in a free save slot (slot: the setup's, else
    found here). Its first autosave works out its stamp, so no slot is read for it here."""
    if slot is None:
        slot = app.free_slot()
    if slot is None:  # the menu asks which save to replace: only a fallback
        from firmware.savefile import saves, SLOTS

        have = saves(app)
        slot = SLOTS[0]
        if have:  # the save played longest ago
            slot, _gid, _kinds, _names, _stamp, _moves = have[-1]
        unload("firmware.savefile")  # its memory back before the table is built
    app.game_id = game_id
    from firmware.play import Play

    p = Play(app, game_id, g, kinds, names, seed)
    p.turn.place(slot)
    linked(app, p)
    app.go(p)


def resume(app, slot="save"):
    """The table of the saved game in slot, on the panel before the game's own checks (Play makes
    them before anything acts). A save that does not read is kept aside (savefile.refuse)."""
    from firmware.savefile import load

    data = app.safe_read(slot)
    if data is None:
        unload("firmware.savefile")
        app.menu()
        return
    try:
        # the console's own firmware runs its modules from flash: the setup helpers the checks
        # after the first frame use cost little RAM held until then (loaded into RAM, the stock
        # install's would raise the heap's highest point: they load again for the checks)
        game_id, kinds, names, seed, old, moves, g, extra, unchecked = load(
            data, True, False, app.hal.frozen
        )
    except ValueError as e:  # damaged bytes: kept aside
        from firmware.savefile import header, refuse

        try:
            gid = header(data)[0]
        except ValueError:
            gid = None
        refuse(app, slot, gid, e)
        return
    unload("firmware.savefile")
    data = None
    app.game_id = game_id
    from firmware.play import Play

    p = Play(app, game_id, g, kinds, names, seed)
    p.turn.restore(slot, moves, extra, unchecked)
    linked(app, p)
    app.go(p)


def linked(app, play):
    """A table with linked seats: its host's link serves it (a continued save's consoles come back
    to their seats); any other table: no link."""
    if 4 in play.turn.kinds:
        from firmware.linkplay import serve

        serve(app, play)
    elif app.link is not None:
        app.link = None
