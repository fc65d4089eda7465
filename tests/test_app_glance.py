"""The table a player reads at a glance (issue 56): the selected row of a list reads at once,
the table's prompt and the hand-over's recap come in whole sentences with a marker when there are
more parts, help names only the board's buttons, settings offer only what the board has."""

from sim.headless import Device
from tools.screens import walk


def drawn_on(board, act):
    """The strings drawn (screen, text) while act(dev) runs on a fresh board at its menu."""
    rec = walk.Recorder()
    holder = {}
    rec.install(holder)
    try:
        dev = holder["dev"] = Device(board)
        dev.press("a")
        rec.drawn.clear()
        act(dev)
    finally:
        rec.undo()
    return [s for scr, s in rec.drawn], rec


def to_label(dev, label):
    scr = dev.app.screen
    for _ in range(len(scr.rows())):
        if scr.rows()[scr.cur][0] == label:
            return scr
        dev.press("down")
    raise AssertionError(label)


def test_the_selected_setup_row_shows_its_value_at_once_and_the_help_its_whole_wording():
    """Schieber's "Target auto (1000/2500)" on the 240x135 panel: selected, it reads "Target"
    and "auto" in the same frame (no marquee), and the help under the list starts with the
    whole row."""

    def act(dev):
        menu = dev.app.screen
        to_row = [it[1] for it in menu.items].index("schieber")
        for _ in range(to_row):
            dev.press("down")
        dev.press("a")
        to_label(dev, "Target")
        dev.wait(1)

    got, rec = drawn_on("pico_lcd_1_14", act)
    assert "Target" in got and "auto" in got
    assert "Target: auto" in got and "(1000/2500)" in got  # the help: the whole row first
    assert not rec.problems(), rec.problems()


def test_a_prompt_part_holds_whole_sentences_and_a_marker_shows_more_parts():
    from firmware import palette as P
    from firmware import tableview
    from firmware.gfx import Canvas

    lines, starts = tableview.sentences("Trump spades. Trick to Cleo. Ben led.", 15, 1)
    assert lines == ["Trump spades.", "Trick to Cleo.", "Ben led."] and starts == [0, 1, 2]
    lines, starts = tableview.sentences("Cards up! Ben: -1 life.", 15, 2)
    assert lines == ["Cards up!", "Ben: -1 life."] and starts == [0]
    c = Canvas(240, 135)
    top = tableview.parts(240, 135)[0]
    x = 4 + ((240 - 8) // 12 - 4) * 12  # the gap between the text and the page
    tableview.prompt(top, c, "Choose trump.", P.CREAM, 0, 0)
    assert P.HILITE not in [c.pixel(x + 4, y) for y in range(top.h)]  # one part: no marker
    tableview.prompt(top, c, "Trump spades. Trick to Cleo. Ben led.", P.CREAM, 0, 0)
    lit = [y for y in range(top.h) if c.pixel(x + 4, y) == P.HILITE]
    assert lit and max(lit) < top.h // 2  # the first of three parts
    tableview.prompt(top, c, "Trump spades. Trick to Cleo. Ben led.", P.CREAM, 0, 2 * 2500)
    lit = [y for y in range(top.h) if c.pixel(x + 4, y) == P.HILITE]
    assert lit and min(lit) > top.h // 2  # the last


def test_a_recap_part_starts_at_an_entry_never_inside_one():
    from firmware.overlay import packed

    news = ["Ben played 7", "Cleo swapped A into the face-up row", "Dev is ready"]
    lines, starts = packed(news, 19, 2)
    heads = [lines[a] for a in starts]
    assert heads == ["Ben played 7", "Cleo swapped A into", "Dev is ready"], (lines, starts)


def test_the_name_editor_names_only_the_buttons_of_the_display_pack_2():
    def act(dev):
        dev.press("a")  # the first game's setup
        st = dev.app.screen
        while st.layout()[st.cur][0] != "name":
            dev.press("down")
        dev.press("a")
        assert dev.app.screen.__class__.__name__ == "NamePicker"

    got, rec = drawn_on("pico_display_2", act)
    assert "Up/down: move  A: take" in got and "B: erase" in got
    assert not [s for s in got if "START" in s or "L/R" in s], got
    got, rec = drawn_on("pico_lcd_1_3", act)  # a board with a joystick: its press is START
    assert "L/R: move  A: take" in got and "B: erase  START: OK" in got


def test_the_number_editor_says_up_down_only_where_the_board_has_no_left_right():
    def act(dev):
        menu = dev.app.screen
        for _ in range([it[1] for it in menu.items].index("schieber")):
            dev.press("down")
        dev.press("a")
        to_label(dev, "Target")
        dev.press("a")
        assert dev.app.screen.__class__.__name__ == "NumberEdit"

    got, rec = drawn_on("pico_display_2", act)
    assert "Up/down: change" in got and not [s for s in got if "L/R" in s]
    got, rec = drawn_on("ili9341_breadboard", act)
    assert "Up/down 1, L/R 10" in got


def test_settings_offer_sound_only_with_a_buzzer_and_the_wiring_apart():
    from firmware.settings import Settings

    dev = Device("pico_lcd_1_3")  # no piezo
    labels = [r[0] for r in Settings(dev.app).rows()]
    assert "Sound" not in labels and "Display link" not in labels
    assert "Board and version" in labels
    dev.hal.sound = object()  # a board with a piezo
    s = Settings(dev.app)
    labels = [r[0] for r in s.rows()]
    assert "Sound" in labels
    i = labels.index("Sound")
    was = dev.app.prefs.volume
    s.adjust(i, 1)
    assert dev.app.prefs.volume != was


def test_settings_saved_with_the_old_rows_still_load():
    """The settings file is the same whatever rows the screen shows: an old file with the link
    and the volume keeps both."""
    from sim.headless import MemStorage

    st = MemStorage()
    dev = Device("pico_lcd_1_3", st)
    a = dev.app
    a.prefs.safe_link, a.prefs.volume, a.prefs.usb_sleep = True, 3, 1
    a.prefs.save(a)
    b = Device("pico_lcd_1_3", st).app
    assert (b.prefs.safe_link, b.prefs.volume, b.prefs.usb_sleep) == (True, 3, 1)


def test_the_simulator_legend_names_only_the_board_keys():
    from boards import load
    from sim.window import keymap_text

    two = " ".join(keymap_text(load("pico_display_2")))
    assert "START" not in two and "joystick" not in two and "X (up)" in two
    assert "Enter: START" in keymap_text(load("pico_lcd_1_3"))
    assert "Enter: START" not in keymap_text(load("ili9341_breadboard"))


def test_a_list_opened_anew_shows_the_first_page_of_its_help_a_whole_turn():
    """The help's first page (where a short row's whole wording stands) stays HELP_MS on a list
    just opened, not turned at its first frame."""
    from firmware.listui import HELP_MS

    dev = Device("pico_lcd_1_14")
    dev.press("a")
    dev.skip(3 * HELP_MS)  # a while at the menu: the clock is well past one turn
    dev.wait(1)
    menu = dev.app.screen
    for _ in range([it[0] for it in menu.items].index("settings")):
        dev.press("down")
    dev.press("a")
    st = dev.app.screen
    dev.wait(3)
    assert st.help_pages > 1 and st.rolled[2] == 0, (st.help_pages, st.rolled)
    dev.skip(HELP_MS)
    dev.wait(2)
    assert st.rolled[2] == 1
