"""Autosave after every action, continue after a restart, a damaged save reported and kept aside
with statistics intact, settings kept across restarts."""

import pytest

from engine import games
from firmware import keys
from firmware.menus import available
from sim.autoplay import AutoPlayer, setup_game
from sim.headless import Device, MemStorage

GAME = available()[0]


def start_game(storage, humans=1):
    dev = Device("pico_lcd_1_3", storage)
    dev.press("a")
    setup_game(dev, GAME, humans=humans, speed="fast")
    return dev


def test_every_action_is_saved_and_continue_resumes_the_same_game():
    st = MemStorage()
    dev = start_game(st)
    ap = AutoPlayer(dev, seed=2)
    for _ in range(6):
        ap.step()
    play = dev.app.screen
    assert "save" in st.files
    dev.wait(60)  # let the bots move too
    state = play.turn.game.encode()
    saved = st.files["save"]
    # power off: a new app on the same storage
    dev2 = Device("pico_lcd_1_3", st)
    dev2.press("a")
    menu = dev2.app.screen
    assert menu.rows()[0][0] == "Continue " + games.entry(GAME)[games.NAME]
    dev2.press("a")
    dev2.wait(1)
    p2 = dev2.app.screen
    assert p2.__class__.__name__ == "Play"
    assert p2.turn.game.game_id == GAME
    assert p2.turn.names == play.turn.names and p2.turn.kinds == play.turn.kinds
    assert saved.endswith(state)  # the save holds the latest state
    assert p2.turn.game.encode() == state
    ap2 = AutoPlayer(dev2, seed=2)
    ap2.play_out()
    dev2.wait(1)
    assert "save" not in st.files  # a finished game leaves no save


def test_a_finished_game_shows_its_results_before_it_writes_the_count_and_drops_its_save():
    """Both write the flash (an erase costs the Pico 45 ms): the results come first, and a
    power cut before their frame is out loses nothing (the save of the last move stays)."""
    st = MemStorage()
    dev = start_game(st, humans=0)
    for _ in range(20000):
        if dev.app.screen.__class__.__name__ != "Play":
            break
        t = dev.app.screen.turn
        dev.wait(1)
    assert dev.app.screen.__class__.__name__ == "TextScreen"
    assert t.game.over
    assert "save" in st.files and "stats" not in st.files
    assert dev.app.due == t.file_result
    dev.wait(1)
    assert "save" not in st.files
    count = dev.app.load_stats()
    assert sorted(r[0] for r in count) == sorted(t.names)
    assert all(r[1] == 1 for r in count)
    t.file_result()  # run again (App.save retries a job that ran short of memory): counted once
    assert dev.app.load_stats() == count


def test_a_damaged_save_is_reported_kept_aside_and_statistics_survive():
    st = MemStorage()
    st.files["stats"] = b"Anna\t3\t2\t1"
    st.files["save"] = b"CSV1\x05screw\x02garbage"
    dev = Device("pico_lcd_1_3", st)
    dev.press("a")
    dev.press("a")  # Continue saved game
    dev.wait(2)
    scr = dev.app.screen
    assert scr.__class__.__name__ == "MainMenu"
    assert "kept aside" in dev.app.notice
    assert "save" not in st.files and "save.bad" in st.files
    assert dev.app.load_stats()[0] == ["Anna", 3, 2, 1, 0]  # a file without hints reads as 0
    assert not scr.rows()[0][0].startswith("Continue")


def test_storage_that_reports_damage_is_told_to_the_player():
    st = MemStorage()
    st.damaged.append("save")
    dev = Device("pico_lcd_1_3", st)
    dev.press("a")
    assert "damaged" in dev.app.notice
    assert "damaged" in dev.app.screen.help(0)


def test_settings_and_statistics_persist_across_restarts():
    st = MemStorage()
    dev = Device("pico_lcd_1_3", st)
    dev.press("a")
    menu = dev.app.screen
    idx = [r[0] for r in menu.rows()].index("Settings")
    for _ in range(idx):
        dev.press("down")
    dev.press("a")
    dev.press("a")  # bot speed: next
    dev.press("down")
    dev.press("a")  # brightness: next
    dev.press("down")
    dev.press("a")  # suits: Swiss
    speed, bright = dev.app.prefs.speed, dev.app.prefs.bright
    # brightness went from the default 80% to 100% and reached the panel
    assert dev.app.prefs.swiss and speed == 3 and bright == 4 and dev.display.level == 100
    dev2 = Device("pico_lcd_1_3", st)
    assert (dev2.app.prefs.speed, dev2.app.prefs.bright, dev2.app.prefs.swiss) == (
        speed,
        bright,
        True,
    )


def test_the_fatal_screen_leads_back_to_the_menu():
    dev = Device("pico_lcd_1_3")
    dev.app.fatal("ValueError: something broke")
    dev.wait(1)
    assert dev.app.screen.__class__.__name__ == "TextScreen"
    dev.press("b")
    assert dev.app.screen.__class__.__name__ == "MainMenu"


def test_name_picker_spells_a_name_and_duplicates_are_refused():
    dev = Device("pico_lcd_1_3")
    dev.press("a")
    dev.press("a")  # first game's setup
    st = dev.app.screen
    while st.cur != 5:  # "name" of seat 1
        dev.press("down")
    dev.press("a")
    pk = dev.app.screen
    assert pk.__class__.__name__ == "NamePicker"
    for _ in range(len(pk.name)):
        dev.press("b")  # erase "Anna"
    assert pk.name == ""
    dev.press("a")  # A
    dev.press("down")
    dev.press("a")  # b (lower case after the first letter)
    dev.press("start")
    assert dev.app.screen is st and st.names[0] == "Ab"
    st.names[1] = "Ab"
    while st.cur != 0:
        dev.press("up")
    dev.press("a")
    assert dev.app.screen is st and "Two seats" in st.help(0)


def test_continue_works_with_the_real_file_storage(tmp_path):
    from firmware.storage import Storage

    st = Storage(str(tmp_path / "saves"))
    dev = start_game(st)
    ap = AutoPlayer(dev, seed=4)
    for _ in range(4):
        ap.step()
    saved = st.read("save")
    dev2 = Device("pico_lcd_1_3", Storage(str(tmp_path / "saves")))
    dev2.press("a")
    dev2.press("a")
    dev2.wait(1)
    assert dev2.app.screen.__class__.__name__ == "Play"
    assert saved.endswith(dev2.app.screen.turn.game.encode())
    # a save damaged on disk: reported, kept aside, statistics untouched
    p = tmp_path / "saves" / "save"
    raw = bytearray(p.read_bytes())
    raw[-1] ^= 0x55
    p.write_bytes(bytes(raw))
    dev3 = Device("pico_lcd_1_3", Storage(str(tmp_path / "saves")))
    dev3.press("a")
    assert "damaged" in dev3.app.notice
    assert not dev3.app.screen.rows()[0][0].startswith("Continue")


def damaged_copy(data, change):
    """The save file data with its game changed by change(g) and encoded again (the header and
    the seats stay): what a bug or an old engine could have written."""
    from firmware.savefile import header

    gid = header(data)[0]
    pos = header(data)[-1]
    g = games.decode(gid, data[pos:])
    change(g)
    return data[:pos] + g.encode()


def test_a_save_refused_at_load_is_kept_aside_at_once_naming_its_game_and_slot():
    st = MemStorage()
    dev = start_game(st)
    AutoPlayer(dev, seed=2).step()
    st.files["save"] = damaged_copy(st.files["save"], lambda g: setattr(g, "to_act", 9))
    dev = Device("pico_lcd_1_3", st)
    dev.press("a")
    dev.press("a")  # Continue
    dev.wait(2)
    assert dev.app.screen.__class__.__name__ == "MainMenu"
    assert (
        dev.app.notice == "Slot 1 (%s): unreadable; kept aside." % (games.entry(GAME)[games.NAME])
    )
    assert "save" not in st.files and "save.bad" in st.files
    assert not dev.app.screen.rows()[0][0].startswith("Continue")


def test_a_continued_table_shows_first_and_a_save_failing_later_checks_is_refused_before_acts():
    # a doubled card passes every field's domain (so the table can be drawn) but not the pack
    st = MemStorage()
    dev = start_game(st)
    AutoPlayer(dev, seed=2).step()

    def doubled(g):
        g.hands[0][0] = g.hands[1][0]

    st.files["save"] = damaged_copy(st.files["save"], doubled)
    dev = Device("pico_lcd_1_3", st)
    dev.press("a")
    dev.frame(keys.bit("a"))  # Continue: the table's first frame, its checks still to come
    play = dev.app.screen
    assert play.__class__.__name__ == "Play" and play.turn.saved.unchecked is not None
    assert not play.full  # drawn
    moves = play.turn.moves
    dev.press("a")  # the first key makes the checks before it acts
    assert play.turn.moves == moves
    assert dev.app.screen.__class__.__name__ == "MainMenu"
    assert dev.app.notice == "Slot 1 (%s): unreadable; kept aside." % games.entry(GAME)[games.NAME]
    assert "save" not in st.files and "save.bad" in st.files


def test_a_continued_sound_save_is_checked_once_after_its_first_frame_and_plays_on():
    st = MemStorage()
    dev = start_game(st)
    AutoPlayer(dev, seed=2).step()
    dev = Device("pico_lcd_1_3", st)
    dev.press("a")
    dev.press("a")  # Continue
    dev.wait(2)
    play = dev.app.screen
    assert play.__class__.__name__ == "Play" and play.turn.saved.unchecked is None
    AutoPlayer(dev, seed=3).step()
    assert "save" in st.files and "save.bad" not in st.files


def test_a_game_that_raises_while_played_has_its_save_kept_aside_and_never_offered_again(
    monkeypatch,
):
    st = MemStorage()
    dev = start_game(st)
    ap = AutoPlayer(dev, seed=2)
    for _ in range(3):
        ap.step()
    assert "save" in st.files
    cls = type(dev.app.screen.turn.game)

    def broken(self, action):
        raise IndexError("a state no rule expected")

    monkeypatch.setattr(cls, "_apply", broken)
    try:
        for _ in range(20):
            ap.step()
            dev.wait(30)
        raise AssertionError("the game did not raise")
    except IndexError as e:
        dev.app.fatal("IndexError: %s" % e)  # what firmware.main.run does with it
    dev.frame(0)  # the press in whose frame the game raised is let go (the raise cut it short)
    line = "Slot 1 (%s): failed; kept aside." % games.entry(GAME)[games.NAME]
    assert line in dev.app.screen.text
    assert "save" not in st.files and "save.bad" in st.files
    monkeypatch.undo()
    dev.press("a")  # back to the menu: Continue is not offered for that game
    dev.wait(2)
    assert dev.app.screen.__class__.__name__ == "MainMenu"
    assert not dev.app.screen.rows()[0][0].startswith("Continue")
    assert line in dev.app.notice


def test_several_damaged_saves_give_one_line_each():
    st = MemStorage()
    st.damaged.extend(["save", "save3"])
    dev = Device("pico_lcd_1_3", st)
    dev.press("a")
    assert dev.app.notice.split("\n") == [
        "Slot 1: the save was damaged; kept aside.",
        "Slot 3: the save was damaged; kept aside.",
    ]


def test_a_failure_outside_the_game_keeps_its_save():
    st = MemStorage()
    dev = start_game(st)
    ap = AutoPlayer(dev, seed=2)
    for _ in range(3):
        ap.step()
    dev.app.fatal("RuntimeError: a screen failed")  # not the game's rules nor its bots
    assert "The game in progress was saved after its last move." in dev.app.screen.text
    assert "save" in st.files and "save.bad" not in st.files
    dev.press("a")
    dev.wait(2)
    assert dev.app.screen.rows()[0][0].startswith("Continue")


def _settings(dev):
    from firmware.settings import Settings

    dev.app.go(Settings(dev.app))
    dev.frame(0)
    return dev.app.screen


def _to(dev, scr, label):
    for _ in range(20):
        if scr.rows()[scr.cur][0] == label:
            return
        dev.press("down")
    raise AssertionError(label)


def test_erase_all_asks_no_first_and_then_starts_the_console_as_new():
    from sim.headless import Device, MemStorage

    st = MemStorage()
    dev = Device("pico_lcd_1_3", st)
    a = dev.app
    a.prefs.speed, a.prefs.volume, a.prefs.four = 0, 3, True
    a.prefs.save(a)
    st.files.update({"save": b"x", "save2": b"y", "stats": b"z", "stats.bad": b"w"})
    scr = _settings(dev)
    _to(dev, scr, "Erase all games and settings")
    dev.press("a")
    q = dev.app.screen
    assert q.__class__.__name__ == "Confirm" and q.cur == 0
    assert q.rows()[0][0] == "No, keep them"
    dev.press("a")  # no: nothing goes
    assert dev.app.screen is scr and "save" in st.files and a.prefs.speed == 0
    dev.press("a")
    dev.press("b")  # B is no as well
    assert dev.app.screen is scr and "stats" in st.files
    dev.press("a")
    dev.press("down")
    dev.press("a")
    dev.wait(2)
    assert dev.app.screen.__class__.__name__ == "MainMenu"
    assert not st.files, st.files
    assert "erased" in a.notice
    assert (a.prefs.speed, a.prefs.volume, a.prefs.four) == (2, 2, False)


def test_the_settings_defaults_are_a_new_consoles():
    from firmware import prefs
    from sim.headless import Device, MemStorage

    a = Device("pico_lcd_1_3", MemStorage()).app
    for i in range(len(prefs.ROWS)):
        assert getattr(a.prefs, prefs.ROWS[i][1]) == prefs.DEFAULTS[i], prefs.ROWS[i]


def test_about_shows_the_version():
    from sim.headless import Device, MemStorage

    dev = Device("pico_lcd_1_3", MemStorage())
    dev.hal.version = "r536-07529ab"
    scr = _settings(dev)
    _to(dev, scr, "Board and version")
    dev.press("a")
    page = dev.app.screen
    _to(dev, page, "Build")
    assert page.rows()[page.cur][1] == "r536-07529ab"
    dev.press("a")  # nothing to change
    assert dev.app.screen is page
    dev.press("b")
    assert dev.app.screen is scr


@pytest.mark.parametrize("frozen", [True, False], ids=["own firmware", "stock install"])
def test_continue_reads_the_save_once_and_keeps_its_reader_until_the_checks(monkeypatch, frozen):
    """From the Continue press to the table with its checks made: the save's header is read
    once, and the save's reader is not let go and loaded again on the way (it stays until the
    checks after the table's first frame). On the console's own firmware (modules in flash) the
    engine's setup helpers stay too; on the stock install they go after the decode and come back
    for the checks. Either way they are gone once the checks are made."""
    import builtins
    import sys

    st = MemStorage()
    dev = Device("pico_lcd_1_3", st)
    dev.press("a")
    setup_game(dev, "schieber", humans=1)
    ap = AutoPlayer(dev)
    for _ in range(20):
        ap.step()
    dev.wait(3)
    dev = Device("pico_lcd_1_3", st)  # the console off and on: Continue is the first row
    dev.wait(3)
    dev.app.hal.frozen = frozen
    loads = []
    real = builtins.__import__

    present = set(sys.modules)

    def counting(name, *args, **kw):
        present.intersection_update(sys.modules)  # what was let go since
        try:
            return real(name, *args, **kw)
        finally:
            new = [n for n in sys.modules if n not in present]
            present.update(new)
            loads.extend(n for n in new if n[:3] in ("eng", "fir"))

    headers = []

    def calls(frame, event, arg):
        code = frame.f_code
        if (
            event == "call"
            and code.co_name == "header"
            and code.co_filename.endswith("savefile.py")
        ):
            headers.append(1)

    monkeypatch.setattr(builtins, "__import__", counting)
    sys.setprofile(calls)
    try:
        dev.press("a")
        dev.wait(2)
    finally:
        sys.setprofile(None)
        monkeypatch.undo()
    play = dev.app.screen
    assert play.__class__.__name__ == "Play", dev.app.notice
    assert play.turn.saved.unchecked is None
    twice = sorted(set(n for n in loads if loads.count(n) > 1))
    if frozen:
        assert twice == [], twice
    else:
        assert twice == ["engine.jass_check", "engine.optrows", "engine.setup"], twice
    assert len(headers) == 1
    from engine.games import setup_modules

    assert setup_modules() == []
