"""firmware/main.py on CPython with a fake Hal: frame pacing, fatal errors on screen, way back."""

from firmware import keys
from firmware import main
from firmware.hal import Hal


class FakeDisplay:
    def __init__(self):
        self.messages = []
        self.shows = 0

    def show(self, canvas, x, y, w, h):
        self.shows += 1

    def brightness(self, p):
        pass

    def message(self, lines):
        self.messages.append(list(lines))


class Script:
    def __init__(self, masks):
        self.masks = list(masks)

    def read(self):
        return self.masks.pop(0) if self.masks else 0


class MemStore:
    def __init__(self):
        self.files = {}

    def write(self, name, data):
        self.files[name] = bytes(data)

    def read(self, name):
        return self.files.get(name)


def make_hal(masks=()):
    clock = [0]
    sleeps = []

    def sleep(ms):
        sleeps.append(ms)
        clock[0] += ms

    hal = Hal("fake", 240, 240, FakeDisplay(), Script(masks), lambda: clock[0], sleep, MemStore())
    return hal, sleeps, clock


class CountingApp:
    made = 0

    def __init__(self, hal):
        CountingApp.made += 1
        self.ticks = []

    def tick(self, mask, now):
        self.ticks.append((mask, now))


def test_loop_ticks_the_app_with_buttons_and_paces_frames():
    hal, sleeps, clock = make_hal([0, keys.A, 0])
    app, errors = main.run(hal, max_frames=5, app_class=CountingApp)
    assert errors == 0
    assert [m for m, _ in app.ticks] == [0, keys.A, 0, 0, 0]
    assert [t for _, t in app.ticks] == [0, 33, 66, 99, 132]
    assert sleeps == [main.FRAME_MS] * 5


class SlowApp(CountingApp):
    def __init__(self, hal):
        CountingApp.__init__(self, hal)
        self.hal = hal

    def tick(self, mask, now):
        self.hal.sleep_ms(50)  # a frame that takes longer than the budget: no extra wait


def test_a_slow_frame_is_not_padded():
    hal, sleeps, _ = make_hal()
    main.run(hal, max_frames=3, app_class=SlowApp)
    assert sleeps == [50, 50, 50]


class Crashing:
    made = 0
    fatal_calls = []

    def __init__(self, hal):
        Crashing.made += 1
        self.n = 0

    def tick(self, mask, now):
        self.n += 1
        if Crashing.made == 1 and self.n == 3:
            raise ValueError("broken screen")

    def fatal(self, message):
        Crashing.fatal_calls.append(message)


def test_an_error_goes_to_the_apps_error_screen_first():
    Crashing.made = 0
    Crashing.fatal_calls = []
    hal, _, _ = make_hal()
    seen = []
    app, errors = main.run(hal, max_frames=10, app_class=Crashing, on_error=seen.append)
    assert errors == 1 and isinstance(seen[0], ValueError)
    assert Crashing.fatal_calls == ["ValueError: broken screen"]
    assert Crashing.made == 1 and app.n == 10  # the same app carries on (its screen shows it)
    assert hal.display.messages == []


class OutOfMemory:
    made = 0

    def __init__(self, hal):
        OutOfMemory.made += 1
        self.n = 0

    def tick(self, mask, now):
        self.n += 1
        if OutOfMemory.made == 1 and self.n == 2:
            raise MemoryError("memory allocation failed")

    def fatal(self, message):
        raise AssertionError("a MemoryError must not go through the app")


def test_memory_error_shows_a_message_and_a_press_of_a_restarts_the_menu():
    OutOfMemory.made = 0
    # frames: 1 ok, 2 MemoryError; then A still held (ignored), released, B (ignored), A -> new app
    masks = [0, 0, keys.A, 0, keys.B, keys.A, 0, 0, 0]
    hal, _, _ = make_hal(masks)
    app, errors = main.run(hal, max_frames=9, app_class=OutOfMemory)
    assert errors == 1
    assert len(hal.display.messages) == 1
    text = "\n".join(hal.display.messages[0])
    assert "MemoryError" in text and "Press A" in text
    assert b"MemoryError" in hal.storage.files["error"]
    assert OutOfMemory.made == 2 and app is not None and app.n == 3


class AlwaysFails:
    def __init__(self, hal):
        raise RuntimeError("cannot even start")


def test_an_app_that_cannot_start_never_hangs_silently():
    hal, sleeps, _ = make_hal([0] * 3 + [keys.A] + [0] * 10)
    app, errors = main.run(hal, max_frames=12, app_class=AlwaysFails)
    assert app is None and errors == 2  # once at boot, once after A
    assert len(hal.display.messages) == 2
    assert len(sleeps) == 12  # the loop kept running (and pacing)


def test_error_lines_fit_and_name_the_error():
    lines = main.error_lines(MemoryError())
    assert lines[1] == "MemoryError" and "Out of memory." in lines
    assert lines[-1] == "Press A for the menu."


def test_the_wait_between_frames_ends_when_a_press_is_caught():
    from firmware import main

    slept = []

    class Btn:
        n = 0

        def pending(self):
            return len(slept) >= 3

    class H:
        buttons = Btn()

        def sleep_ms(self, ms):
            slept.append(ms)

    main.wait(H(), 33)
    assert slept == [main.WAIT_STEP_MS] * 3
    slept[:] = []

    class Plain:
        buttons = object()

        def sleep_ms(self, ms):
            slept.append(ms)

    main.wait(Plain(), 33)
    assert slept == [33]


def test_a_caught_press_puts_the_frames_garbage_collection_off():
    hal, sleeps, clock = make_hal()
    caught = [False]

    class Btn:
        def read(self):
            return 0

        def pending(self):
            return caught[0]

    class IdleApp(CountingApp):
        idles = []

        def tick(self, mask, now):
            CountingApp.tick(self, mask, now)
            caught[0] = len(self.ticks) == 2  # a press came in during the second frame

        def idle(self):
            IdleApp.idles.append(len(self.ticks))

    hal.buttons = Btn()
    main.run(hal, max_frames=4, app_class=IdleApp)
    assert IdleApp.idles == [1, 3, 4]
    assert sum(sleeps) == 3 * main.FRAME_MS  # the frame with the press waited for nothing
    assert max(sleeps) == main.WAIT_STEP_MS


def test_a_frame_that_has_more_to_show_is_followed_at_once_and_its_idle_work_waits():
    """App.more (Play: the hand-over screen right after the frame of the move that hands the
    console on): the next frame comes with no wait and no idle work (autosave, collection) in
    between; the idle work runs after that next frame, and the flag is cleared."""
    hal, sleeps, clock = make_hal()

    class MoreApp(CountingApp):
        idles = []

        def __init__(self, hal):
            CountingApp.__init__(self, hal)
            self.more = False

        def tick(self, mask, now):
            CountingApp.tick(self, mask, now)
            self.more = len(self.ticks) == 2

        def idle(self):
            MoreApp.idles.append(len(self.ticks))

    app, errors = main.run(hal, max_frames=4, app_class=MoreApp)
    assert errors == 0 and not app.more
    assert MoreApp.idles == [1, 3, 4]
    assert [t for _, t in app.ticks] == [0, 33, 33, 66]
    assert sleeps == [main.FRAME_MS] * 3


def test_a_frame_the_app_asks_for_at_a_time_comes_then_once():
    """App.wake (the hand-over's hold: the hand shows when it is long enough): the wait after a
    frame ends at that time instead of the frame's end; the request is used up, and one already
    due runs the next frame at once."""
    hal, sleeps, clock = make_hal()

    class WakeApp(CountingApp):
        def __init__(self, hal):
            CountingApp.__init__(self, hal)
            self.wake = -1

        def tick(self, mask, now):
            CountingApp.tick(self, mask, now)
            n = len(self.ticks)
            if n == 2:
                self.wake = now + 10
            elif n == 4:
                self.wake = now - 5  # already due

    app, errors = main.run(hal, max_frames=6, app_class=WakeApp)
    assert errors == 0 and app.wake == -1
    assert [t for _, t in app.ticks] == [0, 33, 43, 76, 76, 109]


def test_a_calm_screen_left_alone_gets_a_frame_every_calm_frame_ms_and_a_press_at_once():
    """App.quiet (a menu left alone): the frames come every CALM_FRAME_MS instead of FRAME_MS,
    with interrupt-driven buttons only; a press caught meanwhile still ends the wait at its next
    look (WAIT_STEP_MS)."""
    hal, sleeps, clock = make_hal()
    caught = [False]

    class Btn:
        def read(self):
            return 0

        def pending(self):
            return caught[0]

    class CalmApp(CountingApp):
        def quiet(self):
            return True

    hal.buttons = Btn()
    app, _ = main.run(hal, max_frames=3, app_class=CalmApp)
    assert [t for _, t in app.ticks] == [0, 250, 500]
    gaps = []

    class PressedApp(CalmApp):
        def tick(self, mask, now):
            CalmApp.tick(self, mask, now)
            caught[0] = len(self.ticks) == 2  # a press caught while the second frame waits

    app, _ = main.run(hal, max_frames=3, app_class=PressedApp)
    gaps = [b[1] - a[1] for a, b in zip(app.ticks, app.ticks[1:])]
    assert gaps[0] == main.DIM_FRAME_MS and gaps[1] == 0


def test_polled_buttons_keep_every_frame_on_a_calm_screen():
    """Buttons read only by a frame (no pending()): a quiet screen keeps FRAME_MS, or a press
    would wait up to CALM_FRAME_MS."""
    hal, sleeps, clock = make_hal()

    class CalmApp(CountingApp):
        def quiet(self):
            return True

    app, _ = main.run(hal, max_frames=3, app_class=CalmApp)
    assert [t for _, t in app.ticks] == [0, 33, 66]


def test_the_main_menu_left_alone_is_calm_and_a_table_never_is():
    from firmware.app import _CALM as CALM_FRAMES
    from sim.autoplay import setup_game
    from sim.headless import Device

    dev = Device("pico_lcd_1_3", title=False)
    dev.wait(CALM_FRAMES + 20)
    assert dev.app.screen.__class__.__name__ == "MainMenu" and dev.app.quiet()
    dev.press("down")
    assert not dev.app.quiet()  # a key: frames at the full rate for a while
    dev.wait(CALM_FRAMES + 1)
    assert dev.app.quiet()
    dev = Device("pico_lcd_1_3", title=False)
    setup_game(dev, "shithead", 1, 3)
    dev.wait(CALM_FRAMES + 200)
    assert dev.app.screen.__class__.__name__ == "Play" and not dev.app.quiet()


def test_a_calm_menu_is_drawn_again_only_when_what_it_shows_changes():
    """Left alone, the main menu's rows are not made again each frame; a new battery level (its
    title) or a press draws it at once, as a busy screen would be."""
    from firmware.app import _CALM as CALM_FRAMES
    from sim.headless import Device

    volts = [4.0]
    dev = Device("pico_lcd_1_3", title=False, supply=4.0)
    dev.hal.battery = lambda: volts[0]
    menu = dev.app.screen
    paints = []
    paint = menu.paint
    menu.paint = lambda c: (paints.append(1), paint(c))
    dev.wait(CALM_FRAMES + 20)
    assert dev.app.quiet()
    before = len(paints)
    dev.wait(50)
    assert len(paints) == before  # nothing changed: nothing made again
    volts[0] = 3.6
    dev.skip(10000)  # the next battery reading (firmware.power.BATTERY_MS)
    dev.wait(1)
    assert len(paints) == before + 1 and "%" in menu.title()
    dev.press("down")
    assert len(paints) >= before + 2 and menu.cur == 1


def test_a_help_page_turning_on_a_menu_left_alone_keeps_it_left_alone():
    """The main menu's help turns a page every HELP_MS where it has more lines than its place
    (Shithead's on the 240x135 panel): the turn is drawn, and the menu stays left alone (its
    frames seldom), not busy again as after a press."""
    from firmware.app import _CALM as CALM_FRAMES
    from firmware.listui import HELP_MS
    from sim.headless import Device

    dev = Device("pico_lcd_1_14", title=False)
    for _ in range(3):
        dev.press("down")
    menu = dev.app.screen
    assert menu.help_pages > 1
    dev.wait(CALM_FRAMES + 1)
    assert dev.app.quiet()
    page = menu.rolled[2]
    drawn = []
    flush = dev.app.flush
    dev.app.flush = lambda: (drawn.append(bool(dev.app.canvas.dirty)), flush())[1]
    dev.skip(HELP_MS)
    dev.wait(1)
    assert menu.rolled[2] != page and any(drawn)  # the next page, drawn
    assert dev.app.quiet()
