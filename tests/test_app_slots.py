"""No lost game: three save slots named by game, players and move; a new game never silently
takes the place of a saved one; Abandon and Replace ask first, with B as the safe answer; the
single-slot save of older firmware still loads."""

from engine import games
from firmware.savefile import SLOTS, header
from sim.autoplay import AutoPlayer, setup_game
from sim.headless import Device, MemStorage


def menu_of(st):
    dev = Device("pico_lcd_1_3", st)
    dev.press("a")
    assert dev.app.screen.__class__.__name__ == "MainMenu"
    return dev


def save_and_quit(dev):
    dev.press("start")
    pause = dev.app.screen
    assert pause.__class__.__name__ == "Pause"
    while pause.cur != 4:
        dev.press("down")
    dev.press("a")
    assert dev.app.screen.__class__.__name__ == "MainMenu"


def play_a_little(st, gid, steps=3):
    dev = menu_of(st)
    setup_game(dev, gid, humans=1, speed="instant")
    ap = AutoPlayer(dev, seed=1)
    for _ in range(steps):
        ap.step()
    save_and_quit(dev)
    return dev


def test_saves_survive_starting_other_games_and_continue_names_them():
    st = MemStorage()
    play_a_little(st, "shithead")
    play_a_little(st, "schieber")
    dev = play_a_little(st, "screw")
    assert sorted(k for k in st.files if k in SLOTS) == sorted(SLOTS)
    ids = sorted(header(st.files[k])[0] for k in SLOTS)
    assert ids == ["schieber", "screw", "shithead"]
    rows = dev.app.screen.rows()
    # the one played last comes first, one A from the menu continues it
    assert [r[0] for r in rows[:3]] == [
        "Continue Screw",
        "Continue Schieber Jass",
        "Continue Shithead (Palace)",
    ]
    assert rows[0][1].startswith("move ")
    assert "Anna" in dev.app.screen.help(0) and "bot Ben" in dev.app.screen.help(0)
    dev.press("a")
    dev.wait(1)
    assert dev.app.screen.__class__.__name__ == "Play" and dev.app.screen.turn.gid == "screw"


def test_a_continued_game_comes_first_once_it_is_saved_again():
    """Continue gives the game the stamp after every save's at its first save (worked out
    then, not when the press continues it): continued from the last entry and saved, it is
    the first entry; continued and left unplayed, the order stays."""
    st = MemStorage()
    play_a_little(st, "shithead")
    play_a_little(st, "schieber")
    dev = play_a_little(st, "screw")
    rows = [r[0] for r in dev.app.screen.rows()[:3]]
    assert rows[2] == "Continue Shithead (Palace)", rows
    while dev.app.screen.rows()[dev.app.screen.cur][0] != "Continue Shithead (Palace)":
        dev.press("down")
    dev.press("a")
    dev.wait(1)
    play = dev.app.screen
    assert play.__class__.__name__ == "Play" and play.turn.gid == "shithead"
    assert play.turn.saved.stamp == 0  # no slot was read for it
    AutoPlayer(dev, seed=2).step()
    save_and_quit(dev)
    rows = [r[0] for r in dev.app.screen.rows()[:3]]
    assert rows == [
        "Continue Shithead (Palace)",
        "Continue Screw",
        "Continue Schieber Jass",
    ], rows
    stamps = sorted(header(st.files[k])[4] for k in SLOTS)
    assert len(set(stamps)) == 3


def test_with_every_slot_full_a_new_game_asks_which_to_replace_and_b_keeps_them_all():
    st = MemStorage()
    for gid in ("shithead", "schieber", "screw"):
        play_a_little(st, gid)
    before = dict(st.files)
    dev = menu_of(st)
    setup_game(dev, "popcorn", humans=1, speed="instant")
    scr = dev.app.screen
    assert scr.__class__.__name__ == "ReplaceSave"
    assert [r[0] for r in scr.rows()] == ["Screw", "Schieber Jass", "Shithead (Palace)", "Cancel"]
    dev.press("down")  # Schieber
    dev.press("a")
    conf = dev.app.screen
    assert conf.__class__.__name__ == "Confirm" and conf.cur == 0  # on "No"
    assert "Schieber" in conf.help(0) and "B: No" in conf.help(0)
    dev.press("b")  # B: no
    assert dev.app.screen is scr
    dev.press("a")
    dev.press("a")  # A on "No, keep it"
    assert dev.app.screen is scr
    for k in before:
        assert st.files.get(k) == before[k]
    dev.press("a")
    dev.press("down")
    dev.press("a")  # yes: replace Schieber
    dev.wait(2)
    play = dev.app.screen
    assert play.__class__.__name__ == "Play" and play.turn.gid == "popcorn"
    play.turn.autosave()
    ids = sorted(header(st.files[k])[0] for k in SLOTS)
    assert ids == ["popcorn", "screw", "shithead"]


def test_abandon_asks_first_and_b_keeps_the_game():
    st = MemStorage()
    dev = menu_of(st)
    setup_game(dev, "screw", humans=1, speed="instant")
    ap = AutoPlayer(dev, seed=1)
    for _ in range(3):
        ap.step()
    play = dev.app.screen
    play.turn.autosave()
    dev.press("start")
    dev.press("up")  # Up wraps from Resume onto the last row
    pause = dev.app.screen
    while not pause.rows()[pause.cur][0].startswith("Abandon"):
        dev.press("up")
    assert pause.rows()[pause.cur][0].startswith("Abandon")
    dev.press("a")
    assert dev.app.screen.__class__.__name__ == "Confirm"
    dev.press("a")  # the cursor starts on "No"
    assert dev.app.screen.__class__.__name__ == "Pause" and "save" in st.files
    dev.press("a")
    dev.press("b")  # B is no too
    assert dev.app.screen.__class__.__name__ == "Pause" and "save" in st.files
    dev.press("a")
    dev.press("down")
    dev.press("a")  # yes
    assert dev.app.screen.__class__.__name__ == "MainMenu"
    assert "save" not in st.files


def test_an_old_single_slot_save_still_continues_from_the_first_entry():
    """A CSV1 file called "save" (older firmware, and the device tests that inject one) is
    continued by one A on the first menu entry."""
    from engine.codec import Writer

    g = games.new_game("screw", 2, 5, {})
    w = Writer()
    w.buf.extend(b"CSV1")
    w.text("screw")
    w.u8(2)
    for kind, name in ((0, "Anna"), (1, "Ben")):
        w.u8(kind)
        w.text(name)
    w.u32(5)
    st = MemStorage()
    st.files["save"] = w.data() + g.encode()
    dev = menu_of(st)
    assert dev.app.screen.rows()[0][0] == "Continue Screw"
    dev.press("a")
    dev.wait(1)
    play = dev.app.screen
    assert play.__class__.__name__ == "Play" and play.turn.game.encode() == g.encode()
    assert play.turn.names == ["Anna", "Ben"] and play.turn.saved.slot == "save"
    assert play.turn.log, "the message lines say the game was continued"
    play.turn.autosave()
    assert st.files["save"][:4] == b"CSV3"  # written in the new format from then on


def test_a_new_game_takes_the_free_slot_between_saves_and_comes_first():
    # the setup finds the slot itself (App.free_slot) and the stamp is worked out by the first
    # autosave: the new game goes to the one free slot and is the one played last
    st = MemStorage()
    play_a_little(st, "shithead")
    play_a_little(st, "schieber")
    play_a_little(st, "screw")
    middle = [k for k in SLOTS if header(st.files[k])[0] == "schieber"][0]
    del st.files[middle]
    dev = play_a_little(st, "shithead")
    assert header(st.files[middle])[0] == "shithead"
    assert sorted(k for k in st.files if k in SLOTS) == sorted(SLOTS)
    rows = dev.app.screen.rows()
    assert [r[0] for r in rows[:3]] == [
        "Continue Shithead (Palace)",
        "Continue Screw",
        "Continue Shithead (Palace)",
    ]
    stamps = sorted(header(st.files[k])[4] for k in SLOTS)
    assert header(st.files[middle])[4] == stamps[-1] > stamps[-2]
