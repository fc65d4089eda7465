"""No silent failure: storage that cannot be written (a full file system) is said at the first
autosave that fails, in words, with what the player can do; the game goes on; "Save and quit"
never drops the match without asking, "back to the game" first. The same on the emulated Pico
with its file system filled up: tests/test_device_storage_full.py."""

from sim.autoplay import AutoPlayer, setup_game
from sim.headless import Device
from sim.memstore import MemStorage


class FullStorage(MemStorage):
    """Reads what it holds; every write fails as littlefs does when full (OSError ENOSPC)."""

    full = True

    def write(self, name, data):
        if self.full:
            raise OSError(28, "ENOSPC")
        MemStorage.write(self, name, data)


def _table(st):
    dev = Device("pico_lcd_1_3", st)
    dev.press("a")
    setup_game(dev, "screw", humans=1, speed="instant")
    play = dev.app.screen
    assert play.__class__.__name__ == "Play"
    return dev, play


def _title(dev):
    t = dev.app.screen.ttl
    return t[0] if isinstance(t, tuple) else t


def test_the_first_failed_autosave_is_said_at_once_and_the_game_goes_on():
    st = FullStorage()
    dev, play = _table(st)
    ap = AutoPlayer(dev)
    for _ in range(200):
        if dev.app.screen is not play:
            break
        ap.step()
    scr = dev.app.screen
    assert scr.__class__.__name__ == "TextScreen" and _title(dev) == "Cannot save"
    assert "storage is full" in scr.text and "keep playing" in scr.text
    assert "Abandon" in scr.text  # what to do about it
    assert scr.below() is play
    dev.press("b")
    assert dev.app.screen is play
    moves = play.turn.moves
    for _ in range(60):  # the game goes on; the failure is not said again every move
        ap.step()
        assert dev.app.screen is play or play.turn.game.over
    assert play.turn.moves > moves
    st.full = False  # room again: the next autosave keeps the game
    for _ in range(30):
        ap.step()
        if "save" in st.files:
            break
    assert "save" in st.files and not play.turn.saved.failed


def test_save_and_quit_that_cannot_save_asks_and_goes_back_to_the_game_first():
    st = FullStorage()
    dev, play = _table(st)
    play.turn.saved.failed = True  # (told already: the question comes alone)
    for _ in range(3):
        if dev.app.screen.__class__.__name__ == "Pause":
            break
        dev.press("b")
    pause = dev.app.screen
    while pause.rows()[pause.cur][0] != "Save and quit":
        dev.press("down")
    dev.press("a")
    q = dev.app.screen
    assert q.__class__.__name__ == "Confirm"
    assert q.rows()[0][0] == "No, back to the game" and q.cur == 0
    assert "Quitting now loses it" in q.help(0)
    dev.press("a")  # the first answer
    assert dev.app.screen is pause
    dev.press("b")
    assert dev.app.screen is play and not play.turn.game.over
    dev.press("b")
    pause = dev.app.screen
    while pause.rows()[pause.cur][0] != "Save and quit":
        dev.press("down")
    dev.press("a")
    dev.press("b")  # B is no as well
    assert dev.app.screen is pause
    dev.press("a")
    dev.press("down")
    dev.press("a")  # yes: quit without saving
    dev.wait(2)
    assert dev.app.screen.__class__.__name__ == "MainMenu"


def test_sim_saves_refuses_a_file_in_one_line(tmp_path):
    import subprocess
    import sys

    from tests.conftest import ROOT

    f = tmp_path / "notafolder"
    f.write_text("x")
    p = subprocess.run(
        [sys.executable, "-m", "sim", "--headless", "--saves", str(f)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert p.returncode == 2 and "must be a folder" in p.stderr and "Traceback" not in p.stderr
