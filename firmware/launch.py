"""Starting a new game or continuing the saved one: run by App.tick once the menus are released
(firmware.lifetimes releases this module, and the save file reader, after the frame)."""

from engine import games


def start(app, game_id, kinds, names, options, seed):
    app.game_id = game_id
    g = games.new_game(game_id, len(kinds), seed, options)
    from firmware.play import Play

    app.go(Play(app, game_id, g, kinds, names, seed))


def resume(app):
    from firmware.savefile import load

    data = app.safe_read("save")
    if data is None:
        app.menu()
        return
    try:
        game_id, kinds, names, seed, viewer, g = load(data)
    except Exception as e:  # any decoding failure: keep the file aside, start fresh
        st = app.store()
        try:
            st.quarantine("save")
        except (OSError, AttributeError):
            app.remove("save")
        app.notice = "The saved game could not be read (%s). It was kept aside." % (str(e)[:40],)
        app.menu()
        return
    app.game_id = game_id
    from firmware.play import Play

    p = Play(app, game_id, g, kinds, names, seed)
    p.viewer = viewer
    p.resumed = True
    p.next_bot = app.now + p.delay()  # let the table show before the bots carry on
    app.go(p)
