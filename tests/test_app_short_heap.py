"""A heap short of room never costs a move: a move's autosave that runs short stays due for the
frames after it (App.save); the rules texts reach the screen as paragraphs, so no rules text
needs one piece of heap as large as itself; a frame with a key collects once, after it
(firmware.heap)."""

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


def test_an_autosave_short_of_room_stays_due_and_saves_at_the_next_frame():
    app = bare_app()
    job = Job(1)
    app.save(job)
    assert job.runs == 1 and app.due is job and app.tries == 1 and app.notice == ""
    app.idle()  # the next frame's idle runs it again: it fits now
    assert job.runs == 2 and app.due is None and app.tries == 0 and app.notice == ""


def test_an_autosave_still_short_stays_due_for_the_frames_after_and_then_saves():
    app = bare_app()
    job = Job(A._SAVE_TRIES - 1)
    app.save(job)
    for _ in range(A._SAVE_TRIES - 1):
        assert app.due is job
        app.idle()
    assert job.runs == A._SAVE_TRIES and app.due is None and app.tries == 0
    assert app.notice == ""


def test_an_autosave_that_never_fits_gives_up_after_its_frames_with_a_notice():
    app = bare_app()
    job = Job(100)
    app.save(job)
    for _ in range(A._SAVE_TRIES - 1):
        assert app.due is job
        app.idle()
    assert app.due is None and job.runs == A._SAVE_TRIES
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


@pytest.mark.parametrize("short", [1, 2])
def test_a_played_move_is_saved_even_when_its_first_autosaves_run_short(short):
    st = ShortStorage()
    dev, play, ap = table_with_a_human("shithead", storage=st, steps=4)
    slot = play.turn.saved.slot
    before = header(st.files[slot])[5]
    st.short = short
    ap.step()
    dev.wait(4)  # the frames after the move: its autosave, run again
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


def test_a_hushed_frame_holds_the_collections_every_few_kb_until_its_own_collection(
    monkeypatch,
):
    app = bare_app()
    gc = FakeGC()
    monkeypatch.setattr(H, "GC", gc)
    monkeypatch.setattr(H, "hushed", [False])
    H.start()
    assert gc.limit == H.THRESHOLD
    H.hush()  # a key or a screen change: one collection, after the frame
    assert gc.limit == -1 and H.hushed[0]
    n = gc.collections
    app.idle()
    assert gc.collections == n + 1 and gc.limit == H.THRESHOLD and not H.hushed[0]


def no_room_for_tables(monkeypatch):
    """Every table built runs out of heap, as Schieber with four strong bots does on the stock
    install at 320x240 (firmware.play is held as a boot module meanwhile, so the patch stays)."""
    import firmware.play as P
    from firmware import lifetimes

    monkeypatch.setitem(lifetimes._BOOT, "firmware.play", 1)

    def short(self, *a):
        raise MemoryError("memory allocation failed, allocating 600 bytes")

    monkeypatch.setattr(P.Play, "__init__", short)


def test_a_table_with_strong_bots_that_does_not_fit_returns_to_the_menu_saying_why(monkeypatch):
    no_room_for_tables(monkeypatch)
    dev = Device("pico_display_2", MemStorage())
    app = dev.app
    dev.press("a")
    assert app.screen.__class__.__name__ == "MainMenu"
    before = dict(dev.storage.files)
    app.start("schieber", [0, 3, 3, 3], ["Anna", "Ben", "Cleo", "Dev"], {}, 5)
    dev.wait(3)
    assert app.screen.__class__.__name__ == "MainMenu"  # no error screen, no crash
    assert "Not enough memory for this table" in app.notice
    assert "choose Bot good for its strong seats" in app.notice
    assert dev.storage.files == before  # no slot taken by a game that never started
    assert app.game_id is None


def test_a_continued_game_that_does_not_fit_stays_in_its_slot(monkeypatch):
    dev, play, ap = table_with_a_human("shithead", steps=4)
    slot = play.turn.saved.slot
    saved = dev.storage.files[slot]
    no_room_for_tables(monkeypatch)
    dev.app.menu()
    dev.wait(3)
    dev.app.notice = ""
    dev.app.resume(slot)
    dev.wait(3)
    assert dev.app.screen.__class__.__name__ == "MainMenu"
    assert dev.app.notice == "Not enough memory for this table."
    assert dev.storage.files[slot] == saved  # the game waits in its slot, unchanged


def test_bots_that_find_no_room_beside_the_tables_drawing_are_made_without_it(monkeypatch):
    """The bots' module finds no block large enough while the table's drawing is loaded: the
    drawing goes, the bots are made, the drawing comes back, and the game plays on."""
    dev = Device("pico_lcd_1_3", MemStorage())
    dev.press("a")
    setup_game(dev, "screw", humans=0, speed="instant")
    play = dev.app.screen
    t = play.turn
    t.bots.seats[:] = [None] * len(t.kinds)  # as before the first bot acts
    bots_class = type(t.bots)
    make = bots_class.bot
    tries = []

    def short(self, kinds, s):
        tries.append(play.parts is not None)
        if play.parts is not None:
            raise MemoryError("memory allocation failed, allocating 3919 bytes")
        return make(self, kinds, s)

    monkeypatch.setattr(bots_class, "bot", short)
    moves = t.moves
    dev.wait(3)
    monkeypatch.undo()
    assert tries[:2] == [True, False]  # short beside the drawing, made without it
    assert play.parts is not None and dev.app.screen is play  # the drawing is back
    assert t.moves > moves and any(b is not None for b in t.bots.seats)
    dev.wait(20)
    assert t.moves > moves + 3
