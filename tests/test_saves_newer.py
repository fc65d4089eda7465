"""Files written by a newer version of the console (an update undone, a file from another
console) are left exactly as they are and named on screen: a save of a newer format is listed
as such and never continued, moved aside, replaced or deleted (but by "Erase all"); statistics
and settings files of a newer version are read as empty and never written over."""

from firmware import savefile
from sim.autoplay import setup_game
from sim.headless import Device, MemStorage

NEWER_SAVE = b"CSV4\x06future" + bytes(range(40))
NEWER_STATS = b"stats 2\nAnna\t3\t2\t1\t0\textra"
NEWER_SETTINGS = b"settings 2\nspeed 1\ncolour 3"


def _device(files):
    st = MemStorage()
    st.files.update(files)
    dev = Device("pico_lcd_1_3", st)
    dev.press("a")
    return dev, st


def test_a_newer_save_is_listed_left_as_it_is_and_never_put_aside():
    dev, st = _device({"save2": NEWER_SAVE})
    menu = dev.app.screen
    rows = [r[0] for r in menu.rows()]
    assert "Saved by a newer version" in rows
    i = rows.index("Saved by a newer version")
    while menu.cur != i:
        dev.press("down")
    assert "newer" in menu.help(i)
    dev.press("a")  # nothing to continue: the same menu, the file untouched
    dev.wait(3)
    assert dev.app.screen.__class__.__name__ == "MainMenu"
    assert st.files["save2"] == NEWER_SAVE and "save2.bad" not in st.files
    assert not savefile.put_aside(dev.app, "save2", None, "unreadable")
    assert st.files["save2"] == NEWER_SAVE and "newer version" in dev.app.notice


def test_a_new_game_with_every_slot_taken_never_replaces_a_newer_save():
    dev, st = _device({"save2": NEWER_SAVE})
    for _ in range(2):  # two games saved beside it: every slot taken
        setup_game(dev, "screw", humans=1, speed="instant")
        dev.wait(3)
        dev.press("b")
        pause = dev.app.screen
        while pause.rows()[pause.cur][0] != "Save and quit":
            dev.press("down")
        dev.press("a")
        dev.wait(3)
    assert {"save", "save2", "save3"} <= set(st.files)
    menu = dev.app.screen
    games_rows = [it for it in menu.items if it[0] == "game"]
    while menu.items[menu.cur] != games_rows[0]:
        dev.press("down")
    dev.press("a")
    setup = dev.app.screen
    while setup.cur != 0:
        dev.press("up")
    dev.press("a")  # start: every slot is taken, so it asks which save to replace
    ask = dev.app.screen
    assert ask.__class__.__name__ == "ReplaceSave"
    labels = [r[0] for r in ask.rows()]
    assert not [t for t in labels if "newer" in t.lower()], labels
    assert st.files["save2"] == NEWER_SAVE


def test_newer_statistics_and_settings_are_never_written_over():
    dev, st = _device({"stats": NEWER_STATS, "settings": NEWER_SETTINGS})
    a = dev.app
    assert "Settings: written by a newer version" in a.notice
    from firmware import stats

    a.prefs.save(a)  # a setting changed: not kept over the newer file
    stats.record(a, ["Anna", "Ben"], [0], [1])
    assert "Statistics: written by a newer version" in a.notice
    assert st.files["stats"] == NEWER_STATS and st.files["settings"] == NEWER_SETTINGS
    assert "stats.bad" not in st.files and "settings.bad" not in st.files
