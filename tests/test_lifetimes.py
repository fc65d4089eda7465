"""firmware.lifetimes, the owner of module lifetimes: what a kept module holds stays, what it holds
is worked out again when its globals change, a screen change's keep list never makes a boot module
droppable, and a setup loads its rules ahead only once the screen is up and no key is waiting."""

import sys
import types

import pytest

from firmware import lifetimes, tablemods


@pytest.fixture
def fresh():
    """A boot set of its own for the test (what is loaded now), the real one put back after."""
    saved = (dict(lifetimes._BOOT), dict(lifetimes._USES))
    lifetimes._BOOT.clear()
    for n in sys.modules:  # everything loaded so far is boot's: only the test's modules may go
        lifetimes._BOOT[n] = 1
    lifetimes._USES.clear()
    made = []

    def module(name, **globals_):
        m = types.ModuleType(name)
        m.__dict__.update(globals_)
        sys.modules[name] = m
        made.append(name)
        return m

    yield module
    for n in made:
        sys.modules.pop(n, None)
    lifetimes._BOOT.clear()
    lifetimes._BOOT.update(saved[0])
    lifetimes._USES.clear()
    lifetimes._USES.update(saved[1])


def _function_of(mod):
    """A function whose globals are mod's (as `from mod import f` leaves in another module)."""
    exec("def f():\n    return 1\n", mod.__dict__)
    return mod.__dict__["f"]


def test_a_module_held_through_a_class_or_a_function_stays_with_its_holder(fresh):
    b = fresh("engine.zz_b")
    c = fresh("engine.zz_c")
    fresh("engine.zz_a", f=_function_of(b), K=type("K", (), {"__module__": "engine.zz_c"}))
    assert c is not None
    dropped = lifetimes.release(["engine.zz_a"])
    assert not {"engine.zz_a", "engine.zz_b", "engine.zz_c"} & set(dropped)
    dropped = lifetimes.release([])
    assert {"engine.zz_a", "engine.zz_b", "engine.zz_c"} <= set(dropped)
    assert "engine.zz_a" not in lifetimes._USES  # forgotten with its module


def test_what_a_module_holds_is_worked_out_again_when_a_name_is_added(fresh):
    fresh("engine.zz_b")
    a = fresh("engine.zz_a")
    lifetimes.release(["engine.zz_a", "engine.zz_b"])
    a.b = sys.modules["engine.zz_b"]  # a new global: the count changes
    assert "engine.zz_b" not in lifetimes.release(["engine.zz_a"])
    del a.b
    assert "engine.zz_b" in lifetimes.release(["engine.zz_a"])


def test_a_module_loaded_anew_is_walked_anew(fresh):
    b = fresh("engine.zz_b")
    fresh("engine.zz_a", b=1)
    lifetimes.release(["engine.zz_a", "engine.zz_b"])  # zz_a walked: holds no module
    fresh("engine.zz_a", b=b)  # the same name and count of globals, loaded again
    assert "engine.zz_b" not in lifetimes.release(["engine.zz_a"])


def test_a_screen_changes_keep_list_never_makes_a_boot_module_droppable(fresh):
    fresh("firmware.zz_ui")
    fresh("firmware.zz_listui", Screen=type("Screen", (), {"__module__": "firmware.zz_ui"}))
    fresh("firmware.zz_menus")
    lifetimes._BOOT["firmware.zz_ui"] = 1
    lifetimes._BOOT["firmware.zz_listui"] = 1
    keep = lifetimes.apart(["firmware.zz_ui", "firmware.zz_menus"])
    assert keep == ["firmware.zz_menus"]
    assert not lifetimes.release(keep)  # both stay through the change
    assert "firmware.zz_ui" in lifetimes._BOOT
    # the next screen needs neither: the kept module goes, the boot one stays (the boot module's
    # class still matches it)
    assert lifetimes.release([]) == ["firmware.zz_menus"]
    assert "firmware.zz_ui" in sys.modules


def test_a_setup_loads_its_rules_only_once_it_is_drawn_and_no_key_is_waiting():
    from sim.headless import Device
    from firmware import menus
    from engine import games

    dev = Device("pico_lcd_1_3")
    s = menus.Setup(dev.app, "schieber")
    dev.app.go(s)
    assert games.options_module("schieber") in s.needs()
    assert "engine.jass" not in s.needs()  # the first frame is drawn without the rules
    dev.press("down")  # a key puts it off again
    assert not s.warmed
    left = s.keyed + menus.WARM_AFTER - dev.app.frames
    assert left > 1
    dev.wait(left - 1)
    assert not s.warmed  # a few frames with no key first
    dev.wait(2)
    assert "engine.jass" in s.needs()
    assert "engine.jass" in sys.modules


def table_modules(humans=1):
    """What a setup or the main menu loads ahead for a Schieber table (firmware.menus.WARM,
    from firmware.tablemods.TABLE and PLAY), in that order. Asked while a menu is up: importing
    the menus before the first App would make them boot's, never dropped."""
    from firmware.menus import WARM

    named = {
        "rules": "engine.jass",
        "layout": "firmware.tables.jass",
        "bots": "engine.jass_bots",
        "hand-over": "firmware.overlay" if humans > 1 else None,
    }
    return tuple(named.get(n, n) for n in WARM if named.get(n, n) is not None)


# what a setup loads ahead that is not the table's own, kept by the table: engine.setup (the
# deal's option checks; the game's build lets it go), the save slots and the launcher
LAUNCH = ("engine.setup", "firmware.savefile", "firmware.launch")


def test_a_setup_loads_the_tables_modules_one_a_frame_and_the_table_keeps_them():
    from sim.headless import Device
    from firmware.menus import Setup

    dev = Device("pico_lcd_1_3")
    s = Setup(dev.app, "schieber")
    dev.app.go(s)
    dev.press("down")
    n = len(s.warmed)
    dev.wait(1)
    assert len(s.warmed) <= n + 1  # one module a frame at most
    dev.wait(20)
    assert tuple(s.warmed) == table_modules()
    for name in table_modules():
        assert name in s.needs() and name in sys.modules
    loaded = dict((name, sys.modules[name]) for name in table_modules())
    dev.press("up")
    dev.press("up")  # to the Start row
    assert s.layout()[s.cur][0] == "start"
    dev.press("a")
    assert type(dev.app.screen).__name__ == "Play"
    own = [name for name in loaded if name not in LAUNCH]
    assert len(own) == len(tablemods.TABLE) + len(tablemods.PLAY)
    for name in own:  # the same module objects: none dropped and loaded again
        assert sys.modules[name] is loaded[name], name
    # the launcher and the save slots went with the first frame of the table
    assert "firmware.launch" not in sys.modules and "firmware.savefile" not in sys.modules


def test_a_setup_with_little_heap_free_loads_nothing_ahead(monkeypatch):
    from sim.headless import Device
    from firmware import menus

    dev = Device("pico_lcd_1_3")
    monkeypatch.setattr(dev.app, "roomy", lambda fresh=True: False)
    s = menus.Setup(dev.app, "screwed")
    dev.app.go(s)
    dev.wait(20)
    assert s.warmed == [] and s.warm == -1
    assert "engine.matching" not in s.needs()


def test_the_option_rows_are_the_rules_modules_own():
    from engine import games

    for e in games.CATALOGUE:
        # a fresh pair: an app test earlier in this process may have let one of them go and
        # loaded it again (firmware.lifetimes), leaving two generations side by side
        sys.modules.pop(e[games.RULES], None)
        sys.modules.pop(games.options_module(e[games.ID]), None)
        rules = games.rules(e[games.ID])
        opts = sys.modules[games.options_module(e[games.ID])]
        assert rules.OPTIONS is opts.OPTIONS and rules.GAME_IDS == opts.GAME_IDS


def test_the_speed_ups_give_way_when_the_firmware_holds_too_much_or_little_is_free():
    """app.roomy() under MicroPython: the firmware's live heap (above what was in use when
    firmware.main.run started) at most WARM_LIMIT, and ROOM free; roomy(False) gives the last
    answer until the screen changes."""
    from conftest import run_micropython

    out = run_micropython(
        "import gc\n"
        "from firmware import app, lifetimes\n"
        "gc.collect()\n"
        "lifetimes.base[0] = gc.mem_alloc()\n"
        "print('idle', app.roomy())\n"
        "big = bytearray(app.WARM_LIMIT + 1024)\n"  # the firmware holds more than the limit
        "print('held', app.roomy())\n"
        "lifetimes.base[0] = gc.mem_alloc()\n"  # the same block as a harness's: not counted
        "print('harness', app.roomy())\n"
        "fill = []\n"
        "while gc.mem_free() >= app.ROOM:\n"
        "    fill.append(bytearray(2048))\n"
        "lifetimes.base[0] = gc.mem_alloc()\n"  # a harness's, again: only the free room counts
        "print('full', app.roomy())\n"
        "fill = None\n"
        "gc.collect()\n"
        "print('cached', app.roomy(False))\n"  # the last answer until the screen changes
        "print('freed', app.roomy())\n"
        "lifetimes.base[0] = gc.mem_alloc()\n"
        "fill = [bytearray(app.WARM_LIMIT + 1024)]\n"
        "print('cached', app.roomy(False))\n"
        "app._SEEN[0] = None\n"  # what App.go does
        "print('asked', app.roomy(False))\n",
        heap="512K",
    )
    assert out.split() == [
        "idle",
        "True",
        "held",
        "False",
        "harness",
        "True",
        "full",
        "False",
        "cached",
        "False",
        "freed",
        "True",
        "cached",
        "True",
        "asked",
        "False",
    ], out


def test_a_module_that_cannot_load_ahead_stops_the_loading_and_the_game_still_starts(monkeypatch):
    import builtins
    from sim.headless import Device
    from firmware import menus

    real = builtins.__import__

    def short_of_heap(name, *a, **k):
        if name == "firmware.tableview":
            raise MemoryError("memory allocation failed")
        return real(name, *a, **k)

    dev = Device("pico_lcd_1_3")
    s = menus.Setup(dev.app, "shithead")
    dev.app.go(s)
    monkeypatch.setattr(builtins, "__import__", short_of_heap)
    dev.wait(20)
    monkeypatch.setattr(builtins, "__import__", real)
    assert s.warm == -1  # it gave up at the module that did not fit
    from firmware import table

    # what comes before it was loaded (the layout), nothing after it (the bots)
    assert "firmware.tableview" not in s.warmed and "engine.shedding_bots" not in s.warmed
    assert table.modules("engine.shedding")[0] in s.warmed
    assert s.layout()[s.cur][0] == "start"
    dev.press("a")
    assert type(dev.app.screen).__name__ == "Play"  # the table loads what it lacks


def menu_with_a_saved_schieber(humans=1):
    """A console at its main menu after a power cycle, with a Schieber game saved a few moves in
    (the cursor on it)."""
    from sim.autoplay import AutoPlayer, setup_game
    from sim.headless import Device, MemStorage

    st = MemStorage()
    dev = Device("pico_lcd_1_3", st)
    dev.press("a")
    setup_game(dev, "schieber", humans=humans, speed="fast")
    ap = AutoPlayer(dev, seed=3)
    for _ in range(3):
        ap.step()
    assert "save" in st.files
    dev = ap = None
    dev = Device("pico_lcd_1_3", st)  # power off and on
    dev.press("a")
    return dev


def test_the_main_menu_loads_the_saved_games_table_ahead_and_continue_keeps_it():
    """Continue loads nothing at the press: with the cursor on a saved game the menu loads that
    game's table modules one a frame; the cursor moved away lets them go after the frame."""
    dev = menu_with_a_saved_schieber()
    menu = dev.app.screen
    assert type(menu).__name__ == "MainMenu" and menu.items[menu.cur] == ("continue", "save")
    assert not menu.warmed  # the menu's first frame is drawn first
    dev.wait(20)
    assert tuple(menu.warmed) == table_modules()
    dev.press("down")  # a new game's entry: nothing to load ahead, what was loaded goes
    assert menu.warmed == []
    for name in ("engine.jass_bots", "firmware.play", "firmware.tables.jass"):
        assert name not in sys.modules, name
    dev.press("up")
    dev.wait(20)
    assert tuple(menu.warmed) == table_modules()
    loaded = dict((name, sys.modules[name]) for name in table_modules())
    menu = None
    dev.press("a")
    p = dev.app.screen
    assert type(p).__name__ == "Play" and p.turn.saved.resumed
    own = [name for name in loaded if name not in LAUNCH]
    for name in own:  # the same module objects: none dropped and loaded again
        assert sys.modules[name] is loaded[name], name
    assert "firmware.launch" not in sys.modules and "firmware.savefile" not in sys.modules


def test_a_saved_game_with_two_humans_has_its_hand_over_screen_loaded_ahead_too():
    """Continue of a game passed between humans opens on the hand-over screen: the menu loads
    firmware.overlay after the table's modules (one human: it does not), and the table keeps
    that very module."""
    dev = menu_with_a_saved_schieber(humans=2)
    menu = dev.app.screen
    dev.wait(25)
    assert tuple(menu.warmed) == table_modules(humans=2)
    overlay = sys.modules["firmware.overlay"]
    menu = None
    dev.press("a")
    p = dev.app.screen
    assert type(p).__name__ == "Play" and p.turn.privacy()
    assert sys.modules["firmware.overlay"] is overlay


def test_a_game_in_play_does_not_hold_the_save_writer():
    """engine.codec (the save's writer and reader) is imported by the save itself: a table
    holds the game's modules for the whole game, and they name nothing of it, so it goes after
    each autosave's frame with firmware.savefile (1.5 KB less at the table on the Pico)."""
    from engine import games

    mods = {"engine.game"}
    for e in games.CATALOGUE:
        mods.add(e[games.RULES])
        mods.add(e[games.BOTS])
    for name in sorted(mods):
        __import__(name)
        for k, v in vars(sys.modules[name]).items():
            held = getattr(v, "__module__", None) or getattr(v, "__name__", None)
            assert held != "engine.codec", "%s holds %s of engine.codec" % (name, k)
    g = games.new_game("schieber", 4, 3)
    assert g.encode()[0] == 3  # the save still writes (SAVE_FORMAT)
