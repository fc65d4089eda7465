"""A heap too broken up for one allocation never costs a move or a screen: a move's autosave
that runs short is tried again and otherwise stays due (App.save); the rules texts reach the
screen as paragraphs, so no rules text needs one piece of heap as large as itself."""

import pytest

from engine import games
from firmware import app as A
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
    for _ in range(A.SAVE_TRIES - 1):
        assert app.due is job
        app.idle()
    assert app.due is None and job.runs == 2 * A.SAVE_TRIES
    assert "could not be saved" in app.notice


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
    dev = Device("pico_lcd_1_3", st)
    dev.press("a")
    setup_game(dev, "shithead", humans=1, speed="instant")
    ap = AutoPlayer(dev, seed=3)
    for _ in range(4):
        ap.step()
    dev.wait(3)
    play = dev.app.screen
    assert play.__class__.__name__ == "Play"
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
