"""A heap too broken up for one allocation never costs a move or a screen: a move's autosave
that runs short is tried again and otherwise stays due (App.save); the rules texts reach the
screen as paragraphs, so no rules text needs one piece of heap as large as itself."""

import sys

import pytest

from engine import games
from firmware import app as A
from firmware import heap as H
from firmware.rules import text as rules_text
from firmware.savefile import header
from sim.autoplay import AutoPlayer, setup_game
from sim.headless import Device, MemStorage


class Job:
    """A due autosave that fails for want of room the first `short` times it runs."""

    def __init__(self, short):
        self.short = short
        self.runs = 0

    def __call__(self):
        self.runs += 1
        if self.runs <= self.short:
            raise MemoryError("memory allocation failed, allocating 1280 bytes")


def bare_app():
    dev = Device("pico_lcd_1_3", MemStorage())
    return dev.app


def test_an_autosave_short_of_room_once_is_tried_again_after_a_collection_at_once():
    app = bare_app()
    job = Job(1)
    app.save(job)
    assert job.runs == 2 and app.due is None and app.tries == 0 and app.notice == ""


def test_an_autosave_still_short_stays_due_for_the_next_frame_and_then_saves():
    app = bare_app()
    job = Job(3)
    app.save(job)
    assert job.runs == 2 and app.due is job and app.tries == 1
    app.idle()  # the next frame's idle runs it again: it fits now
    assert job.runs == 4 and app.due is None and app.tries == 0 and app.notice == ""


def test_an_autosave_that_never_fits_gives_up_after_its_frames_with_a_notice():
    app = bare_app()
    job = Job(100)
    app.save(job)
    for _ in range(A._SAVE_TRIES - 1):
        assert app.due is job
        app.idle()
    assert app.due is None and job.runs == 2 * A._SAVE_TRIES
    assert "could not be saved" in app.notice


def table_with_a_human(gid="schieber", storage=None, steps=0):
    """A 240x240 console at a table of gid with one human seat, its turn and its hand on the
    panel, after `steps` moves (bots at instant speed)."""
    dev = Device("pico_lcd_1_3", storage if storage is not None else MemStorage())
    dev.press("a")
    setup_game(dev, gid, humans=1, speed="instant")
    play = dev.app.screen
    ap = AutoPlayer(dev, seed=5 if not steps else 3)
    for _ in range(steps):
        ap.step()
    while play.turn.panel is not None or not play.turn.interactive():
        ap.step()
    dev.wait(3)
    assert dev.app.screen is play and play.__class__.__name__ == "Play"
    return dev, play, ap


class ShortStorage(MemStorage):
    """Storage whose next `short` writes run out of memory, as littlefs's file buffer did."""

    short = 0

    def write(self, name, data):
        if self.short:
            self.short -= 1
            raise MemoryError("memory allocation failed, allocating 1148 bytes")
        MemStorage.write(self, name, data)


@pytest.mark.parametrize("short", [1, 2, 3])
def test_a_played_move_is_saved_even_when_its_first_autosaves_run_short(short):
    st = ShortStorage()
    dev, play, ap = table_with_a_human("shithead", storage=st, steps=4)
    slot = play.turn.slot
    before = header(st.files[slot])[5]
    st.short = short
    ap.step()
    dev.wait(4)  # the frames after the move: its autosave, tried again
    assert st.short == 0
    assert dev.app.screen is play  # no error screen, the game goes on
    after = header(st.files[slot])[5]
    assert after > before
    from firmware.savefile import save_bytes

    assert st.files[slot] == bytes(save_bytes(play.turn)), "the save holds the latest move"


@pytest.mark.parametrize("gid", [e[games.ID] for e in games.CATALOGUE])
def test_every_rules_text_is_paragraphs_of_at_most_500_characters(gid):
    t = rules_text(gid)
    assert isinstance(t, tuple) and len(t) >= 3
    assert all(isinstance(p, str) and 0 < len(p) <= 500 for p in t)
    # one blank line between paragraphs on the screen: each ends in a newline but the last
    assert all(p.endswith("\n") for p in t[:-1]) and not t[-1].endswith("\n")
    assert sum(len(p) for p in t) > 500  # a real summary, not the fallback


def test_a_rules_text_shows_its_paragraphs_with_a_blank_line_between_them():
    from firmware.textui import TextScreen

    app = bare_app()
    s = TextScreen(app, "Rules", rules_text("schieber"))
    c = app.canvas
    lines = [s.line(i) for i in range(s.count(c))]
    assert lines[0].startswith("Schieber Jass:")
    assert lines.count("") == len(rules_text("schieber")) - 1
    joined = " ".join(x for x in lines if x)
    assert "Weis: in the first trick" in joined and "house rules." in joined


class FakeGC:
    """MicroPython's gc as App uses it (CPython's needs no help, so App leaves it alone)."""

    def __init__(self):
        self.collections = 0

    def collect(self):
        self.collections += 1

    def threshold(self, n):
        self.limit = n

    def mem_free(self):
        return 100000

    def mem_alloc(self):
        return 100000


def test_the_spare_block_is_kept_through_frames_and_let_go_only_for_a_try_after_a_failure(
    monkeypatch,
):
    app = bare_app()
    assert H.spare[0] is None  # CPython: no help needed, no spare
    gc = FakeGC()
    monkeypatch.setattr(H, "GC", gc)
    monkeypatch.setattr(H, "hushed", [True])
    monkeypatch.setattr(H, "spare", [None])
    app.idle()  # the first frame's collection takes it, next to the canvas
    held = H.spare[0]
    assert isinstance(held, bytearray) and len(held) == H.SPARE
    H.hush()  # a key or a screen change
    app.idle()
    app.save(Job(0))  # a move's autosave that fits
    assert H.spare[0] is held, "kept where it was taken"
    app.save(Job(1))  # one that runs short: the second try has the spare's room
    assert H.spare[0] is None
    H.hushed[0] = True
    app.idle()  # the next collection takes it again
    assert isinstance(H.spare[0], bytearray) and H.spare[0] is not held
    H.start()  # a new App: none until its first collection
    assert H.spare[0] is None and gc.limit == H.THRESHOLD


def test_retry_makes_once_more_after_freeing_when_the_first_try_runs_short():
    made, freed = [], []

    def make(arg):
        made.append(arg)
        if len(made) == 1:
            raise MemoryError("memory allocation failed, allocating 1148 bytes")
        return "built"

    assert H.retry(make, lambda: freed.append(len(made)), 7) == "built"
    assert made == [7, 7] and freed == [1], "freed between the two tries, once"


def test_retry_lets_a_second_memory_error_through_after_exactly_two_tries():
    made, freed = [], []

    def make():
        made.append(1)
        raise MemoryError("memory allocation failed, allocating 1148 bytes")

    with pytest.raises(MemoryError):
        H.retry(make, lambda: freed.append(1))
    assert len(made) == 2 and len(freed) == 1


def test_retry_frees_nothing_when_the_first_try_fits_and_lets_other_errors_through():
    freed = []
    assert H.retry(lambda: 3, lambda: freed.append(1)) == 3
    with pytest.raises(ValueError):
        H.retry(lambda a: int(a), lambda: freed.append(1), "x")
    assert freed == []


def canvas_bytes(dev):
    return bytes(dev.app.canvas.buf)


def test_a_pause_menu_with_no_room_opens_once_the_table_lets_go_of_its_drawing(monkeypatch):
    import builtins

    dev, play, _ = table_with_a_human()
    before = canvas_bytes(dev)
    real = builtins.__import__
    calls = []

    def short_once(name, *args, **kw):
        if name == "firmware.pause":
            calls.append(1)
            if len(calls) == 1:
                raise MemoryError("memory allocation failed, allocating 1148 bytes")
        return real(name, *args, **kw)

    monkeypatch.setattr(builtins, "__import__", short_once)
    dev.press("start")
    dev.wait(1)
    monkeypatch.setattr(builtins, "__import__", real)
    assert len(calls) >= 2
    assert dev.app.screen.__class__.__name__ == "Pause"
    assert play.parts is None
    # let go while the pause menu is up (firmware.lifetimes drops what no screen needs)
    assert "firmware.tableview" not in dev.app.screen.needs()
    assert not [m for m in dev.app.screen.needs() if m.startswith("firmware.tables.")]
    dev.press("a")  # Resume: the table and its drawing come back as they were
    dev.wait(2)
    assert dev.app.screen is play and play.parts is not None
    assert "firmware.tableview" in play.needs()
    assert canvas_bytes(dev) == before


@pytest.mark.parametrize("entry", [1, 2, 3, 4])
def test_a_pause_entry_with_no_room_runs_once_the_table_lets_go_of_its_drawing(monkeypatch, entry):
    dev, play, _ = table_with_a_human()
    dev.press("start")
    dev.wait(1)
    pause = dev.app.screen
    assert pause.__class__.__name__ == "Pause"
    PM = sys.modules[type(pause).__module__]
    real = PM.Pause.open
    calls = []

    def short_once(self, i):
        calls.append(i)
        if len(calls) == 1:
            raise MemoryError("memory allocation failed, allocating 1148 bytes")
        return real(self, i)

    monkeypatch.setattr(PM.Pause, "open", short_once)
    while pause.cur != entry:
        dev.press("down")
    dev.press("a")
    dev.wait(2)
    assert calls == [entry, entry] and play.parts is None
    name = dev.app.screen.__class__.__name__
    if entry == 4:  # save and quit: saved, at the menu
        assert name == "MainMenu"
        assert header(dev.app.hal.storage.files[play.turn.slot])[0] == "schieber"
    else:
        # Schieber's "Scores and signs" is its score board (firmware.jassboard)
        assert name == ("Board" if entry == 1 else "TextScreen")
        dev.press("b")  # back to the pause menu, then to the table
        dev.wait(1)
        assert dev.app.screen is pause
        dev.press("b")
        dev.wait(2)
        assert dev.app.screen is play and play.parts is not None


def test_a_frame_whose_drawing_runs_short_draws_the_whole_screen_again(monkeypatch):
    dev, play, _ = table_with_a_human()
    dev.press("down")  # the cursor on another card
    dev.wait(1)
    before = canvas_bytes(dev)
    dev.press("up")
    dev.wait(1)
    tv = sys.modules["firmware.tableview"]
    real = tv.hand_page
    calls = []

    def short_once(p, c, *rest):
        calls.append(1)
        if len(calls) == 1:
            c.fill_rect(0, 0, 40, 40, 0)  # half drawn when it ran short
            raise MemoryError("memory allocation failed, allocating 1148 bytes")
        return real(p, c, *rest)

    monkeypatch.setattr(tv, "hand_page", short_once)
    dev.press("down")
    dev.wait(1)
    assert len(calls) == 2 and dev.app.screen is play
    assert canvas_bytes(dev) == before


def test_releasing_modules_that_runs_short_is_tried_once_more_with_the_spares_room(monkeypatch):
    app = bare_app()
    lt = sys.modules[A.App.tidy.__module__].lifetimes
    real = lt.release
    calls = []

    def short_once(keep):
        calls.append(1)
        if len(calls) == 1:
            raise MemoryError("memory allocation failed, allocating 184 bytes")
        return real(keep)

    monkeypatch.setattr(lt, "release", short_once)
    app.moved = True
    assert app.tidy() is True
    assert len(calls) == 2 and app.moved is False
